import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../../test/harness';
import { FAILING_BANK_ACCOUNT, type StripeStandIn, startStripeStandIn } from '../../../../test/stripe-stand-in';
import { devClock } from '../../../clock/clock';
import { parseConfig, type StripeConfig } from '../../../config';
import { AppError } from '../../../errors';
import { InvalidWebhookError, type PaymentProvider } from '../provider';
import { createStripeProvider } from './provider';

const WEBHOOK_SECRET = 'whsec_standin';

let standIn: StripeStandIn;
let t: TestApp;
let stripe: PaymentProvider;
const clock = devClock();
let config: StripeConfig;
let keys = 0;
const key = (what: string) => `${what}-${++keys}-${Date.now()}`;

beforeAll(async () => {
  standIn = await startStripeStandIn();
  t = await startTestApp();
  const parsed = parseConfig({
    STRIPE_SECRET_KEY: standIn.secretKey,
    STRIPE_PUBLISHABLE_KEY: standIn.publishableKey,
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_API_BASE: standIn.url,
  });
  config = parsed.stripe as StripeConfig;
  stripe = createStripeProvider({ config, db: t.database.db, clock, secret: t.secret });
});
afterAll(async () => {
  await t?.close();
  await standIn?.close();
});

const intentFor = (amountCents: number, idempotencyKey = key('intent')) =>
  stripe.createIntent({ amountCents, idempotencyKey, metadata: { listingRefnum: 'L123', buyerRefnum: 'U456' } });

async function authorised(amountCents = 2500) {
  const intent = await intentFor(amountCents);
  expect((await standIn.confirm(intent.id, 'pm_card_visa')).status).toBe(200);
  return stripe.retrieveIntent(intent.id);
}

async function refusal(promise: Promise<unknown>) {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  const { status, reason, message } = error as AppError;
  return { status, reason, message };
}

