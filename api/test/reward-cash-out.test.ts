import type { AdminPromotionRecord, AdminPromotionTotal, CashOutResult, LoginData } from '@yardly/shared/contract';
import { PROMOTION_MOVEMENT_LABELS, walletMessages } from '@yardly/shared/rules';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sellerPayouts, testPayouts, users } from '../src/db/schema/index';
import { call, createPI, placeOrder } from './checkout-helpers';
import { runDueJobs, startTestApp, type TestApp } from './harness';
import { freshEmail, signedUp } from './identity-helpers';
import { saveBankAccount } from './payout-helpers';
import { expectSoundLedger, friendWithFirstListing, rewardsOf } from './reward-helpers';
import { withRoles } from './role-helpers';
import { publishedListing } from './selling-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

function cashOut(person: LoginData) {
  return call<CashOutResult>(t, 'POST', '/svc/rewards/cash-out', person.token);
}

async function payoutsOf(person: LoginData) {
  return t.database.db
    .select({ amountCents: sellerPayouts.amountCents, status: sellerPayouts.status })
    .from(sellerPayouts)
    .innerJoin(users, eq(users.id, sellerPayouts.sellerId))
    .where(eq(users.refnum, person.userRefnum));
}

/** An inviter and their friend, each holding a $5.00 reward. */
async function bothRewarded() {
  const inviter = await signedUp(t);
  const { friend } = await friendWithFirstListing(t, inviter);
  return { inviter, friend };
}

describe('cashing rewards out to the bank (the ACH popup)', () => {
  it('sends the whole balance to the bank account on file through a payout, and answers the new balance', async () => {
    const { friend } = await bothRewarded();
    await saveBankAccount(t, friend);
    const sent = await cashOut(friend);
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(sent.body.data).toEqual({ cashedOut: 500, balance: 0, accountNumberMasked: '****6789' });

    const mine = await rewardsOf(t, friend);
    expect(mine.balance).toBe(0);
    expect(mine.entries.content[0]).toMatchObject({
      amount: -500,
      description: 'Rewards cashed out to your bank account',
    });
    expect(await payoutsOf(friend)).toEqual([{ amountCents: 500, status: 'pending' }]);
    await runDueJobs(t);
    expect(await payoutsOf(friend)).toEqual([{ amountCents: 500, status: 'paid' }]);
    const paid = await t.database.db.select().from(testPayouts);
    expect(paid.some((p) => p.amountCents === 500 && p.accountLast4 === '6789')).toBe(true);
    await expectSoundLedger(t);
  });

  it('refuses with nothing to cash out, or no bank account on file (400, nothing written)', async () => {
    const nobody = await signedUp(t);
    await saveBankAccount(t, nobody);
    const empty = await cashOut(nobody);
    expect(empty.status).toBe(400);
    expect(empty.body.errors).toEqual([{ field: 'balance', message: walletMessages.nothingToCashOut }]);

    const { inviter } = await bothRewarded();
    const noBank = await cashOut(inviter);
    expect(noBank.status).toBe(400);
    expect(noBank.body.errors).toEqual([{ field: 'bankAccount', message: walletMessages.noBankAccount }]);
    expect((await rewardsOf(t, inviter)).balance).toBe(500);
    expect(await payoutsOf(inviter)).toEqual([]);

    const guest = await t.app.inject({ method: 'POST', url: '/svc/rewards/cash-out' });
    expect(guest.statusCode).toBe(401);
  });

  it('two cash-outs at once: one payout; the other is told the balance is gone', async () => {
    const { friend } = await bothRewarded();
    await saveBankAccount(t, friend);
    const answers = await Promise.all([cashOut(friend), cashOut(friend)]);
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    // The other finds the balance gone: under the lock (409), or before it when the first had already committed (400).
    const loser = answers.find((a) => a.status !== 200);
    expect([
      [409, walletMessages.alreadyCashedOut],
      [400, walletMessages.nothingToCashOut],
    ]).toContainEqual([loser?.status, loser?.body.msg]);
    expect(await payoutsOf(friend)).toEqual([{ amountCents: 500, status: 'pending' }]);
    expect((await rewardsOf(t, friend)).balance).toBe(0);
    await expectSoundLedger(t);
  });
});

