import { socialCalls } from '@yardly/shared/contract';
import { SOCIAL_PROVIDERS } from '@yardly/shared/rules';
import { defineCapability } from '../../http/capability';
import { clientOf } from '../auth/request-context';
import { providerDirectory } from './provider-directory';
import { registerSocialBrowserRoutes } from './routes';
import { socialService } from './service';

/** Social sign-in, put together from the configuration: the /svc calls and the browser legs. */
export const socialCapability = defineCapability({
  name: 'social',
  calls: socialCalls,
  services: ({ config, db, auth, codes, log, clock }) => ({
    social: socialService({
      db,
      publicUrl: config.publicUrl,
      providers: config.oauthProviders,
      directory: providerDirectory(),
      auth,
      codes,
      log,
      clock,
    }),
    offered: SOCIAL_PROVIDERS.filter((provider) => config.oauthProviders[provider]),
    secureCookies: config.publicUrl.startsWith('https://'),
  }),
  handlers: ({ social, offered }) => ({
    socialAuth: ({ body, request }) => social.redeem(body.token, clientOf(request)),
    socialProviders: async () => ({ providers: offered }),
    socialEmail: ({ body, request }) => social.sendEmailProof(body.token, body.email, clientOf(request)),
    socialEmailVerify: ({ body, request }) =>
      social.finishWithEmailProof(body.token, body.email, body.code, clientOf(request)),
  }),
  routes: (app, { social, secureCookies }) => registerSocialBrowserRoutes(app, social, { secureCookies }),
});
