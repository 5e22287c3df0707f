import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { json, startTestApp, type TestApp } from './harness';
import { freshEmail, GOOD_PASSWORD, lastCode, outbox, post } from './identity-helpers';

// Account takeover before sign-up: someone signs up with another person's address and a
// password of their own. A password counts only once the mailbox that chose it is proven.
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const ATTACKER_PASSWORD = 'Att4cker!pass';
const device = (id: string) => ({ device_id: id, client_name: 'test', client_version: 'v3' });

function signUp(email: string, password: string, headers: Record<string, string> = {}, nameFirst = 'Ann') {
  return t.app.inject({
    method: 'POST',
    url: '/svc/users/signup',
    payload: { email, password, nameFirst, nameLast: 'Lee' },
    headers,
  });
}

const ticketOf = (res: { body: string }) => json<{ data: { signupTicket: string } }>(res).data.signupTicket;
const verify = (email: string, code: string, signupTicket?: string) =>
  post(t, '/svc/users/verify-email', { email, code, ...(signupTicket && { signupTicket }) });

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

  it("does not replace the owner's sign-up: a later sign-up's code does not verify the owner's", async () => {
    const email = freshEmail('owner');
    const owners = await signUp(email, GOOD_PASSWORD);
    expect(owners.statusCode).toBe(200);
    const ownersCode = await lastCode(t, email);
    // Just after, someone else signs up with the owner's address and a password of their own.
    const evils = await signUp(email, ATTACKER_PASSWORD, {}, 'Evil');
    expect(evils.statusCode).toBe(200);
    // The owner's mail says plainly that this is a second sign-up, and greets nobody as Evil.
    const [second] = await outbox(t, email);
    expect(second?.subject).toBe('Another Yardly sign-up with your email');
    expect(second?.text).toContain('Someone has just started another sign-up for Yardly with this email address');
    expect(second?.text).not.toContain('Evil');
    const evilsCode = await lastCode(t, email);
    // The owner enters the newest code in their own sign-up: it is not theirs.
    const wrong = await verify(email, evilsCode, ticketOf(owners));
    expect(wrong.statusCode).toBe(400);
    expect(json(wrong)).toMatchObject({ errors: [{ field: 'code', message: 'That code is not correct' }] });
    // Their own code still works, with their password and name.
    const verified = await verify(email, ownersCode, ticketOf(owners));
    expect(verified.statusCode, verified.body).toBe(200);
    expect(json<{ data: { nameFirst: string } }>(verified).data.nameFirst).toBe('Ann');
    expect((await logIn(email, ATTACKER_PASSWORD)).statusCode).toBe(401);
    expect((await logIn(email, GOOD_PASSWORD)).statusCode).toBe(200);
    // The other sign-up ended with the verification: its code and ticket do nothing now.
    expect((await verify(email, evilsCode, ticketOf(evils))).statusCode).toBe(400);
    expect((await logIn(email, ATTACKER_PASSWORD)).statusCode).toBe(401);
  });

  it("keeps the first sign-up's password when the newest code comes without a ticket (an older client)", async () => {
    const email = freshEmail('owner');
    expect((await signUp(email, GOOD_PASSWORD)).statusCode).toBe(200);
    expect((await signUp(email, ATTACKER_PASSWORD, {}, 'Evil')).statusCode).toBe(200);
    // The owner enters the newest code (the other sign-up's) in a client that has no ticket.
    const verified = await verify(email, await lastCode(t, email));
    expect(verified.statusCode, verified.body).toBe(200);
    expect(json<{ data: { nameFirst: string } }>(verified).data.nameFirst).toBe('Ann');
    expect((await logIn(email, ATTACKER_PASSWORD)).statusCode).toBe(401);
    expect((await logIn(email, GOOD_PASSWORD)).statusCode).toBe(200);
  });

  it('gives a code entered without a ticket on another device than the sign-up no password at all', async () => {
    const email = freshEmail('owner');
    expect((await signUp(email, GOOD_PASSWORD, device('first-laptop'))).statusCode).toBe(200);
    const verified = await t.app.inject({
      method: 'POST',
      url: '/svc/users/verify-email',
      payload: { email, code: await lastCode(t, email) },
      headers: device('other-phone'),
    });
    expect(verified.statusCode, verified.body).toBe(200);
    expect((await logIn(email, GOOD_PASSWORD)).statusCode).toBe(401);
  });

  it('lets the one who holds the ticket finish, also with a code sent again', async () => {
    const email = freshEmail('owner');
    const owners = await signUp(email, GOOD_PASSWORD, device('owner-phone'));
    // Before verifying: the right password is told to verify, a wrong one is wrong.
    expect((await logIn(email, GOOD_PASSWORD)).statusCode).toBe(403);
    expect((await logIn(email, ATTACKER_PASSWORD)).statusCode).toBe(401);
    expect((await post(t, '/svc/users/verify/resend', { email, signupTicket: ticketOf(owners) })).statusCode).toBe(200);
    const verified = await verify(email, await lastCode(t, email), ticketOf(owners));
    expect(verified.statusCode, verified.body).toBe(200);
    expect((await logIn(email, GOOD_PASSWORD)).statusCode).toBe(200);
  });
});
