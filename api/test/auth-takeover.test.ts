import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './harness';
import { freshEmail, GOOD_PASSWORD, lastCode, post } from './identity-helpers';

// Account takeover before sign-up: someone signs up with another person's address and a
// password of their own. A password counts only once the mailbox that chose it is proven.
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const ATTACKER_PASSWORD = 'Att4cker!pass';
const device = (id: string) => ({ device_id: id, client_name: 'test', client_version: 'v3' });

function signUp(email: string, password: string, headers: Record<string, string> = {}) {
  return t.app.inject({
    method: 'POST',
    url: '/svc/users/signup',
    payload: { email, password, nameFirst: 'Ann', nameLast: 'Lee' },
    headers,
  });
}

const logIn = (email: string, password: string) => post(t, '/svc/users/login', { email, password });

describe('a password nobody proved', () => {
  it("does not survive the owner's log-in by emailed code", async () => {
    const email = freshEmail('owner');
    expect((await signUp(email, ATTACKER_PASSWORD)).statusCode).toBe(200);
    // The owner, who never signed up, logs in with a code mailed to their own mailbox.
    expect((await post(t, '/svc/users/login-with-code', { email })).statusCode).toBe(200);
    const viaCode = await post(t, '/svc/users/verify-login-code', { email, code: await lastCode(t, email) });
    expect(viaCode.statusCode, viaCode.body).toBe(200);
    const attacker = await logIn(email, ATTACKER_PASSWORD);
    expect(attacker.statusCode).toBe(401);
    // The attacker's sign-up code died with it: it cannot set the password later.
    expect((await post(t, '/svc/users/verify/resend', { email })).statusCode).toBe(200);
  });

  it("does not become the password when the owner verifies a code from another device's sign-up", async () => {
    const email = freshEmail('owner');
    expect((await signUp(email, ATTACKER_PASSWORD, device('attacker-laptop'))).statusCode).toBe(200);
    const verified = await t.app.inject({
      method: 'POST',
      url: '/svc/users/verify-email',
      payload: { email, code: await lastCode(t, email) },
      headers: device('owner-phone'),
    });
    expect(verified.statusCode, verified.body).toBe(200);
    expect((await logIn(email, ATTACKER_PASSWORD)).statusCode).toBe(401);
  });

  it("is replaced by the owner's own sign-up: only the password of the code used counts", async () => {
    const email = freshEmail('owner');
    expect((await signUp(email, ATTACKER_PASSWORD)).statusCode).toBe(200);
    expect((await signUp(email, GOOD_PASSWORD)).statusCode).toBe(200);
    const verified = await post(t, '/svc/users/verify-email', { email, code: await lastCode(t, email) });
    expect(verified.statusCode, verified.body).toBe(200);
    expect((await logIn(email, ATTACKER_PASSWORD)).statusCode).toBe(401);
    expect((await logIn(email, GOOD_PASSWORD)).statusCode).toBe(200);
  });

  it('is the one the account keeps when its own device verifies, as a sign-up always worked', async () => {
    const email = freshEmail('owner');
    expect((await signUp(email, GOOD_PASSWORD, device('owner-phone'))).statusCode).toBe(200);
    // Before verifying: the right password is told to verify, a wrong one is wrong.
    expect((await logIn(email, GOOD_PASSWORD)).statusCode).toBe(403);
    expect((await logIn(email, ATTACKER_PASSWORD)).statusCode).toBe(401);
    const verified = await t.app.inject({
      method: 'POST',
      url: '/svc/users/verify-email',
      payload: { email, code: await lastCode(t, email) },
      headers: device('owner-phone'),
    });
    expect(verified.statusCode, verified.body).toBe(200);
    expect((await logIn(email, GOOD_PASSWORD)).statusCode).toBe(200);
  });
});
