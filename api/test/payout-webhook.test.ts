import type { LoginData } from '@yardly/shared/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerTransactions, notifications, sellerPayouts, users } from '../src/db/schema/index';
import { checkLedger, ledgerIsSound } from '../src/modules/ledger/check';
import { call } from './checkout-helpers';
import { startTestApp, type TestApp } from './harness';
import { freshEmail, signedUp } from './identity-helpers';
import { advanceKeepingSignedIn } from './offer-helpers';
import { deliveredStripePickup, GOOD_ACCOUNT, saveBankAccount } from './payout-helpers';
import type { StripeStandIn } from './stripe-stand-in';
import { deliver, stripeApp, stripeEvent } from './webhook-helpers';

type Balance = { pending: number; available: number; paidOut: number };

let t: TestApp;
let standIn: StripeStandIn;
let buyer: LoginData;

beforeAll(async () => {
  ({ t, standIn } = await stripeApp(startTestApp));
  buyer = await signedUp(t, freshEmail('buyer'));
});
afterAll(async () => {
  await t?.close();
  await standIn?.close();
});

async function idOf(person: LoginData): Promise<number> {
  const [row] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.refnum, person.userRefnum));
  return row?.id ?? 0;
}

const balance = async (person: LoginData) =>
  (await call<Balance>(t, 'GET', '/svc/payouts/balance', person.token)).body.data;

/** A seller whose $20 local sale was paid through Stripe and handed over, then paid out the next day: the payout, pending at Stripe. */
async function sellerWithPayoutSent(): Promise<{ seller: LoginData; payout: typeof sellerPayouts.$inferSelect }> {
  const seller = await signedUp(t, freshEmail('seller'));
  await saveBankAccount(t, seller, GOOD_ACCOUNT);
  await deliveredStripePickup(t, standIn, seller, buyer);
  await advanceKeepingSignedIn(t, 24 * 60 + 1, [buyer, seller]);
  const [payout] = await t.database.db
    .select()
    .from(sellerPayouts)
    .where(eq(sellerPayouts.sellerId, await idOf(seller)));
  if (!payout) throw new Error('no payout was sent');
  expect(payout).toMatchObject({
    status: 'pending',
    amountCents: 1700,
    providerPayoutId: expect.stringMatching(/^po_/),
  });
  expect(await balance(seller)).toEqual({ pending: 0, available: 0, paidOut: 1700 });
  return { seller, payout };
}

const payoutEvent = (type: 'payout.paid' | 'payout.failed', id: string, failure?: string) =>
  stripeEvent(type, {
    id,
    object: 'payout',
    status: type === 'payout.paid' ? 'paid' : 'failed',
    ...(failure && { failure_code: 'account_closed', failure_message: failure }),
  });

async function statusOf(payoutId: number) {
  const [row] = await t.database.db.select().from(sellerPayouts).where(eq(sellerPayouts.id, payoutId));
  return row && { status: row.status, failure: row.failure };
}

async function bankNotices(person: LoginData): Promise<string[]> {
  const rows = await t.database.db
    .select({ text: notifications.text, link: notifications.link })
    .from(notifications)
    .where(eq(notifications.userId, await idOf(person)));
  return rows.filter((r) => r.link === '/settings/bank-account').map((r) => r.text);
}

const returns = async () =>
  (await t.database.db.select().from(ledgerTransactions).where(eq(ledgerTransactions.kind, 'payout_failed'))).length;

describe('payout outcomes from Stripe (payout.paid, payout.failed)', () => {
  it('payout.paid marks the payout paid; a replay changes nothing', async () => {
    const { seller, payout } = await sellerWithPayoutSent();
    const event = payoutEvent('payout.paid', payout.providerPayoutId ?? '');
    expect(await deliver(t, event.payload)).toEqual({ status: 200, applied: true });
    expect(await statusOf(payout.id)).toEqual({ status: 'paid', failure: null });
    expect(await deliver(t, event.payload)).toEqual({ status: 200, applied: false });
    expect(await statusOf(payout.id)).toEqual({ status: 'paid', failure: null });
    expect(await balance(seller)).toEqual({ pending: 0, available: 0, paidOut: 1700 });
  });

  it('payout.failed puts the money back in available and tells the seller, once however often it comes', async () => {
    const { seller, payout } = await sellerWithPayoutSent();
    const before = await returns();
    const event = payoutEvent('payout.failed', payout.providerPayoutId ?? '', 'The bank account has been closed.');
    expect(await deliver(t, event.payload)).toEqual({ status: 200, applied: true });
    expect(await statusOf(payout.id)).toEqual({ status: 'failed', failure: 'The bank account has been closed.' });
    expect(await balance(seller)).toEqual({ pending: 0, available: 1700, paidOut: 0 });
    expect(await bankNotices(seller)).toEqual([
      'A payout to your bank failed (The bank account has been closed.): the money is in your available balance. Check your bank account.',
    ]);
    // The same event again, another failure event, then a late 'paid': a failure is final.
    expect(await deliver(t, event.payload)).toEqual({ status: 200, applied: false });
    expect(await deliver(t, payoutEvent('payout.failed', payout.providerPayoutId ?? '').payload)).toMatchObject({
      applied: true,
    });
    expect(await deliver(t, payoutEvent('payout.paid', payout.providerPayoutId ?? '').payload)).toMatchObject({
      applied: true,
    });
    expect(await statusOf(payout.id)).toMatchObject({ status: 'failed' });
    expect(await balance(seller)).toEqual({ pending: 0, available: 1700, paidOut: 0 });
    expect(await bankNotices(seller)).toHaveLength(1);
    expect((await returns()) - before).toBe(1);
    expect(ledgerIsSound(await checkLedger(t.database.db))).toBe(true);
  });

  it('a payout the bank returns after it was paid goes back to available', async () => {
    const { seller, payout } = await sellerWithPayoutSent();
    const id = payout.providerPayoutId ?? '';
    expect(await deliver(t, payoutEvent('payout.paid', id).payload)).toMatchObject({ applied: true });
    expect(await deliver(t, payoutEvent('payout.failed', id).payload)).toMatchObject({ applied: true });
    // Stripe's event named no reason: the seller reads the api's.
    expect(await statusOf(payout.id)).toEqual({ status: 'failed', failure: 'refused by the bank' });
    expect(await balance(seller)).toEqual({ pending: 0, available: 1700, paidOut: 0 });
    expect(ledgerIsSound(await checkLedger(t.database.db))).toBe(true);
  });

  it('a payout that is not a seller payout of ours is recorded and left alone', async () => {
    const before = await t.database.db.select().from(sellerPayouts);
    expect(await deliver(t, payoutEvent('payout.failed', 'po_not_ours', 'Closed.').payload)).toEqual({
      status: 200,
      applied: true,
    });
    expect(await t.database.db.select().from(sellerPayouts)).toEqual(before);
  });
});
