import type { AdminCardRefundRecord, AdminJobRecord, LoginData } from '@yardly/shared/contract';
import { orderMessages, PENDING_REFUND_CHECK_EVERY_MINUTES } from '@yardly/shared/rules';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerEntries, ledgerTransactions, orders } from '../src/db/schema/index';
import { LEDGER } from '../src/modules/ledger/accounts';
import { checkLedger, ledgerIsSound } from '../src/modules/ledger/check';
import { call } from './checkout-helpers';
import { closeInOrder, runDueJobs, startTestApp, type TestApp } from './harness';
import { noticeTextsOf } from './notification-helpers';
import { advanceKeepingSignedIn, refreshed } from './offer-helpers';
import { signedUpPeople } from './role-helpers';
import type { StripeStandIn } from './stripe-stand-in';
import { deliver, placedAtStandIn, stripeApp, stripeEvent } from './webhook-helpers';

/**
 * Issue 34: a refund Stripe does not make is not counted. Stripe takes a refund from the platform's
 * available balance; when that cannot cover it, the refund is held `pending` (pending_reason
 * `insufficient_funds`) until the balance is back, and may fail. The ledger owes the card until
 * Stripe made the refund, the console shows it, an admin sends a failed one again, once.
 */

/** The ledger's refunds owed to cards (LEDGER.refundsOwed), named here so the test also runs, and fails, on the code before it. */
const OWED = 'refunds_owed';

let t: TestApp;
let standIn: StripeStandIn;
let seller: LoginData;
let admin: LoginData;

beforeAll(async () => {
  ({ t, standIn } = await stripeApp(startTestApp));
  ({ seller, admin } = await signedUpPeople(t, 'seller', 'admin'));
});
afterAll(() => closeInOrder(t, standIn));

/** A $42.00 shipped order paid by card at the stand-in and captured. */
async function paidOrder() {
  const { buyer, intentId } = await placedAtStandIn(t, standIn, seller.token);
  await runDueJobs(t);
  const [order] = await t.database.db.select().from(orders).where(eq(orders.paymentIntentId, intentId));
  if (!order) throw new Error('no order');
  expect(standIn.objects('pi').find((pi) => pi.id === intentId)?.status).toBe('succeeded');
  return { buyer, intentId, order };
}

/** What the ledger posted to `account` for this order. */
async function ledgerOf(orderId: number, account: string): Promise<number> {
  const rows = await t.database.db
    .select({ amount: ledgerEntries.amountCents })
    .from(ledgerEntries)
    .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
    .where(and(eq(ledgerTransactions.orderId, orderId), eq(ledgerEntries.account, account)));
  return rows.reduce((sum, r) => sum + r.amount, 0);
}

const stripeRefundsOf = (intentId: string) => standIn.objects('re').filter((re) => re.payment_intent === intentId);

async function consoleRefunds(orderRefnum: string): Promise<AdminCardRefundRecord[]> {
  const filter = encodeURIComponent(JSON.stringify({ orderId: orderRefnum }));
  const res = await t.app.inject({
    method: 'GET',
    url: `/svc/admin/card-refunds?filter=${filter}&range=[0,99]`,
    headers: { authorization: `Bearer ${admin.token}` },
  });
  expect(res.statusCode).toBe(200);
  return JSON.parse(res.body) as AdminCardRefundRecord[];
}

const retry = (id: number, person = admin) =>
  t.app.inject({
    method: 'PUT',
    url: `/svc/admin/card-refunds/${id}`,
    payload: { retry: true },
    headers: { authorization: `Bearer ${person.token}` },
  });

/** The seller cancels with the platform's balance emptied: Stripe cannot cover the refund. */
async function cancelledWithoutBalance() {
  const paid = await paidOrder();
  standIn.drain(standIn.balance());
  const cancelled = await call(t, 'POST', '/svc/orders/cancel', seller.token, { orderId: paid.order.refnum });
  expect(cancelled.status).toBe(200);
  await runDueJobs(t);
  return paid;
}

