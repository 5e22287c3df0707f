import type { AdminReferralFarmingRecord, AdminRewardRecord, LoginData } from '@yardly/shared/contract';
import { REWARD_HOLD_HOURS, rewardNotices, walletMessages } from '@yardly/shared/rules';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auditLog } from '../src/db/schema/index';
import { json, startTestApp, type TestApp } from './harness';
import { freshAddress, freshEmail, signedUp } from './identity-helpers';
import { advanceKeepingSignedIn } from './offer-helpers';
import {
  expectSoundLedger,
  friendWithFirstListing,
  referralSignUp,
  referredFriend,
  rewardRowsOf,
  rewardsOf,
  verifiedSignUp,
} from './reward-helpers';
import { withRoles } from './role-helpers';
import { publishedListing } from './selling-helpers';

// Issue 34: referral rewards that need more than a new address. A reward waits 72 hours after
// the friend's first listing before it can be spent or cashed out, and is cancelled when that
// listing is gone or the friend blocked by then; an admin can void one still waiting, from the
// console's referral farming view of the inviters whose friends look like throwaways.

let t: TestApp;
let admin: LoginData;
beforeAll(async () => {
  t = await startTestApp();
});
// A fresh admin for each test: the clock moved by an earlier one has expired an older token.
beforeEach(async () => {
  admin = await withRoles(t, await signedUp(t, freshEmail('admin')), ['ROLE_USER', 'ROLE_ADMIN']);
});
afterAll(async () => {
  await t?.close();
});

const HOLD_MINUTES = REWARD_HOLD_HOURS * 60;

function call(method: 'GET' | 'PUT' | 'POST', url: string, token: string, payload?: unknown) {
  return t.app.inject({ method, url, payload: payload as object, headers: { authorization: `Bearer ${token}` } });
}

async function notices(person: LoginData): Promise<string> {
  return (await call('GET', '/svc/notifications', person.token)).body;
}

describe('the 72-hour hold', () => {
  it('keeps both rewards pending and unspendable for 72 hours, then grants them and tells both', async () => {
    const ann = await signedUp(t);
    const { friend } = await friendWithFirstListing(t, ann, { holdOver: false });
    expect(await rewardsOf(t, friend)).toMatchObject({ balance: 0, pending: 500, lifetime: 0 });
    expect(await rewardsOf(t, ann)).toMatchObject({ balance: 0, pending: 500, lifetime: 0 });
    const cashOut = await call('POST', '/svc/rewards/cash-out', friend.token);
    expect([cashOut.statusCode, json(cashOut).msg]).toEqual([400, walletMessages.nothingToCashOut]);
    expect(await notices(ann)).not.toContain(rewardNotices.inviterGranted('Bo K.'));

    // A minute before the hours are over: still held.
    await advanceKeepingSignedIn(t, HOLD_MINUTES - 1, [ann, friend]);
    expect((await rewardRowsOf(t, friend)).rewards.map((r) => r.state)).toEqual(['pending', 'pending']);
    expect((await rewardsOf(t, friend)).balance).toBe(0);

    await advanceKeepingSignedIn(t, 1, [ann, friend]);
    expect((await rewardRowsOf(t, friend)).rewards.map((r) => r.state)).toEqual(['granted', 'granted']);
    expect(await rewardsOf(t, friend)).toMatchObject({ balance: 500, pending: 0, lifetime: 500 });
    expect(await rewardsOf(t, ann)).toMatchObject({ balance: 500, pending: 0, lifetime: 500 });
    expect(await notices(ann)).toContain(rewardNotices.inviterGranted('Bo K.'));
    expect(await notices(friend)).toContain(rewardNotices.friendGranted);
    await expectSoundLedger(t);
  });

  it('cancels both when the friend deletes the first listing within the 72 hours', async () => {
    const ann = await signedUp(t);
    const { friend, listingRefnum } = await friendWithFirstListing(t, ann, { holdOver: false });
    const deleted = await call('POST', `/svc/listing/delete?listingRefnum=${listingRefnum}`, friend.token);
    expect(deleted.statusCode, deleted.body).toBe(200);
    await advanceKeepingSignedIn(t, HOLD_MINUTES, [ann, friend]);
    expect((await rewardRowsOf(t, friend)).rewards.map((r) => r.state)).toEqual(['voided', 'voided']);
    expect(await rewardsOf(t, friend)).toMatchObject({ balance: 0, pending: 0, lifetime: 0 });
    expect(await rewardsOf(t, ann)).toMatchObject({ balance: 0, pending: 0, lifetime: 0 });
    await expectSoundLedger(t);
  });

  it('cancels both when the friend is blocked within the 72 hours', async () => {
    const ann = await signedUp(t);
    const { friend } = await friendWithFirstListing(t, ann, { holdOver: false });
    const block = await call('PUT', `/svc/admin/users/${friend.userRefnum}`, admin.token, {
      roles: ['ROLE_USER'],
      blocked: true,
    });
    expect(block.statusCode, block.body).toBe(200);
    await advanceKeepingSignedIn(t, HOLD_MINUTES, [ann]);
    expect((await rewardRowsOf(t, friend)).rewards.map((r) => r.state)).toEqual(['voided', 'voided']);
    expect((await rewardsOf(t, ann)).balance).toBe(0);
    await expectSoundLedger(t);
  });

  it('lets an admin void a waiting reward (audit-logged); the other side is still granted when the hours are over', async () => {
    const ann = await signedUp(t);
    const { friend } = await friendWithFirstListing(t, ann, { holdOver: false });
    const inviterSide = (await rewardRowsOf(t, friend)).rewards.find((r) => r.side === 'inviter');

    const outsider = await call('PUT', `/svc/admin/rewards/${inviterSide?.refnum}`, ann.token, { decision: 'void' });
    expect(outsider.statusCode).toBe(403);
    const shown = await call('GET', `/svc/admin/rewards/${inviterSide?.refnum}`, admin.token);
    expect(json<AdminRewardRecord>(shown)).toMatchObject({ status: 'pending', actions: ['void'] });
    const voided = await call('PUT', `/svc/admin/rewards/${inviterSide?.refnum}`, admin.token, { decision: 'void' });
    expect(voided.statusCode, voided.body).toBe(200);
    expect(json<AdminRewardRecord>(voided)).toMatchObject({
      status: 'voided',
      statusLabel: 'Voided',
      decidedBy: admin.email,
    });
    const [audit] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.resource, 'rewards'), eq(auditLog.recordId, inviterSide?.refnum ?? '')));
    expect(audit).toMatchObject({ action: 'update', before: { status: 'pending' }, after: { status: 'voided' } });

    await advanceKeepingSignedIn(t, HOLD_MINUTES, [ann, friend, admin]);
    const states = (await rewardRowsOf(t, friend)).rewards.map((r) => [r.side, r.state]).sort();
    expect(states).toEqual([
      ['friend', 'granted'],
      ['inviter', 'voided'],
    ]);
    expect((await rewardsOf(t, ann)).balance).toBe(0);
    expect((await rewardsOf(t, friend)).balance).toBe(500);
    // A granted reward cannot be voided.
    const friendSide = (await rewardRowsOf(t, friend)).rewards.find((r) => r.side === 'friend');
    const late = await call('PUT', `/svc/admin/rewards/${friendSide?.refnum}`, admin.token, { decision: 'void' });
    expect(late.statusCode, late.body).toBe(409);
    await expectSoundLedger(t);
  });
});

