/** An address segment that carries a key opaquely: base64url without padding (My Quest's encoded ids). */

export function toBase64Url(text: string): string {
  return btoa(text).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** The text a segment carries; null when it is not base64url. */
export function fromBase64Url(id: string): string | null {
  if (!/^[A-Za-z0-9_-]+$/.test(id)) return null;
  try {
    return atob(id.replace(/-/g, '+').replace(/_/g, '/'));
  } catch {
    return null;
  }
}
