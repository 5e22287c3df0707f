import type { LoginData } from '@yardly/shared/contract';
import { authMessages } from '@yardly/shared/rules';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refreshTokens, users } from '../src/db/schema/index';
import { holdClock, json, startTestApp, type TestApp } from './harness';
import { GOOD_PASSWORD, lastCode, post, signedUp } from './identity-helpers';

// A session that ends (spec section 8) ends at once: its access tokens answer 488, so the
// client refreshes, and the refresh answers 499 (logged out), well before their 15 minutes.
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const data = <T>(res: { body: string }) => json<{ data: T }>(res).data;
const login = async (email: string, password = GOOD_PASSWORD) =>
  data<LoginData>(await post(t, '/svc/users/login', { email, password }));
/** A call that needs a login. */
const notifications = (token: string) =>
  t.app.inject({ method: 'GET', url: '/svc/notifications', headers: { authorization: `Bearer ${token}` } });
const refresh = (refreshToken: string) => post(t, '/svc/users/refreshToken', { refreshToken });

async function expectSessionDead(token: string, msg: string = authMessages.sessionExpired) {
  const res = await notifications(token);
  expect(res.statusCode).toBe(401);
  expect(json(res)).toEqual({ code: 488, msg });
}

describe('a session that ends refuses its access tokens at once', () => {
  it('after log-out; another session of the same person goes on', async () => {
    const person = await signedUp(t);
    const other = await login(person.email);
    expect((await notifications(person.token)).statusCode).toBe(200);

    expect((await post(t, '/svc/users/logout', { refreshToken: person.refreshToken })).statusCode).toBe(200);
    await expectSessionDead(person.token);
    expect(json(await refresh(person.refreshToken)).code).toBe(499);
    expect((await notifications(other.token)).statusCode).toBe(200);
  });

  it('after a replayed refresh token ends the session: the tokens the thief got die too', async () => {
    const person = await signedUp(t);
    const rotated = data<{ accessToken: string; refreshToken: string }>(await refresh(person.refreshToken));
    expect((await notifications(rotated.accessToken)).statusCode).toBe(200);
    // Past the grace window, the first refresh token comes back: it was stolen.
    await t.database.db
      .update(refreshTokens)
      .set({ usedAt: sql`used_at - interval '1 minute'` })
      .where(sql`used_at is not null`);
    expect(json(await refresh(person.refreshToken)).code).toBe(499);

    await expectSessionDead(rotated.accessToken);
    await expectSessionDead(person.token);
    expect(json(await refresh(rotated.refreshToken)).code).toBe(499);
  });

  it('after a password change in the same second as a login elsewhere; the device that changed it goes on', async () => {
    const person = await signedUp(t);
    const release = holdClock(t);
    try {
      // Same instant: a login on another device, then the change on the first one.
      const other = await login(person.email);
      const changed = await post(
        t,
        '/svc/account/changePswd',
        { currentPassword: GOOD_PASSWORD, newPassword: 'N3w!password' },
        person.token,
      );
      expect(changed.statusCode, changed.body).toBe(200);
      const mine = data<LoginData>(changed);

      await expectSessionDead(other.token);
      await expectSessionDead(person.token);
      expect(json(await refresh(other.refreshToken)).code).toBe(499);
      expect((await notifications(mine.token)).statusCode).toBe(200);
      expect((await refresh(mine.refreshToken)).statusCode).toBe(200);
    } finally {
      release();
    }
  });

  it('after a password reset in the same second as a login', async () => {
    const person = await signedUp(t);
    await post(t, '/svc/users/forgotPswd', { email: person.email });
    const code = await lastCode(t, person.email);
    const release = holdClock(t);
    try {
      const fresh = await login(person.email);
      const reset = await post(t, '/svc/users/setPswd', { email: person.email, code, password: 'Res3t!password' });
      expect(reset.statusCode, reset.body).toBe(200);
      await expectSessionDead(fresh.token);
      await expectSessionDead(person.token);
      expect((await notifications((await login(person.email, 'Res3t!password')).token)).statusCode).toBe(200);
    } finally {
      release();
    }
  });

  it('after an admin blocks the person, and still after the unblock', async () => {
    const admin = await signedUp(t);
    await t.database.db
      .update(users)
      .set({ roles: ['ROLE_USER', 'ROLE_ADMIN'] })
      .where(eq(users.refnum, admin.userRefnum));
    const victim = await signedUp(t);
    const setBlocked = (blocked: boolean) =>
      t.app.inject({
        method: 'PUT',
        url: `/svc/admin/users/${victim.userRefnum}`,
        headers: { authorization: `Bearer ${admin.token}` },
        payload: { roles: ['ROLE_USER'], blocked },
      });

    expect((await setBlocked(true)).statusCode).toBe(200);
    await expectSessionDead(victim.token, authMessages.accountBlocked);
    expect(json(await refresh(victim.refreshToken)).code).toBe(499);

    expect((await setBlocked(false)).statusCode).toBe(200);
    await expectSessionDead(victim.token);
    expect(json(await refresh(victim.refreshToken)).code).toBe(499);
  });
});
