import { readFileSync } from 'node:fs';
import { PassThrough } from 'node:stream';
import tls from 'node:tls';
import type { LoginData } from '@yardly/shared/contract';
import { authMessages, notificationMessages, socialTicketMessages } from '@yardly/shared/rules';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pushSubscriptions, users } from '../src/db/schema/index';
import { call, type Intent, savedAddress } from './checkout-helpers';
import { categoryBySlug, insertListing, insertSeller } from './fixtures';
import { json, startTestApp, type TestApp } from './harness';
import {
  freshAddress,
  freshEmail,
  GOOD_PASSWORD,
  lastCode,
  outbox,
  post,
  postFrom,
  signedUp,
  startedSignUp,
  ticketOf,
} from './identity-helpers';
import { browserSubscription, startPushServiceStandIn } from './push-service-stand-in';
import { listedRental } from './rental-helpers';
import { withRoles } from './role-helpers';
import { publishedListing } from './selling-helpers';

/**
 * Issue 36, section 7 of the spec: its names for today's calls (the same handler under both
 * paths) and its payloads given as query or params (accepted there too, the JSON body kept).
 */
let t: TestApp;
const logLines: string[] = [];

beforeAll(async () => {
  const log = new PassThrough();
  log.on('data', (chunk: Buffer) => logLines.push(...chunk.toString('utf8').split('\n').filter(Boolean)));
  t = await startTestApp({ env: { LOG_LEVEL: 'info' }, logStream: log });
});
afterAll(() => t?.close());

const q = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

describe('the spec’s other names for today’s calls', () => {
  it('POST /svc/users/verify with the query verifies a sign-up as verify-email does', async () => {
    const email = await startedSignUp(t, freshEmail('verify'));
    const code = await lastCode(t, email);
    const res = await t.app.inject({
      method: 'POST',
      url: `/svc/users/verify?${q({ email, code, signupTicket: ticketOf(email) ?? '' })}`,
    });
    expect(res.statusCode, res.body).toBe(200);
    const login = json<{ data: LoginData }>(res).data;
    expect(login.email).toBe(email);
    // Verified with its sign-up's password: the password logs in.
    expect((await post(t, '/svc/users/login', { email, password: GOOD_PASSWORD })).statusCode).toBe(200);
    // A wrong code is the code's error, as on verify-email.
    const again = await t.app.inject({ method: 'POST', url: `/svc/users/verify?${q({ email, code: '000000' })}` });
    expect(again.statusCode).toBe(400);
    expect(json<{ errors: { field: string }[] }>(again).errors[0]?.field).toBe('code');
  });

  it('POST /svc/users/verifyCode logs in with an emailed code as verify-login-code does', async () => {
    const person = await signedUp(t, freshEmail('verifycode'));
    const from = freshAddress();
    expect((await postFrom(t, from, '/svc/users/login-with-code', { email: person.email })).statusCode).toBe(200);
    const code = await lastCode(t, person.email);
    const res = await postFrom(t, from, '/svc/users/verifyCode', { email: person.email, code });
    expect(res.statusCode, res.body).toBe(200);
    expect(json<{ data: LoginData }>(res).data.userRefnum).toBe(person.userRefnum);
    // Single use, as the code is.
    const twice = await postFrom(t, from, '/svc/users/verifyCode', { email: person.email, code });
    expect(twice.statusCode).toBe(400);
  });

  it('POST /svc/users/verify-email-code is the social email proof: a bad ticket is refused as there', async () => {
    const res = await post(t, '/svc/users/verify-email-code', {
      token: 'not-a-ticket',
      email: freshEmail('social'),
      code: '123456',
    });
    expect(res.statusCode).toBe(400);
    expect(json(res)).toMatchObject({ code: 400, msg: socialTicketMessages.ticketInvalid });
  });

  it('POST /svc/account/updatePassword with params changes the password as changePswd does', async () => {
    const person = await signedUp(t, freshEmail('updatepassword'));
    const newPassword = 'N3w!password';
    const wrong = await t.app.inject({
      method: 'POST',
      url: `/svc/account/updatePassword?${q({ currentPassword: 'Wrong!pass1', newPassword })}`,
      headers: bearer(person.token),
    });
    expect(wrong.statusCode).toBe(400);
    expect(json<{ errors: { field: string; message: string }[] }>(wrong).errors[0]).toEqual({
      field: 'currentPassword',
      message: authMessages.currentPasswordWrong,
    });
    const res = await t.app.inject({
      method: 'POST',
      url: `/svc/account/updatePassword?${q({ currentPassword: GOOD_PASSWORD, newPassword })}`,
      headers: bearer(person.token),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await post(t, '/svc/users/login', { email: person.email, password: newPassword })).statusCode).toBe(200);
    expect((await post(t, '/svc/users/login', { email: person.email, password: GOOD_PASSWORD })).statusCode).toBe(401);
    // Nobody's password reaches the log: the query's secrets are redacted.
    const lines = logLines.filter((line) => line.includes('/svc/account/updatePassword'));
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.join('\n')).not.toContain('N3w');
    expect(lines.join('\n')).toContain('newPassword=[redacted]');
  });
});

