import type { LoginData } from '@yardly/shared/contract';
import {
  MAX_INVITES_PER_DAY,
  MAX_INVITES_PER_RECIPIENT,
  MAX_REWARDS_PER_MONTH,
  REWARD_HOLD_HOURS,
  REWARD_REVERSAL_DAYS,
  referralPath,
  rewardMessages,
  rewardNotices,
  signUpRewardMessage,
} from '@yardly/shared/rules';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { newRefnum } from '../src/db/refnum';
import { auditLog, referrals, rewards } from '../src/db/schema/index';
import { rewardsAccount } from '../src/modules/ledger/accounts';
import { balanceOf } from '../src/modules/ledger/ledger';
import { insertSeller } from './fixtures';
import { advanceClock, json, runDueJobs, startTestApp, type TestApp } from './harness';
import { freshEmail, outbox, post, signedUp, userIdOf } from './identity-helpers';
import { advanceKeepingSignedIn } from './offer-helpers';
import { saveBankAccount } from './payout-helpers';
import {
  expectSoundLedger,
  friendWithFirstListing,
  invite,
  referredFriend,
  reportAndRemove as removeAfterReport,
  rewardRowsOf,
  rewardsOf,
  signInAgain,
} from './reward-helpers';
import { withRoles } from './role-helpers';
import { createListing, draftRef, goodForm, publishedListing } from './selling-helpers';

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

/** The person's rewards balance straight from the ledger. */
async function ledgerBalance(person: LoginData) {
  return balanceOf(t.database.db, rewardsAccount(await userIdOf(t, person)));
}

function adminCall(method: 'GET' | 'PUT', url: string, token: string, payload?: unknown) {
  return t.app.inject({ method, url, payload: payload as object, headers: { authorization: `Bearer ${token}` } });
}

describe('invites', () => {
  it("mails the friend the inviter's link and answers success; /svc/users/invite?email= does the same", async () => {
    const ann = await signedUp(t);
    const friend = freshEmail('invitee');
    const res = await invite(t, ann, friend);
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res)).toEqual({ code: 200, data: { success: true } });
    const [mail] = await outbox(t, friend);
    expect(mail?.text).toContain(referralPath('Ann', ann.userRefnum));

    const other = freshEmail('invitee');
    const old = await t.app.inject({
      method: 'POST',
      url: `/svc/users/invite?email=${encodeURIComponent(other)}`,
      headers: { authorization: `Bearer ${ann.token}` },
    });
    expect(old.statusCode, old.body).toBe(200);
    expect(json(old).data).toEqual({ success: true });
    expect(await outbox(t, other)).toHaveLength(1);

    const summary = await rewardsOf(t, ann);
    expect(summary.referrals).toEqual([
      { friendName: friend, status: 'invited' },
      { friendName: other, status: 'invited' },
    ]);
  });

  it('refuses what is not an email, oneself, a member, and the 21st of a day; the next day it takes more', async () => {
    const ann = await signedUp(t);
    for (const bad of ['', 'not-an-email', 'a@b']) {
      const res = await invite(t, ann, bad);
      expect(res.statusCode).toBe(400);
      expect(json<{ errors: { field: string; message: string }[] }>(res).errors).toEqual([
        { field: 'email', message: 'Please enter valid email address' },
      ]);
    }
    const self = await invite(t, ann, ann.email.toUpperCase());
    expect([self.statusCode, json(self).msg]).toEqual([400, rewardMessages.inviteSelf]);
    const member = await invite(t, ann, admin.email);
    expect([member.statusCode, json(member).msg]).toEqual([409, rewardMessages.alreadyMember]);
    const unauthenticated = await post(t, '/svc/referral/invite-email', { email: freshEmail() });
    expect(unauthenticated.statusCode).toBe(401);

    for (let i = 0; i < MAX_INVITES_PER_DAY; i += 1) {
      expect((await invite(t, ann, freshEmail('many'))).statusCode).toBe(200);
    }
    const over = await invite(t, ann, freshEmail('many'));
    expect([over.statusCode, json(over).msg]).toEqual([429, rewardMessages.tooManyInvites]);
    await advanceClock(t, 24 * 60 + 1);
    expect((await invite(t, await signInAgain(t, ann), freshEmail('many'))).statusCode).toBe(200);
  });
});

