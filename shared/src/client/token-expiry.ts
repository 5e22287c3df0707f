// The access token's lifetime as this browser's clock sees it. The api signs `iat` and `exp` by
// its own clock, which may differ from the browser's (a wrong clock on the computer; the dev
// clock the tests move): the token's age is measured from when this browser received it.

interface Claims {
  iat: number | null;
  exp: number | null;
}

/** The `iat` and `exp` claims of a JWT, in seconds; nulls when the token is no JWT or lacks them. */
function claims(token: string): Claims {
  const none = { iat: null, exp: null };
  const payload = token.split('.')[1];
  if (!payload) return none;
  try {
    const base64 = payload.replace(/-/g, '+').replace(/_/g, '/');
    const parsed = JSON.parse(atob(base64.padEnd(base64.length + ((4 - (base64.length % 4)) % 4), '='))) as {
      iat?: unknown;
      exp?: unknown;
    };
    const seconds = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : null);
    return { iat: seconds(parsed.iat), exp: seconds(parsed.exp) };
  } catch {
    return none;
  }
}

/** When a token expires by the api's clock (ms), or null when the client cannot tell (then a 488 tells it). */
export function accessTokenExpiry(token: string): number | null {
  const { exp } = claims(token);
  return exp === null ? null : exp * 1000;
}

/**
 * How far this browser's clock is ahead of the api's, learnt from a token: when it was
 * `justIssued` (an answer to a log-in or a refresh), it was signed a moment ago, at the latest at
 * the end of its `iat` second: `iat` and `exp` are whole seconds, so a token signed at 12.9 s says
 * 12 and expires at 15, 2.1 s later, not 3. Taken as signed at 12, its life here would run a
 * second too long and the calls of its last second would leave with an expired token (the bursts
 * of 401 after a page load, issue 33). A token found in storage with nothing known of it is taken
 * as issued no later than now, and not earlier than the two clocks allow: from a clock behind the
 * api's, as just issued.
 */
export function clockOffset(token: string, now: number, justIssued: boolean): number {
  const { iat } = claims(token);
  if (iat === null) return 0;
  const offset = now - (iat + 1) * 1000;
  return justIssued ? offset : Math.min(0, offset);
}

/**
 * Margin before the expiry at which a token counts as expired: a call leaving a moment before it
 * would reach the api after it and meet a 488 (a failed request in the browser's console).
 */
export const EXPIRY_MARGIN_MS = 1000;

/** Whether a token expiring at `expiresAt` (this browser's clock, ms) is to be refreshed before use at `now`. */
export function expiredBy(expiresAt: number | null, now: number): boolean {
  return expiresAt !== null && expiresAt - EXPIRY_MARGIN_MS <= now;
}