describe('a refund the platform’s Stripe balance cannot cover', () => {
  it('is held by Stripe: the ledger owes it, does not count it, the console shows it, the buyer is not told yet', async () => {
    const { buyer, intentId, order } = await cancelledWithoutBalance();
    const [held] = stripeRefundsOf(intentId);
    expect(held).toMatchObject({ status: 'pending', pending_reason: 'insufficient_funds', amount: order.totalCents });
    expect(await ledgerOf(order.id, LEDGER.refunds)).toBe(0);
    expect(await ledgerOf(order.id, OWED)).toBe(order.totalCents);
    expect(await ledgerIsSound(await checkLedger(t.database.db))).toBe(true);
    expect(await consoleRefunds(order.refnum)).toMatchObject([
      { status: 'pending', failure: 'insufficient_funds', amount: order.totalCents, attempts: 1 },
    ]);
    expect(await noticeTextsOf(t, buyer)).not.toContain(orderMessages.sellerCancelled);
    const record = await t.app.inject({
      method: 'GET',
      url: `/svc/admin/orders/${order.refnum}`,
      headers: { authorization: `Bearer ${admin.token}` },
    });
    expect(JSON.parse(record.body).cardRefunds).toMatchObject([
      { status: 'pending', failure: 'insufficient_funds', amount: order.totalCents },
    ]);

    // Money reaches the balance: Stripe makes the refund and says so.
    const [made] = standIn.topUp(order.totalCents);
    expect(made).toMatchObject({ id: held?.id, status: 'succeeded' });
    const event = stripeEvent('refund.updated', made as Record<string, unknown>);
    expect(await deliver(t, event.payload)).toEqual({ status: 200, applied: true });
    expect(await deliver(t, event.payload)).toEqual({ status: 200, applied: false });
    expect(await ledgerOf(order.id, LEDGER.refunds)).toBe(order.totalCents);
    expect(await ledgerOf(order.id, OWED)).toBe(0);
    expect((await consoleRefunds(order.refnum))[0]).toMatchObject({ status: 'succeeded', failure: null });
    expect((await noticeTextsOf(t, buyer)).filter((n) => n === orderMessages.sellerCancelled)).toHaveLength(1);
    expect(await ledgerIsSound(await checkLedger(t.database.db))).toBe(true);
  });

  it('fails at Stripe: recorded as failed, still owed, and an admin’s retry after a top-up refunds it exactly once', async () => {
    const { buyer, intentId, order } = await cancelledWithoutBalance();
    const [held] = stripeRefundsOf(intentId);
    const failed = standIn.failRefund(String(held?.id));
    expect(await deliver(t, stripeEvent('refund.failed', failed).payload)).toEqual({ status: 200, applied: true });
    const [shown] = await consoleRefunds(order.refnum);
    expect(shown).toMatchObject({ status: 'failed', failure: 'insufficient_funds', attempts: 1 });
    expect(await ledgerOf(order.id, LEDGER.refunds)).toBe(0);
    expect(await ledgerOf(order.id, OWED)).toBe(order.totalCents);
    expect(await noticeTextsOf(t, buyer)).not.toContain(orderMessages.sellerCancelled);

    // Only an admin may send it again; the balance is topped up first.
    expect((await retry(shown?.id ?? 0, buyer)).statusCode).toBe(403);
    standIn.topUp(order.totalCents);
    const [first, second] = await Promise.all([retry(shown?.id ?? 0), retry(shown?.id ?? 0)]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([200, 409]);
    await runDueJobs(t);
    await runDueJobs(t);
    const made = stripeRefundsOf(intentId).filter((re) => re.status === 'succeeded');
    expect(made).toHaveLength(1);
    expect(made[0]?.amount).toBe(order.totalCents);
    expect((await consoleRefunds(order.refnum))[0]).toMatchObject({ status: 'succeeded', attempts: 2 });
    expect(await ledgerOf(order.id, LEDGER.refunds)).toBe(order.totalCents);
    expect(await ledgerOf(order.id, OWED)).toBe(0);
    expect((await noticeTextsOf(t, buyer)).filter((n) => n === orderMessages.sellerCancelled)).toHaveLength(1);
    expect((await retry(shown?.id ?? 0)).statusCode).toBe(409);
    expect(await consoleRefunds(order.refnum)).toHaveLength(1);
    expect(await ledgerIsSound(await checkLedger(t.database.db))).toBe(true);
  });

  it('refused by Stripe when asked (a disputed charge): failed at once, its job dead in the console’s jobs list', async () => {
    const { buyer, intentId, order } = await paidOrder();
    standIn.dispute(intentId);
    expect((await call(t, 'POST', '/svc/orders/cancel', seller.token, { orderId: order.refnum })).status).toBe(200);
    await runDueJobs(t);
    expect((await consoleRefunds(order.refnum))[0]).toMatchObject({ status: 'failed', attempts: 1 });
    expect(stripeRefundsOf(intentId)).toEqual([]);
    expect(await ledgerOf(order.id, LEDGER.refunds)).toBe(0);
    expect(await noticeTextsOf(t, buyer)).not.toContain(orderMessages.sellerCancelled);
    const filter = encodeURIComponent(JSON.stringify({ state: 'dead', name: 'payments.send-card-refund' }));
    const jobs = await t.app.inject({
      method: 'GET',
      url: `/svc/admin/jobs?filter=${filter}&range=[0,99]`,
      headers: { authorization: `Bearer ${admin.token}` },
    });
    expect(jobs.statusCode).toBe(200);
    const dead = (JSON.parse(jobs.body) as AdminJobRecord[]).filter((job) => job.lastError?.includes('charged back'));
    expect(dead).toHaveLength(1);
  });

  it('already refunded in part at Stripe (its dashboard, the event not arrived): only the rest is refunded, and counted once', async () => {
    const { intentId, order } = await paidOrder();
    standIn.refundFromDashboard(intentId, 1000);
    expect((await call(t, 'POST', '/svc/orders/cancel', seller.token, { orderId: order.refnum })).status).toBe(200);
    await runDueJobs(t);
    const made = stripeRefundsOf(intentId).filter((re) => re.status === 'succeeded');
    expect(made.map((re) => re.amount).sort()).toEqual([1000, order.totalCents - 1000].sort());
    expect((await consoleRefunds(order.refnum))[0]).toMatchObject({
      status: 'succeeded',
      amount: order.totalCents - 1000,
    });
    expect(await ledgerOf(order.id, LEDGER.refunds)).toBe(order.totalCents);
    expect(await ledgerOf(order.id, OWED)).toBe(0);
    // The dashboard's event arrives late: nothing new was refunded.
    const late = stripeEvent('charge.refunded', {
      id: `ch_${intentId}`,
      object: 'charge',
      payment_intent: intentId,
      amount_refunded: order.totalCents,
      refunded: true,
    });
    expect(await deliver(t, late.payload)).toEqual({ status: 200, applied: true });
    expect(await ledgerOf(order.id, LEDGER.refunds)).toBe(order.totalCents);
    expect(await ledgerIsSound(await checkLedger(t.database.db))).toBe(true);
  });

  it('held and then made or failed at Stripe without its event reaching Yardly: the hourly check reads it again and records it once', async () => {
    // One refund Stripe holds and then fails; another it holds and then makes once the balance
    // recovers. Neither event reaches Yardly.
    const failed = await cancelledWithoutBalance();
    const [heldToFail] = stripeRefundsOf(failed.intentId);
    standIn.failRefund(String(heldToFail?.id));
    const made = await cancelledWithoutBalance();
    const [heldToMake] = stripeRefundsOf(made.intentId);
    standIn.topUp(made.order.totalCents);
    expect(stripeRefundsOf(made.intentId)[0]).toMatchObject({ id: heldToMake?.id, status: 'succeeded' });
    expect((await consoleRefunds(made.order.refnum))[0]).toMatchObject({ status: 'pending' });

    // Not before it has waited an hour since Stripe's last word.
    await advanceKeepingSignedIn(t, PENDING_REFUND_CHECK_EVERY_MINUTES - 5, [admin]);
    expect((await consoleRefunds(made.order.refnum))[0]).toMatchObject({ status: 'pending' });
    await advanceKeepingSignedIn(t, PENDING_REFUND_CHECK_EVERY_MINUTES + 10, [admin]);
    expect((await consoleRefunds(made.order.refnum))[0]).toMatchObject({ status: 'succeeded', failure: null });
    expect((await consoleRefunds(failed.order.refnum))[0]).toMatchObject({
      status: 'failed',
      failure: 'insufficient_funds',
    });
    expect(await ledgerOf(made.order.id, LEDGER.refunds)).toBe(made.order.totalCents);
    expect(await ledgerOf(made.order.id, OWED)).toBe(0);
    expect(await ledgerOf(failed.order.id, LEDGER.refunds)).toBe(0);
    expect(await ledgerOf(failed.order.id, OWED)).toBe(failed.order.totalCents);
    expect((await noticeTextsOf(t, made.buyer)).filter((n) => n === orderMessages.sellerCancelled)).toHaveLength(1);
    expect(await noticeTextsOf(t, failed.buyer)).not.toContain(orderMessages.sellerCancelled);

    // The event comes after all: the refund is not counted twice, nor the buyer told twice.
    const late = stripeEvent('refund.updated', stripeRefundsOf(made.intentId)[0] as Record<string, unknown>);
    expect((await deliver(t, late.payload)).status).toBe(200);
    await advanceKeepingSignedIn(t, PENDING_REFUND_CHECK_EVERY_MINUTES, [admin]);
    expect(await ledgerOf(made.order.id, LEDGER.refunds)).toBe(made.order.totalCents);
    expect((await noticeTextsOf(t, made.buyer)).filter((n) => n === orderMessages.sellerCancelled)).toHaveLength(1);
    expect(await ledgerIsSound(await checkLedger(t.database.db))).toBe(true);
  });

  it('made in Stripe’s dashboard while the balance is short: counted once Stripe makes it, never if it fails', async () => {
    const charged = (intentId: string, refunded: number) =>
      stripeEvent('charge.refunded', {
        id: `ch_${intentId}`,
        object: 'charge',
        payment_intent: intentId,
        amount_refunded: refunded,
        refunded: false,
      });
    await refreshed(t, seller);
    const made = await paidOrder();
    const failing = await paidOrder();
    standIn.drain(standIn.balance());
    const [toMake] = [standIn.refundFromDashboard(made.intentId, 1000)];
    const [toFail] = [standIn.refundFromDashboard(failing.intentId, 1500)];
    expect([toMake?.status, toFail?.status]).toEqual(['pending', 'pending']);
    // Stripe tells of the refunds at once: held, they gave nothing back yet.
    expect((await deliver(t, charged(made.intentId, 1000).payload)).status).toBe(200);
    expect((await deliver(t, charged(failing.intentId, 1500).payload)).status).toBe(200);
    expect(await ledgerOf(made.order.id, LEDGER.refunds)).toBe(0);
    expect(await ledgerOf(failing.order.id, LEDGER.refunds)).toBe(0);

    // One fails; the balance recovers and Stripe makes the other.
    const failed = standIn.failRefund(String(toFail?.id));
    expect((await deliver(t, stripeEvent('refund.failed', failed).payload)).status).toBe(200);
    const [released] = standIn.topUp(100_000);
    expect(released).toMatchObject({ id: toMake?.id, status: 'succeeded' });
    const updated = stripeEvent('refund.updated', released as Record<string, unknown>);
    expect((await deliver(t, updated.payload)).status).toBe(200);
    expect(await ledgerOf(made.order.id, LEDGER.refunds)).toBe(1000);
    expect(await ledgerOf(failing.order.id, LEDGER.refunds)).toBe(0);
    // Told again, and by charge.refunded too: counted once.
    expect((await deliver(t, stripeEvent('refund.updated', released as Record<string, unknown>).payload)).status).toBe(
      200,
    );
    expect((await deliver(t, charged(made.intentId, 1000).payload)).status).toBe(200);
    expect(await ledgerOf(made.order.id, LEDGER.refunds)).toBe(1000);
    expect(await ledgerIsSound(await checkLedger(t.database.db))).toBe(true);
  });

  it('owed while Stripe holds a dashboard refund of the same payment: waits for it, and counts it once made, refunding nothing twice', async () => {
    await refreshed(t, seller);
    const { buyer, intentId, order } = await paidOrder();
    standIn.drain(standIn.balance());
    const held = standIn.refundFromDashboard(intentId);
    expect(held).toMatchObject({ status: 'pending', amount: order.totalCents });
    expect((await call(t, 'POST', '/svc/orders/cancel', seller.token, { orderId: order.refnum })).status).toBe(200);
    await runDueJobs(t);
    // Stripe refuses a second refund of the charge; Yardly's waits, neither failed nor counted.
    expect(stripeRefundsOf(intentId)).toHaveLength(1);
    expect((await consoleRefunds(order.refnum))[0]).toMatchObject({ status: 'sending' });
    expect(await ledgerOf(order.id, OWED)).toBe(order.totalCents);

    const [made] = standIn.topUp(100_000);
    expect(made).toMatchObject({ id: held.id, status: 'succeeded' });
    expect((await deliver(t, stripeEvent('refund.updated', made as Record<string, unknown>).payload)).status).toBe(200);
    await advanceKeepingSignedIn(t, 6 * 60, [admin, seller]);
    expect(stripeRefundsOf(intentId)).toHaveLength(1);
    expect((await consoleRefunds(order.refnum))[0]).toMatchObject({ status: 'succeeded' });
    expect(await ledgerOf(order.id, LEDGER.refunds)).toBe(order.totalCents);
    expect(await ledgerOf(order.id, OWED)).toBe(0);
    expect((await noticeTextsOf(t, buyer)).filter((n) => n === orderMessages.sellerCancelled)).toHaveLength(1);
    expect(await ledgerIsSound(await checkLedger(t.database.db))).toBe(true);
  });

  it('owed while Stripe holds a dashboard refund for days, past its tries: sent again when Stripe makes it, and counted once', async () => {
    await refreshed(t, seller);
    const { intentId, order } = await paidOrder();
    standIn.drain(standIn.balance());
    const held = standIn.refundFromDashboard(intentId);
    expect((await call(t, 'POST', '/svc/orders/cancel', seller.token, { orderId: order.refnum })).status).toBe(200);
    // Days of tries, each refused while the dashboard refund is held, until the job gives up.
    for (let tries = 0; tries < 22; tries += 1) await advanceKeepingSignedIn(t, 6 * 60, [admin, seller]);
    expect((await consoleRefunds(order.refnum))[0]).toMatchObject({ status: 'sending' });
    const filter = encodeURIComponent(JSON.stringify({ state: 'dead', name: 'payments.send-card-refund' }));
    const jobs = await t.app.inject({
      method: 'GET',
      url: `/svc/admin/jobs?filter=${filter}&range=[0,99]`,
      headers: { authorization: `Bearer ${admin.token}` },
    });
    expect(
      (JSON.parse(jobs.body) as AdminJobRecord[]).some((job) => job.lastError?.includes('waits for a refund')),
    ).toBe(true);

    const [made] = standIn.topUp(100_000);
    expect(made).toMatchObject({ id: held.id, status: 'succeeded' });
    expect((await deliver(t, stripeEvent('refund.updated', made as Record<string, unknown>).payload)).status).toBe(200);
    await runDueJobs(t);
    expect(stripeRefundsOf(intentId)).toHaveLength(1);
    expect((await consoleRefunds(order.refnum))[0]).toMatchObject({ status: 'succeeded' });
    expect(await ledgerOf(order.id, LEDGER.refunds)).toBe(order.totalCents);
    expect(await ledgerOf(order.id, OWED)).toBe(0);
    expect(await ledgerIsSound(await checkLedger(t.database.db))).toBe(true);
  });

  it('failed at Stripe and then made by support in its dashboard: the owed card refund counts it, and nothing is refunded twice', async () => {
    await refreshed(t, seller);
    const { buyer, intentId, order } = await cancelledWithoutBalance();
    const [held] = stripeRefundsOf(intentId);
    const failed = standIn.failRefund(String(held?.id));
    expect((await deliver(t, stripeEvent('refund.failed', failed).payload)).status).toBe(200);
    expect((await consoleRefunds(order.refnum))[0]).toMatchObject({ status: 'failed' });

    standIn.topUp(100_000);
    const support = standIn.refundFromDashboard(intentId);
    expect(support).toMatchObject({ status: 'succeeded', amount: order.totalCents });
    const charge = {
      id: `ch_${intentId}`,
      object: 'charge',
      payment_intent: intentId,
      amount_refunded: order.totalCents,
      refunded: true,
    };
    expect((await deliver(t, stripeEvent('charge.refunded', charge).payload)).status).toBe(200);
    await runDueJobs(t);
    expect(stripeRefundsOf(intentId).filter((re) => re.status === 'succeeded')).toHaveLength(1);
    expect((await consoleRefunds(order.refnum))[0]).toMatchObject({ status: 'succeeded' });
    expect(await ledgerOf(order.id, LEDGER.refunds)).toBe(order.totalCents);
    expect(await ledgerOf(order.id, OWED)).toBe(0);
    expect((await noticeTextsOf(t, buyer)).filter((n) => n === orderMessages.sellerCancelled)).toHaveLength(1);
    expect(await ledgerIsSound(await checkLedger(t.database.db))).toBe(true);
  });
});
