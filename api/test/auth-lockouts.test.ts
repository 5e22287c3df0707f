import type { LoginData } from '@yardly/shared/contract';
import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organizations } from '../src/db/schema/index';
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
  startedSignUp,
} from './identity-helpers';

/*
 * Issue 16 §2, lock-outs anyone can cause (docs/decisions/0018): every limit is per account and
 * address or per address, a shared NAT does not lock its people out of their accounts, an admin
 * keeps a way in, and a request past a code budget is told that no code went.
 */

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const WRONG = 'Wrong!pass1';
const LOCKED = { code: 429, msg: 'Too many failed attempts; try again in 15 minutes' };
/** An address's code mails used up. */
const NO_CODE = { code: 429, msg: 'Too many codes requested. Try again in 60 minutes.' };
/** An email's budget for a purpose used up, whoever asked: the newest code mailed keeps working (issue 34). */
const noCodeForEmail = (minutes: number) => ({
  code: 429,
  msg: `Too many codes requested. Try again in ${minutes} minutes, or use the newest code already sent to this email: it works until then.`,
});
const NO_CODE_FOR_EMAIL = noCodeForEmail(60);

const login = (email: string, password: string, address: string, device?: string) =>
  postFrom(t, address, '/svc/users/login', { email, password }, device ? { device_id: device } : {});

/** A password log-in from a device, which the account knows from then on. */
async function loginOnDevice(email: string, address: string, device: string): Promise<LoginData> {
  const res = await login(email, GOOD_PASSWORD, address, device);
  expect(res.statusCode, res.body).toBe(200);
  return json<{ data: LoginData }>(res).data;
}

/** 30 wrong passwords from one address, spread over 8 accounts so that no pair reaches its own lock. */
async function sweepFrom(address: string): Promise<void> {
  const victims = await Promise.all(Array.from({ length: 8 }, () => signedUp(t)));
  for (let i = 0; i < 30; i++) await login(victims[i % 8]?.email ?? '', WRONG, address);
}

describe('wrong passwords lock the account for that address only', () => {
  it("a stranger's five wrong passwords do not lock the owner out elsewhere", async () => {
    const owner = await signedUp(t);
    const [stranger, home] = [freshAddress(), freshAddress()];
    for (let i = 0; i < 5; i++) expect((await login(owner.email, WRONG, stranger)).statusCode).toBe(401);
    // The stranger's pair is locked, even for the right password.
    expect(json(await login(owner.email, GOOD_PASSWORD, stranger))).toEqual(LOCKED);
    // The owner, from home, is not.
    expect((await login(owner.email, GOOD_PASSWORD, home)).statusCode).toBe(200);
    // The lock ends with its window (the clock, never a wait).
    await advanceClock(t, 15);
    expect((await login(owner.email, GOOD_PASSWORD, stranger)).statusCode).toBe(200);
  });

  it('says how long the lock has left', async () => {
    const owner = await signedUp(t);
    const address = freshAddress();
    for (let i = 0; i < 5; i++) await login(owner.email, WRONG, address);
    await advanceClock(t, 10);
    expect(json(await login(owner.email, GOOD_PASSWORD, address))).toEqual({
      code: 429,
      msg: 'Too many failed attempts; try again in 5 minutes',
    });
  });
});

