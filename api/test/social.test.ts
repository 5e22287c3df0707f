import { createHash } from 'node:crypto';
import type { SocialLoginData } from '@yardly/shared/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, parseConfig } from '../src/config';
import { oauthFlows, socialIdentities, users } from '../src/db/schema/index';
import { bootstrapAdmin } from '../src/modules/auth/bootstrap-admin';
import { providerDirectory } from '../src/modules/social/provider-directory';
import { json, startTestApp, type TestApp } from './harness';
import { freshEmail, GOOD_PASSWORD, lastCode, outbox, post, signedUp, startedSignUp } from './identity-helpers';
import { actAtProvider, startTestIdp, type TestAccount, type TestIdp } from './oidc-test-provider';

const PUBLIC_URL = 'http://yardly.test';
const NOT_OFFERED = 'error=provider_not_offered&errorMessage=This%20sign-in%20provider%20is%20not%20available';
const ACCOUNT_EXISTS =
  'An account with this email already exists: log in with your email and password (or an emailed code) instead';
const TICKET_INVALID = 'This sign-in link has expired or was already used; please sign in again';

let t: TestApp;
let google: TestIdp;
let linkedin: TestIdp;
let facebook: TestIdp;
let bare: TestApp;

/** Facebook's discovery document: no token or userinfo endpoint, implicit response types only. */
const facebookDiscovery = ({ token_endpoint, userinfo_endpoint, ...document }: Record<string, unknown>) => ({
  ...document,
  response_types_supported: ['id_token', 'token id_token'],
});

beforeAll(async () => {
  google = await startTestIdp({ redirectUri: `${PUBLIC_URL}/oauth2/callback/google`, claimsInIdToken: true });
  // LinkedIn's stand-in: claims only in userinfo, client_secret_post only, and unreachable at first.
  linkedin = await startTestIdp({
    redirectUri: `${PUBLIC_URL}/oauth2/callback/linkedin`,
    claimsInIdToken: false,
    authMethod: 'client_secret_post',
    down: true,
  });
  facebook = await startTestIdp({
    redirectUri: `${PUBLIC_URL}/oauth2/callback/facebook`,
    claimsInIdToken: true,
    authMethod: 'client_secret_post',
    profileScope: 'public_profile',
    discovery: facebookDiscovery,
  });
  // No provider configured (started here: a start-up can outlast a test's allowance under load).
  bare = await startTestApp({ env: { PUBLIC_URL } });
  t = await startTestApp({
    env: {
      PUBLIC_URL,
      OAUTH_FACEBOOK_ISSUER: facebook.issuer,
      OAUTH_FACEBOOK_CLIENT_ID: facebook.clientId,
      OAUTH_FACEBOOK_CLIENT_SECRET: facebook.clientSecret,
      OAUTH_FACEBOOK_TOKEN_ENDPOINT: `${facebook.issuer}/token`,
      OAUTH_GOOGLE_ISSUER: google.issuer,
      OAUTH_GOOGLE_CLIENT_ID: google.clientId,
      OAUTH_GOOGLE_CLIENT_SECRET: google.clientSecret,
      OAUTH_LINKEDIN_ISSUER: linkedin.issuer,
      OAUTH_LINKEDIN_CLIENT_ID: linkedin.clientId,
      OAUTH_LINKEDIN_CLIENT_SECRET: linkedin.clientSecret,
    },
  });
});
afterAll(async () => {
  await t?.close();
  await google?.close();
  await linkedin?.close();
  await facebook?.close();
  await bare?.close();
});

// --- the browser's side of the dance -------------------------------------------------------

interface Started {
  status: number;
  location: string;
  /** The `yardly_oauth` cookie the api set, as a Cookie header. */
  cookie: string;
}

/** The browser opens /oauth2/authorize/{provider} at the api. */
async function authorize(provider: string, redirectUri?: string, app: TestApp = t): Promise<Started> {
  const query = redirectUri === undefined ? '' : `?redirect_uri=${encodeURIComponent(redirectUri)}`;
  const res = await app.app.inject({ method: 'GET', url: `/oauth2/authorize/${provider}${query}` });
  const setCookie = String(res.headers['set-cookie'] ?? '');
  return {
    status: res.statusCode,
    location: String(res.headers.location ?? ''),
    cookie: setCookie.split(';')[0] ?? '',
  };
}

