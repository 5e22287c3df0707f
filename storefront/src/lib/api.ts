import { createApi } from '@yardly/shared/client';
import { browserSession } from '../stores/browser-session';

/**
 * The api as server-rendered pages reach it: over loopback to the same process in
 * production (PORT), or to API_ORIGIN when the api runs elsewhere (astro dev).
 */
export function serverApi() {
  const origin = process.env.API_ORIGIN ?? `http://127.0.0.1:${process.env.PORT ?? 3000}`;
  return createApi({ baseUrl: `${origin.replace(/\/$/, '')}/svc`, timeoutMs: 10_000 });
}

/**
 * The api as islands reach it: same origin, base path /svc, with the browser's session
 * (token attached, one refresh on 488 across tabs, 499 ends the session).
 */
export const browserApi = createApi({ session: browserSession });
