import type { AdminOrderRecord, LoginData } from '@yardly/shared/contract';
import { payoutMessages } from '@yardly/shared/rules';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, orders, users } from '../src/db/schema/index';
import { checkLedger, ledgerIsSound } from '../src/modules/ledger/check';
import { sellerBalance } from '../src/modules/ledger/ledger';
import { boughtNow, testProviderRefunds } from './checkout-helpers';
import { runDueJobs, startTestApp, type TestApp } from './harness';
import { advanceKeepingSignedIn } from './offer-helpers';
import { deliveredPickup, saveBankAccount } from './payout-helpers';
import { answerReturn, openedReturn, returnDetail } from './return-helpers';
import { signedUpPeople } from './role-helpers';
import { auth, publishedListing } from './selling-helpers';

let t: TestApp;
let seller: LoginData;
let buyer: LoginData;
let admin: LoginData;
let limited: LoginData;

beforeAll(async () => {
  t = await startTestApp();
  ({ seller, buyer, admin, limited } = await signedUpPeople(t, 'seller', 'buyer', 'admin', 'limited'));
});
afterAll(() => t?.close());

function console_(method: 'GET' | 'PUT', url: string, person: LoginData, payload?: object) {
  return t.app.inject({ method, url: `/svc/admin/orders${url}`, headers: auth(person.token), payload });
}

const search = (filter: object, person = admin) =>
  console_('GET', `?filter=${encodeURIComponent(JSON.stringify(filter))}&range=[0,24]`, person);

const refund = (orderId: string, person: LoginData, body: object = { refundReason: 'Item arrived broken' }) =>
  console_('PUT', `/${orderId}`, person, body);

async function sellerId() {
  const [row] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.refnum, seller.userRefnum));
  return row?.id ?? 0;
}

async function soundLedger() {
  expect(ledgerIsSound(await checkLedger(t.database.db))).toBe(true);
}

describe('the console’s orders (/svc/admin/orders)', () => {
  it('finds an order by its id, its listing and either person, with payment, ledger and history', async () => {
    const listing = await publishedListing(t, seller.token, { listingPrice: 3000 });
    const placed = await boughtNow(t, buyer.token, listing);
    for (const filter of [
      { q: placed.orderId },
      { q: listing },
      { q: buyer.email },
      { q: seller.userRefnum },
      { listingId: listing },
      { personId: buyer.userRefnum },
    ]) {
      const found = await search(filter);
      expect(found.statusCode, JSON.stringify(filter)).toBe(200);
      expect(found.headers['content-range']).toMatch(/^orders \d+-\d+\/\d+$/);
      expect(
        (JSON.parse(found.body) as AdminOrderRecord[]).map((o) => o.id),
        JSON.stringify(filter),
      ).toContain(placed.orderId);
    }
    expect(JSON.parse((await search({ q: 'nobody-at-all@example.com' })).body)).toEqual([]);
    const shown = await console_('GET', `/${placed.orderId}`, admin);
    expect(shown.statusCode).toBe(200);
    const order = JSON.parse(shown.body) as AdminOrderRecord;
    expect(order).toMatchObject({
      id: placed.orderId,
      status: 'paid',
      listingId: listing,
      buyerEmail: buyer.email,
      sellerEmail: seller.email,
      itemPrice: 3000,
      commission: 240,
      payment: { provider: 'test', paymentIntentId: expect.stringMatching(/^pi_test/) },
      refundable: true,
      // The order table's events for an admin on a paid order: its cancel (the console's Refund).
      actions: ['cancel'],
      refunds: [],
    });
    expect(order.history.map((h) => [h.event, h.status])).toEqual([['place', 'paid']]);
    expect(order.ledger.map((e) => e.kind)).toEqual(['payment', 'payment', 'sale', 'sale', 'sale', 'sale']);
    expect(order.ledger.reduce((sum, e) => sum + e.amount, 0)).toBe(0);
    expect((await console_('GET', '/R0000000000Z', admin)).statusCode).toBe(404);
  });

  it('is ROLE_ADMIN’s alone: a limited admin and a party get 403, and refund nothing', async () => {
    const placed = await boughtNow(t, buyer.token, await publishedListing(t, seller.token));
    for (const person of [limited, seller, buyer]) {
      expect((await search({}, person)).statusCode).toBe(403);
      expect((await console_('GET', `/${placed.orderId}`, person)).statusCode).toBe(403);
      expect((await refund(placed.orderId, person)).statusCode).toBe(403);
    }
    expect(
      (await t.app.inject({ method: 'PUT', url: `/svc/admin/orders/${placed.orderId}`, payload: {} })).statusCode,
    ).toBe(401);
    const [order] = await t.database.db.select().from(orders).where(eq(orders.refnum, placed.orderId));
    expect(order?.state).toBe('paid');
  });
});

