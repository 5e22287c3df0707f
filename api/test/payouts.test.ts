import type { LoginData } from '@yardly/shared/contract';
import { PAYOUT_ENTRY_LABELS, payoutMessages } from '@yardly/shared/rules';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, sellerPayouts, testPayouts } from '../src/db/schema/index';
import { checkLedger, ledgerIsSound } from '../src/modules/ledger/check';
import { postOrderReleased } from '../src/modules/ledger/order-postings';
import { createTestProvider } from '../src/modules/payments/test-provider/provider';
import { accountNumberCipher } from '../src/modules/payouts/bank-account';
import { sendPayout, startPayout } from '../src/modules/payouts/send';
import { boughtNow, call } from './checkout-helpers';
import { startTestApp, type TestApp } from './harness';
import { freshEmail, signedUp, userIdOf } from './identity-helpers';
import { noticeRowsOf } from './notification-helpers';
import { advanceKeepingSignedIn } from './offer-helpers';
import { deliveredPickup, GOOD_ACCOUNT, saveBankAccount } from './payout-helpers';
import { signedUpPeople } from './role-helpers';
import { publishedListing } from './selling-helpers';

const DAY = 24 * 60;
/** Stripe's test account whose payouts fail (the built-in provider fails them too). */
const FAILING_ACCOUNT = '000111111116';

type Balance = { pending: number; available: number; paidOut: number; transferredCents: number };
type Entries = {
  docs: {
    kind: string;
    label: string;
    part: string;
    amount: number;
    orderId: string | null;
    listingRefnum: string | null;
    listingTitle: string | null;
    date: string;
  }[];
  totalElements: number;
  number: number;
  size: number;
};
type PayoutRecord = {
  id: number;
  status: string;
  amount: number;
  attempts: number;
  failure: string | null;
  actions: string[];
};

let t: TestApp;
let buyer: LoginData;
let admin: LoginData;
let limited: LoginData;

beforeAll(async () => {
  t = await startTestApp();
  ({ buyer, admin, limited } = await signedUpPeople(t, 'buyer', 'admin', 'limited'));
});
afterAll(() => t?.close());

const balance = (person: LoginData) => call<Balance>(t, 'GET', '/svc/payouts/balance', person.token);
const entries = (person: LoginData, query = '') =>
  call<Entries>(t, 'GET', `/svc/payouts/entries${query}`, person.token);

/** Days pass: the daily payout run and the sends it queues run on the dev clock. */
function daysPass(days: number, ...people: LoginData[]) {
  return advanceKeepingSignedIn(t, days * DAY + 1, [buyer, admin, limited, ...people]);
}

async function payoutsOf(person: LoginData) {
  return t.database.db
    .select()
    .from(sellerPayouts)
    .where(eq(sellerPayouts.sellerId, await userIdOf(t, person)));
}

async function soundLedger() {
  const report = await checkLedger(t.database.db);
  expect([report.unbalanced, report.mismatched, report.negative]).toEqual([[], [], []]);
  expect(ledgerIsSound(report)).toBe(true);
}

describe('the balance and the history (GET /svc/payouts/balance, /entries)', () => {
  it('needs a signed-in caller, and starts at zero', async () => {
    expect((await call(t, 'GET', '/svc/payouts/balance')).status).toBe(401);
    expect((await call(t, 'GET', '/svc/payouts/entries')).status).toBe(401);
    const seller = await signedUp(t, freshEmail('new-seller'));
    expect((await balance(seller)).body).toMatchObject({
      code: 200,
      data: { pending: 0, available: 0, paidOut: 0, transferredCents: 0 },
    });
    expect((await entries(seller)).body.data).toEqual({ docs: [], totalElements: 0, number: 0, size: 25 });
  });

  it('holds a sale as pending, makes it available at delivery, and lists each movement with its order', async () => {
    const seller = await signedUp(t, freshEmail('seller'));
    const listing = await publishedListing(t, seller.token, { listingPrice: 3000 });
    const placed = await boughtNow(t, buyer.token, listing);
    // $30.00 at 8% commission: $27.60 for the seller, held until delivery.
    expect((await balance(seller)).body.data).toEqual({ pending: 2760, available: 0, paidOut: 0, transferredCents: 0 });
    expect((await balance(buyer)).body.data).toEqual({ pending: 0, available: 0, paidOut: 0, transferredCents: 0 });
    const sale = (await entries(seller)).body.data;
    expect(sale.totalElements).toBe(1);
    expect(sale.docs[0]).toMatchObject({
      kind: 'sale',
      label: PAYOUT_ENTRY_LABELS.sale,
      part: 'pending',
      amount: 2760,
      orderId: placed.orderId,
      listingRefnum: listing,
      listingTitle: expect.any(String),
    });
    const local = await deliveredPickup(t, seller, buyer);
    expect((await balance(seller)).body.data).toEqual({
      pending: 2760,
      available: 1700,
      paidOut: 0,
      transferredCents: 0,
    });
    const all = (await entries(seller)).body.data;
    expect(all.totalElements).toBe(4);
    expect(all.docs.filter((e) => e.orderId === local.orderId).map((e) => [e.kind, e.part, e.amount])).toEqual(
      expect.arrayContaining([
        ['sale', 'pending', 1700],
        ['release', 'pending', -1700],
        ['release', 'available', 1700],
      ]),
    );
    const page = (await entries(seller, '?page=1&size=3')).body.data;
    expect([page.number, page.size, page.totalElements, page.docs.length]).toEqual([1, 3, 4, 1]);
    expect((await entries(seller, '?size=0')).status).toBe(400);
  });
});

