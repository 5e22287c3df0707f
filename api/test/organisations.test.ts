import type { LoginData } from '@yardly/shared/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newRefnum } from '../src/db/refnum';
import { organizations, workEmailDomains } from '../src/db/schema/index';
import { json, startTestApp, type TestApp } from './harness';
import { GOOD_PASSWORD, lastCode, post, signedUp } from './identity-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
  for (const [name, status, domain] of [
    ['Acme Hospital', 'VERIFIED', 'acmehospital.org'],
    ['Shady Ltd', 'REJECTED', 'shady.biz'],
  ] as const) {
    const [org] = await t.database.db
      .insert(organizations)
      .values({ refnum: newRefnum('organization'), name, status })
      .returning();
    await t.database.db.insert(workEmailDomains).values({ domain, organizationId: org?.id ?? 0 });
  }
});
afterAll(() => t.close());

type Verified = LoginData & { organizationName: string; companyReviewMessage: string | null };

async function verifyWorkEmail(person: LoginData, workEmail: string): Promise<Verified> {
  const sent = await post(t, '/svc/users/verify-profession', { workEmail }, person.token);
  expect(sent.statusCode, sent.body).toBe(200);
  const res = await post(
    t,
    '/svc/users/verify-profession-code',
    { workEmail, code: await lastCode(t, workEmail) },
    person.token,
  );
  expect(res.statusCode, res.body).toBe(200);
  return json<{ data: Verified }>(res).data;
}

const IN_REVIEW =
  "We currently don't have your company in our directory. Our representative is actively working on adding the company to our directory in the next 48 hours. Until then your account has limited access.";
const REJECTED =
  'We’re unable to support your company at this time. Feel free to verify using a different work email by updating it in Account Settings.';

describe('work-email verification', () => {
  it('makes a member of a VERIFIED organisation a verified professional', async () => {
    const person = await signedUp(t);
    const result = await verifyWorkEmail(person, `ann.${Date.now()}@AcmeHospital.org`);
    expect(result).toMatchObject({
      organizationName: 'Acme Hospital',
      companyStatus: 'VERIFIED',
      isProfessionVerified: true,
      companyReviewMessage: null,
    });
  });

  it('puts an unknown domain IN_REVIEW, with limited access, and colleagues join it', async () => {
    const first = await verifyWorkEmail(await signedUp(t), 'a@brandnew-startup.io');
    expect(first).toMatchObject({
      organizationName: 'Brandnew Startup',
      companyStatus: 'IN_REVIEW',
      isProfessionVerified: false,
      companyReviewMessage: IN_REVIEW,
    });
    const second = await verifyWorkEmail(await signedUp(t), 'b@brandnew-startup.io');
    expect(second.organizationName).toBe('Brandnew Startup');
    const rows = await t.database.db
      .select()
      .from(organizations)
      .where(sql`${organizations.name} = 'Brandnew Startup'`);
    expect(rows).toHaveLength(1);

    // An admin verifies the company: the members are verified professionals from then on.
    await t.database.db
      .update(organizations)
      .set({ status: 'VERIFIED' })
      .where(sql`${organizations.name} = 'Brandnew Startup'`);
    const login = await post(t, '/svc/users/login', {
      email: second.email,
      password: GOOD_PASSWORD,
    });
    expect(json<{ data: LoginData }>(login).data).toMatchObject({
      companyStatus: 'VERIFIED',
      isProfessionVerified: true,
    });
  });

  it('tells a member of a REJECTED organisation so', async () => {
    const result = await verifyWorkEmail(await signedUp(t), 'c@shady.biz');
    expect(result).toMatchObject({
      companyStatus: 'REJECTED',
      isProfessionVerified: false,
      companyReviewMessage: REJECTED,
    });
  });

  it('refuses a personal mailbox, and needs a login', async () => {
    const person = await signedUp(t);
    const res = await post(t, '/svc/users/verify-profession', { workEmail: 'me@gmail.com' }, person.token);
    expect(json(res)).toEqual({
      code: 400,
      msg: 'Please use your work email address, not a personal one',
      errors: [{ field: 'workEmail', message: 'Please use your work email address, not a personal one' }],
    });
    expect((await post(t, '/svc/users/verify-profession', { workEmail: 'x@acmehospital.org' })).statusCode).toBe(401);
  });

  it("does not let one person confirm with another person's code", async () => {
    const [owner, intruder] = [await signedUp(t), await signedUp(t)];
    await post(t, '/svc/users/verify-profession', { workEmail: 'd@acmehospital.org' }, owner.token);
    const code = await lastCode(t, 'd@acmehospital.org');
    const res = await post(
      t,
      '/svc/users/verify-profession-code',
      { workEmail: 'd@acmehospital.org', code },
      intruder.token,
    );
    expect(res.statusCode).toBe(400);
  });
});
