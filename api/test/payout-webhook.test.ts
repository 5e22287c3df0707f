import type { LoginData } from '@yardly/shared/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerTransactions, sellerPayouts } from '../src/db/schema/index';
import { checkLedger, ledgerIsSound } from '../src/modules/ledger/check';
import { call } from './checkout-helpers';
import { closeInOrder, startTestApp, type TestApp } from './harness';
import { freshEmail, signedUp, userIdOf } from './identity-helpers';
import { noticeRowsOf } from './notification-helpers';
import { advanceKeepingSignedIn } from './offer-helpers';
import { deliveredStripePickup, GOOD_ACCOUNT, saveBankAccount } from './payout-helpers';
import { withRoles } from './role-helpers';
import type { StripeStandIn } from './stripe-stand-in';
import { deliver, stripeApp, stripeEvent } from './webhook-helpers';

/** Another of the seller's bank accounts, one Stripe pays. */
const NEW_ACCOUNT = '000123456780';

type Balance = { pending: number; available: number; paidOut: number; transferredCents: number };

let t: TestApp;
let standIn: StripeStandIn;
let buyer: LoginData;

beforeAll(async () => {
  ({ t, standIn } = await stripeApp(startTestApp));
  buyer = await signedUp(t, freshEmail('buyer'));
});
afterAll(() => closeInOrder(t, standIn));

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
    .where(eq(sellerPayouts.sellerId, await userIdOf(t, seller)));
  if (!payout) throw new Error('no payout was sent');
  expect(payout).toMatchObject({
    status: 'pending',
    amountCents: 1700,
    providerPayoutId: expect.stringMatching(/^po_/),
  });
  expect(await balance(seller)).toEqual({ pending: 0, available: 0, paidOut: 1700, transferredCents: 0 });
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
  return (await noticeRowsOf(t, person)).filter((r) => r.link === '/settings/bank-account').map((r) => r.text);
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
    expect(await balance(seller)).toEqual({ pending: 0, available: 0, paidOut: 1700, transferredCents: 0 });
  });

  it('payout.failed keeps the money at the seller’s Stripe account and tells the seller, once however often it comes', async () => {
    const { seller, payout } = await sellerWithPayoutSent();
    const before = await returns();
    const event = payoutEvent('payout.failed', payout.providerPayoutId ?? '', 'The bank account has been closed.');
    expect(await deliver(t, event.payload)).toEqual({ status: 200, applied: true });
    expect(await statusOf(payout.id)).toEqual({ status: 'failed', failure: 'The bank account has been closed.' });
    expect(await balance(seller)).toEqual({ pending: 0, available: 0, paidOut: 0, transferredCents: 1700 });
    expect(await bankNotices(seller)).toEqual([
      'A payout to your bank failed (The bank account has been closed.): the money is kept in your Stripe account and sent again at the next daily payout. Check your bank account.',
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
    expect(await balance(seller)).toEqual({ pending: 0, available: 0, paidOut: 0, transferredCents: 1700 });
    expect(await bankNotices(seller)).toHaveLength(1);
    expect((await returns()) - before).toBe(1);
    expect(ledgerIsSound(await checkLedger(t.database.db))).toBe(true);
  });

  it('a payout the bank returns after it was paid goes back to the seller’s Stripe account', async () => {
    const { seller, payout } = await sellerWithPayoutSent();
    const id = payout.providerPayoutId ?? '';
    expect(await deliver(t, payoutEvent('payout.paid', id).payload)).toMatchObject({ applied: true });
    expect(await deliver(t, payoutEvent('payout.failed', id).payload)).toMatchObject({ applied: true });
    // Stripe's event named no reason: the seller reads the api's.
    expect(await statusOf(payout.id)).toEqual({ status: 'failed', failure: 'refused by the bank' });
    expect(await balance(seller)).toEqual({ pending: 0, available: 0, paidOut: 0, transferredCents: 1700 });
    expect(ledgerIsSound(await checkLedger(t.database.db))).toBe(true);
  });

  it('a payout that is not a seller payout of ours is recorded, shown in the console, and left alone', async () => {
    const before = await t.database.db.select().from(sellerPayouts);
    const event = connectEvent('payout.failed', { id: 'po_not_ours', object: 'payout', status: 'failed' }, 'acct_old');
    expect(await deliver(t, event.payload)).toEqual({ status: 200, applied: true });
    expect(await t.database.db.select().from(sellerPayouts)).toEqual(before);
    const admin = await withRoles(t, await signedUp(t, freshEmail('admin')), ['ROLE_USER', 'ROLE_ADMIN']);
    const list = await t.app.inject({
      method: 'GET',
      url: '/svc/admin/foreign-payouts?range=[0,99]',
      headers: { authorization: `Bearer ${admin.token}` },
    });
    expect(list.statusCode).toBe(200);
    expect(JSON.parse(list.body)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          eventId: event.id,
          type: 'payout.failed',
          providerPayoutId: 'po_not_ours',
          account: 'acct_old',
        }),
      ]),
    );
    // Yardly's own payouts are not among them.
    const ours = (JSON.parse(list.body) as { providerPayoutId: string }[]).map((p) => p.providerPayoutId);
    expect(ours.filter((id) => before.some((b) => b.providerPayoutId === id))).toEqual([]);
  });
});