describe('invites to one address (issue 34)', () => {
  it(`are capped at ${MAX_INVITES_PER_RECIPIENT} from all members together`, async () => {
    const friend = freshEmail('wanted');
    const inviters = [await signedUp(t), await signedUp(t), await signedUp(t)];
    for (const inviter of inviters.slice(0, MAX_INVITES_PER_RECIPIENT)) {
      expect((await invite(t, inviter, friend)).statusCode).toBe(200);
    }
    const third = await invite(t, inviters[MAX_INVITES_PER_RECIPIENT] as LoginData, friend.toUpperCase());
    expect([third.statusCode, json(third).msg]).toEqual([429, rewardMessages.recipientInvitedEnough]);
    expect(await outbox(t, friend)).toHaveLength(MAX_INVITES_PER_RECIPIENT);
  });

  it('stop for good from the link in the invitation, and from a mail client’s one-click unsubscribe', async () => {
    const ann = await signedUp(t);
    const friend = freshEmail('refuser');
    expect((await invite(t, ann, friend)).statusCode).toBe(200);
    const [mail] = await outbox(t, friend);
    const stop = mail?.text.match(/Stop all invitations to this address: (\S+)/)?.[1] ?? '';
    expect(stop).toMatch(/\/svc\/referral\/no-invites\?e=[A-Za-z0-9_-]+&t=[A-Za-z0-9_-]{43}$/);
    const path = new URL(stop).pathname + new URL(stop).search;
    // Opening the link only asks (a link scanner changes nothing).
    const page = await t.app.inject({ method: 'GET', url: path });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Stop all invitations');
    expect((await invite(t, await signedUp(t), freshEmail('other'))).statusCode).toBe(200);
    // A forged link does nothing.
    const forged = await t.app.inject({ method: 'POST', url: path.replace(/t=[^&]+$/, `t=${'A'.repeat(43)}`) });
    expect(forged.statusCode).toBe(400);
    const stopped = await t.app.inject({
      method: 'POST',
      url: path,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(stopped.statusCode).toBe(200);
    expect(stopped.body).toContain('No more invitations');
    const again = await invite(t, await signedUp(t), friend);
    expect([again.statusCode, json(again).msg]).toEqual([409, rewardMessages.recipientRefused]);
    expect(await outbox(t, friend)).toHaveLength(1);
  });
});

describe('sign-up through a link', () => {
  it('tells the friend what they will get (signUpRewardMessage); a sign-up without a link has none', async () => {
    const ann = await signedUp(t);
    const code = referralPath('Ann', ann.userRefnum).split('/').pop();
    const res = await post(t, '/svc/users/easy-signup', { email: freshEmail('linked'), referralCode: code });
    expect(res.statusCode, res.body).toBe(200);
    expect(json<{ data: { signUpRewardMessage?: string } }>(res).data.signUpRewardMessage).toBe(
      signUpRewardMessage('Ann'),
    );
    const plain = await post(t, '/svc/users/easy-signup', { email: freshEmail('plain') });
    expect(json<{ data: object }>(plain).data).not.toHaveProperty('signUpRewardMessage');
  });
});

describe('granting', () => {
  it("pays $5 to each side when the friend's first listing is published, once, in the ledger; both are told", async () => {
    const ann = await signedUp(t);
    const { friend } = await friendWithFirstListing(t, ann);

    const mine = await rewardsOf(t, ann);
    expect(mine).toMatchObject({ balance: 500, pending: 0, lifetime: 500 });
    expect(mine.entries).toMatchObject({ number: 0, size: 25, totalElements: 1 });
    expect(mine.entries.content[0]?.amount).toBe(500);
    // Readable: who earned it, without the reward's internal refnum (the ledger's memo keeps it).
    expect(mine.entries.content[0]?.description).toBe('Reward for inviting Bo K.');
    expect(mine.referrals).toEqual([{ friendName: 'Bo K.', status: 'rewarded' }]);
    expect(await rewardsOf(t, friend)).toMatchObject({ balance: 500, pending: 0, lifetime: 500 });

    // A second listing earns nothing more.
    await publishedListing(t, friend.token);
    await runDueJobs(t);
    expect((await rewardsOf(t, ann)).balance).toBe(500);
    expect((await rewardsOf(t, friend)).balance).toBe(500);
    expect((await rewardRowsOf(t, friend)).rewards.map((r) => [r.side, r.state]).sort()).toEqual([
      ['friend', 'granted'],
      ['inviter', 'granted'],
    ]);

    const told = await adminCall('GET', '/svc/notifications', ann.token);
    expect(told.body).toContain(rewardNotices.inviterGranted('Bo K.'));
    expect((await adminCall('GET', '/svc/notifications', friend.token)).body).toContain(rewardNotices.friendGranted);
    // The notice delivery job mails it within a minute.
    await advanceClock(t, 2);
    const mails = await outbox(t, friend.email);
    expect(mails.some((m) => m.text.includes('$5.00 reward'))).toBe(true);
    await expectSoundLedger(t);
  });

  it('a friend publishing two listings at once still yields one reward each side', async () => {
    const ann = await signedUp(t);
    const friend = await referredFriend(t, ann);
    const forms = [
      await goodForm(t, await draftRef(t, friend.token)),
      await goodForm(t, await draftRef(t, friend.token)),
    ];
    const answers = await Promise.all(forms.map((form) => createListing(t, friend.token, form)));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
    await runDueJobs(t);
    await advanceKeepingSignedIn(t, REWARD_HOLD_HOURS * 60, [ann, friend]);
    expect((await rewardRowsOf(t, friend)).rewards).toHaveLength(2);
    expect(await ledgerBalance(ann)).toBe(500);
    expect(await ledgerBalance(friend)).toBe(500);
    await expectSoundLedger(t);
  });
});

describe('abuse', () => {
  it('no reward when the friend has the inviter’s address under Gmail dots and a +tag', async () => {
    const tag = Math.random().toString(36).slice(2, 8);
    const ann = await signedUp(t, `ann.lee.${tag}@gmail.com`);
    const { friend } = await friendWithFirstListing(t, ann, { email: `AnnLee${tag}+second@googlemail.com` });
    const { referral, rewards: rows } = await rewardRowsOf(t, friend);
    expect([referral.blockedReason, rows]).toEqual(['same_email', []]);
    expect((await rewardsOf(t, ann)).referrals).toEqual([{ friendName: 'Bo K.', status: 'listed' }]);
    expect(await ledgerBalance(ann)).toBe(0);
    expect(await ledgerBalance(friend)).toBe(0);
  });

  it('no reward when both have the same payout bank account', async () => {
    const ann = await signedUp(t);
    await saveBankAccount(t, ann);
    const friend = await referredFriend(t, ann);
    await saveBankAccount(t, friend);
    await publishedListing(t, friend.token);
    await runDueJobs(t);
    const { referral, rewards: rows } = await rewardRowsOf(t, friend);
    expect([referral.blockedReason, rows]).toEqual(['same_bank_account', []]);
  });

  it('different bank accounts do not block', async () => {
    const ann = await signedUp(t);
    await saveBankAccount(t, ann, '000111222333');
    const friend = await referredFriend(t, ann);
    await saveBankAccount(t, friend, '000444555666');
    await publishedListing(t, friend.token);
    await runDueJobs(t);
    expect((await rewardRowsOf(t, friend)).rewards).toHaveLength(2);
  });

  it('no reward when both signed in from the same device', async () => {
    const ann = await signedUp(t);
    const device = `device-${Math.random().toString(36).slice(2)}`;
    await signInAgain(t, ann, device);
    const { friend } = await friendWithFirstListing(t, ann, { device });
    const { referral, rewards: rows } = await rewardRowsOf(t, friend);
    expect([referral.blockedReason, rows]).toEqual(['same_device', []]);
    expect(await ledgerBalance(friend)).toBe(0);
  });

  it(`past the cap of ${MAX_REWARDS_PER_MONTH} rewards in a month (those still held count) an inviter’s next ones wait for review; the console approves one after the hold, audit-logged`, async () => {
    const ann = await signedUp(t);
    const annId = await userIdOf(t, ann);
    const now = new Date((await advanceClock(t, 0)).getTime());
    // The cap's worth this month already, half still in their 72-hour hold (their money is not the point here).
    for (let i = 0; i < MAX_REWARDS_PER_MONTH; i += 1) {
      const someone = await insertSeller(t.database.db);
      const [referral] = await t.database.db
        .insert(referrals)
        .values({ referrerId: annId, referredId: someone.id, listedAt: now })
        .returning();
      await t.database.db.insert(rewards).values({
        refnum: newRefnum('reward'),
        referralId: referral?.id ?? 0,
        userId: annId,
        side: 'inviter',
        state: i % 2 === 0 ? 'pending' : 'granted',
        amountCents: 500,
        windowEndsAt: now,
        createdAt: now,
        updatedAt: now,
      });
    }
    const { friend } = await friendWithFirstListing(t, ann, { holdOver: false });
    const { rewards: rows } = await rewardRowsOf(t, friend);
    expect(rows.map((r) => r.state)).toEqual(['held', 'held']);
    expect(await rewardsOf(t, friend)).toMatchObject({ balance: 0, pending: 500, lifetime: 0 });

    const held = rows.find((r) => r.side === 'friend');
    // Within the 72 hours not even an admin grants it.
    const early = await adminCall('PUT', `/svc/admin/rewards/${held?.refnum}`, admin.token, { decision: 'approve' });
    expect(early.statusCode, early.body).toBe(409);
    expect(json(early).msg).toBe(`The reward is held ${REWARD_HOLD_HOURS} hours after the first listing`);
    // Its record says so: within the hours an admin may only refuse it.
    const waiting = await adminCall('GET', `/svc/admin/rewards/${held?.refnum}`, admin.token);
    expect(json(waiting)).toMatchObject({ status: 'held', actions: ['refuse'] });
    await advanceKeepingSignedIn(t, REWARD_HOLD_HOURS * 60, [ann, friend, admin]);
    expect((await rewardRowsOf(t, friend)).rewards.map((r) => r.state)).toEqual(['held', 'held']);

    const list = await adminCall('GET', '/svc/admin/rewards?filter={"status":"held"}', admin.token);
    expect(list.statusCode, list.body).toBe(200);
    expect(json<unknown[]>(list).map((r) => (r as { id: string }).id)).toContain(held?.refnum);
    expect(json<{ id: string; actions: string[] }[]>(list).find((r) => r.id === held?.refnum)?.actions).toEqual([
      'approve',
      'refuse',
    ]);

    const outsider = await adminCall('PUT', `/svc/admin/rewards/${held?.refnum}`, friend.token, {
      decision: 'approve',
    });
    expect(outsider.statusCode).toBe(403);
    const approved = await adminCall('PUT', `/svc/admin/rewards/${held?.refnum}`, admin.token, { decision: 'approve' });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(json(approved)).toMatchObject({
      id: held?.refnum,
      status: 'granted',
      decidedBy: admin.email,
      actions: [],
    });
    expect(await rewardsOf(t, friend)).toMatchObject({ balance: 500, pending: 0, lifetime: 500 });
    const [audit] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.resource, 'rewards'), eq(auditLog.recordId, held?.refnum ?? '')));
    expect(audit).toMatchObject({ action: 'update', before: { status: 'held' }, after: { status: 'granted' } });
    const again = await adminCall('PUT', `/svc/admin/rewards/${held?.refnum}`, admin.token, { decision: 'refuse' });
    expect(again.statusCode).toBe(409);

    const inviterSide = rows.find((r) => r.side === 'inviter');
    const refused = await adminCall('PUT', `/svc/admin/rewards/${inviterSide?.refnum}`, admin.token, {
      decision: 'refuse',
    });
    expect(json(refused)).toMatchObject({ status: 'refused' });
    await expectSoundLedger(t);
  });
});

