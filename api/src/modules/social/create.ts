import { SOCIAL_PROVIDERS, socialProvidersCall } from '@yardly/shared/contract';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/connect';
import { registerCall } from '../../http/register-call';
import type { CodeStore } from '../auth/codes';
import type { AuthService } from '../auth/service';
import { providerDirectory } from './provider-directory';
import { registerSocialRoutes } from './routes';
import { socialService } from './service';

/** Social sign-in, put together from the configuration, and its routes registered. */
export function registerSocialSignIn(
  app: FastifyInstance,
  deps: { config: Config; db: Db; auth: AuthService; codes: CodeStore },
) {
  const { config } = deps;
  const service = socialService({
    db: deps.db,
    publicUrl: config.publicUrl,
    providers: config.oauthProviders,
    directory: providerDirectory(),
    auth: deps.auth,
    codes: deps.codes,
    log: app.log,
    // The app's one clock (jobs/install.ts decorates the app with it).
    clock: app.clock,
  });
  registerSocialRoutes(app, service, { secureCookies: config.publicUrl.startsWith('https://') });
  const offered = SOCIAL_PROVIDERS.filter((provider) => config.oauthProviders[provider]);
  registerCall(app, socialProvidersCall, async () => ({ providers: offered }));
}
