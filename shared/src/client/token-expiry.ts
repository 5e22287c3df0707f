/**
 * When an access token (a JWT) expires, in milliseconds since the epoch, read from its `exp`
 * claim; null when the token is not a JWT or carries no `exp` (the client then learns of the
 * expiry from the api's 488, as before). The signature is the api's to check, not the client's.
 */
export function accessTokenExpiry(token: string): number | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const base64 = payload.replace(/-/g, '+').replace(/_/g, '/');
    const claims = JSON.parse(atob(base64.padEnd(base64.length + ((4 - (base64.length % 4)) % 4), '='))) as {
      exp?: unknown;
    };
    return typeof claims.exp === 'number' && Number.isFinite(claims.exp) ? claims.exp * 1000 : null;
  } catch {
    return null;
  }
}

/**
 * Margin before the expiry at which a token counts as expired: a call leaving a moment before it
 * would reach the api after it and meet a 488 (a failed request in the browser's console).
 */
export const EXPIRY_MARGIN_MS = 1000;

/** Whether the client knows this token has expired (or will within the margin) at `now`. */
export function accessTokenExpired(token: string, now: number): boolean {
  const expiry = accessTokenExpiry(token);
  return expiry !== null && expiry - EXPIRY_MARGIN_MS <= now;
}
