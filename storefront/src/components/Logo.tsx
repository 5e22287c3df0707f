/** The Yardly mark: a tag with a leaf, and the name. */
export function Logo() {
  return (
    <a className="logo" href="/">
      <svg viewBox="0 0 40 40" aria-hidden="true" focusable="false">
        <rect width="40" height="40" rx="10" fill="#1f7a4d" />
        <path d="M11 13h11l8 8-9 9-10-10z" fill="#fff" />
        <circle cx="16" cy="18" r="2.2" fill="#1f7a4d" />
        <path d="M22 25c0-4 2.5-6.5 7-7-0.4 4.4-3 7-7 7z" fill="#f4a52b" />
      </svg>
      <span>Yardly</span>
    </a>
  );
}
