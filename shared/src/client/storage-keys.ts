// No imports: pages that only need to know whether someone is signed in can read these
// without loading the client (zod, ky).

/** Browser storage keys: the login data, the logged-out marker (spec section 8, 499), the device id,
 * the access token's clock. */
/** Where login data was kept before SESSION_STORAGE_KEYS.session: removed at start (spec section 4). */
export const LEGACY_LOGIN_DATA_KEY = 'loginData';

export const SESSION_STORAGE_KEYS = {
  session: 'yardly.session',
  loggedOut: 'yardly.loggedOut',
  deviceId: 'yardly.deviceId',
  /** The access token's clock offset, so its expiry is known by this browser's clock (token-expiry.ts). */
  tokenClock: 'yardly.tokenClock',
} as const;
