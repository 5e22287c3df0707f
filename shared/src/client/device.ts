import { DEVICE_HEADERS } from '../contract/auth';
import { CLIENT_VERSION } from '../rules/constants';

/** The browsers the api tells apart in the client_name device header. */
export type ClientName = 'Chrome' | 'Firefox' | 'Safari' | 'Edge' | 'Other';

/** The device headers of spec section 3: `{ device_id, client_name, client_version }`. */
export type DeviceHeaders = Record<(typeof DEVICE_HEADERS)[keyof typeof DEVICE_HEADERS], string>;

/** Paths (relative to /svc) whose calls carry the device headers: the auth calls. */
const AUTH_PATH_PREFIXES = ['/users/', '/account/'] as const;

/**
 * The browser named by a user agent. Order matters: Edge's agent also says Chrome and
 * Safari, Chrome's also says Safari.
 */
export function clientNameFromUserAgent(userAgent: string): ClientName {
  if (/\bEdg(e|A|iOS)?\//.test(userAgent)) return 'Edge';
  if (/\b(Firefox|FxiOS)\//.test(userAgent)) return 'Firefox';
  if (/\b(Chrome|Chromium|CriOS)\//.test(userAgent)) return 'Chrome';
  if (/\bSafari\//.test(userAgent)) return 'Safari';
  return 'Other';
}

export function deviceHeaders(deviceId: string, userAgent: string): DeviceHeaders {
  return {
    [DEVICE_HEADERS.id]: deviceId,
    [DEVICE_HEADERS.client]: clientNameFromUserAgent(userAgent),
    [DEVICE_HEADERS.version]: CLIENT_VERSION,
  };
}

/** Whether a call to this /svc-relative path is an auth call, which carries the device headers. */
export function isAuthPath(path: string): boolean {
  return AUTH_PATH_PREFIXES.some((prefix) => path.startsWith(prefix));
}
