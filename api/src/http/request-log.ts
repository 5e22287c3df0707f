import type { FastifyServerOptions } from 'fastify';

/**
 * Query parameters that carry a secret (lower case): Shippo's webhook authenticates with
 * `?token=<SHIPPO_WEBHOOK_SECRET>`; the calls section 7 gives with params (`updatePassword`,
 * `verifyUser`, `socialauth`, the code checks) may carry a password, a ticket or a code there.
 */
const SECRET_PARAMS = ['token', 'password', 'currentpassword', 'newpassword', 'code', 'signupticket', 'fcm_token'];

/** A request URL as the log may show it: each secret parameter's value replaced (the URL otherwise as sent). */
export function redactedUrl(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const query = url
    .slice(q + 1)
    .split('&')
    .map((part) => {
      const eq = part.indexOf('=');
      const name = eq < 0 ? part : part.slice(0, eq);
      return SECRET_PARAMS.includes(decodeURIComponentSafe(name).toLowerCase()) ? `${name}=[redacted]` : part;
    })
    .join('&');
  return `${url.slice(0, q + 1)}${query}`;
}

function decodeURIComponentSafe(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/**
 * The api's logger: Fastify's own request fields, with secrets taken out of the URL (issue 34: the
 * Shippo webhook's secret was written to every request line). `stream` is where lines go (tests read them).
 */
export function loggerOptions(level: string, stream?: NodeJS.WritableStream): FastifyServerOptions['logger'] {
  return {
    level,
    ...(stream ? { stream } : {}),
    serializers: {
      req: (request: {
        method: string;
        url: string;
        host?: string;
        ip?: string;
        socket?: { remotePort?: number };
      }) => ({
        method: request.method,
        url: redactedUrl(request.url),
        host: request.host,
        remoteAddress: request.ip,
        remotePort: request.socket?.remotePort,
      }),
    },
  };
}