/** Stripe's event about a payout on a seller's connected account, as its Connect endpoint gets it. */
function connectEvent(type: string, object: Record<string, unknown>, account: string) {
  const { id, payload } = stripeEvent(type, object);
  return { id, payload: JSON.stringify({ ...JSON.parse(payload), account }) };
}

async function payoutsOf(person: LoginData) {
  return t.database.db
    .select()
    .from(sellerPayouts)
    .where(eq(sellerPayouts.sellerId, await userIdOf(t, person)));
}

describe('a failed payout is sent again from the seller’s Stripe account, never transferred twice (issue 34)', () => {
  it('one sale: one transfer, a payout that fails, and the next daily run pays out again from the connected account', async () => {
    const { seller, payout } = await sellerWithPayoutSent();
    const firstId = payout.providerPayoutId ?? '';
    const account = String(standIn.objects('po').find((po) => po.id === firstId)?.account);
    const failed = standIn.settlePayout(firstId, 'failed');
    expect(standIn.balance(account)).toBe(1700);
    expect(await deliver(t, connectEvent('payout.failed', failed, account).payload)).toMatchObject({ applied: true });
    expect(await balance(seller)).toEqual({ pending: 0, available: 0, paidOut: 0, transferredCents: 1700 });

    await advanceKeepingSignedIn(t, 24 * 60 + 1, [buyer, seller]);
    const transfers = standIn.objects('tr').filter((tr) => tr.destination === account);
    expect(transfers.map((tr) => tr.amount)).toEqual([1700]);
    const atStripe = standIn.objects('po').filter((po) => po.account === account);
    expect(atStripe.map((po) => po.amount)).toEqual([1700, 1700]);
    const [again] = await payoutsOf(seller);
    expect(again).toMatchObject({ id: payout.id, status: 'pending', attempts: 2 });
    expect(again?.providerPayoutId).toBe(atStripe[1]?.id);
    expect(await balance(seller)).toEqual({ pending: 0, available: 0, paidOut: 1700, transferredCents: 0 });

    const paid = standIn.settlePayout(String(again?.providerPayoutId), 'paid');
    expect(await deliver(t, connectEvent('payout.paid', paid, account).payload)).toMatchObject({ applied: true });
    expect(await statusOf(payout.id)).toEqual({ status: 'paid', failure: null });
    // A later run finds nothing to send: still one transfer.
    await advanceKeepingSignedIn(t, 24 * 60 + 1, [buyer, seller]);
    expect(standIn.objects('tr').filter((tr) => tr.destination === account)).toHaveLength(1);
    expect(standIn.objects('po').filter((po) => po.account === account)).toHaveLength(2);
    expect(ledgerIsSound(await checkLedger(t.database.db))).toBe(true);
  });

  it('a payout Stripe refuses after the transfer stays in the connected account, and is paid out, not transferred, next', async () => {
    const seller = await signedUp(t, freshEmail('seller'));
    await saveBankAccount(t, seller, GOOD_ACCOUNT);
    await deliveredStripePickup(t, standIn, seller, buyer);
    standIn.refuseNextPayout();
    await advanceKeepingSignedIn(t, 24 * 60 + 1, [buyer, seller]);
    const [refused] = await payoutsOf(seller);
    expect(refused).toMatchObject({
      status: 'failed',
      failure: 'Stripe refused the payout: Payouts have been disabled on this account.',
      transferId: expect.stringMatching(/^tr_/),
    });
    expect(await balance(seller)).toEqual({ pending: 0, available: 0, paidOut: 0, transferredCents: 1700 });
    const account = String(standIn.objects('tr').find((tr) => tr.id === refused?.transferId)?.destination);
    expect(standIn.balance(account)).toBe(1700);

    await advanceKeepingSignedIn(t, 24 * 60 + 1, [buyer, seller]);
    expect(standIn.objects('tr').filter((tr) => tr.destination === account)).toHaveLength(1);
    expect(
      standIn
        .objects('po')
        .filter((po) => po.account === account)
        .map((po) => po.amount),
    ).toEqual([1700]);
    expect(await balance(seller)).toEqual({ pending: 0, available: 0, paidOut: 1700, transferredCents: 0 });
    expect(ledgerIsSound(await checkLedger(t.database.db))).toBe(true);
  });

  it('a seller who changes bank account after a failed payout is paid at the new one: the money is moved, not stranded, not sent twice', async () => {
    const { seller, payout } = await sellerWithPayoutSent();
    const oldAccount = String(standIn.objects('po').find((po) => po.id === payout.providerPayoutId)?.account);
    const failed = standIn.settlePayout(String(payout.providerPayoutId), 'failed');
    expect(await deliver(t, connectEvent('payout.failed', failed, oldAccount).payload)).toMatchObject({
      applied: true,
    });
    expect(await balance(seller)).toEqual({ pending: 0, available: 0, paidOut: 0, transferredCents: 1700 });
    const platformBefore = standIn.balance();

    await saveBankAccount(t, seller, NEW_ACCOUNT);
    await advanceKeepingSignedIn(t, 24 * 60 + 1, [buyer, seller]);
    const [again] = await payoutsOf(seller);
    expect(again).toMatchObject({ id: payout.id, status: 'pending', attempts: 2 });
    const retried = standIn.objects('po').find((po) => po.id === again?.providerPayoutId);
    const newAccount = String(retried?.account);
    expect(newAccount).not.toBe(oldAccount);
    expect(retried).toMatchObject({ amount: 1700, status: 'pending' });
    // Its bank is the new one; the old connected account holds nothing any more.
    const banks = standIn.objects('acct').find((a) => a.id === newAccount)?.external_accounts as
      | { data: { last4: string }[] }
      | undefined;
    const bank = banks?.data[0];
    expect(bank?.last4).toBe(NEW_ACCOUNT.slice(-4));
    expect(standIn.balance(oldAccount)).toBe(0);
    // The first transfer was taken back whole, and one new transfer made: the platform is where it was.
    const [first] = standIn.objects('tr').filter((tr) => tr.destination === oldAccount);
    expect(first).toMatchObject({ amount: 1700, amount_reversed: 1700, reversed: true });
    expect(
      standIn
        .objects('tr')
        .filter((tr) => tr.destination === newAccount)
        .map((tr) => tr.amount),
    ).toEqual([1700]);
    expect(again?.transferId).toBe(standIn.objects('tr').find((tr) => tr.destination === newAccount)?.id);
    expect(standIn.balance()).toBe(platformBefore);
    expect(await balance(seller)).toEqual({ pending: 0, available: 0, paidOut: 1700, transferredCents: 0 });

    const paid = standIn.settlePayout(String(again?.providerPayoutId), 'paid');
    expect(await deliver(t, connectEvent('payout.paid', paid, newAccount).payload)).toMatchObject({ applied: true });
    expect(await statusOf(payout.id)).toEqual({ status: 'paid', failure: null });
    // Later runs move nothing more.
    await advanceKeepingSignedIn(t, 24 * 60 + 1, [buyer, seller]);
    expect(
      standIn.objects('tr').filter((tr) => [oldAccount, newAccount].includes(String(tr.destination))),
    ).toHaveLength(2);
    expect(standIn.objects('trr')).toHaveLength(1);
    expect(ledgerIsSound(await checkLedger(t.database.db))).toBe(true);
  });

  it('a move to the new bank account that Stripe refuses for want of platform balance is made by the next run once it is back', async () => {
    const { seller, payout } = await sellerWithPayoutSent();
    const oldAccount = String(standIn.objects('po').find((po) => po.id === payout.providerPayoutId)?.account);
    const failed = standIn.settlePayout(String(payout.providerPayoutId), 'failed');
    await deliver(t, connectEvent('payout.failed', failed, oldAccount).payload);
    await saveBankAccount(t, seller, NEW_ACCOUNT);

    // The platform's balance is below zero (refunds Stripe holds took it there): the old transfer
    // comes back, and the new one is refused for want of balance.
    const reserve = standIn.balance();
    standIn.drain(reserve + 1000);
    await advanceKeepingSignedIn(t, 24 * 60 + 1, [buyer, seller]);
    expect(await statusOf(payout.id)).toMatchObject({ status: 'failed' });
    expect(standIn.balance(oldAccount)).toBe(0);
    expect(standIn.balance()).toBe(700);
    const toNew = () =>
      standIn
        .objects('tr')
        .filter(
          (tr) =>
            tr.destination !== oldAccount &&
            tr.metadata &&
            (tr.metadata as { payoutId?: string }).payoutId === String(payout.id),
        );
    expect(toNew()).toEqual([]);

    // The balance is back: the next run makes the move Stripe refused (not the same refusal again), once.
    standIn.topUp(reserve + 1000);
    await advanceKeepingSignedIn(t, 24 * 60 + 1, [buyer, seller]);
    const [again] = await payoutsOf(seller);
    expect(again).toMatchObject({ id: payout.id, status: 'pending' });
    expect(toNew().map((tr) => tr.amount)).toEqual([1700]);
    const retried = standIn.objects('po').find((po) => po.id === again?.providerPayoutId);
    expect(retried).toMatchObject({ amount: 1700, status: 'pending' });
    expect(standIn.balance()).toBe(reserve);
    await advanceKeepingSignedIn(t, 24 * 60 + 1, [buyer, seller]);
    expect(toNew()).toHaveLength(1);
    expect(ledgerIsSound(await checkLedger(t.database.db))).toBe(true);
  });

  it('switches a connected account left on Stripe’s automatic payouts to manual on its next account.updated', async () => {
    const { payout } = await sellerWithPayoutSent();
    const account = String(standIn.objects('po').find((po) => po.id === payout.providerPayoutId)?.account);
    const interval = () =>
      (
        standIn.objects('acct').find((a) => a.id === account) as {
          settings: { payouts: { schedule: { interval: string } } };
        }
      ).settings.payouts.schedule.interval;
    expect(interval()).toBe('manual');
    // An account as Yardly made them before: Stripe's default daily payouts.
    const res = await fetch(`${standIn.url}/v1/accounts/${account}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${standIn.secretKey}`, 'content-type': 'application/x-www-form-urlencoded' },
      body: 'settings[payouts][schedule][interval]=daily',
    });
    expect(res.status).toBe(200);
    expect(interval()).toBe('daily');
    const event = connectEvent('account.updated', { id: account, object: 'account' }, account);
    expect(await deliver(t, event.payload)).toMatchObject({ status: 200, applied: true });
    expect(interval()).toBe('manual');
  });
});