describe('the 7-day reversal', () => {
  async function reportAndRemove(listingRefnum: string) {
    admin = await removeAfterReport(t, admin, listingRefnum);
  }

  it('a first listing removed after a report within 7 days reverses both rewards by new ledger entries', async () => {
    const ann = await signedUp(t);
    const { friend, listingRefnum } = await friendWithFirstListing(t, ann);
    // A day before the window ends (the 72-hour hold already passed).
    await advanceClock(t, ((REWARD_REVERSAL_DAYS - 1) * 24 - REWARD_HOLD_HOURS) * 60);
    await reportAndRemove(listingRefnum);

    expect(await rewardsOf(t, await signInAgain(t, friend))).toMatchObject({ balance: 0, lifetime: 0 });
    const mine = await rewardsOf(t, await signInAgain(t, ann));
    expect(mine).toMatchObject({ balance: 0, lifetime: 0 });
    expect(mine.entries.content.map((e) => e.amount)).toEqual([-500, 500]);
    expect(mine.entries.content[0]?.description).toBe('Reward reversed: the first listing was removed after a report');
    expect(mine.referrals).toEqual([{ friendName: 'Bo K.', status: 'reversed' }]);
    expect((await rewardRowsOf(t, friend)).rewards.map((r) => r.state)).toEqual(['reversed', 'reversed']);
    await expectSoundLedger(t);
  });

  it('after 7 days the removal reverses nothing', async () => {
    const ann = await signedUp(t);
    const { friend, listingRefnum } = await friendWithFirstListing(t, ann);
    await advanceClock(t, REWARD_REVERSAL_DAYS * 24 * 60 + 1);
    await reportAndRemove(listingRefnum);
    expect((await rewardsOf(t, await signInAgain(t, friend))).balance).toBe(500);
    expect((await rewardsOf(t, await signInAgain(t, ann))).referrals).toEqual([
      { friendName: 'Bo K.', status: 'rewarded' },
    ]);
    await expectSoundLedger(t);
  });
});