describe('a shared NAT', () => {
  it('slows a sweep of many accounts from one address, yet its people still get in', async () => {
    const nat = freshAddress();
    const neighbour = await signedUp(t);
    await loginOnDevice(neighbour.email, freshAddress(), 'device-of-the-neighbour');
    await sweepFrom(nat);

    // The sweep's next try is refused before its password is checked: a right one learns nothing either.
    const swept = await signedUp(t);
    expect(json(await login(swept.email, GOOD_PASSWORD, nat))).toEqual(LOCKED);
    expect(json(await login(swept.email, GOOD_PASSWORD, nat, 'a-made-up-device'))).toEqual(LOCKED);
    // A neighbour behind the same NAT, on a device their account knows, logs in.
    expect((await login(neighbour.email, GOOD_PASSWORD, nat, 'device-of-the-neighbour')).statusCode).toBe(200);
    // Anyone can still ask for a code from there.
    expect(json(await postFrom(t, nat, '/svc/users/login-with-code', { email: swept.email }))).toEqual({
      code: 200,
      data: { sent: true },
    });
    // A device known to another account does not open this one.
    expect(json(await login(swept.email, GOOD_PASSWORD, nat, 'device-of-the-neighbour'))).toEqual(LOCKED);

    await advanceClock(t, 15);
    expect((await login(swept.email, GOOD_PASSWORD, nat)).statusCode).toBe(200);
  });

  it('keeps a way in for an admin, who cannot use codes: a device the admin signed in from', async () => {
    const email = freshEmail('admin');
    await bootstrapAdmin(t.database.db, { email, password: GOOD_PASSWORD });
    await loginOnDevice(email, freshAddress(), 'the-admins-laptop');
    const office = freshAddress();
    await sweepFrom(office);
    // Someone in the office also tries the admin's own password five times.
    for (let i = 0; i < 5; i++) await login(email, WRONG, office);
    expect(json(await login(email, GOOD_PASSWORD, office))).toEqual(LOCKED);

    const admin = await login(email, GOOD_PASSWORD, office, 'the-admins-laptop');
    expect(admin.statusCode, admin.body).toBe(200);
    expect(json<{ data: LoginData }>(admin).data.userRoles).toContain('ROLE_ADMIN');
  });

  it('slows many addresses guessing one account, and its known devices still get in', async () => {
    const owner = await signedUp(t);
    await loginOnDevice(owner.email, freshAddress(), 'the-owners-phone');
    // Ten addresses, five wrong passwords each: 50 for the account.
    for (let a = 0; a < 10; a++) {
      const address = freshAddress();
      for (let i = 0; i < 5; i++) await login(owner.email, WRONG, address);
    }
    expect(json(await login(owner.email, GOOD_PASSWORD, freshAddress()))).toEqual(LOCKED);
    expect((await login(owner.email, GOOD_PASSWORD, freshAddress(), 'the-owners-phone')).statusCode).toBe(200);
  });
});

describe('code budgets, per email and purpose, and saying when no code went', () => {
  it('answers 429 past five codes of one purpose an hour, keeps other purposes apart, and opens again', async () => {
    const person = await signedUp(t); // the sign-up's verification code is another purpose's
    const from = freshAddress();
    for (let i = 0; i < 5; i++) {
      const res = await postFrom(t, from, '/svc/users/login-with-code', { email: person.email });
      expect(json(res)).toEqual({ code: 200, data: { sent: true } });
    }
    const sixth = await postFrom(t, from, '/svc/users/login-with-code', { email: person.email });
    expect(sixth.statusCode).toBe(429);
    expect(json(sixth)).toEqual(NO_CODE_FOR_EMAIL);
    expect((await outbox(t, person.email)).length).toBe(6); // the verification code and five log-in codes

    const reset = await postFrom(t, from, '/svc/users/forgotPswd', { email: person.email });
    expect(json(reset)).toEqual({ code: 200, data: { sent: true } });
    expect((await outbox(t, person.email)).length).toBe(7);

    await advanceClock(t, 60);
    expect((await postFrom(t, from, '/svc/users/login-with-code', { email: person.email })).statusCode).toBe(200);
  });

  it('answers an email without an account the same way (the budget does not reveal accounts)', async () => {
    const ghost = freshEmail('ghost');
    const from = freshAddress();
    for (let i = 0; i < 5; i++) await postFrom(t, from, '/svc/users/forgotPswd', { email: ghost });
    expect(json(await postFrom(t, from, '/svc/users/forgotPswd', { email: ghost }))).toEqual(NO_CODE_FOR_EMAIL);
  });

  it('does not claim a code was sent to an unverified account whose budget is spent', async () => {
    const email = await startedSignUp(t); // verification code 1
    const from = freshAddress();
    for (let i = 0; i < 4; i++) {
      expect((await postFrom(t, from, '/svc/users/verify/resend', { email })).statusCode).toBe(200);
    }
    expect(json(await postFrom(t, from, '/svc/users/verify/resend', { email }))).toEqual(NO_CODE_FOR_EMAIL);
    // The right password, but no code can go: the answer says so instead of "we sent you a code".
    expect(json(await login(email, GOOD_PASSWORD, from))).toEqual(NO_CODE_FOR_EMAIL);
    // The codes already sent still work.
    const verified = await post(t, '/svc/users/verify-email', { email, code: await lastCode(t, email) });
    expect(verified.statusCode, verified.body).toBe(200);
  });
});