/** The browser arrives at the api's callback (the provider sent it to http://yardly.test/...). */
async function callback(url: URL, cookie?: string): Promise<URL> {
  expect(url.origin).toBe(PUBLIC_URL);
  const res = await t.app.inject({
    method: 'GET',
    url: url.pathname + url.search,
    headers: cookie ? { cookie } : {},
  });
  expect(res.statusCode, res.body).toBe(302);
  expect(res.headers['cache-control']).toBe('no-store');
  return new URL(String(res.headers.location), PUBLIC_URL);
}

/** The whole trip: authorize, log in and consent at the provider, back through the callback. */
async function signIn(idp: TestIdp, provider: string, login: string, redirectUri?: string) {
  const started = await authorize(provider, redirectUri);
  expect(started.status).toBe(302);
  expect(started.location.startsWith(`${idp.issuer}/`)).toBe(true);
  const back = await actAtProvider(started.location, { login });
  const landed = await callback(back, started.cookie);
  return { started, back, landed };
}

function redeem(token: string) {
  return post(t, '/svc/users/socialauth', { token });
}

/** A full sign-in that must succeed: the landing page's mode and the login data. */
async function signedInSocially(idp: TestIdp, provider: string, login: string) {
  const { landed } = await signIn(idp, provider, login);
  expect(landed.pathname).toBe('/oauth2/redirect');
  expect(landed.searchParams.get('error'), landed.searchParams.get('errorMessage') ?? '').toBeNull();
  const token = landed.searchParams.get('token') ?? '';
  const res = await redeem(token);
  expect(res.statusCode, res.body).toBe(200);
  return { mode: landed.searchParams.get('mode'), data: json<{ data: SocialLoginData }>(res).data, token };
}

let accounts = 0;
function account(idp: TestIdp, claims: Partial<TestAccount> = {}): TestAccount {
  accounts += 1;
  return idp.addAccount({
    sub: `person-${accounts}-${Math.random().toString(36).slice(2, 8)}`,
    email: freshEmail('social'),
    email_verified: true,
    given_name: 'Robin',
    family_name: 'Marlowe',
    ...claims,
  });
}

const errorOf = (landed: URL) => ({
  path: landed.pathname,
  error: landed.searchParams.get('error'),
  errorMessage: landed.searchParams.get('errorMessage'),
  token: landed.searchParams.get('token'),
});

async function identitiesOf(subject: string) {
  return t.database.db.select().from(socialIdentities).where(eq(socialIdentities.subject, subject));
}

// --- configuration ---------------------------------------------------------------------------

describe('configuration', () => {
  it('offers a provider only when its client id and secret are set, with the default issuers', () => {
    const none = parseConfig({ NODE_ENV: 'test' }).oauthProviders;
    expect(none).toEqual({ google: undefined, facebook: undefined, linkedin: undefined });
    const some = parseConfig({
      NODE_ENV: 'test',
      OAUTH_FACEBOOK_CLIENT_ID: 'fb',
      OAUTH_FACEBOOK_CLIENT_SECRET: 'fb-secret',
      OAUTH_LINKEDIN_CLIENT_ID: 'li',
      OAUTH_LINKEDIN_CLIENT_SECRET: 'li-secret',
      OAUTH_GOOGLE_ISSUER: 'https://accounts.example.com',
    }).oauthProviders;
    expect(some).toEqual({
      google: undefined,
      facebook: {
        clientId: 'fb',
        clientSecret: 'fb-secret',
        issuer: 'https://www.facebook.com',
        scope: 'openid email public_profile',
        tokenEndpoint: 'https://graph.facebook.com/v21.0/oauth/access_token',
        tokenEndpointAuth: 'client_secret_post',
        emailsVerified: true,
      },
      linkedin: {
        clientId: 'li',
        clientSecret: 'li-secret',
        issuer: 'https://www.linkedin.com/oauth',
        scope: 'openid email profile',
        tokenEndpoint: undefined,
        emailsVerified: false,
      },
    });
    const googleDefault = parseConfig({
      NODE_ENV: 'test',
      OAUTH_GOOGLE_CLIENT_ID: 'g',
      OAUTH_GOOGLE_CLIENT_SECRET: 'g-secret',
    }).oauthProviders.google;
    expect(googleDefault?.issuer).toBe('https://accounts.google.com');
  });

  it('stops start-up naming the variable when half a provider is set or an issuer is not a URL', () => {
    expect(() => parseConfig({ NODE_ENV: 'test', OAUTH_GOOGLE_CLIENT_ID: 'g' })).toThrow(ConfigError);
    expect(() => parseConfig({ NODE_ENV: 'test', OAUTH_GOOGLE_CLIENT_ID: 'g' })).toThrow(
      'OAUTH_GOOGLE_CLIENT_SECRET: required when OAUTH_GOOGLE_CLIENT_ID is set',
    );
    expect(() => parseConfig({ NODE_ENV: 'test', OAUTH_LINKEDIN_CLIENT_SECRET: 's' })).toThrow(
      'OAUTH_LINKEDIN_CLIENT_ID: required when OAUTH_LINKEDIN_CLIENT_SECRET is set',
    );
    expect(() => parseConfig({ NODE_ENV: 'test', OAUTH_FACEBOOK_ISSUER: 'javascript:alert(1)' })).toThrow(
      /OAUTH_FACEBOOK_ISSUER/,
    );
  });
});