describe('removals that reverse nothing', () => {
  it('the friend deleting their own first listing is no report: the rewards stay', async () => {
    const ann = await signedUp(t);
    const { friend, listingRefnum } = await friendWithFirstListing(t, ann);
    const deleted = await t.app.inject({
      method: 'POST',
      url: `/svc/listing/delete?listingRefnum=${listingRefnum}`,
      headers: { authorization: `Bearer ${friend.token}` },
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    await runDueJobs(t);
    expect((await rewardsOf(t, friend)).balance).toBe(500);
    expect((await rewardRowsOf(t, friend)).rewards.map((r) => r.state)).toEqual(['granted', 'granted']);
  });
});

describe('GET /svc/rewards', () => {
  it('answers the exact shape, by page', async () => {
    const ann = await signedUp(t);
    await friendWithFirstListing(t, ann);
    await friendWithFirstListing(t, ann);
    const res = await adminCall('GET', '/svc/rewards?page=1&size=1', ann.token);
    expect(res.statusCode).toBe(200);
    const data = json<{ data: Record<string, unknown> }>(res).data;
    expect(Object.keys(data).sort()).toEqual(['balance', 'entries', 'lifetime', 'pending', 'referrals']);
    expect(data).toMatchObject({
      balance: 1000,
      pending: 0,
      lifetime: 1000,
      entries: { number: 1, size: 1, totalElements: 2 },
    });
    expect((data.entries as { content: unknown[] }).content).toHaveLength(1);
    expect((await adminCall('GET', '/svc/rewards', undefined as unknown as string)).statusCode).toBe(401);
  });
});
