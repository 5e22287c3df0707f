// The browser tests' stand-in for Google and LinkedIn: the test OpenID provider on a fixed port,
// whose accounts come from the login name typed on its page (storefront/playwright.config.ts).
//   <email>              an account with that email, verified
//   noemail-<anything>   an account that shares no email (the person must prove one)
import { startTestIdp } from './oidc-test-provider';

const port = Number(process.env.PORT);
// APP_URL: one origin, or several separated by commas (the journeys run on one server per worker).
const appUrls = (process.env.APP_URL ?? '').split(',').filter(Boolean);
const clientId = process.env.CLIENT_ID;
const clientSecret = process.env.CLIENT_SECRET;
if (!port || appUrls.length === 0 || !clientId || !clientSecret) {
  throw new Error('oidc-stand-in needs PORT, APP_URL, CLIENT_ID and CLIENT_SECRET');
}

const idp = await startTestIdp({
  port,
  client: { id: clientId, secret: clientSecret },
  redirectUri: appUrls.flatMap((appUrl) =>
    ['google', 'linkedin'].map((provider) => `${appUrl}/oauth2/callback/${provider}`),
  ),
  claimsInIdToken: true,
  accountOf: (login) =>
    login.startsWith('noemail-')
      ? { sub: login, given_name: 'Noor', family_name: 'Haddad' }
      : { sub: login, email: login, email_verified: true, given_name: 'Sam', family_name: 'Rivera' },
});
console.log(`OpenID stand-in at ${idp.issuer}`);
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => idp.close().then(() => process.exit(0)));