describe('the Stripe provider against the local stand-in', () => {
  it('tells the browser the publishable key', () => {
    expect(stripe.name).toBe('stripe');
    expect(stripe.browser).toEqual({ provider: 'stripe', publishableKey: standIn.publishableKey });
  });

  it('creates a manual-capture intent, which the browser confirms and the api captures', async () => {
    const intent = await intentFor(2599);
    expect(intent).toMatchObject({
      amountCents: 2599,
      status: 'requires_payment_method',
      metadata: { listingRefnum: 'L123', buyerRefnum: 'U456' },
      lastError: null,
      card: null,
    });
    expect(intent.clientSecret).toMatch(new RegExp(`^${intent.id}_secret_`));
    const atStripe = standIn.objects('pi').find((o) => o.id === intent.id);
    expect(atStripe).toMatchObject({ capture_method: 'manual', currency: 'usd', payment_method_types: ['card'] });

    expect((await standIn.confirm(intent.id, 'pm_card_visa')).status).toBe(200);
    const held = await stripe.retrieveIntent(intent.id);
    expect(held.status).toBe('requires_capture');
    expect(held.card).toMatchObject({ brand: 'visa', last4: '4242', expMonth: 12, expYear: 2034 });
    expect(held.card?.token).toMatch(/^pm_/);

    const captured = await stripe.capture(intent.id, key('capture'));
    expect(captured).toMatchObject({ id: intent.id, status: 'succeeded', amountCents: 2599 });
    expect(standIn.objects('pi').find((o) => o.id === intent.id)).toMatchObject({ amount_received: 2599 });
  });

  it("reads a declined card's reason in the buyer's words, leaving the intent payable", async () => {
    for (const [method, message] of [
      ['pm_card_chargeDeclined', 'Your card was declined.'],
      ['pm_card_chargeDeclinedInsufficientFunds', 'Your card has insufficient funds.'],
    ] as const) {
      const intent = await intentFor(1500);
      const confirmed = await standIn.confirm(intent.id, method);
      expect(confirmed.status).toBe(402);
      expect(confirmed.body).toMatchObject({ error: { type: 'card_error', code: 'card_declined', message } });
      const read = await stripe.retrieveIntent(intent.id);
      expect(read).toMatchObject({ status: 'requires_payment_method', lastError: message, card: null });
      // Declined money is never captured.
      expect(await refusal(stripe.capture(intent.id, key('capture')))).toMatchObject({
        status: 409,
        reason: 'payment_state',
      });
      // The buyer may try another card on the same intent.
      expect((await standIn.confirm(intent.id, 'pm_card_visa')).status).toBe(200);
      expect((await stripe.retrieveIntent(intent.id)).status).toBe('requires_capture');
    }
  });

  it('releases an authorisation on cancel, and refuses to cancel captured money', async () => {
    const held = await authorised();
    const released = await stripe.cancel(held.id, key('cancel'));
    expect(released.status).toBe('canceled');
    expect(await refusal(stripe.capture(held.id, key('capture')))).toMatchObject({
      status: 409,
      reason: 'payment_state',
    });

    const paid = await authorised();
    await stripe.capture(paid.id, key('capture'));
    expect(await refusal(stripe.cancel(paid.id, key('cancel')))).toMatchObject({
      status: 409,
      reason: 'payment_state',
    });
  });

  it('refunds part and then the rest of captured money, and refuses a third refund', async () => {
    const paid = await authorised(3000);
    await stripe.capture(paid.id, key('capture'));
    const part = await stripe.refund({
      intentId: paid.id,
      amountCents: 1000,
      idempotencyKey: key('refund'),
      reason: 'dent',
    });
    expect(part).toMatchObject({ amountCents: 1000, status: 'succeeded' });
    const rest = await stripe.refund({ intentId: paid.id, idempotencyKey: key('refund'), reason: 'seller cancelled' });
    expect(rest).toMatchObject({ amountCents: 2000, status: 'succeeded' });
    const refunds = standIn.objects('re').filter((r) => r.payment_intent === paid.id);
    expect(refunds.map((r) => r.amount)).toEqual([1000, 2000]);
    expect(refunds[1]).toMatchObject({ reason: 'requested_by_customer', metadata: { reason: 'seller cancelled' } });
    expect(
      await refusal(stripe.refund({ intentId: paid.id, idempotencyKey: key('refund'), reason: 'again' })),
    ).toMatchObject({ status: 409, reason: 'already_refunded' });
  });

  it('passes idempotency keys through: a retried create or refund makes nothing new', async () => {
    const sameKey = key('intent');
    const first = await intentFor(4200, sameKey);
    const again = await intentFor(4200, sameKey);
    expect(again.id).toBe(first.id);
    expect(standIn.objects('pi').filter((o) => o.id === first.id)).toHaveLength(1);
    // Another amount under the same key is a bug of ours, not a new intent.
    await expect(intentFor(4300, sameKey)).rejects.toBeInstanceOf(Stripe.errors.StripeIdempotencyError);

    await standIn.confirm(first.id, 'pm_card_visa');
    await stripe.capture(first.id, key('capture'));
    const refundKey = key('refund');
    const refund = await stripe.refund({ intentId: first.id, idempotencyKey: refundKey, reason: 'r' });
    const retried = await stripe.refund({ intentId: first.id, idempotencyKey: refundKey, reason: 'r' });
    expect(retried.id).toBe(refund.id);
    expect(standIn.objects('re').filter((r) => r.payment_intent === first.id)).toHaveLength(1);
  });

  it('pays with a saved card at once, attaching it to one Customer on its first reuse', async () => {
    const first = await authorised(1800);
    const token = first.card?.token as string;
    const customersBefore = standIn.objects('cus').length;

    const again = await stripe.createIntent({
      amountCents: 2200,
      idempotencyKey: key('intent'),
      metadata: { listingRefnum: 'L999' },
      savedCardToken: token,
    });
    expect(again).toMatchObject({ status: 'requires_capture', card: { token, last4: '4242' } });
    const third = await stripe.createIntent({
      amountCents: 900,
      idempotencyKey: key('intent'),
      metadata: {},
      savedCardToken: token,
    });
    expect(third.status).toBe('requires_capture');
    expect(standIn.objects('cus')).toHaveLength(customersBefore + 1);
  });

  it('could not reuse a card whose first payment did not ask to keep it (why every intent asks)', async () => {
    const res = await fetch(`${standIn.url}/v1/payment_intents`, {
      method: 'POST',
      headers: { authorization: `Bearer ${standIn.secretKey}`, 'content-type': 'application/x-www-form-urlencoded' },
      body: 'amount=1000&currency=usd&capture_method=manual',
    });
    const { id } = (await res.json()) as { id: string };
    await standIn.confirm(id, 'pm_card_visa');
    const token = (await stripe.retrieveIntent(id)).card?.token as string;
    const reuse = stripe.createIntent({
      amountCents: 1000,
      idempotencyKey: key('intent'),
      metadata: {},
      savedCardToken: token,
    });
    await expect(reuse).rejects.toThrow(/may not be used again/);
  });

  it('answers a saved card the bank now declines with the decline, the same on a retry', async () => {
    const first = await authorised(1200);
    const token = first.card?.token as string;
    standIn.declineFrom(token, 'insufficient_funds');
    const input = { amountCents: 1200, idempotencyKey: key('intent'), metadata: {}, savedCardToken: token };
    const declined = await stripe.createIntent(input);
    expect(declined).toMatchObject({
      status: 'requires_payment_method',
      lastError: 'Your card has insufficient funds.',
      card: null,
    });
    expect((await stripe.createIntent(input)).id).toBe(declined.id);
  });

  it('answers 404 for an intent Stripe does not know', async () => {
    expect(await refusal(stripe.retrieveIntent('pi_missing'))).toMatchObject({
      status: 404,
      reason: 'payment_not_found',
    });
  });

  it('transfers to one connected account per seller and bank account (manual payouts), then pays out from it, once per key', async () => {
    const bankAccount = {
      owner: 'U1',
      routingNumber: '110000000',
      accountNumber: '000123456789',
      holderName: 'Ann Lee',
    };
    standIn.topUp(10_000);
    const accountsBefore = standIn.objects('acct').length;
    const transferKey = key('transfer');
    const transfer = await stripe.transfer({
      amountCents: 4750,
      bankAccount,
      idempotencyKey: transferKey,
      metadata: {},
    });
    expect(transfer.id).toMatch(/^tr_/);
    // The same key moves the money once.
    expect(
      (await stripe.transfer({ amountCents: 4750, bankAccount, idempotencyKey: transferKey, metadata: {} })).id,
    ).toBe(transfer.id);
    const accounts = standIn.objects('acct');
    expect(accounts).toHaveLength(accountsBefore + 1);
    const account = accounts.at(-1) as {
      id: string;
      external_accounts: { data: { last4: string }[] };
      settings: { payouts: { schedule: { interval: string } } };
    };
    expect(account.external_accounts.data[0]?.last4).toBe('6789');
    // Stripe pays nothing out by itself: Yardly's payouts are the only ones.
    expect(account.settings.payouts.schedule.interval).toBe('manual');
    expect(standIn.runAutomaticPayouts(account.id)).toBeNull();
    expect(standIn.balance(account.id)).toBe(4750);

    const payoutKey = key('payout');
    const paid = await stripe.payout({ amountCents: 4750, bankAccount, idempotencyKey: payoutKey, metadata: {} });
    expect(paid).toMatchObject({ amountCents: 4750, status: 'pending', failure: null });
    expect(paid.id).toMatch(/^po_/);
    expect((await stripe.payout({ amountCents: 4750, bankAccount, idempotencyKey: payoutKey, metadata: {} })).id).toBe(
      paid.id,
    );
    expect(standIn.balance(account.id)).toBe(0);
    // A payout needs money in the connected account: nothing more is there.
    expect(
      await refusal(stripe.payout({ amountCents: 100, bankAccount, idempotencyKey: key('payout'), metadata: {} })),
    ).toMatchObject({ status: 502, reason: 'payout_refused' });
    expect(standIn.objects('tr').filter((tr) => tr.destination === account.id)).toHaveLength(1);

    // Another seller naming the same bank account is paid through an account of their own.
    await stripe.transfer({
      amountCents: 300,
      bankAccount: { ...bankAccount, owner: 'U2' },
      idempotencyKey: key('transfer'),
      metadata: {},
    });
    const theirs = standIn.objects('acct').at(-1) as { id: string; metadata: Record<string, string> };
    expect(theirs.id).not.toBe(account.id);
    expect(theirs.metadata).toEqual({ seller: 'U2' });
    // The database names the account by a keyed hash: no account number is kept.
    const rows = await t.database.db.query.stripeConnectedAccounts.findMany();
    expect(JSON.stringify(rows)).not.toContain('000123456789');
    expect(rows.map((r) => r.accountId)).toContain(account.id);
  });

  it('refuses a transfer the platform balance cannot pay', async () => {
    const bankAccount = {
      owner: 'U9',
      routingNumber: '110000000',
      accountNumber: '000123456780',
      holderName: 'Di Poe',
    };
    const tooMuch = standIn.balance() + 1;
    expect(
      await refusal(
        stripe.transfer({ amountCents: tooMuch, bankAccount, idempotencyKey: key('transfer'), metadata: {} }),
      ),
    ).toMatchObject({ status: 502, reason: 'transfer_refused' });
  });

  it('a payout the bank refuses fails later, its money back in the connected account', async () => {
    const bankAccount = {
      owner: 'U1',
      routingNumber: '110000000',
      accountNumber: FAILING_BANK_ACCOUNT,
      holderName: 'Bo Ray',
    };
    standIn.topUp(500);
    await stripe.transfer({ amountCents: 500, bankAccount, idempotencyKey: key('transfer'), metadata: {} });
    const sent = await stripe.payout({ amountCents: 500, bankAccount, idempotencyKey: key('payout'), metadata: {} });
    expect(sent.status).toBe('pending');
    const settled = standIn.settlePayout(sent.id);
    expect(settled).toMatchObject({
      status: 'failed',
      failure_message: expect.stringContaining('No bank account could be located'),
    });
    expect(standIn.balance(settled.account as string)).toBe(500);
  });

  it('answers a bank account Stripe will not take as a refused transfer, moving no money', async () => {
    const transfersBefore = standIn.objects('tr').length;
    const bankAccount = { owner: 'U1', routingNumber: '12345', accountNumber: '000123456789', holderName: 'Cy Doe' };
    const refused = await refusal(
      stripe.transfer({ amountCents: 500, bankAccount, idempotencyKey: key('transfer'), metadata: {} }),
    );
    expect(refused).toMatchObject({
      status: 502,
      reason: 'transfer_refused',
      message: 'Stripe refused the payout: Invalid routing number',
    });
    expect(standIn.objects('tr')).toHaveLength(transfersBefore);
  });

  it('answers an onboarding for a bank account Stripe will not take as 409, making no account', async () => {
    const accountsBefore = standIn.objects('acct').length;
    const bankAccount = { owner: 'U3', routingNumber: '12345', accountNumber: '000123456789', holderName: 'Cy Doe' };
    const urls = { returnUrl: 'https://yardly.example/r', refreshUrl: 'https://yardly.example/f' };
    const refused = await refusal(stripe.onboardingLink?.({ bankAccount, ...urls }) ?? Promise.resolve());
    expect(refused).toMatchObject({
      status: 409,
      reason: 'bank_account_refused',
      message: 'Stripe did not accept this bank account: check its routing and account numbers',
    });
    expect(standIn.objects('acct')).toHaveLength(accountsBefore);
  });

  it('answers 502 when Stripe cannot be reached', async () => {
    const offline = createStripeProvider({
      config: { ...config, apiBase: 'http://127.0.0.1:9' },
      db: t.database.db,
      clock,
      secret: t.secret,
    });
    expect(await refusal(offline.retrieveIntent('pi_x'))).toMatchObject({
      status: 502,
      reason: 'provider_unavailable',
    });
  });
});

