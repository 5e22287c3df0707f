import { NATIVE_SHARE_BELOW_PX } from '@yardly/shared/rules';
import type { MouseEvent } from 'react';

interface SharePanelProps {
  /** The absolute address being shared. */
  url: string;
  title: string;
}

/** Share addresses of the three networks of spec section 2. */
export function shareLinks(url: string, title: string) {
  const u = encodeURIComponent(url);
  return [
    { network: 'Facebook', href: `https://www.facebook.com/sharer/sharer.php?u=${u}` },
    { network: 'LinkedIn', href: `https://www.linkedin.com/sharing/share-offsite/?url=${u}` },
    { network: 'X', href: `https://x.com/intent/post?url=${u}&text=${encodeURIComponent(title)}` },
  ] as const;
}

/** Facebook, LinkedIn and X; under 600 px wide the device's own share sheet when it has one. */
export function SharePanel({ url, title }: SharePanelProps) {
  function onShare(event: MouseEvent<HTMLAnchorElement>) {
    if (window.innerWidth >= NATIVE_SHARE_BELOW_PX || typeof navigator.share !== 'function') return;
    event.preventDefault();
    const fallback = event.currentTarget.href;
    navigator.share({ title, url }).catch((cause: unknown) => {
      // Closing the share sheet rejects with AbortError: that is the person's choice, not a failure.
      if (!(cause instanceof DOMException && cause.name === 'AbortError')) {
        window.open(fallback, '_blank', 'noopener');
      }
    });
  }

  return (
    <ul className="share">
      {shareLinks(url, title).map((link) => (
        <li key={link.network}>
          <a
            className="share__link"
            href={link.href}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={`Share on ${link.network} (opens in a new tab)`}
            onClick={onShare}
          >
            {link.network}
          </a>
        </li>
      ))}
    </ul>
  );
}
