import type { LoginData } from '@yardly/shared/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { json, startTestApp, type TestApp } from './harness';
import { freshEmail, GOOD_PASSWORD, lastCode, outbox, post, signedUp } from './identity-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

describe('sign-up', () => {
  it('checks the email, signs up, mails a 6-digit code, verifies and logs in', async () => {
    const email = freshEmail('new');
    expect(json(await post(t, '/svc/users/isUserExist', { email }))).toEqual({ code: 200, data: { exists: false } });

    const res = await post(t, '/svc/users/signup', {
      email,
      password: GOOD_PASSWORD,
      nameFirst: 'Ann',
      nameLast: 'Lee',
    });
    expect(res.statusCode).toBe(200);
    expect(json(res).data).toMatchObject({ nameFirst: 'Ann', email, verificationSent: true });
    const [mail] = await outbox(t, email);
    expect(mail?.subject).toContain('Yardly');
    expect(JSON.stringify(json(res))).not.toContain(GOOD_PASSWORD);

    const verified = await post(t, '/svc/users/verify-email', { email, code: await lastCode(t, email) });
    expect(verified.statusCode).toBe(200);
    const login = json<{ data: LoginData }>(verified).data;
    expect(login).toMatchObject({
      token: expect.any(String),
      refreshToken: expect.any(String),
      expirationTime: expect.any(String),
      userRefnum: expect.stringMatching(/^U/),
      userRoles: ['ROLE_USER'],
      nameFirst: 'Ann',
      isProgressive: false,
      companyStatus: null,
    });
    expect(JSON.stringify(login)).not.toMatch(/password|argon2/i);
    expect(json(await post(t, '/svc/users/isUserExist', { email: email.toUpperCase() }))).toEqual({
      code: 200,
      data: { exists: true },
    });
  });

  it("refuses a weak password with each rule's message", async () => {
    const cases: [string, string][] = [
      ['Sh0rt!', 'Password must be 8 to 32 characters'],
      ['has space1A!', 'Password cannot contain spaces'],
      ['nouppercase1!', 'Password must contain at least one uppercase letter'],
      ['NOLOWERCASE1!', 'Password must contain at least one lowercase letter'],
      ['NoDigitsHere!', 'Password must contain at least one number'],
      ['NoSpecial123', 'Password must contain at least one special character'],
    ];
    for (const [password, message] of cases) {
      const res = await post(t, '/svc/users/signup', {
        email: freshEmail(),
        password,
        nameFirst: 'Ann',
        nameLast: 'Lee',
      });
      expect(res.statusCode, password).toBe(400);
      expect(json<{ errors: { field: string; message: string }[] }>(res).errors, password).toContainEqual({
        field: 'password',
        message,
      });
    }
  });

  it("refuses names and emails with the spec's messages, and writes nothing", async () => {
    const email = freshEmail('bad');
    const res = await post(t, '/svc/users/signup', {
      email: 'not-an-email',
      password: GOOD_PASSWORD,
      nameFirst: 'A'.repeat(21),
      nameLast: '',
    });
    expect(res.statusCode).toBe(400);
    const errors = json<{ errors: { field: string; message: string }[] }>(res).errors;
    expect(errors).toEqual(
      expect.arrayContaining([
        { field: 'email', message: 'Please enter valid email address' },
        { field: 'nameFirst', message: 'First name cannot exceed 20 characters' },
        { field: 'nameLast', message: 'Please enter a valid Last name' },
      ]),
    );
    const same = await post(t, '/svc/users/signup', {
      email,
      password: GOOD_PASSWORD,
      nameFirst: 'Lee',
      nameLast: 'lee',
    });
    expect(json<{ errors: unknown[] }>(same).errors).toContainEqual({
      field: 'nameFirst',
      message: 'First name and last name cannot be the same.',
    });
    expect(json(await post(t, '/svc/users/isUserExist', { email }))).toEqual({ code: 200, data: { exists: false } });
  });

  it('refuses an email that already has an account', async () => {
    const login = await signedUp(t);
    const res = await post(t, '/svc/users/signup', {
      email: login.email,
      password: GOOD_PASSWORD,
      nameFirst: 'Other',
      nameLast: 'Person',
    });
    expect(res.statusCode).toBe(409);
    expect(json(res)).toMatchObject({ code: 409, msg: 'An account with this email already exists; log in instead' });
  });

  it('resends the code, and only the newest code works', async () => {
    const email = freshEmail('resend');
    await post(t, '/svc/users/signup', { email, password: GOOD_PASSWORD, nameFirst: 'Ann', nameLast: 'Lee' });
    const first = await lastCode(t, email);
    expect(json(await post(t, '/svc/users/verify/resend', { email }))).toEqual({ code: 200, data: { sent: true } });
    const second = await lastCode(t, email);
    expect((await outbox(t, email)).length).toBe(2);
    if (first !== second) {
      const old = await post(t, '/svc/users/verify-email', { email, code: first });
      expect(old.statusCode).toBe(400);
    }
    const ok = await post(t, '/svc/users/verify-email', { email, code: second });
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it('asks an unverified account to verify before a password log-in, and sends a code', async () => {
    const email = freshEmail('unverified');
    await post(t, '/svc/users/signup', { email, password: GOOD_PASSWORD, nameFirst: 'Ann', nameLast: 'Lee' });
    const res = await post(t, '/svc/users/login', { email, password: GOOD_PASSWORD });
    expect(res.statusCode).toBe(403);
    expect(json(res)).toMatchObject({ msg: 'Please verify your email first: we sent you a 6-digit code' });
    expect((await outbox(t, email)).length).toBe(2);
  });
});

describe('easy sign-up', () => {
  it('starts with an email only, limited, and completes later', async () => {
    const email = freshEmail('easy');
    expect(json(await post(t, '/svc/users/easy-signup', { email }))).toEqual({
      code: 200,
      data: { email, verificationSent: true },
    });
    const verified = await post(t, '/svc/users/verify-email', { email, code: await lastCode(t, email) });
    const login = json<{ data: LoginData }>(verified).data;
    expect(login.isProgressive).toBe(true);

    const incomplete = await post(
      t,
      '/svc/users/complete-progressive-signup',
      { nameFirst: 'Bo', nameLast: 'Kim', password: 'weak' },
      login.token,
    );
    expect(incomplete.statusCode).toBe(400);
    const done = await post(
      t,
      '/svc/users/complete-progressive-signup',
      { nameFirst: 'Bo', nameLast: 'Kim', password: GOOD_PASSWORD },
      login.token,
    );
    expect(done.statusCode).toBe(200);
    expect(json<{ data: LoginData }>(done).data).toMatchObject({ isProgressive: false, nameFirst: 'Bo' });
    const again = await post(
      t,
      '/svc/users/complete-progressive-signup',
      { nameFirst: 'Bo', nameLast: 'Kim', password: GOOD_PASSWORD },
      login.token,
    );
    expect(again.statusCode).toBe(409);
    expect((await post(t, '/svc/users/login', { email, password: GOOD_PASSWORD })).statusCode).toBe(200);
  });

  it('needs a login to complete', async () => {
    const res = await post(t, '/svc/users/complete-progressive-signup', {
      nameFirst: 'Bo',
      nameLast: 'Kim',
      password: GOOD_PASSWORD,
    });
    expect(res.statusCode).toBe(401);
    expect(json(res)).toEqual({ code: 401, msg: 'Please log in to continue' });
  });
});
