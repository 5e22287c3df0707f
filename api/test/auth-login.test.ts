import type { LoginData } from '@yardly/shared/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authCodes, loginThrottles, refreshTokens, sessions, users } from '../src/db/schema/index';
import { bootstrapAdmin } from '../src/modules/auth/bootstrap-admin';
import { advanceClock, json, startTestApp, type TestApp } from './harness';
import {
  freshAddress,
  freshEmail,
  GOOD_PASSWORD,
  lastCode,
  outbox,
  post,
  postFrom,
  signedUp,
} from './identity-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const login = (email: string, password: string, headers: Record<string, string> = {}, remoteAddress?: string) =>
  t.app.inject({ method: 'POST', url: '/svc/users/login', payload: { email, password }, headers, remoteAddress });
const data = (res: { body: string }) => json<{ data: LoginData }>(res).data;
const CHANGE_PASSWORD = '/svc/account/changePswd';

describe('password log-in', () => {
  it('logs in with the right password, whatever the email case', async () => {
    const person = await signedUp(t);
    const res = await login(person.email.toUpperCase(), GOOD_PASSWORD);
    expect(res.statusCode).toBe(200);
    expect(data(res).userRefnum).toBe(person.userRefnum);
  });

  it('answers a wrong password and an unknown email alike', async () => {
    const person = await signedUp(t);
    const wrong = await login(person.email, 'Wrong!pass1');
    const unknown = await login(freshEmail('nobody'), 'Wrong!pass1');
    expect([wrong.statusCode, unknown.statusCode]).toEqual([401, 401]);
    expect(json(wrong)).toEqual({ code: 401, msg: 'The email or password is not correct' });
    expect(json(unknown)).toEqual(json(wrong));
  });

  it('locks the account for its address after 5 failures, even for the right password and a forged X-Forwarded-For', async () => {
    const person = await signedUp(t);
    for (let i = 0; i < 5; i++) {
      await login(person.email, 'Wrong!pass1', { 'x-forwarded-for': `203.0.113.${i}` });
    }
    const locked = await login(person.email, GOOD_PASSWORD, { 'x-forwarded-for': '198.51.100.7' });
    expect(locked.statusCode).toBe(429);
    expect(json(locked)).toEqual({ code: 429, msg: 'Too many failed attempts; try again in 15 minutes' });
  });

  it('limits failures per client address across accounts (for devices the account does not know)', async () => {
    const people = await Promise.all(Array.from({ length: 8 }, () => signedUp(t)));
    // 30 failures from one address, spread so no account reaches its own limit.
    for (let i = 0; i < 30; i++) await login(people[i % 8]?.email ?? '', 'Wrong!pass1', {}, '192.0.2.10');
    const rows = await t.database.db
      .select()
      .from(loginThrottles)
      .where(sql`${loginThrottles.key} = 'login-address:192.0.2.10'`);
    expect(rows[0]?.lockedUntil).toBeInstanceOf(Date);
    const fresh = await signedUp(t);
    // A device the account knows still gets in: auth-lockouts.test.ts.
    expect((await login(fresh.email, GOOD_PASSWORD, {}, '192.0.2.10')).statusCode).toBe(429);
    // Another address is not affected.
    expect((await login(fresh.email, GOOD_PASSWORD, {}, '192.0.2.11')).statusCode).toBe(200);
  });
});

