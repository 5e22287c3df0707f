import { socialAuthorizeQuerySchema } from '@yardly/shared/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { randomToken } from './flows';
import type { CallbackQuery, SocialService } from './service';

/** Binds a flow to the browser that began it; only sent back to /oauth2/ paths. */
const BROWSER_COOKIE = 'yardly_oauth';
const COOKIE_PATTERN = /^[A-Za-z0-9_-]{43}$/;
const providerParams = z.object({ provider: z.string().max(40) });

function browserCookie(request: FastifyRequest): string | undefined {
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const [name, value] = part.trim().split('=');
    if (name === BROWSER_COOKIE && value && COOKIE_PATTERN.test(value)) return value;
  }
  return undefined;
}

function redirect(reply: FastifyReply, location: string) {
  // The callback's URL carries a code: keep it out of caches and out of the next page's Referer.
  return reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer').redirect(location, 302);
}

const text = (value: unknown) => (typeof value === 'string' && value.length <= 4096 ? value : undefined);

/**
 * The browser legs of social sign-in (outside /svc: the browser navigates to them). Registered
 * as routes, so they win over the storefront.
 */
export function registerSocialBrowserRoutes(
  app: FastifyInstance,
  social: SocialService,
  options: { secureCookies: boolean },
) {
  app.get(
    '/oauth2/authorize/:provider',
    { schema: { hide: true, params: providerParams, querystring: socialAuthorizeQuerySchema } },
    async (request, reply) => {
      const { provider } = request.params as z.infer<typeof providerParams>;
      const { redirect_uri: returnPath } = request.query as z.infer<typeof socialAuthorizeQuerySchema>;
      // Several tabs may sign in at once: one cookie per browser, kept while it is fresh.
      const browser = browserCookie(request) ?? randomToken();
      const location = await social.start(provider, returnPath, browser);
      const secure = options.secureCookies ? '; Secure' : '';
      reply.header(
        'set-cookie',
        `${BROWSER_COOKIE}=${browser}; Path=/oauth2/; Max-Age=600; HttpOnly; SameSite=Lax${secure}`,
      );
      return redirect(reply, location);
    },
  );

  // Whatever the provider (or anyone) puts on this URL, the answer is a redirect to a page.
  app.get('/oauth2/callback/:provider', { schema: { hide: true, params: providerParams } }, async (request, reply) => {
    const { provider } = request.params as z.infer<typeof providerParams>;
    const q = request.query as Record<string, unknown>;
    const query: CallbackQuery = { code: text(q.code), state: text(q.state), error: text(q.error), iss: text(q.iss) };
    return redirect(reply, await social.finish(provider, query, browserCookie(request)));
  });
}
