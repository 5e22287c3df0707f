import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authCodes, jobs, mailOutbox, refreshTokens, users } from '../src/db/schema/index';
import { advanceClock, json, startTestApp, type TestApp } from './harness';
import { GOOD_PASSWORD, lastCode, post, signedUp } from './identity-helpers';

// A one-minute access token lifetime; the tests move the app's clock past it.
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ env: { ACCESS_TOKEN_TTL: '60' } });
});
afterAll(() => t.close());

describe('expired access tokens', () => {
  it('answer HTTP 401 with code 488, and a refreshed token works again', async () => {
    const person = await signedUp(t);
    await advanceClock(t, 1.5);
    const expired = await post(t, '/svc/account/updateEmail', { email: 'new.address@example.com' }, person.token);
    expect(expired.statusCode).toBe(401);
    expect(json(expired)).toEqual({ code: 488, msg: 'The access token has expired' });
    const refreshed = json<{ data: { accessToken: string } }>(
      await post(t, '/svc/users/refreshToken', { refreshToken: person.refreshToken }),
    ).data;
    const again = await post(
      t,
      '/svc/account/updateEmail',
      { email: 'new.address@example.com' },
      refreshed.accessToken,
    );
    expect(again.statusCode, again.body).toBe(200);
  });

  it('do not stop a call that needs no login', async () => {
    const person = await signedUp(t);
    await advanceClock(t, 1.5);
    const res = await post(t, '/svc/users/login', { email: person.email, password: GOOD_PASSWORD }, person.token);
    expect(res.statusCode).toBe(200);
  });
});

describe('secrets at rest', () => {
  it('keeps codes, refresh tokens and passwords only as hashes', async () => {
    const person = await signedUp(t);
    await post(t, '/svc/users/login-with-code', { email: person.email });
    const code = await lastCode(t, person.email);
    const codes = await t.database.db
      .select()
      .from(authCodes)
      .where(sql`${authCodes.email} = ${person.email.toLowerCase()}`);
    expect(codes.length).toBeGreaterThan(0);
    for (const row of codes) expect(JSON.stringify(row)).not.toContain(code);
    const tokens = await t.database.db.select().from(refreshTokens);
    expect(JSON.stringify(tokens)).not.toContain(person.refreshToken);
    const [user] = await t.database.db.select().from(users).where(sql`${users.refnum} = ${person.userRefnum}`);
    expect(user?.passwordHash).toMatch(/^\$argon2id\$/);
    expect(user?.passwordHash).not.toContain(GOOD_PASSWORD);
  });

  it('keeps no emailed code in clear: neither in the mail job nor in mail_outbox, before or after delivery', async () => {
    const person = await signedUp(t);
    await post(t, '/svc/users/forgotPswd', { email: person.email });
    const queued = JSON.stringify(await t.database.db.select().from(jobs));
    // lastCode delivers the queued mail, then reads the code the way a person does: in the mail.
    const code = await lastCode(t, person.email);
    expect(queued).not.toContain(code);
    const mailRows = await t.database.db.select().from(mailOutbox).where(sql`${mailOutbox.to} = ${person.email}`);
    expect(mailRows.map((row) => row.subject)).toContain('Reset your Yardly password');
    expect(JSON.stringify(mailRows)).not.toContain(code);
    expect(JSON.stringify(await t.database.db.select().from(jobs))).not.toContain(code);
  });
});