describe('the daily payout run', () => {
  it('pays a local sale within a day of its pickup code, once, through the provider', async () => {
    const seller = await signedUp(t, freshEmail('local-seller'));
    await saveBankAccount(t, seller, GOOD_ACCOUNT);
    await deliveredPickup(t, seller, buyer);
    await daysPass(1, seller);
    expect((await balance(seller)).body.data).toEqual({ pending: 0, available: 0, paidOut: 1700, transferredCents: 0 });
    const [payout] = await payoutsOf(seller);
    expect(payout).toMatchObject({ status: 'paid', amountCents: 1700, attempts: 1 });
    const sent = await t.database.db
      .select()
      .from(testPayouts)
      .where(eq(testPayouts.id, payout?.providerPayoutId ?? ''));
    expect(sent).toMatchObject([{ amountCents: 1700, accountLast4: '6789' }]);
    const history = (await entries(seller)).body.data.docs;
    expect(history[0]).toMatchObject({
      kind: 'payout',
      label: PAYOUT_ENTRY_LABELS.payout,
      part: 'paid_out',
      amount: 1700,
    });
    await daysPass(1, seller);
    expect(await payoutsOf(seller)).toHaveLength(1);
    await soundLedger();
  });

  it('holds a shipped order’s money five days after delivery, then pays it', async () => {
    const seller = await signedUp(t, freshEmail('ship-seller'));
    await saveBankAccount(t, seller, GOOD_ACCOUNT);
    const placed = await boughtNow(t, buyer.token, await publishedListing(t, seller.token, { listingPrice: 5000 }));
    // Delivery of a shipped order arrives with tracking (the shipping issue): here it is marked as that will.
    const db = t.database.db;
    const [order] = await db.select().from(orders).where(eq(orders.refnum, placed.orderId));
    if (!order) throw new Error('no order');
    await db.transaction(async (tx) => {
      await tx.update(orders).set({ state: 'delivered' }).where(eq(orders.id, order.id));
      await postOrderReleased(tx, order, t.app.clock.now());
    });
    // $50.00 at 5%: $47.50 available, held.
    expect((await balance(seller)).body.data).toEqual({ pending: 0, available: 4750, paidOut: 0, transferredCents: 0 });
    await daysPass(4, seller);
    expect((await balance(seller)).body.data).toEqual({ pending: 0, available: 4750, paidOut: 0, transferredCents: 0 });
    expect(await payoutsOf(seller)).toEqual([]);
    await daysPass(2, seller);
    expect((await balance(seller)).body.data).toEqual({ pending: 0, available: 0, paidOut: 4750, transferredCents: 0 });
    await soundLedger();
  });

  it('keeps the balance of a seller without a bank account, and pays once one is added', async () => {
    const seller = await signedUp(t, freshEmail('no-bank'));
    await deliveredPickup(t, seller, buyer);
    await daysPass(2, seller);
    expect((await balance(seller)).body.data).toEqual({ pending: 0, available: 1700, paidOut: 0, transferredCents: 0 });
    expect(await payoutsOf(seller)).toEqual([]);
    expect((await call(t, 'GET', '/svc/account/bankAccount', seller.token)).body.data).toBeNull();
    await saveBankAccount(t, seller, GOOD_ACCOUNT);
    await daysPass(1, seller);
    expect((await balance(seller)).body.data).toEqual({ pending: 0, available: 0, paidOut: 1700, transferredCents: 0 });
  });

  it('pays once when the run and the send go twice at the same moment', async () => {
    const seller = await signedUp(t, freshEmail('twice'));
    await saveBankAccount(t, seller, GOOD_ACCOUNT);
    await deliveredPickup(t, seller, buyer);
    const sellerId = await userIdOf(t, seller);
    const now = t.app.clock.now();
    const started = await Promise.all([1, 2, 3].map(() => startPayout(t.database.db, t.app.jobs, sellerId, now)));
    expect(started.filter((id) => id !== null)).toHaveLength(1);
    const [payout] = await payoutsOf(seller);
    const db = t.database.db;
    const deps = {
      db,
      payments: createTestProvider({ db, clock: t.app.clock }),
      cipher: accountNumberCipher(t.secret),
    };
    await Promise.all([1, 2].map(() => sendPayout(deps, { payoutId: payout?.id ?? 0, attempt: 1 }, now)));
    const sent = await t.database.db.select().from(testPayouts);
    const mine = sent.filter((row) => row.metadata.payoutId === String(payout?.id));
    expect(mine.map((row) => row.kind).sort()).toEqual(['payout', 'transfer']);
    expect((await balance(seller)).body.data).toEqual({ pending: 0, available: 0, paidOut: 1700, transferredCents: 0 });
    await soundLedger();
  });
});