describe('reading Stripe webhooks', () => {
  const signer = new Stripe('sk_test_signer');
  const event = (type: string, object: Record<string, unknown>) =>
    JSON.stringify({ id: `evt_${++keys}`, object: 'event', type, data: { object } });
  const sign = (payload: string, secret = WEBHOOK_SECRET, at = clock.now()) =>
    signer.webhooks.generateTestHeaderString({ payload, secret, timestamp: Math.floor(at.getTime() / 1000) });

  it('reads a signed event as the api applies it', () => {
    const body = event('payment_intent.amount_capturable_updated', { id: 'pi_1', object: 'payment_intent' });
    const read = stripe.readWebhook(Buffer.from(body), sign(body));
    expect(read).toEqual({
      id: JSON.parse(body).id,
      type: 'payment_intent.amount_capturable_updated',
      objectId: 'pi_1',
    });
  });

  it("names the charge's intent for a refund, the payout for a payout, and 'other' for the rest", () => {
    const refunded = event('charge.refunded', { id: 'ch_1', object: 'charge', payment_intent: 'pi_2' });
    expect(stripe.readWebhook(Buffer.from(refunded), sign(refunded))).toMatchObject({
      type: 'charge.refunded',
      objectId: 'pi_2',
    });
    const payout = event('payout.failed', { id: 'po_1', object: 'payout' });
    expect(stripe.readWebhook(Buffer.from(payout), sign(payout))).toMatchObject({
      type: 'payout.failed',
      objectId: 'po_1',
    });
    const returned = event('payout.failed', {
      id: 'po_2',
      object: 'payout',
      failure_code: 'account_closed',
      failure_message: 'The bank account has been closed.',
    });
    expect(stripe.readWebhook(Buffer.from(returned), sign(returned))).toEqual({
      id: JSON.parse(returned).id,
      type: 'payout.failed',
      objectId: 'po_2',
      failure: 'The bank account has been closed.',
    });
    const other = event('customer.created', { id: 'cus_1', object: 'customer' });
    expect(stripe.readWebhook(Buffer.from(other), sign(other))).toMatchObject({ type: 'other', objectId: 'cus_1' });
  });

  it('refuses a wrong secret, a changed body, a missing header and an old signature', () => {
    const body = event('payment_intent.succeeded', { id: 'pi_3', object: 'payment_intent' });
    expect(() => stripe.readWebhook(Buffer.from(body), sign(body, 'whsec_other'))).toThrow(InvalidWebhookError);
    expect(() => stripe.readWebhook(Buffer.from(body.replace('pi_3', 'pi_4')), sign(body))).toThrow(
      InvalidWebhookError,
    );
    expect(() => stripe.readWebhook(Buffer.from(body), undefined)).toThrow(InvalidWebhookError);
    const tenMinutesAgo = new Date(clock.now().getTime() - 10 * 60_000);
    expect(() => stripe.readWebhook(Buffer.from(body), sign(body, WEBHOOK_SECRET, tenMinutesAgo))).toThrow(
      InvalidWebhookError,
    );
  });

  it("takes the Connect endpoint's events, signed with its own secret, when that secret is set", () => {
    const connect = 'whsec_connectendpoint';
    const both = createStripeProvider({
      config: { ...config, connectWebhookSecret: connect },
      db: t.database.db,
      clock,
      secret: t.secret,
    });
    const body = event('payout.paid', { id: 'po_9', object: 'payout' });
    expect(both.readWebhook(Buffer.from(body), sign(body, connect))).toMatchObject({ type: 'payout.paid' });
    expect(both.readWebhook(Buffer.from(body), sign(body))).toMatchObject({ objectId: 'po_9' });
    expect(() => both.readWebhook(Buffer.from(body), sign(body, 'whsec_other'))).toThrow(InvalidWebhookError);
    expect(() => stripe.readWebhook(Buffer.from(body), sign(body, connect))).toThrow(InvalidWebhookError);
  });

  it('checks the age of a signature by the app clock', () => {
    const body = event('payment_intent.succeeded', { id: 'pi_5', object: 'payment_intent' });
    const header = sign(body);
    clock.advance(6);
    expect(() => stripe.readWebhook(Buffer.from(body), header)).toThrow(InvalidWebhookError);
  });
});
