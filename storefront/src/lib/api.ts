import { createApi } from '@yardly/shared/client';
import { READ_AFTER_COOKIE, WAL_POSITION_PATTERN } from '@yardly/shared/contract';
import { browserSession } from '../stores/browser-session';

/**
 * The api as server-rendered pages reach it: over loopback to the same process in
 * production (PORT), or to API_ORIGIN when the api runs elsewhere (astro dev).
 */
export function serverApi(options: { readAfter?: string } = {}) {
  const origin = process.env.API_ORIGIN ?? `http://127.0.0.1:${process.env.PORT ?? 3000}`;
  const { readAfter } = options;
  // The visitor's last write, passed on so the api reads from a replica that has it (docs/decisions/0060).
  const fetchWith =
    readAfter && WAL_POSITION_PATTERN.test(readAfter)
      ? (input: RequestInfo | URL, init?: RequestInit) => {
          const request = new Request(input, init);
          request.headers.set('cookie', `${READ_AFTER_COOKIE}=${readAfter}`);
          return fetch(request);
        }
      : undefined;
  return createApi({ baseUrl: `${origin.replace(/\/$/, '')}/svc`, timeoutMs: 10_000, fetch: fetchWith });
}

/**
 * The api as islands reach it: same origin, base path /svc, with the browser's session
 * (token attached, one refresh on 488 across tabs, 499 ends the session).
 */
export const browserApi = createApi({ session: browserSession });