describe('the reward card’s newest reward', () => {
  it('is the newest reward earned, not a spending; none before any', async () => {
    const nobody = await signedUp(t);
    const none = await call<{ reward: unknown }>(t, 'GET', '/svc/rewards/latest', nobody.token);
    expect(none.body.data).toEqual({ reward: null });

    const { friend } = await bothRewarded();
    const seller = await signedUp(t);
    const listingRefnum = await publishedListing(t, seller.token, {
      shippable: false,
      meetToDeliver: true,
      listingPrice: 300,
    });
    const pi = await createPI(t, friend.token, { listingRefnum, deliveryMethod: 'pickup' });
    expect((await placeOrder(t, friend.token, pi.body.data.paymentIntentId)).status).toBe(200);
    const latest = await call<{ reward: { amount: number; description: string } }>(
      t,
      'GET',
      '/svc/rewards/latest',
      friend.token,
    );
    expect(latest.body.data.reward).toMatchObject({ amount: 500 });
    expect(latest.body.data.reward.description).toBe('Reward for your first listing');
  });
});

describe('the console’s promotion list', () => {
  it('lists every movement of people’s rewards with totals, read-only, to admins only', async () => {
    const { friend } = await bothRewarded();
    // Signed in after the reward's 72-hour hold moved the clock.
    const admin = await withRoles(t, await signedUp(t, freshEmail('admin')), ['ROLE_USER', 'ROLE_ADMIN']);
    await saveBankAccount(t, friend);
    expect((await cashOut(friend)).status).toBe(200);

    const list = await call<AdminPromotionRecord[]>(
      t,
      'GET',
      `/svc/admin/promotions?filter=${encodeURIComponent(JSON.stringify({ q: friend.email }))}&sort=["id","DESC"]`,
      admin.token,
    );
    expect(list.status).toBe(200);
    const rows = list.body as unknown as AdminPromotionRecord[];
    expect(rows.map((r) => [r.movement, r.amount, r.userEmail])).toEqual([
      ['cashed_out', -500, friend.email],
      ['granted', 500, friend.email],
    ]);
    expect(rows[0]?.movementLabel).toBe(PROMOTION_MOVEMENT_LABELS.cashed_out);

    const granted = await call<AdminPromotionRecord[]>(
      t,
      'GET',
      `/svc/admin/promotions?filter=${encodeURIComponent(JSON.stringify({ q: friend.email, movement: 'granted' }))}`,
      admin.token,
    );
    expect((granted.body as unknown as AdminPromotionRecord[]).map((r) => r.movement)).toEqual(['granted']);

    const totals = await call<AdminPromotionTotal[]>(t, 'GET', '/svc/admin/promotion-totals', admin.token);
    expect(totals.status).toBe(200);
    const byId = new Map((totals.body as unknown as AdminPromotionTotal[]).map((row) => [row.id, row]));
    expect([...byId.keys()]).toEqual(['granted', 'reversed', 'spent', 'returned', 'cashed_out', 'outstanding']);
    expect(byId.get('granted')?.amount).toBeGreaterThanOrEqual(1000);
    expect(byId.get('cashed_out')?.amount).toBeGreaterThanOrEqual(500);
    const net =
      (byId.get('granted')?.amount ?? 0) -
      (byId.get('reversed')?.amount ?? 0) -
      (byId.get('spent')?.amount ?? 0) +
      (byId.get('returned')?.amount ?? 0) -
      (byId.get('cashed_out')?.amount ?? 0);
    expect(byId.get('outstanding')?.amount).toBe(net);

    for (const url of ['/svc/admin/promotions', '/svc/admin/promotion-totals']) {
      expect((await call(t, 'GET', url, friend.token)).status).toBe(403);
    }
    const write = await t.app.inject({
      method: 'PUT',
      url: `/svc/admin/promotions/${rows[0]?.id}`,
      payload: {},
      headers: { authorization: `Bearer ${admin.token}` },
    });
    expect(write.statusCode).toBe(404);
  });
});