describe('payloads given as query or params (section 7), the JSON body kept', () => {
  it('updateEmail and verifyUpdatableEmail take their fields in the query (the email-update link)', async () => {
    const person = await signedUp(t, freshEmail('moving'));
    const to = freshEmail('moved');
    const sent = await t.app.inject({
      method: 'POST',
      url: `/svc/account/updateEmail?${q({ email: to })}`,
      headers: bearer(person.token),
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const code = await lastCode(t, to);
    // The mail links to its landing (spec section 2), which confirms with the same fields.
    const [mail] = await outbox(t, to);
    const link = new URL(mail?.text.match(/Confirm your new email: (\S+)/)?.[1] ?? 'http://no-link/');
    expect(link.pathname).toBe('/settings-email-update');
    expect(Object.fromEntries(link.searchParams)).toEqual({ email: to, code });
    const moved = await t.app.inject({
      method: 'POST',
      url: `/svc/account/verifyUpdatableEmail?${q({ email: to, code })}`,
      headers: bearer(person.token),
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(json<{ data: LoginData }>(moved).data.email).toBe(to);
    // Bad input in the query is the same clear 400 as in a body.
    const bad = await t.app.inject({
      method: 'POST',
      url: `/svc/account/updateEmail?${q({ email: 'not an email' })}`,
      headers: bearer(person.token),
    });
    expect(bad.statusCode).toBe(400);
    expect(json<{ errors: { field: string }[] }>(bad).errors[0]?.field).toBe('email');
  });

  it('session/fcm/token takes the subscription in the query', async () => {
    const person = await signedUp(t, freshEmail('push'));
    const subscription = browserSubscription('https://127.0.0.1:1/push/spec-calls-1');
    const res = await t.app.inject({
      method: 'POST',
      url: `/svc/session/fcm/token?${q({ fcm_token: JSON.stringify(subscription.json) })}`,
      headers: bearer(person.token),
    });
    expect(json(res)).toEqual({ code: 200, data: { saved: true } });
    const [row] = await t.database.db
      .select({ refnum: users.refnum })
      .from(pushSubscriptions)
      .innerJoin(users, eq(users.id, pushSubscriptions.userId))
      .where(eq(pushSubscriptions.endpoint, subscription.json.endpoint));
    expect(row?.refnum).toBe(person.userRefnum);
  });

  it('payment/createPI takes its fields in the query, flags as true/false', async () => {
    const seller = await signedUp(t, freshEmail('seller'));
    const buyer = await signedUp(t, freshEmail('buyer'));
    const listing = await publishedListing(t, seller.token, { listingPrice: 2500, weightLbs: 1.5 });
    const addressId = await savedAddress(t, buyer.token);
    const fields = { listingRefnum: listing, deliveryMethod: 'ship', addressId, useRewards: 'false', saveCard: 'true' };
    const res = await call<Intent>(t, 'POST', `/svc/payment/createPI?${q(fields)}`, buyer.token, undefined, {
      'idempotency-key': 'spec-calls-query',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.amount).toEqual({ itemPrice: 2500, shipping: 899, rewards: 0, total: 3399 });
    const bad = await call(t, 'POST', `/svc/payment/createPI?${q({ ...fields, useRewards: 'maybe' })}`, buyer.token);
    expect(bad.status).toBe(400);
  });
});

describe('section 7 calls with a job of their own', () => {
  it('POST /svc/account/setPassword gives a password to an account made by an emailed code, once', async () => {
    const email = freshEmail('bycode');
    expect((await postFrom(t, freshAddress(), '/svc/users/easy-signup', { email })).statusCode).toBe(200);
    const joined = await post(t, '/svc/users/verify-email', { email, code: await lastCode(t, email) });
    expect(joined.statusCode, joined.body).toBe(200);
    const person = json<{ data: LoginData }>(joined).data;
    const profile = await t.app.inject({
      method: 'GET',
      url: '/svc/users/full-profile',
      headers: bearer(person.token),
    });
    expect(json<{ data: { account: { hasPassword: boolean } } }>(profile).data.account.hasPassword).toBe(false);

    const weak = await post(t, '/svc/account/setPassword', { newPassword: 'short' }, person.token);
    expect(weak.statusCode).toBe(400);
    expect(json<{ errors: { field: string }[] }>(weak).errors[0]?.field).toBe('newPassword');
    const set = await post(t, '/svc/account/setPassword', { newPassword: GOOD_PASSWORD }, person.token);
    expect(set.statusCode, set.body).toBe(200);
    const fresh = json<{ data: LoginData }>(set).data;
    expect((await post(t, '/svc/users/login', { email, password: GOOD_PASSWORD })).statusCode).toBe(200);
    // Set once: from then on it changes only with the current password.
    const again = await post(t, '/svc/account/setPassword', { newPassword: 'An0ther!pass' }, fresh.token);
    expect(again.statusCode).toBe(409);
    expect(json(again)).toMatchObject({ msg: authMessages.passwordAlreadySet });
    expect((await post(t, '/svc/account/setPassword', { newPassword: GOOD_PASSWORD })).statusCode).toBe(401);
  });

  it('POST /svc/account/verifyUser confirms the signed-in person’s password (params or body)', async () => {
    const person = await signedUp(t, freshEmail('verifyuser'));
    const right = await t.app.inject({
      method: 'POST',
      url: `/svc/account/verifyUser?${q({ password: GOOD_PASSWORD })}`,
      headers: bearer(person.token),
    });
    expect(json(right)).toEqual({ code: 200, data: { verified: true } });
    const wrong = await post(t, '/svc/account/verifyUser', { password: 'Wrong!pass1' }, person.token);
    expect(wrong.statusCode).toBe(400);
    expect(json<{ errors: { field: string; message: string }[] }>(wrong).errors[0]).toEqual({
      field: 'password',
      message: authMessages.currentPasswordWrong,
    });
    expect((await post(t, '/svc/account/verifyUser', {}, person.token)).statusCode).toBe(400);
    expect((await post(t, '/svc/account/verifyUser', { password: GOOD_PASSWORD })).statusCode).toBe(401);
  });

  it('GET /svc/listing/createdAny says whether a person has created a listing', async () => {
    const seller = await signedUp(t, freshEmail('first-listing'));
    const asks = (token: string, userRefnum?: string) =>
      call<{ createdAny: boolean }>(
        t,
        'GET',
        `/svc/listing/createdAny${userRefnum ? `?${q({ userRefnum })}` : ''}`,
        token,
      );
    expect((await asks(seller.token)).body.data).toEqual({ createdAny: false });
    await publishedListing(t, seller.token);
    expect((await asks(seller.token)).body.data).toEqual({ createdAny: true });
    const other = await signedUp(t, freshEmail('curious'));
    expect((await asks(other.token, seller.userRefnum)).body.data).toEqual({ createdAny: true });
    expect((await asks(other.token)).body.data).toEqual({ createdAny: false });
    expect((await asks(other.token, 'not-a-refnum')).status).toBe(400);
    expect((await call(t, 'GET', '/svc/listing/createdAny')).status).toBe(401);
  });

  it('GET /svc/static?name= answers the shared reference data', async () => {
    const states = await call<{ states: { name: string; abbreviation: string }[] }>(
      t,
      'GET',
      '/svc/static?name=states',
    );
    expect(states.status).toBe(200);
    expect(states.body.data.states).toHaveLength(50);
    expect(states.body.data.states).toContainEqual({ name: 'New York', abbreviation: 'NY' });
    const commission = await call<{ commission: { fromCents: number; rate: number }[] }>(
      t,
      'GET',
      '/svc/static?name=commission',
    );
    expect(commission.body.data.commission).toContainEqual({ fromCents: 1500, toCents: 2499, rate: 0.15 });
    const unknown = await call(t, 'GET', '/svc/static?name=secrets');
    expect(unknown.status).toBe(400);
  });

  it('POST /svc/fcm/send pushes to the caller’s own browsers; to another person’s only for an admin', async () => {
    const pushService = await startPushServiceStandIn();
    const defaults = tls.getCACertificates('default');
    tls.setDefaultCACertificates([...defaults, readFileSync(pushService.certFile, 'utf8')]);
    try {
      const person = await signedUp(t, freshEmail('push-own'));
      const stranger = await signedUp(t, freshEmail('push-stranger'));
      const browser = browserSubscription(`${pushService.origin}/push/spec-calls-send`);
      expect((await post(t, '/svc/session/fcm/token', { fcm_token: browser.json }, person.token)).statusCode).toBe(200);

      const own = await post(
        t,
        '/svc/fcm/send',
        { title: 'Hello', body: 'A test push', url: '/settings' },
        person.token,
      );
      expect(json(own)).toEqual({ code: 200, data: { sent: 1, failed: 0 } });
      const pushed = await pushService.next();
      expect(JSON.parse(browser.decrypt(pushed.body))).toEqual({
        title: 'Hello',
        body: 'A test push',
        url: '/settings',
      });

      const refused = await post(
        t,
        `/svc/fcm/send?${q({ userRefnum: person.userRefnum })}`,
        { title: 'Hi', body: 'x' },
        stranger.token,
      );
      expect(refused.statusCode).toBe(403);
      expect(json(refused)).toMatchObject({ msg: notificationMessages.pushOthers });
      const offSite = await post(t, '/svc/fcm/send', { title: 'Hi', body: 'x', url: '//evil.example' }, person.token);
      expect(offSite.statusCode).toBe(400);

      const admin = await withRoles(t, await signedUp(t, freshEmail('push-admin')), ['ROLE_USER', 'ROLE_ADMIN']);
      const byAdmin = await post(
        t,
        `/svc/fcm/send?${q({ userRefnum: person.userRefnum })}`,
        { title: 'Notice', body: 'From support' },
        admin.token,
      );
      expect(json(byAdmin)).toEqual({ code: 200, data: { sent: 1, failed: 0 } });
      expect(JSON.parse(browser.decrypt((await pushService.next()).body))).toMatchObject({
        title: 'Notice',
        url: '/notifications',
      });
    } finally {
      tls.setDefaultCACertificates(defaults);
      await pushService.close();
    }
  });
});

describe('section 7 fields read where it gives them', () => {
  it('detailListing/v2 reads sellerRefnum or userRefnum, guestUserid and isLoggedIn: the owner’s view only for the seller', async () => {
    const seller = await signedUp(t, freshEmail('detail-seller'));
    const other = await signedUp(t, freshEmail('detail-other'));
    const listing = await publishedListing(t, seller.token);
    type Detail = { itemAvailable: boolean; viewer: { isOwner: boolean; isLoggedIn: boolean } };
    const detail = (fields: Record<string, string>, token?: string) =>
      call<Detail>(t, 'POST', `/svc/listing/detailListing/v2?${q({ listingRefnum: listing, ...fields })}`, token);

    const own = await detail({ sellerRefnum: seller.userRefnum, isLoggedIn: 'true' }, seller.token);
    expect(own.body.data).toMatchObject({ itemAvailable: true, viewer: { isOwner: true, isLoggedIn: true } });
    // The public view of one's own item, as everyone sees it.
    const asPublic = await detail({ isLoggedIn: 'false' }, seller.token);
    expect(asPublic.body.data.viewer).toEqual({ isOwner: false, isLoggedIn: false });
    // Naming the seller is no way to their view: the token decides.
    const claimed = await detail({ userRefnum: seller.userRefnum, isLoggedIn: 'true' }, other.token);
    expect(claimed.body.data.viewer).toEqual({ isOwner: false, isLoggedIn: false });
    const guest = await detail({ guestUserid: 'guest-123', isLoggedIn: 'false' });
    expect(guest.body.data).toMatchObject({ itemAvailable: true, viewer: { isOwner: false, isLoggedIn: false } });
    expect((await detail({ isLoggedIn: 'perhaps' })).status).toBe(400);
  });

  it('GET /rental/listings/byListingRefnum without a refnum answers the caller’s newest rental', async () => {
    const landlord = await signedUp(t, freshEmail('landlord'));
    await listedRental(t, landlord.token);
    const newest = await listedRental(t, landlord.token);
    const mine = await call<{ refnum: string }>(t, 'GET', '/rental/listings/byListingRefnum', landlord.token);
    expect(mine.status, JSON.stringify(mine.body)).toBe(200);
    expect(mine.body.data.refnum).toBe(newest);
    const none = await call(t, 'GET', '/rental/listings/byListingRefnum', (await signedUp(t)).token);
    expect(none.status).toBe(404);
    expect((await call(t, 'GET', '/rental/listings/byListingRefnum')).status).toBe(401);
  });

  it('searchType (section 9) picks the search: srp needs a text, brp browses whatever text is sent', async () => {
    const db = t.database.db;
    const seller = await insertSeller(db, { zip: '10001' });
    const category = (await categoryBySlug(db, 'sports-outdoors')).refnum;
    const refnum = (
      await insertListing(db, seller.id, 'sports-outdoors', { title: 'Tandem kayak paddle', zip: '10001' })
    ).refnum;
    type Found = { data: { docs: { listingRefnum: string }[] } };
    const asked = (path: string, body: Record<string, unknown>) =>
      t.app.inject({
        method: 'POST',
        url: path,
        payload: { zip: '10001', categoryRefnum: category, size: 100, ...body },
      });

    for (const path of ['/search', '/search/brp', '/search/pivot', '/search/category']) {
      const noText = await asked(path, { searchType: 'srp' });
      expect(noText.statusCode, `${path}: ${noText.body}`).toBe(400);
      expect(json<{ errors: { field: string; message: string }[] }>(noText).errors[0]).toEqual({
        field: 'q',
        message: 'Type something to search for',
      });
    }
    // A browse leaves the text aside: the category's paddle is found under a text it does not match.
    const browsed = await asked('/search', { q: 'grand piano', searchType: 'brp' });
    expect(browsed.statusCode, browsed.body).toBe(200);
    expect(json<Found>(browsed).data.docs.map((d) => d.listingRefnum)).toContain(refnum);
    const searched = await asked('/search', { q: 'grand piano', searchType: 'srp' });
    expect(json<Found>(searched).data.docs.map((d) => d.listingRefnum)).not.toContain(refnum);
    expect((await asked('/search', { searchType: 'everything' })).statusCode).toBe(400);
  });
});