describe('codes', () => {
  it('logs in with an emailed code', async () => {
    const person = await signedUp(t);
    expect(json(await post(t, '/svc/users/login-with-code', { email: person.email }))).toEqual({
      code: 200,
      data: { sent: true },
    });
    const res = await post(t, '/svc/users/verify-login-code', {
      email: person.email,
      code: await lastCode(t, person.email),
    });
    expect(res.statusCode).toBe(200);
    expect(data(res).userRefnum).toBe(person.userRefnum);
  });

  it('answers the same for an email without an account, and sends nothing', async () => {
    const email = freshEmail('ghost');
    expect(json(await post(t, '/svc/users/login-with-code', { email }))).toEqual({ code: 200, data: { sent: true } });
    expect(json(await post(t, '/svc/users/forgotPswd', { email }))).toEqual({ code: 200, data: { sent: true } });
    expect(await outbox(t, email)).toEqual([]);
  });

  it('uses a code once', async () => {
    const person = await signedUp(t);
    await post(t, '/svc/users/login-with-code', { email: person.email });
    const code = await lastCode(t, person.email);
    expect((await post(t, '/svc/users/verify-login-code', { email: person.email, code })).statusCode).toBe(200);
    const again = await post(t, '/svc/users/verify-login-code', { email: person.email, code });
    expect(again.statusCode).toBe(400);
    expect(json(again)).toMatchObject({ msg: 'That code has expired or was used; ask for a new one' });
  });

  it('refuses a wrong code, and after 5 wrong tries refuses even the right one', async () => {
    const person = await signedUp(t);
    await post(t, '/svc/users/login-with-code', { email: person.email });
    const code = await lastCode(t, person.email);
    const wrongCode = code === '000000' ? '111111' : '000000';
    const first = await post(t, '/svc/users/verify-login-code', { email: person.email, code: wrongCode });
    expect(json(first)).toEqual({
      code: 400,
      msg: 'That code is not correct',
      errors: [{ field: 'code', message: 'That code is not correct' }],
    });
    for (let i = 0; i < 4; i++) await post(t, '/svc/users/verify-login-code', { email: person.email, code: wrongCode });
    const sixth = await post(t, '/svc/users/verify-login-code', { email: person.email, code });
    expect(sixth.statusCode).toBe(400);
    expect(json(sixth)).toMatchObject({ msg: 'Too many wrong codes; ask for a new one' });
  });

  it("keeps a mailed code good for its owner after strangers' wrong guesses from other addresses (issue 34)", async () => {
    const person = await signedUp(t);
    await post(t, '/svc/users/login-with-code', { email: person.email });
    const code = await lastCode(t, person.email);
    const wrongCode = code === '000000' ? '111111' : '000000';
    // Nine addresses, five wrong guesses each: each shuts only itself out.
    for (let a = 0; a < 9; a++) {
      const from = freshAddress();
      for (let i = 0; i < 5; i++)
        await postFrom(t, from, '/svc/users/verify-login-code', { email: person.email, code: wrongCode });
      const shut = await postFrom(t, from, '/svc/users/verify-login-code', { email: person.email, code });
      expect(json(shut)).toMatchObject({ msg: 'Too many wrong codes; ask for a new one' });
    }
    const owner = await postFrom(t, freshAddress(), '/svc/users/verify-login-code', { email: person.email, code });
    expect(owner.statusCode, owner.body).toBe(200);
  });

  it('refuses an expired code (10 minutes)', async () => {
    const person = await signedUp(t);
    await post(t, '/svc/users/login-with-code', { email: person.email });
    const code = await lastCode(t, person.email);
    await t.database.db
      .update(authCodes)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(sql`${authCodes.email} = ${person.email.toLowerCase()}`);
    const res = await post(t, '/svc/users/verify-login-code', { email: person.email, code });
    expect(json(res)).toMatchObject({ code: 400, msg: 'That code has expired or was used; ask for a new one' });
  });

  it('keeps log-in codes to 5 an hour for one email, and says when none was sent', async () => {
    const person = await signedUp(t); // the sign-up's code counts against the verification budget
    for (let i = 0; i < 5; i++) {
      expect((await post(t, '/svc/users/login-with-code', { email: person.email })).statusCode).toBe(200);
    }
    const sixth = await post(t, '/svc/users/login-with-code', { email: person.email });
    expect(json(sixth)).toEqual({
      code: 429,
      msg: 'Too many codes requested. Try again in 60 minutes, or use the newest code already sent to this email: it works until then.',
    });
    expect((await outbox(t, person.email)).length).toBe(6);
  });

  it('never sends an admin a log-in code, nor lets one log in with a code', async () => {
    const email = freshEmail('admin');
    await bootstrapAdmin(t.database.db, { email, password: GOOD_PASSWORD });
    await post(t, '/svc/users/login-with-code', { email });
    expect(await outbox(t, email)).toEqual([]);
    const res = await post(t, '/svc/users/verify-login-code', { email, code: '123456' });
    expect(res.statusCode).toBe(403);
    expect(json(res)).toEqual({ code: 403, msg: 'Admin accounts log in with their password' });
    const adminLogin = await login(email, GOOD_PASSWORD);
    expect(adminLogin.statusCode, adminLogin.body).toBe(200);
    expect(data(adminLogin).userRoles).toContain('ROLE_ADMIN');
  });
});