describe("a stranger spending an email's code budgets (issue 34)", () => {
  it('never shuts the owner out: the newest log-in and reset codes mailed keep working until the budgets open again', async () => {
    const owner = await signedUp(t);
    // Five log-in codes and five reset codes asked by strangers, from five addresses: all mailed to the owner.
    for (let i = 0; i < 5; i++) {
      const stranger = freshAddress();
      expect((await postFrom(t, stranger, '/svc/users/login-with-code', { email: owner.email })).statusCode).toBe(200);
      expect((await postFrom(t, stranger, '/svc/users/forgotPswd', { email: owner.email })).statusCode).toBe(200);
    }
    const mails = await outbox(t, owner.email);
    const newest = (subject: RegExp) => {
      const mail = mails.find((m) => subject.test(m.subject)); // the outbox lists the newest first
      return /\b(\d{6})\b/.exec(mail?.text ?? '')?.[1] ?? '';
    };
    const loginCode = newest(/log-in code/);
    const resetCode = newest(/Reset your/);
    expect([loginCode, resetCode]).not.toContain('');

    // Half an hour on, those codes' own 10 minutes are long over; the owner asks for new ones.
    await advanceClock(t, 30);
    const owners = freshAddress();
    const refused = await postFrom(t, owners, '/svc/users/login-with-code', { email: owner.email });
    expect([refused.statusCode, json(refused)]).toEqual([429, noCodeForEmail(30)]);
    expect(json(await postFrom(t, owners, '/svc/users/forgotPswd', { email: owner.email }))).toEqual(
      noCodeForEmail(30),
    );
    expect((await outbox(t, owner.email)).length).toBe(mails.length);

    // The newest codes in the mailbox still let the owner in, and set a new password.
    const byCode = await postFrom(t, owners, '/svc/users/verify-login-code', { email: owner.email, code: loginCode });
    expect(byCode.statusCode, byCode.body).toBe(200);
    const reset = await postFrom(t, owners, '/svc/users/setPswd', {
      email: owner.email,
      code: resetCode,
      password: 'Another!pass2',
    });
    expect(reset.statusCode, reset.body).toBe(200);
    expect((await login(owner.email, 'Another!pass2', owners)).statusCode).toBe(200);
  });

  it('keeps a kept code single use and dead at the end of the window', async () => {
    const owner = await signedUp(t);
    for (let i = 0; i < 5; i++) await postFrom(t, freshAddress(), '/svc/users/login-with-code', { email: owner.email });
    const code = await lastCode(t, owner.email);
    await advanceClock(t, 20);
    expect((await postFrom(t, freshAddress(), '/svc/users/login-with-code', { email: owner.email })).statusCode).toBe(
      429,
    );
    // The window opens again 60 minutes after its first code: the kept code dies then.
    await advanceClock(t, 41);
    const late = await postFrom(t, freshAddress(), '/svc/users/verify-login-code', { email: owner.email, code });
    expect(json(late)).toMatchObject({ code: 400, msg: 'That code has expired or was used; ask for a new one' });
  });
});

