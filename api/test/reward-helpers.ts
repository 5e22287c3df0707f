import { type LoginData, type RewardsSummary, rewardsSummarySchema } from '@yardly/shared/contract';
import { referralPath } from '@yardly/shared/rules';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { referrals, rewards, users } from '../src/db/schema/index';
import { json, type TestApp } from './harness';
import { freshAddress, freshEmail, GOOD_PASSWORD, lastCode, post, postFrom } from './identity-helpers';

/** A friend who signed up through `inviter`'s link and verified their email (optionally from a device). */
export async function referredFriend(
  t: TestApp,
  inviter: LoginData,
  options: { email?: string; device?: string } = {},
): Promise<LoginData> {
  const email = options.email ?? freshEmail('friend');
  const referralCode = referralPath('Ann', inviter.userRefnum).split('/').pop();
  const signup = await postFrom(t, freshAddress(), '/svc/users/signup', {
    email,
    password: GOOD_PASSWORD,
    nameFirst: 'Bo',
    nameLast: 'Kim',
    referralCode,
  });
  expect(signup.statusCode, signup.body).toBe(200);
  const headers: Record<string, string> = options.device
    ? { device_id: options.device, client_name: 'test', client_version: 'v3' }
    : {};
  const verified = await postFrom(
    t,
    freshAddress(),
    '/svc/users/verify-email',
    { email, code: await lastCode(t, email) },
    headers,
  );
  expect(verified.statusCode, verified.body).toBe(200);
  return json<{ data: LoginData }>(verified).data;
}

/**
 * Sign in again (a token of before a clock move has expired); from a device, it is remembered
 * for the account (what the device rule reads).
 */
export async function signInAgain(t: TestApp, person: LoginData, device?: string): Promise<LoginData> {
  const res = await postFrom(
    t,
    freshAddress(),
    '/svc/users/login',
    { email: person.email, password: GOOD_PASSWORD },
    device ? { device_id: device, client_name: 'test', client_version: 'v3' } : {},
  );
  expect(res.statusCode, res.body).toBe(200);
  return json<{ data: LoginData }>(res).data;
}

/** GET /svc/rewards as a person, checked against the contract. */
export async function rewardsOf(t: TestApp, person: LoginData, query = ''): Promise<RewardsSummary> {
  const res = await t.app.inject({
    method: 'GET',
    url: `/svc/rewards${query}`,
    headers: { authorization: `Bearer ${person.token}` },
  });
  expect(res.statusCode, res.body).toBe(200);
  return rewardsSummarySchema.parse(json<{ data: unknown }>(res).data);
}

export function invite(t: TestApp, person: LoginData, email: unknown) {
  return post(t, '/svc/referral/invite-email', { email }, person.token);
}

/** The rewards rows of the referral that brought `friend`. */
export async function rewardRowsOf(t: TestApp, friend: LoginData) {
  const db = t.database.db;
  const [row] = await db
    .select({ referral: referrals })
    .from(referrals)
    .innerJoin(users, eq(users.id, referrals.referredId))
    .where(eq(users.refnum, friend.userRefnum));
  if (!row) throw new Error('no referral');
  const rows = await db.select().from(rewards).where(eq(rewards.referralId, row.referral.id));
  return { referral: row.referral, rewards: rows };
}