describe('tokens', () => {
  it('rotates the refresh token on every use', async () => {
    const person = await signedUp(t);
    const res = await post(t, '/svc/users/refreshToken', { refreshToken: person.refreshToken });
    expect(res.statusCode).toBe(200);
    const next = json<{ data: { accessToken: string; refreshToken: string; expirationTime: string } }>(res).data;
    expect(next.refreshToken).not.toBe(person.refreshToken);
    expect(next.expirationTime).toBe(person.expirationTime);
    expect(
      (await post(t, CHANGE_PASSWORD, { currentPassword: 'x', newPassword: GOOD_PASSWORD }, next.accessToken))
        .statusCode,
    ).toBe(400);
  });

  it('ends the family when one token is used twice, even within a second: no fork lives', async () => {
    // Issue 34: within a 5-second grace one token forked into 20 live ones. The browser's tabs
    // refresh under one cross-tab lock, so a second child of a token is always a fork.
    const person = await signedUp(t);
    const first = await post(t, '/svc/users/refreshToken', { refreshToken: person.refreshToken });
    expect(first.statusCode).toBe(200);
    const child = json<{ data: { refreshToken: string } }>(first).data.refreshToken;
    const second = await post(t, '/svc/users/refreshToken', { refreshToken: person.refreshToken });
    expect(json(second)).toEqual({ code: 499, msg: 'Your session has ended; please log in again' });
    expect(json(await post(t, '/svc/users/refreshToken', { refreshToken: child })).code).toBe(499);
    // Twenty at once: at most one gets a child, and that one is dead too.
    const other = await signedUp(t);
    const all = await Promise.all(
      Array.from({ length: 20 }, () => post(t, '/svc/users/refreshToken', { refreshToken: other.refreshToken })),
    );
    const children = all.filter((r) => r.statusCode === 200);
    expect(children.length).toBeLessThanOrEqual(1);
    for (const r of children) {
      const token = json<{ data: { refreshToken: string } }>(r).data.refreshToken;
      expect(json(await post(t, '/svc/users/refreshToken', { refreshToken: token })).code).toBe(499);
    }
  });

  it('lets a page that navigated mid-refresh retry from its own device while no child was used; a fork ends the family', async () => {
    const person = await signedUp(t);
    const device = { device_id: 'ann-laptop', client_name: 'test', client_version: 'v3' };
    const refresh = (refreshToken: string, headers: Record<string, string> = device) =>
      t.app.inject({ method: 'POST', url: '/svc/users/refreshToken', payload: { refreshToken }, headers });
    const token = (res: Awaited<ReturnType<typeof refresh>>) =>
      json<{ data: { refreshToken: string } }>(res).data.refreshToken;
    const login = async () =>
      json<{ data: { refreshToken: string } }>(
        await t.app.inject({
          method: 'POST',
          url: '/svc/users/login',
          payload: { email: person.email, password: GOOD_PASSWORD },
          headers: device,
        }),
      ).data.refreshToken;
    // The login's token was issued to no device: its reuse is a fork at once.
    expect((await refresh(person.refreshToken)).statusCode).toBe(200);
    expect(json(await refresh(person.refreshToken)).code).toBe(499);

    // From a device: two answers lost in a row (a redirect, then a click), the third kept.
    const first = await login();
    expect((await refresh(first)).statusCode).toBe(200);
    expect((await refresh(first)).statusCode).toBe(200);
    const kept = await refresh(first);
    expect(kept.statusCode, kept.body).toBe(200);
    // A fourth child is one too many: the family ends, the kept child with it.
    expect(json(await refresh(first)).code).toBe(499);
    expect(json(await refresh(token(kept))).code).toBe(499);

    // Once a child has been used, its parent coming back is a thief's branch, even within seconds.
    const second = await login();
    const child = token(await refresh(second));
    expect((await refresh(child)).statusCode).toBe(200);
    expect(json(await refresh(second)).code).toBe(499);

    // From another device, at once: a fork.
    const third = await login();
    expect((await refresh(third)).statusCode).toBe(200);
    expect(json(await refresh(third, { ...device, device_id: 'someone-else' })).code).toBe(499);
  });

  it('revokes the whole family when a used token comes back later, answering 499', async () => {
    const person = await signedUp(t);
    const rotated = json<{ data: { refreshToken: string } }>(
      await post(t, '/svc/users/refreshToken', { refreshToken: person.refreshToken }),
    ).data;
    // Past the grace window.
    await t.database.db
      .update(refreshTokens)
      .set({ usedAt: sql`now() - interval '1 minute'` })
      .where(sql`used_at is not null`);
    const replay = await post(t, '/svc/users/refreshToken', { refreshToken: person.refreshToken });
    expect(replay.statusCode).toBe(401);
    expect(json(replay)).toEqual({ code: 499, msg: 'Your session has ended; please log in again' });
    const victim = await post(t, '/svc/users/refreshToken', { refreshToken: rotated.refreshToken });
    expect(json(victim).code).toBe(499);
  });

  it('answers 499 for an unknown or expired refresh token', async () => {
    expect(json(await post(t, '/svc/users/refreshToken', { refreshToken: 'not-a-token' })).code).toBe(499);
    const person = await signedUp(t);
    await t.database.db.update(sessions).set({ expiresAt: sql`now() - interval '1 second'` });
    expect(json(await post(t, '/svc/users/refreshToken', { refreshToken: person.refreshToken })).code).toBe(499);
  });

  it('logs out: the family is revoked', async () => {
    const person = await signedUp(t);
    expect(json(await post(t, '/svc/users/logout', { refreshToken: person.refreshToken }))).toEqual({
      code: 200,
      data: { success: true },
    });
    expect(json(await post(t, '/svc/users/refreshToken', { refreshToken: person.refreshToken })).code).toBe(499);
  });

  it('refuses a forged or tampered access token with 401', async () => {
    const person = await signedUp(t);
    const [head, body] = person.token.split('.');
    const none = `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${body}.`;
    for (const token of [`${head}.${body}.AAAA`, none, 'garbage']) {
      const res = await post(
        t,
        CHANGE_PASSWORD,
        { currentPassword: GOOD_PASSWORD, newPassword: 'N3w!password' },
        token,
      );
      expect(res.statusCode).toBe(401);
      expect(json(res).code).toBe(401);
    }
  });
});

