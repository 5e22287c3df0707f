import type { OutgoingHttpHeaders, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../errors';

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
function storefrontPolicy(origins: string): string {
  return [
    // The outer bound of every page (the browser enforces this and Astro's policy both): its own
    // origin, and Stripe's on the checkout when Stripe collects the card (payment-page.ts narrows
    // it further). Scripts are named by Astro's policy alone (their hashes), so this one has no
    // script-src and lets its default admit inline code that Astro's then restricts.
    `default-src 'self' 'unsafe-inline' data: blob:${origins}`,
    // Photos may come from an object store's host (S3_URL) or a provider's avatar.
    "img-src 'self' data: blob: https:",
    LOCKED_DOWN,
  ].join('; ');
}
const STOREFRONT_POLICY = storefrontPolicy('');
/** Stripe.js's origins (Stripe's guide to CSP), only where its card element is loaded. */
const STRIPE_CHECKOUT_POLICY = storefrontPolicy(
  ' https://js.stripe.com https://*.js.stripe.com https://hooks.stripe.com https://api.stripe.com',
);

/**
 * The browser features a page of ours may use: its own location ("Your location") and payment
 * (Stripe's card element); nothing else, and nothing for a frame unless named.
 */
export const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'camera=()',
  'display-capture=()',
  'geolocation=(self)',
  'gyroscope=()',
  'magnetometer=()',
  'microphone=()',
  'midi=()',
  'payment=(self "https://js.stripe.com")',
  'usb=()',
  'browsing-topics=()',
].join(', ');

export const TWO_HOSTS_MESSAGE = 'The request has more than one Host header';

/**
 * A request naming two hosts is refused (400): a proxy and this server could each read a
 * different one (absolute links, cache keys, sign-in callbacks built from the wrong host).
 */
export function refuseTwoHosts(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    const raw = request.raw.rawHeaders;
    let hosts = 0;
    for (let i = 0; i < raw.length; i += 2) if (raw[i]?.toLowerCase() === 'host') hosts += 1;
    if (hosts > 1) throw new AppError(400, TWO_HOSTS_MESSAGE, { field: 'host' });
  });
}

/** The Content-Security-Policy for a path: the api's, the console's, or the storefront's pages. */
export function contentSecurityPolicy(path: string, options: { stripe?: boolean } = {}): string {
  if (path === '/svc' || path.startsWith('/svc/')) return API_POLICY;
  if (path === '/admin' || path.startsWith('/admin/')) return CONSOLE_POLICY;
  if (options.stripe && (path === '/checkout' || path.startsWith('/checkout/'))) return STRIPE_CHECKOUT_POLICY;
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
export function installSecurityHeaders(app: FastifyInstance, options: { stripe?: boolean } = {}): void {
  app.addHook('onRequest', async (request, reply) => {
    const raw = reply.raw;
    raw.setHeader('Content-Security-Policy', contentSecurityPolicy(request.url.split('?')[0] ?? '/', options));
    raw.setHeader('X-Content-Type-Options', 'nosniff');
    raw.setHeader('Referrer-Policy', 'strict-origin-when-cross-origin');
    raw.setHeader('X-Frame-Options', 'DENY');
    raw.setHeader('Permissions-Policy', PERMISSIONS_POLICY);
    if (request.protocol === 'https') raw.setHeader('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
  });
}
