import { type LoginData, type RewardsSummary, rewardsSummarySchema } from '@yardly/shared/contract';
import { REWARD_HOLD_HOURS, referralPath } from '@yardly/shared/rules';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { listingReports, listings, referrals, rewards, users } from '../src/db/schema/index';
import { checkLedger, ledgerIsSound } from '../src/modules/ledger/check';
import { json, runDueJobs, type TestApp } from './harness';
import { freshAddress, freshEmail, GOOD_PASSWORD, lastCode, post, postFrom, signedUp } from './identity-helpers';
import { advanceKeepingSignedIn } from './offer-helpers';
import { publishedListing } from './selling-helpers';

/** A sign-up through `inviter`'s link (from a fresh address unless `from` names one), its email not yet verified. */
export async function referralSignUp(
  t: TestApp,
  inviter: LoginData,
  options: { email?: string; from?: string; name?: [first: string, last: string] } = {},
): Promise<{ email: string; signupTicket: string }> {
  const email = options.email ?? freshEmail('friend');
  const [nameFirst, nameLast] = options.name ?? ['Bo', 'Kim'];
  const referralCode = referralPath('Ann', inviter.userRefnum).split('/').pop();
  const signup = await postFrom(t, options.from ?? freshAddress(), '/svc/users/signup', {
    email,
    password: GOOD_PASSWORD,
    nameFirst,
    nameLast,
    referralCode,
  });
  expect(signup.statusCode, signup.body).toBe(200);
  return { email, signupTicket: json<{ data: { signupTicket: string } }>(signup).data.signupTicket };
}

/** The sign-up's email verified with its code (optionally from a device): the signed-in person. */
export async function verifiedSignUp(
  t: TestApp,
  signUp: { email: string; signupTicket: string },
  device?: string,
): Promise<LoginData> {
  const verified = await postFrom(
    t,
    freshAddress(),
    '/svc/users/verify-email',
    { email: signUp.email, code: await lastCode(t, signUp.email), signupTicket: signUp.signupTicket },
    device ? { device_id: device, client_name: 'test', client_version: 'v3' } : {},
  );
  expect(verified.statusCode, verified.body).toBe(200);
  return json<{ data: LoginData }>(verified).data;
}

/** A friend who signed up through `inviter`'s link and verified their email (optionally from a device). */
export async function referredFriend(
  t: TestApp,
  inviter: LoginData,
  options: { email?: string; device?: string } = {},
): Promise<LoginData> {
  return verifiedSignUp(t, await referralSignUp(t, inviter, { email: options.email }), options.device);
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

/**
 * A friend of `inviter` who published a first listing, with the grant job run and then the
 * 72-hour hold over (issue 34): both hold $5.00. The clock moves REWARD_HOLD_HOURS, so the
 * inviter, the friend and `keepSignedIn` get fresh tokens in place; `holdOver: false` stops
 * before the hours pass (the rewards still pending).
 */
export async function friendWithFirstListing(
  t: TestApp,
  inviter: LoginData,
  options: Parameters<typeof referredFriend>[2] & { holdOver?: boolean; keepSignedIn?: LoginData[] } = {},
) {
  const friend = await referredFriend(t, inviter, options);
  const listingRefnum = await publishedListing(t, friend.token);
  await runDueJobs(t);
  if (options.holdOver !== false) {
    await advanceKeepingSignedIn(t, REWARD_HOLD_HOURS * 60, [inviter, friend, ...(options.keepSignedIn ?? [])]);
  }
  return { friend, listingRefnum };
}

/** Someone reports the listing and the admin removes it (the console's report decision); the jobs run. Answers the admin signed in again. */
export async function reportAndRemove(t: TestApp, admin: LoginData, listingRefnum: string): Promise<LoginData> {
  const current = await signInAgain(t, admin);
  const reporter = await signedUp(t);
  const filed = await post(t, '/svc/listing/reports/create', { listingRefnum, reason: 'scam' }, reporter.token);
  expect(filed.statusCode, filed.body).toBe(200);
  const [report] = await t.database.db
    .select({ id: listingReports.id })
    .from(listingReports)
    .innerJoin(listings, eq(listings.id, listingReports.listingId))
    .where(eq(listings.refnum, listingRefnum));
  const removed = await t.app.inject({
    method: 'PUT',
    url: `/svc/admin/reports/${report?.id}`,
    payload: { status: 'listing_removed' },
    headers: { authorization: `Bearer ${current.token}` },
  });
  expect(removed.statusCode, removed.body).toBe(200);
  await runDueJobs(t);
  return current;
}

/** The ledger's invariants hold: every transaction balances, no seller's held money nor anyone's rewards below zero. */
export async function expectSoundLedger(t: TestApp): Promise<void> {
  const report = await checkLedger(t.database.db);
  expect(report.unbalanced).toEqual([]);
  expect(report.negative).toEqual([]);
  expect(ledgerIsSound(report)).toBe(true);
}