describe('per-address limits', () => {
  it('limits sign-ups and easy sign-ups from one address to 20 an hour', async () => {
    const from = freshAddress();
    const signup = (email: string) =>
      postFrom(t, from, '/svc/users/signup', { email, password: GOOD_PASSWORD, nameFirst: 'Ann', nameLast: 'Lee' });
    for (let i = 0; i < 20; i++) expect((await signup(freshEmail('nat'))).statusCode).toBe(200);
    const refused = { code: 429, msg: 'Too many sign-ups from this network. Try again in 60 minutes.' };
    expect(json(await signup(freshEmail('nat')))).toEqual(refused);
    expect(json(await postFrom(t, from, '/svc/users/easy-signup', { email: freshEmail('nat') }))).toEqual(refused);
    // Another address signs up; after the hour, this one does again.
    expect((await postFrom(t, freshAddress(), '/svc/users/easy-signup', { email: freshEmail() })).statusCode).toBe(200);
    await advanceClock(t, 60);
    expect((await signup(freshEmail('nat'))).statusCode).toBe(200);
  });

  it('limits account look-ups (isUserExist) from one address to 30 in 15 minutes', async () => {
    const from = freshAddress();
    const lookUp = (address: string) => postFrom(t, address, '/svc/users/isUserExist', { email: freshEmail() });
    for (let i = 0; i < 30; i++) expect(json(await lookUp(from))).toEqual({ code: 200, data: { exists: false } });
    expect(json(await lookUp(from))).toEqual({
      code: 429,
      msg: 'Too many requests from this network. Try again in 15 minutes.',
    });
    expect((await lookUp(freshAddress())).statusCode).toBe(200);
    await advanceClock(t, 15);
    expect((await lookUp(from)).statusCode).toBe(200);
  });

  it('limits code mails from one address to 30 an hour, whatever the emails', async () => {
    const from = freshAddress();
    for (let i = 0; i < 30; i++) {
      expect((await postFrom(t, from, '/svc/users/login-with-code', { email: freshEmail() })).statusCode).toBe(200);
    }
    expect(json(await postFrom(t, from, '/svc/users/forgotPswd', { email: freshEmail() }))).toEqual(NO_CODE);
    expect((await postFrom(t, freshAddress(), '/svc/users/forgotPswd', { email: freshEmail() })).statusCode).toBe(200);
  });
});

describe('verify-profession', () => {
  const workEmailCode = (person: LoginData, workEmail: string, from: string) =>
    postFrom(t, from, '/svc/users/verify-profession', { workEmail }, { authorization: `Bearer ${person.token}` });

  it('creates no organisation until the code comes back, and limits requests per address', async () => {
    const person = await signedUp(t);
    const from = freshAddress();
    const stamp = Date.now().toString(36);
    const domains = Array.from({ length: 30 }, (_, i) => `junk${i}x${stamp}.com`);
    for (const domain of domains) {
      const res = await workEmailCode(person, `me@${domain}`, from);
      expect(res.statusCode, res.body).toBe(200);
    }
    expect(json(await workEmailCode(person, `me@more${stamp}.com`, from))).toEqual(NO_CODE);
    const names = domains.map((domain) => domain.split('.')[0] ?? domain).map((n) => n[0]?.toUpperCase() + n.slice(1));
    const made = await t.database.db.select().from(organizations).where(inArray(organizations.name, names));
    expect(made).toEqual([]);
  });

  it('names the organisation on request and creates it IN_REVIEW once the code is confirmed', async () => {
    const person = await signedUp(t);
    const workEmail = `ann@fresh${Date.now().toString(36)}-clinic.org`;
    const sent = await workEmailCode(person, workEmail, freshAddress());
    const name = json<{ data: { organizationName: string } }>(sent).data.organizationName;
    expect(name).toMatch(/^Fresh\w+ Clinic$/);
    const before = await t.database.db
      .select()
      .from(organizations)
      .where(inArray(organizations.name, [name]));
    expect(before).toEqual([]);

    const res = await post(
      t,
      '/svc/users/verify-profession-code',
      { workEmail, code: await lastCode(t, workEmail) },
      person.token,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res).data).toMatchObject({ organizationName: name, companyStatus: 'IN_REVIEW' });
    const after = await t.database.db
      .select()
      .from(organizations)
      .where(inArray(organizations.name, [name]));
    expect(after).toHaveLength(1);
    expect(after[0]?.status).toBe('IN_REVIEW');
  });
});