describe('a failed payout', () => {
  it('returns the money to available, tells the seller, and an admin can send it again', async () => {
    const seller = await signedUp(t, freshEmail('failing'));
    await saveBankAccount(t, seller, FAILING_ACCOUNT);
    await deliveredPickup(t, seller, buyer);
    await daysPass(1, seller);
    const [failed] = await payoutsOf(seller);
    expect(failed).toMatchObject({ status: 'failed', failure: expect.stringContaining('no_account'), attempts: 1 });
    // The money reached the seller's account at the provider: it stays there, to be paid out again.
    expect((await balance(seller)).body.data).toEqual({ pending: 0, available: 0, paidOut: 0, transferredCents: 1700 });
    const told = await noticeRowsOf(t, seller);
    expect(told.some((n) => n.link === '/settings/bank-account' && n.text.includes('no_account'))).toBe(true);
    expect((await entries(seller)).body.data.docs[0]).toMatchObject({
      kind: 'transfer',
      label: 'Sent to your Stripe account',
      part: 'transferred',
      amount: 1700,
    });

    const id = failed?.id ?? 0;
    const list = await t.app.inject({
      method: 'GET',
      url: `/svc/admin/payouts?filter=${encodeURIComponent(JSON.stringify({ status: 'failed' }))}&range=[0,99]`,
      headers: { authorization: `Bearer ${admin.token}` },
    });
    expect(list.statusCode).toBe(200);
    expect(list.headers['content-range']).toMatch(/^payouts 0-\d+\/\d+$/);
    expect((JSON.parse(list.body) as PayoutRecord[]).map((p) => p.id)).toContain(id);
    // What the payout table allows an admin on it: Retry.
    expect((JSON.parse(list.body) as PayoutRecord[]).find((p) => p.id === id)?.actions).toEqual(['retry']);

    const retry = (person: LoginData) =>
      t.app.inject({
        method: 'PUT',
        url: `/svc/admin/payouts/${id}`,
        payload: { retry: true },
        headers: { authorization: `Bearer ${person.token}` },
      });
    expect((await retry(limited)).statusCode).toBe(403);
    expect((await retry(seller)).statusCode).toBe(403);
    await saveBankAccount(t, seller, GOOD_ACCOUNT);
    const retried = await retry(admin);
    expect(retried.statusCode).toBe(200);
    expect(JSON.parse(retried.body)).toMatchObject({ id, status: 'pending', attempts: 2, failure: null, actions: [] });
    await daysPass(0, seller);
    expect((await payoutsOf(seller))[0]).toMatchObject({ status: 'paid', attempts: 2 });
    expect((await balance(seller)).body.data).toEqual({ pending: 0, available: 0, paidOut: 1700, transferredCents: 0 });
    const again = await retry(admin);
    expect([again.statusCode, JSON.parse(again.body).msg]).toEqual([409, payoutMessages.notFailed]);
    expect((await retry(admin)).statusCode).toBe(409);
    await soundLedger();
  });

  it('is paid out again by the next daily run from the seller’s account at the provider, never transferred again', async () => {
    const seller = await signedUp(t, freshEmail('superseded'));
    await saveBankAccount(t, seller, FAILING_ACCOUNT);
    await deliveredPickup(t, seller, buyer);
    await daysPass(1, seller);
    await saveBankAccount(t, seller, GOOD_ACCOUNT);
    await daysPass(1, seller);
    const rows = await payoutsOf(seller);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: 'paid', attempts: 2, transferId: expect.stringMatching(/^tr_test_/) });
    const moved = (await t.database.db.select().from(testPayouts)).filter(
      (row) => row.metadata.payoutId === String(rows[0]?.id),
    );
    expect(moved.map((row) => [row.kind, row.status, row.amountCents])).toEqual([
      ['transfer', 'paid', 1700],
      ['payout', 'failed', 1700],
      ['payout', 'paid', 1700],
    ]);
    const answer = await t.app.inject({
      method: 'PUT',
      url: `/svc/admin/payouts/${rows[0]?.id}`,
      payload: { retry: true },
      headers: { authorization: `Bearer ${admin.token}` },
    });
    expect([answer.statusCode, JSON.parse(answer.body).error]).toEqual([409, 'not_failed']);
    expect((await balance(seller)).body.data).toEqual({ pending: 0, available: 0, paidOut: 1700, transferredCents: 0 });
    await soundLedger();
  });
});
