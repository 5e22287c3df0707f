import type { OutgoingHttpHeaders, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';

/** What no page of ours needs: being framed (clickjacking), plugins, a foreign <base> or form target. */
const LOCKED_DOWN = "object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'";

/** The api's JSON and files: nothing in them is ever run or framed. */
const API_POLICY = "default-src 'none'; frame-ancestors 'none'";

/**
 * The console (a Vite build: module scripts from /admin/assets, no inline script); MUI writes its
 * styles into style elements at run time, so styles may be inline, scripts may not.
 */
const CONSOLE_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  LOCKED_DOWN,
].join('; ');

/**
 * The storefront's pages: nothing framed, no plugins. Their scripts are restricted by a second
 * policy that the storefront writes itself (Astro's security.csp: 'self' and the hashes of the
 * page's own inline scripts), in a <meta> on prerendered pages and in a header on rendered ones
 * (see `keepBothPolicies`); frame-ancestors works only from a header, so it stays here.
 */
const STOREFRONT_POLICY = LOCKED_DOWN;

/** The Content-Security-Policy for a path: the api's, the console's, or the storefront's pages. */
export function contentSecurityPolicy(path: string): string {
  if (path === '/svc' || path.startsWith('/svc/')) return API_POLICY;
  if (path === '/admin' || path.startsWith('/admin/')) return CONSOLE_POLICY;
  return STOREFRONT_POLICY;
}

const CSP = 'content-security-policy';

/**
 * A page Astro renders answers with its own Content-Security-Policy header (its script hashes),
 * which would replace ours (writeHead's headers win over setHeader's): send both instead. A
 * browser enforces every policy it is sent, so the page keeps frame-ancestors and gets its
 * script restrictions.
 */
export function keepBothPolicies(raw: ServerResponse): void {
  const writeHead = raw.writeHead;
  raw.writeHead = function writeHeadWithBothPolicies(this: ServerResponse, ...args: unknown[]) {
    const ours = raw.getHeader(CSP);
    const headers = args.find(
      (arg, index) => index > 0 && typeof arg === 'object' && arg !== null && !Array.isArray(arg),
    ) as OutgoingHttpHeaders | undefined;
    const key = headers && Object.keys(headers).find((name) => name.toLowerCase() === CSP);
    if (headers && key && ours !== undefined) {
      const theirs = headers[key];
      headers[key] = [...[ours].flat(), ...[theirs ?? []].flat()].map(String);
    }
    return (writeHead as (...a: unknown[]) => ServerResponse).apply(this, args);
  } as ServerResponse['writeHead'];
}

/**
 * Security headers on every answer, the storefront's rendered pages included (they are written
 * on the raw response, past Fastify's send hooks, so the headers are set on it first).
 * HSTS only when the request came over https (directly or, with TRUST_PROXY, through the proxy).
 */
export function installSecurityHeaders(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    const raw = reply.raw;
    raw.setHeader('Content-Security-Policy', contentSecurityPolicy(request.url.split('?')[0] ?? '/'));
    raw.setHeader('X-Content-Type-Options', 'nosniff');
    raw.setHeader('Referrer-Policy', 'strict-origin-when-cross-origin');
    raw.setHeader('X-Frame-Options', 'DENY');
    if (request.protocol === 'https') raw.setHeader('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
  });
}