describe('the console’s Refund', () => {
  it('needs a reason', async () => {
    const placed = await boughtNow(t, buyer.token, await publishedListing(t, seller.token));
    for (const body of [{ refundReason: '' }, { refundReason: '   ' }, {}]) {
      const answer = await refund(placed.orderId, admin, body);
      expect(answer.statusCode).toBe(400);
      expect(JSON.parse(answer.body)).toMatchObject({
        msg: payoutMessages.refundReasonRequired,
        errors: [{ field: 'refundReason', message: payoutMessages.refundReasonRequired }],
      });
    }
    expect(JSON.parse((await console_('GET', `/${placed.orderId}`, admin)).body).status).toBe('paid');
  });

  it('cancels an order before shipping, refunds the buyer through the provider, and writes the audit log', async () => {
    const placed = await boughtNow(t, buyer.token, await publishedListing(t, seller.token, { listingPrice: 3000 }));
    await runDueJobs(t);
    const answer = await refund(placed.orderId, admin);
    expect(answer.statusCode).toBe(200);
    const order = JSON.parse(answer.body) as AdminOrderRecord;
    expect(order).toMatchObject({
      status: 'cancelled',
      refundable: false,
      actions: [],
      refunds: [{ amount: order.total, reason: 'Item arrived broken', by: admin.email }],
    });
    expect(order.history.map((h) => [h.event, h.by])).toEqual([
      ['place', buyer.email],
      ['cancel', admin.email],
    ]);
    await runDueJobs(t);
    const refunds = await testProviderRefunds(t, order.payment.paymentIntentId);
    expect(refunds.map((r) => r.amountCents)).toEqual([order.total]);
    const [audit] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.resource, 'orders'), eq(auditLog.recordId, placed.orderId)));
    expect(audit).toMatchObject({
      action: 'update',
      before: { status: 'paid', refunds: [] },
      after: { status: 'cancelled', refunds: [{ reason: 'Item arrived broken' }] },
    });
    const again = await refund(placed.orderId, admin);
    expect([again.statusCode, JSON.parse(again.body).error]).toEqual([409, 'not_refundable']);
    await soundLedger();
  });

  it('refunds one of many admins pressing Refund at once', async () => {
    const placed = await boughtNow(t, buyer.token, await publishedListing(t, seller.token));
    const answers = await Promise.all([1, 2, 3, 4, 5].map(() => refund(placed.orderId, admin)));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409, 409, 409]);
    const shown = JSON.parse((await console_('GET', `/${placed.orderId}`, admin)).body) as AdminOrderRecord;
    expect(shown.refunds).toHaveLength(1);
    await soundLedger();
  });

  it('refunds an order whose return is open, as the order table allows an admin: the return closed, the pending share taken back', async () => {
    const before = await sellerBalance(t.database.db, await sellerId());
    const cast = { seller, buyer, admin, limited };
    const { orderId, returnId } = await openedReturn(t, cast, 2500);
    const shown = JSON.parse((await console_('GET', `/${orderId}`, admin)).body) as AdminOrderRecord;
    expect(shown).toMatchObject({ status: 'returning', refundable: true });

    const answer = await refund(orderId, admin);
    expect(answer.statusCode, answer.body).toBe(200);
    const order = JSON.parse(answer.body) as AdminOrderRecord;
    expect(order).toMatchObject({ status: 'returned', refundable: false, refunds: [{ amount: order.total }] });
    expect(order.history.map((h) => h.event)).toEqual(['place', 'ship', 'arrive', 'openReturn', 'markReturned']);
    const closed = await returnDetail(t, buyer.token, returnId);
    expect(closed.body.data).toMatchObject({ status: 'refunded' });
    expect(await sellerBalance(t.database.db, await sellerId())).toEqual(before);
    await runDueJobs(t);
    const refunds = await testProviderRefunds(t, order.payment.paymentIntentId);
    expect(refunds.map((r) => r.amountCents)).toEqual([order.total]);
    // Nothing left to refund, by the console or by the return's parcel.
    const again = await refund(orderId, admin);
    expect([again.statusCode, JSON.parse(again.body).error]).toEqual([409, 'not_refundable']);
    expect((await answerReturn(t, seller.token, returnId, 'accept')).status).toBe(409);
    await soundLedger();
  });

  it('takes a delivered order’s refund from the seller’s available money, and refuses once it was paid out', async () => {
    const before = await sellerBalance(t.database.db, await sellerId());
    const returned = (await deliveredPickup(t, seller, buyer)).orderId;
    const answer = await refund(returned, admin);
    expect(answer.statusCode).toBe(200);
    expect(JSON.parse(answer.body)).toMatchObject({ status: 'returned', refunds: [{ amount: 2000 }] });
    expect(await sellerBalance(t.database.db, await sellerId())).toEqual(before);
    await runDueJobs(t);
    const intent = (JSON.parse(answer.body) as AdminOrderRecord).payment.paymentIntentId;
    expect(await testProviderRefunds(t, intent)).toHaveLength(1);

    const paidOut = (await deliveredPickup(t, seller, buyer)).orderId;
    await saveBankAccount(t, seller);
    await advanceKeepingSignedIn(t, 24 * 60 + 1, [seller, buyer, admin, limited]);
    const late = await refund(paidOut, admin);
    expect([late.statusCode, JSON.parse(late.body).msg]).toEqual([409, payoutMessages.alreadyPaidOut]);
    await soundLedger();
  });
});