// --- the start of a sign-in ----------------------------------------------------------------

describe('GET /oauth2/authorize/:provider', () => {
  it('sends the browser to the provider with state, nonce and an S256 PKCE challenge', async () => {
    const started = await authorize('google');
    expect(started.status).toBe(302);
    const url = new URL(started.location);
    expect(`${url.origin}${url.pathname}`).toBe(`${google.issuer}/auth`);
    const q = Object.fromEntries(url.searchParams);
    expect(q).toMatchObject({
      response_type: 'code',
      client_id: google.clientId,
      redirect_uri: `${PUBLIC_URL}/oauth2/callback/google`,
      scope: 'openid email profile',
      code_challenge_method: 'S256',
    });
    expect(q.state).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(q.nonce).toMatch(/^[A-Za-z0-9_-]{43}$/);

    // The state is kept only as a hash; the challenge is the S256 of the stored verifier.
    const stateHash = createHash('sha256').update(String(q.state)).digest('hex');
    const [flow] = await t.database.db.select().from(oauthFlows).where(eq(oauthFlows.stateHash, stateHash));
    expect(flow).toMatchObject({ provider: 'google', returnPath: '/oauth2/redirect', nonce: q.nonce });
    expect(createHash('sha256').update(String(flow?.codeVerifier)).digest('base64url')).toBe(q.code_challenge);
    const minutes = ((flow?.expiresAt.getTime() ?? 0) - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(9);
    expect(minutes).toBeLessThanOrEqual(10);
    const rows = await t.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(oauthFlows)
      .where(sql`${oauthFlows.stateHash} = ${String(q.state)}`);
    expect(rows[0]?.n).toBe(0);

    expect(started.cookie).toMatch(/^yardly_oauth=[A-Za-z0-9_-]{43}$/);
    const res = await t.app.inject({ method: 'GET', url: '/oauth2/authorize/google' });
    expect(String(res.headers['set-cookie'])).toMatch(/Path=\/oauth2\/; Max-Age=600; HttpOnly; SameSite=Lax$/);
  });

  it('refuses a redirect_uri that is not one of the sign-in pages with a 400 envelope', async () => {
    for (const bad of [
      'https://evil.example/oauth2/redirect',
      '//evil.example/oauth2/redirect',
      '/somewhere-else',
      '/oauth2/redirect?next=https://evil.example',
      '/oauth2/redirect/../../admin',
    ]) {
      const started = await authorize('google', bad);
      expect(started.status, bad).toBe(400);
      const res = await t.app.inject({
        method: 'GET',
        url: `/oauth2/authorize/google?redirect_uri=${encodeURIComponent(bad)}`,
      });
      expect(json(res)).toMatchObject({
        code: 400,
        errors: [
          { field: 'redirect_uri', message: 'redirect_uri must be a Yardly sign-in page such as /oauth2/redirect' },
        ],
      });
    }
  });

  it('sends the browser back with provider_not_offered for an unconfigured or unknown provider', async () => {
    expect(await authorize('facebook', undefined, bare)).toMatchObject({
      status: 302,
      location: `/oauth2/redirect?${NOT_OFFERED}`,
    });
    expect(await authorize('facebook', '/rentals/oauth2/redirect/login', bare)).toMatchObject({
      status: 302,
      location: `/rentals/oauth2/redirect/login?${NOT_OFFERED}`,
    });
    expect(await authorize('myspace')).toMatchObject({ status: 302, location: `/oauth2/redirect?${NOT_OFFERED}` });
  });

  it('answers provider_unavailable, not a 500, when the provider cannot be reached', async () => {
    const started = await authorize('linkedin', '/oauth2/redirect/signup');
    expect(started.status).toBe(302);
    expect(started.location).toBe(
      '/oauth2/redirect/signup?error=provider_unavailable&errorMessage=' +
        encodeURIComponent('This sign-in provider cannot be reached right now; try again later or use your email'),
    );
  });
});

// --- the full trip ---------------------------------------------------------------------------

describe('sign-in with a provider', () => {
  it('makes a new account on the first sign-in: mode signup, isNewUser, working tokens', async () => {
    const person = account(google, { given_name: 'Alexandrina-Victoria-Ann', family_name: 'Smith' });
    const { landed } = await signIn(google, 'google', person.sub);
    expect(landed.pathname).toBe('/oauth2/redirect');
    expect(landed.searchParams.get('mode')).toBe('signup');
    const token = landed.searchParams.get('token') ?? '';
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const res = await redeem(token);
    expect(res.statusCode, res.body).toBe(200);
    const data = json<{ data: SocialLoginData }>(res).data;
    expect(data).toMatchObject({
      isNewUser: true,
      email: person.email,
      nameFirst: 'Alexandrina-Victoria',
      userRoles: ['ROLE_USER'],
      isProgressive: false,
    });

    const [user] = await t.database.db.select().from(users).where(eq(users.refnum, data.userRefnum));
    expect(user).toMatchObject({ nameFirst: 'Alexandrina-Victoria', nameLast: 'Smith', passwordHash: null });
    expect(user?.emailVerifiedAt).toBeInstanceOf(Date);
    expect(await identitiesOf(person.sub)).toMatchObject([{ issuer: google.issuer, userId: user?.id }]);

    // The access token works on an authenticated call; the refresh token rotates.
    const authed = await post(t, '/svc/account/updateEmail', { email: freshEmail('moved') }, data.token);
    expect(authed.statusCode, authed.body).toBe(200);
    expect((await post(t, '/svc/account/updateEmail', { email: freshEmail('moved') })).statusCode).toBe(401);
    const refreshed = await post(t, '/svc/users/refreshToken', { refreshToken: data.refreshToken });
    expect(refreshed.statusCode).toBe(200);
  });

  it('signs the same identity into the same account next time: mode login', async () => {
    const person = account(google);
    const first = await signedInSocially(google, 'google', person.sub);
    expect(first).toMatchObject({ mode: 'signup', data: { isNewUser: true } });
    const second = await signedInSocially(google, 'google', person.sub);
    expect(second).toMatchObject({ mode: 'login', data: { isNewUser: false, userRefnum: first.data.userRefnum } });
    expect(await identitiesOf(person.sub)).toHaveLength(1);
  });

  it('returns to the rentals page the sign-in began on', async () => {
    const person = account(google);
    const { landed } = await signIn(google, 'google', person.sub, '/rentals/oauth2/redirect/signup');
    expect(landed.pathname).toBe('/rentals/oauth2/redirect/signup');
    expect(landed.searchParams.get('mode')).toBe('signup');
    expect((await redeem(landed.searchParams.get('token') ?? '')).statusCode).toBe(200);
  });

  it('links to an existing account when both sides have verified the email', async () => {
    const local = await signedUp(t);
    const person = account(google, { email: local.email.toUpperCase(), email_verified: true });
    const { mode, data } = await signedInSocially(google, 'google', person.sub);
    expect(mode).toBe('login');
    expect(data).toMatchObject({ isNewUser: false, userRefnum: local.userRefnum });
    expect(await identitiesOf(person.sub)).toHaveLength(1);
    // The password still works, and the name was not changed.
    const login = await post(t, '/svc/users/login', { email: local.email, password: GOOD_PASSWORD });
    expect(login.statusCode).toBe(200);
    expect(json<{ data: SocialLoginData }>(login).data.nameFirst).toBe('Ann');
  });

  it('links nothing when the provider has not verified the email: the person must prove it first', async () => {
    const local = await signedUp(t);
    const person = account(google, { email: local.email, email_verified: false });
    const { landed } = await signIn(google, 'google', person.sub);
    expect(landed.searchParams.get('mode')).toBe('verifyEmail');
    expect(await identitiesOf(person.sub)).toHaveLength(0);
    // Proving the address by its code links the identity to the account it belongs to.
    const token = landed.searchParams.get('token') ?? '';
    expect((await post(t, '/svc/users/socialauth/email', { token, email: local.email })).statusCode).toBe(200);
    const code = await lastCode(t, local.email);
    const res = await post(t, '/svc/users/socialauth/verify-email', { token, email: local.email, code });
    expect(res.statusCode, res.body).toBe(200);
    expect(json<{ data: SocialLoginData }>(res).data).toMatchObject({ isNewUser: false, userRefnum: local.userRefnum });
    expect(await identitiesOf(person.sub)).toHaveLength(1);
  });

  it('refuses with account_exists when the local account never verified its email', async () => {
    const email = await startedSignUp(t, freshEmail('unverified'));
    const person = account(google, { email, email_verified: true });
    const { landed } = await signIn(google, 'google', person.sub);
    expect(errorOf(landed)).toMatchObject({ error: 'account_exists', errorMessage: ACCOUNT_EXISTS });
    expect(await identitiesOf(person.sub)).toHaveLength(0);
  });

  it('makes no account for an email the provider has not verified: it asks for an email to prove', async () => {
    const person = account(google, { email_verified: false });
    const { landed } = await signIn(google, 'google', person.sub);
    expect({ ...errorOf(landed), mode: landed.searchParams.get('mode') }).toMatchObject({
      path: '/oauth2/redirect',
      error: null,
      mode: 'verifyEmail',
    });
    expect(landed.searchParams.get('provider')).toBe('google');
    expect(landed.searchParams.get('email')).toBe(person.email);
    const found = await t.database.db
      .select()
      .from(users)
      .where(sql`lower(${users.email}) = ${person.email?.toLowerCase()}`);
    expect(found).toEqual([]);
  });

  it('never signs an admin in socially', async () => {
    const email = freshEmail('admin');
    await bootstrapAdmin(t.database.db, { email, password: GOOD_PASSWORD });
    const person = account(google, { email, email_verified: true });
    const { landed } = await signIn(google, 'google', person.sub);
    expect(errorOf(landed)).toEqual({
      path: '/oauth2/redirect',
      error: 'admin_needs_password',
      errorMessage: 'Admin accounts log in with their password',
      token: null,
    });
    expect(await identitiesOf(person.sub)).toHaveLength(0);
  });

  it('refuses a linked account that became an admin, at the callback and at the ticket', async () => {
    const person = account(google);
    const first = await signedInSocially(google, 'google', person.sub);
    // Made admin between the callback and the ticket's use.
    const { landed } = await signIn(google, 'google', person.sub);
    await t.database.db
      .update(users)
      .set({ roles: ['ROLE_USER', 'ROLE_ADMIN'] })
      .where(eq(users.refnum, first.data.userRefnum));
    const res = await redeem(landed.searchParams.get('token') ?? '');
    expect(res.statusCode).toBe(403);
    expect(json(res)).toEqual({ code: 403, msg: 'Admin accounts log in with their password' });
    // And from now on at the callback.
    const again = await signIn(google, 'google', person.sub);
    expect(errorOf(again.landed).error).toBe('admin_needs_password');
  });

  it('sends access_denied back when the person cancels at the provider', async () => {
    const person = account(google);
    const started = await authorize('google', '/oauth2/redirect/login');
    const back = await actAtProvider(started.location, { cancel: true });
    expect(back.searchParams.get('error')).toBe('access_denied');
    const landed = await callback(back, started.cookie);
    expect(errorOf(landed)).toEqual({
      path: '/oauth2/redirect/login',
      error: 'access_denied',
      errorMessage: 'The sign-in was cancelled; try again, or use your email',
      token: null,
    });
    expect(await identitiesOf(person.sub)).toHaveLength(0);
  });
});

// --- the callback refuses what it must -----------------------------------------------------

describe('GET /oauth2/callback/:provider', () => {
  it('uses a state once: a replayed callback is invalid_state', async () => {
    const person = account(google);
    const { back, started, landed } = await signIn(google, 'google', person.sub, '/oauth2/redirect/signup');
    expect(landed.searchParams.get('token')).toBeTruthy();
    const replay = await callback(back, started.cookie);
    expect(errorOf(replay)).toEqual({
      path: '/oauth2/redirect/signup',
      error: 'invalid_state',
      errorMessage: 'This sign-in has expired or was already used; please start again',
      token: null,
    });
  });

  it('refuses a tampered state', async () => {
    const person = account(google);
    const started = await authorize('google');
    const back = await actAtProvider(started.location, { login: person.sub });
    const state = back.searchParams.get('state') ?? '';
    back.searchParams.set('state', `${state.slice(0, -1)}${state.endsWith('A') ? 'B' : 'A'}`);
    expect(errorOf(await callback(back, started.cookie))).toMatchObject({ error: 'invalid_state', token: null });
    expect(await identitiesOf(person.sub)).toHaveLength(0);
  });

  it('refuses a callback from another browser than the one that began (login CSRF)', async () => {
    const attacker = account(google);
    const started = await authorize('google');
    const back = await actAtProvider(started.location, { login: attacker.sub });
    expect(errorOf(await callback(back))).toMatchObject({ error: 'invalid_state', token: null });
    const other = await authorize('google'); // a cookie of a different browser
    const back2 = await actAtProvider((await authorize('google')).location, { login: attacker.sub });
    expect(errorOf(await callback(back2, other.cookie))).toMatchObject({ error: 'invalid_state', token: null });
  });

  it('refuses a flow older than 10 minutes', async () => {
    const person = account(google);
    const started = await authorize('google');
    const back = await actAtProvider(started.location, { login: person.sub });
    const stateHash = createHash('sha256')
      .update(back.searchParams.get('state') ?? '')
      .digest('hex');
    await t.database.db
      .update(oauthFlows)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(oauthFlows.stateHash, stateHash));
    expect(errorOf(await callback(back, started.cookie)).error).toBe('invalid_state');
  });

  it('refuses a state of one provider on another provider callback', async () => {
    const person = account(google);
    const started = await authorize('google');
    const back = await actAtProvider(started.location, { login: person.sub });
    const crossed = new URL(`${PUBLIC_URL}/oauth2/callback/linkedin${back.search}`);
    expect(errorOf(await callback(crossed, started.cookie)).error).toBe('invalid_state');
  });

  it('refuses an id_token whose nonce is not the flow one', async () => {
    const person = account(google);
    const started = await authorize('google');
    const nonce = new URL(started.location).searchParams.get('nonce') ?? '';
    await t.database.db.update(oauthFlows).set({ nonce: 'another-nonce' }).where(eq(oauthFlows.nonce, nonce));
    const back = await actAtProvider(started.location, { login: person.sub });
    expect(errorOf(await callback(back, started.cookie))).toMatchObject({ error: 'invalid_id_token', token: null });
    expect(await identitiesOf(person.sub)).toHaveLength(0);
  });

  it('answers a redirect, never an error page, whatever lands on it', async () => {
    for (const url of [
      '/oauth2/callback/google',
      '/oauth2/callback/google?code=x',
      '/oauth2/callback/google?state=a&state=b&code=c',
      '/oauth2/callback/facebook?state=x&code=y',
      '/oauth2/callback/nowhere?error=server_error',
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(302);
      expect(String(res.headers.location)).toMatch(/^\/oauth2\/redirect\?error=invalid_state&errorMessage=/);
    }
  });
});

// --- the ticket ------------------------------------------------------------------------------

describe('proving an email the provider did not vouch for (the linkedin verify dialogs)', () => {
  /** A sign-in that ends on the return page asking for an email: its ticket. */
  async function pendingTicket(claims: Partial<TestAccount>) {
    const person = account(google, claims);
    const { landed } = await signIn(google, 'google', person.sub);
    expect(landed.searchParams.get('mode')).toBe('verifyEmail');
    return { person, token: landed.searchParams.get('token') ?? '', landed };
  }
  const sendProof = (token: string, email: string) => post(t, '/svc/users/socialauth/email', { token, email });
  const prove = (token: string, email: string, code: string) =>
    post(t, '/svc/users/socialauth/verify-email', { token, email, code });

  it('makes the account with the email the person proved, once', async () => {
    const { person, token, landed } = await pendingTicket({
      email: undefined,
      email_verified: undefined,
      given_name: undefined,
      family_name: undefined,
      name: 'Noor Haddad',
    });
    expect(landed.searchParams.get('email')).toBeNull();
    // The pending ticket is not a sign-in ticket, and trying it does not spend it.
    expect((await redeem(token)).statusCode).toBe(400);
    const email = freshEmail('proved');
    const sent = await sendProof(token, email);
    expect(sent.statusCode, sent.body).toBe(200);
    const [mail] = await outbox(t, email);
    expect(mail?.subject).toBe('Your Yardly sign-in code');
    const code = await lastCode(t, email);
    const wrong = await prove(token, email, code === '000000' ? '111111' : '000000');
    expect(wrong.statusCode).toBe(400);
    expect(json<{ errors: { field: string }[] }>(wrong).errors[0]?.field).toBe('code');
    const res = await prove(token, email, code);
    expect(res.statusCode, res.body).toBe(200);
    expect(json<{ data: SocialLoginData }>(res).data).toMatchObject({ isNewUser: true, email, nameFirst: 'Noor' });
    const [user] = await t.database.db.select().from(users).where(eq(users.email, email));
    expect(user?.emailVerifiedAt).toBeInstanceOf(Date);
    expect(await identitiesOf(person.sub)).toHaveLength(1);
    // Used up: neither the ticket nor the code works again.
    expect((await prove(token, email, code)).statusCode).toBe(400);
    expect((await sendProof(token, email)).statusCode).toBe(400);
    // Next time the identity is known: straight in.
    const next = await signedInSocially(google, 'google', person.sub);
    expect(next).toMatchObject({ mode: 'login', data: { email } });
  });

  it('refuses an unknown ticket naming the field, and a code sent for another sign-in', async () => {
    const unknown = await sendProof('not-a-ticket', freshEmail());
    expect(unknown.statusCode).toBe(400);
    expect(json<{ errors: { field: string; message: string }[] }>(unknown).errors[0]).toEqual({
      field: 'token',
      message: TICKET_INVALID,
    });
    const email = freshEmail('two-tabs');
    const first = await pendingTicket({ email_verified: false });
    const second = await pendingTicket({ email_verified: false });
    expect((await sendProof(first.token, email)).statusCode).toBe(200);
    const code = await lastCode(t, email);
    expect((await prove(second.token, email, code)).statusCode).toBe(400);
  });

  it('refuses, with account_exists, an email whose local account was never verified', async () => {
    const email = await startedSignUp(t, freshEmail('planted'));
    const { token } = await pendingTicket({ email_verified: false });
    expect((await sendProof(token, email)).statusCode).toBe(200);
    const res = await prove(token, email, await lastCode(t, email));
    expect(res.statusCode).toBe(409);
    expect(json(res)).toMatchObject({ code: 409, msg: ACCOUNT_EXISTS, errors: [{ field: 'email' }] });
  });

  it('validates the email with the sign-up rules', async () => {
    const { token } = await pendingTicket({ email_verified: false });
    const res = await sendProof(token, 'not an email');
    expect(res.statusCode).toBe(400);
    expect(json<{ errors: { field: string }[] }>(res).errors[0]?.field).toBe('email');
  });
});

describe('POST /svc/users/socialauth', () => {
  it('takes the ticket in the query too (section 7: socialauth, query)', async () => {
    const person = account(google);
    const { landed } = await signIn(google, 'google', person.sub);
    const token = landed.searchParams.get('token') ?? '';
    const res = await t.app.inject({ method: 'POST', url: `/svc/users/socialauth?token=${encodeURIComponent(token)}` });
    expect(res.statusCode, res.body).toBe(200);
    expect(json<{ data: { token: string } }>(res).data.token).toBeTruthy();
  });

  it('uses a ticket once', async () => {
    const person = account(google);
    const { token } = await signedInSocially(google, 'google', person.sub);
    const again = await redeem(token);
    expect(again.statusCode).toBe(400);
    expect(json(again)).toEqual({
      code: 400,
      msg: TICKET_INVALID,
      errors: [{ field: 'token', message: TICKET_INVALID }],
    });
  });

  it('refuses an expired or unknown ticket', async () => {
    const person = account(google);
    const { landed } = await signIn(google, 'google', person.sub);
    const token = landed.searchParams.get('token') ?? '';
    await t.database.db
      .update(oauthFlows)
      .set({ ticketExpiresAt: sql`now() - interval '1 second'` })
      .where(eq(oauthFlows.ticketHash, createHash('sha256').update(token).digest('hex')));
    expect(json(await redeem(token))).toMatchObject({ code: 400, msg: TICKET_INVALID });
    expect(json(await redeem('not-a-ticket'))).toMatchObject({ code: 400, msg: TICKET_INVALID });
    expect((await post(t, '/svc/users/socialauth', {})).statusCode).toBe(400);
  });
});

// --- the same code for another provider ------------------------------------------------------

describe('another provider (claims from userinfo, client_secret_post)', () => {
  it('signs in through LinkedIn once it is reachable; the issuer is part of the identity key', async () => {
    linkedin.setDown(false);
    const googler = account(google);
    const fromGoogle = await signedInSocially(google, 'google', googler.sub);
    // The same subject string at another issuer is another person.
    const person = linkedin.addAccount({
      sub: googler.sub,
      email: freshEmail('linkedin'),
      email_verified: true,
      name: 'Kim  Lee Park',
    });
    const first = await signedInSocially(linkedin, 'linkedin', person.sub);
    expect(first).toMatchObject({ mode: 'signup', data: { isNewUser: true, email: person.email, nameFirst: 'Kim' } });
    expect(first.data.userRefnum).not.toBe(fromGoogle.data.userRefnum);
    const [user] = await t.database.db.select().from(users).where(eq(users.refnum, first.data.userRefnum));
    expect(user?.nameLast).toBe('Lee Park');
    const identities = await identitiesOf(person.sub);
    expect(identities.map((i) => i.issuer).sort()).toEqual([google.issuer, linkedin.issuer].sort());
    const again = await signedInSocially(linkedin, 'linkedin', person.sub);
    expect(again).toMatchObject({ mode: 'login', data: { userRefnum: first.data.userRefnum } });
  });
});

describe('Facebook (a token endpoint from configuration, confirmed emails without a flag)', () => {
  it('signs in with scope public_profile; its email counts as verified, so it links to a verified account', async () => {
    const person = facebook.addAccount({ sub: `fb-${Date.now()}`, email: freshEmail('facebook'), name: 'Ada Quinn' });
    const started = await authorize('facebook');
    expect(new URL(started.location).searchParams.get('scope')).toBe('openid email public_profile');
    const first = await signedInSocially(facebook, 'facebook', person.sub);
    expect(first).toMatchObject({ mode: 'signup', data: { isNewUser: true, email: person.email, nameFirst: 'Ada' } });

    const local = await signedUp(t);
    const sameEmail = facebook.addAccount({ sub: `fb-linked-${Date.now()}`, email: local.email });
    const linked = await signedInSocially(facebook, 'facebook', sameEmail.sub);
    expect(linked).toMatchObject({ mode: 'login', data: { userRefnum: local.userRefnum } });
  });

  it('still asks for proof of an address the provider says is not verified', async () => {
    const person = facebook.addAccount({
      sub: `fb-unverified-${Date.now()}`,
      email: freshEmail('fb'),
      email_verified: false,
    });
    const { landed } = await signIn(facebook, 'facebook', person.sub);
    expect(landed.searchParams.get('mode')).toBe('verifyEmail');
  });

  it('answers provider_unavailable when discovery names no token endpoint and none is configured', async () => {
    await expect(providerDirectory().metadata(facebook.issuer)).rejects.toMatchObject({ code: 'provider_unavailable' });
    const meta = await providerDirectory().metadata(facebook.issuer, { tokenEndpoint: `${facebook.issuer}/token` });
    expect(meta.tokenEndpoint).toBe(`${facebook.issuer}/token`);
  });
});

// --- last: with the database gone, the browser still lands on a page ---------------------------

describe('when the database fails', () => {
  it('answers the error redirect with server_error, never a 500 page', async () => {
    const person = account(google);
    const started = await authorize('google', '/oauth2/redirect/login');
    const back = await actAtProvider(started.location, { login: person.sub });
    await t.database.close();
    const serverError = `error=server_error&errorMessage=${encodeURIComponent(
      'Something went wrong on our side, please try again in a moment',
    )}`;
    expect(await authorize('google', '/oauth2/redirect/login')).toMatchObject({
      status: 302,
      location: `/oauth2/redirect/login?${serverError}`,
    });
    expect((await callback(back, started.cookie)).toString()).toBe(`${PUBLIC_URL}/oauth2/redirect?${serverError}`);
  });
});