describe('password and email changes', () => {
  it('changing the password ends the other sessions and keeps this one', async () => {
    const person = await signedUp(t);
    const other = data(await login(person.email, GOOD_PASSWORD));
    // Sessions are cut at whole seconds: the change comes a minute after the tokens were issued.
    await advanceClock(t, 1);
    const changed = await post(
      t,
      CHANGE_PASSWORD,
      { currentPassword: GOOD_PASSWORD, newPassword: 'N3w!password' },
      person.token,
    );
    expect(changed.statusCode).toBe(200);
    const mine = data(changed);
    const stale = await post(t, '/svc/account/updateEmail', { email: freshEmail() }, other.token);
    expect(stale.statusCode).toBe(401);
    expect(json(await post(t, '/svc/users/refreshToken', { refreshToken: other.refreshToken })).code).toBe(499);
    expect((await post(t, '/svc/account/updateEmail', { email: freshEmail() }, mine.token)).statusCode).toBe(200);
    expect((await login(person.email, GOOD_PASSWORD)).statusCode).toBe(401);
    expect((await login(person.email, 'N3w!password')).statusCode).toBe(200);
  });

  it('refuses a wrong current password on the field', async () => {
    const person = await signedUp(t);
    const res = await post(
      t,
      CHANGE_PASSWORD,
      { currentPassword: 'Wrong!pass1', newPassword: 'N3w!password' },
      person.token,
    );
    expect(json(res)).toEqual({
      code: 400,
      msg: 'Your current password is not correct',
      errors: [{ field: 'currentPassword', message: 'Your current password is not correct' }],
    });
  });

  it('resets a forgotten password with a code, ending every session', async () => {
    const person = await signedUp(t);
    await post(t, '/svc/users/forgotPswd', { email: person.email });
    const code = await lastCode(t, person.email);
    const weak = await post(t, '/svc/users/setPswd', { email: person.email, code, password: 'weak' });
    expect(weak.statusCode).toBe(400);
    const res = await post(t, '/svc/users/setPswd', { email: person.email, code, password: 'Res3t!password' });
    expect(json(res)).toEqual({ code: 200, data: { success: true } });
    expect(json(await post(t, '/svc/users/refreshToken', { refreshToken: person.refreshToken })).code).toBe(499);
    expect((await login(person.email, 'Res3t!password')).statusCode).toBe(200);
  });

  it('moves the account to a new email with a code sent there', async () => {
    const person = await signedUp(t);
    const next = freshEmail('moved');
    expect(json(await post(t, '/svc/account/updateEmail', { email: next }, person.token))).toEqual({
      code: 200,
      data: { sent: true },
    });
    const res = await post(
      t,
      '/svc/account/verifyUpdatableEmail',
      { email: next, code: await lastCode(t, next) },
      person.token,
    );
    expect(res.statusCode).toBe(200);
    expect(data(res).email).toBe(next);
    expect((await login(next, GOOD_PASSWORD)).statusCode).toBe(200);
    expect((await login(person.email, GOOD_PASSWORD)).statusCode).toBe(401);
  });

  it('refuses a new email that another account has', async () => {
    const [a, b] = [await signedUp(t), await signedUp(t)];
    const res = await post(t, '/svc/account/updateEmail', { email: b.email }, a.token);
    expect(res.statusCode).toBe(409);
  });
});

describe('the first admin', () => {
  it('is created, and later gets its password and role back', async () => {
    const email = freshEmail('root');
    expect(await bootstrapAdmin(t.database.db, { email, password: GOOD_PASSWORD })).toBe('created');
    await t.database.db
      .update(users)
      .set({ roles: ['ROLE_USER'] })
      .where(sql`lower(email) = ${email.toLowerCase()}`);
    expect(await bootstrapAdmin(t.database.db, { email, password: 'An0ther!pass' })).toBe('restored');
    const res = await login(email, 'An0ther!pass');
    expect(data(res).userRoles).toEqual(['ROLE_USER', 'ROLE_ADMIN']);
  });
});