describe("the console's referral farming view", () => {
  /** A sign-up through `inviter`'s link from `address`; verified (from `device`) unless told not to. */
  async function throwaway(inviter: LoginData, address: string, options: { device?: string; verify?: boolean } = {}) {
    const email = freshEmail('throwaway');
    const signUp = await referralSignUp(t, inviter, { email, from: address, name: ['Tom', 'Way'] });
    return options.verify === false ? undefined : verifiedSignUp(t, signUp, options.device);
  }

  function farmingOf(token: string, query: string) {
    return call('GET', `/svc/admin/referral-farming?${query}`, token);
  }

  it('counts the friends who share a device, a sign-up address, or never verified; links to the rewards to void', async () => {
    const ann = await signedUp(t);
    const farm = freshAddress();
    const device = `farm-device-${Math.random().toString(36).slice(2)}`;
    const first = await throwaway(ann, farm, { device });
    await throwaway(ann, farm, { device });
    await throwaway(ann, farm, { verify: false });
    // An honest friend: another address, no shared device.
    await referredFriend(t, ann);
    expect(first).toBeDefined();
    await publishedListing(t, first?.token ?? '');
    await advanceKeepingSignedIn(t, 0, [ann, admin]);

    const filter = encodeURIComponent(JSON.stringify({ q: ann.email }));
    const listed = await farmingOf(admin.token, `filter=${filter}`);
    expect(listed.statusCode, listed.body).toBe(200);
    expect(json<AdminReferralFarmingRecord[]>(listed)).toEqual([
      {
        id: ann.userRefnum,
        inviterEmail: ann.email,
        referred: 4,
        sharedDevice: 2,
        sharedAddress: 3,
        unverified: 1,
        flagged: 3,
        blocked: 0,
        heldRewards: 2,
        heldAmount: 1000,
        lastReferredAt: expect.any(String),
      },
    ]);
    // Most flagged first, in the order the console asks.
    const sorted = await farmingOf(admin.token, `sort=${encodeURIComponent('["flagged","DESC"]')}&range=[0,99]`);
    expect(sorted.statusCode, sorted.body).toBe(200);
    const flags = json<AdminReferralFarmingRecord[]>(sorted).map((r) => r.flagged);
    expect(flags).toEqual([...flags].sort((a, b) => b - a));
    expect(json<AdminReferralFarmingRecord[]>(sorted)[0]?.flagged).toBeGreaterThanOrEqual(3);

    // The link's filter: the inviter's rewards still held, which Rewards can void.
    const held = encodeURIComponent(JSON.stringify({ inviter: ann.userRefnum, status: 'pending' }));
    const rewards = await call('GET', `/svc/admin/rewards?filter=${held}`, admin.token);
    expect(rewards.statusCode, rewards.body).toBe(200);
    expect(
      json<AdminRewardRecord[]>(rewards)
        .map((r) => [r.side, r.status])
        .sort(),
    ).toEqual([
      ['friend', 'pending'],
      ['inviter', 'pending'],
    ]);

    // Read-only, and ROLE_ADMIN's alone.
    expect((await farmingOf(ann.token, '')).statusCode).toBe(403);
    const write = await call('PUT', `/svc/admin/referral-farming/${ann.userRefnum}`, admin.token, { referred: 0 });
    expect(write.statusCode).toBeGreaterThanOrEqual(400);
    expect(write.statusCode).toBeLessThan(500);
  });

  it('a sign-up through a link keeps the address it came from only as a hash', async () => {
    const ann = await signedUp(t);
    const address = freshAddress();
    const friend = await throwaway(ann, address);
    const { referral } = await rewardRowsOf(t, friend as LoginData);
    expect(referral.signupAddressHash).toMatch(/^[0-9a-f]{64}$/);
    expect(referral.signupAddressHash).not.toContain(address);
  });
});
