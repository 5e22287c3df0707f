import type { LoginData, PayoutAccountAnswer } from '@yardly/shared/contract';
import { individualMessages, payoutAccountMessages } from '@yardly/shared/rules';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications, payoutAccounts, sellerPayouts, stripeConnectedAccounts, users } from '../src/db/schema/index';
import { call } from './checkout-helpers';
import { startTestApp, type TestApp } from './harness';
import { freshEmail, signedUp } from './identity-helpers';
import { advanceKeepingSignedIn } from './offer-helpers';
import { deliveredStripePickup, saveBankAccount } from './payout-helpers';
import { ONBOARDING_FIELDS, type StripeStandIn } from './stripe-stand-in';
import { CONNECT_WEBHOOK_SECRET, deliver, stripeApp, stripeEvent, WEBHOOK_SECRET } from './webhook-helpers';

/*
 * A seller's onboarding for Stripe Connect payouts (docs/decisions/0025): the status of the
 * caller's payout account, the Stripe page to verify on, and Stripe's `account.updated` events,
 * against the stand-in whose new connected accounts start unverified, as Stripe's do.
 */

const PUBLIC_URL = 'https://yardly.example';
const RETURN_URL = `${PUBLIC_URL}/settings/bank-account?onboarding=return`;
const REFRESH_URL = `${PUBLIC_URL}/settings/bank-account?onboarding=refresh`;

type Link = { url: string };

const accountOf = async (t: TestApp, person: LoginData) =>
  call<PayoutAccountAnswer>(t, 'GET', '/svc/payouts/account', person.token);
const onboarding = (t: TestApp, person: LoginData) =>
  call<Link>(t, 'POST', '/svc/payouts/account/onboarding', person.token);

describe('payout accounts with the built-in test provider', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t?.close());

  it('have nothing to verify, with or without a bank account: no onboarding page (409)', async () => {
    const seller = await signedUp(t, freshEmail('test-seller'));
    for (const withBank of [false, true]) {
      if (withBank) await saveBankAccount(t, seller);
      const status = await accountOf(t, seller);
      expect(status.status).toBe(200);
      expect(status.body.data).toEqual({
        status: 'not_needed',
        requirements: [],
        message: payoutAccountMessages.notNeeded,
      });
      const link = await onboarding(t, seller);
      expect(link.status).toBe(409);
      expect(link.body).toMatchObject({ msg: payoutAccountMessages.nothingToVerify, error: 'nothing_to_verify' });
    }
  });

  it('refuse anonymous callers', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/svc/payouts/account' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/svc/payouts/account/onboarding' })).statusCode).toBe(401);
  });
});

describe('payout accounts through Stripe Connect', () => {
  let t: TestApp;
  let standIn: StripeStandIn;
  let buyer: LoginData;

  beforeAll(async () => {
    ({ t, standIn } = await stripeApp(startTestApp, {
      standIn: { newAccounts: 'unverified' },
      connect: true,
      env: { PUBLIC_URL },
    }));
    buyer = await signedUp(t, freshEmail('buyer'));
  });
  afterAll(async () => {
    await t?.close();
    await standIn?.close();
  });

  const accountsOf = (refnum: string) =>
    standIn.objects('acct').filter((a) => (a.metadata as Record<string, string>).seller === refnum);
  const accountEvent = (accountId: string) => stripeEvent('account.updated', { id: accountId, object: 'account' });

  /** A seller with a bank account who opened Stripe's onboarding: their connected account's id. */
  async function onboarded(seller: LoginData): Promise<string> {
    await saveBankAccount(t, seller);
    expect((await onboarding(t, seller)).status).toBe(200);
    const [account] = accountsOf(seller.userRefnum);
    if (!account) throw new Error('no connected account was made');
    return String(account.id);
  }

  it('without a bank account: no_bank_account, and no link (409 Add a bank account first)', async () => {
    const seller = await signedUp(t, freshEmail('no-bank'));
    expect((await accountOf(t, seller)).body.data).toEqual({
      status: 'no_bank_account',
      requirements: [],
      message: payoutAccountMessages.noBankAccount,
    });
    const link = await onboarding(t, seller);
    expect(link.status).toBe(409);
    expect(link.body).toMatchObject({ msg: 'Add a bank account first', error: 'no_bank_account' });
    expect(accountsOf(seller.userRefnum)).toEqual([]);
  });

  it("a bank account before any payout: action_required; the link is Stripe's onboarding of the seller's own connected account", async () => {
    const seller = await signedUp(t, freshEmail('onboarding'));
    await saveBankAccount(t, seller);
    // Stripe has not been asked yet: no account is made by looking.
    expect((await accountOf(t, seller)).body.data).toEqual({
      status: 'action_required',
      requirements: [],
      message: payoutAccountMessages.actionRequired,
    });
    expect(accountsOf(seller.userRefnum)).toEqual([]);

    const link = await onboarding(t, seller);
    expect(link.status).toBe(200);
    const [account, ...more] = accountsOf(seller.userRefnum);
    expect(more).toEqual([]);
    expect(account).toMatchObject({ type: 'custom', payouts_enabled: false });
    const made = standIn.accountLinks().at(-1);
    expect(made).toMatchObject({
      url: link.body.data.url,
      account: account?.id,
      type: 'account_onboarding',
      return_url: RETURN_URL,
      refresh_url: REFRESH_URL,
    });
    expect(link.body.data.url).toMatch(/^https:\/\/connect\.stripe\.com\//);
    // Now Stripe is asked, and names what it needs.
    expect((await accountOf(t, seller)).body.data).toEqual({
      status: 'action_required',
      requirements: ONBOARDING_FIELDS,
      message: payoutAccountMessages.actionRequired,
    });
    // A second link (the first expired: the refresh url) is for the same account.
    const again = await onboarding(t, seller);
    expect(again.status).toBe(200);
    expect(again.body.data.url).not.toBe(link.body.data.url);
    expect(standIn.accountLinks().at(-1)).toMatchObject({ account: account?.id });
    expect(accountsOf(seller.userRefnum)).toHaveLength(1);
  });

  it('the individual (date of birth, the SSN’s last 4) goes to Stripe’s custom account, sealed at rest, never shown', async () => {
    const seller = await signedUp(t, freshEmail('individual'));
    const form = { accountHolder: 'Sam Seller', routingNumber: '011000015', accountNumber: '000123456789' };
    const badDob = await call(t, 'POST', '/svc/account/saveBankAccount', seller.token, {
      ...form,
      dob: '13/04/1990',
      idNumber: '6789',
    });
    expect(badDob.status).toBe(400);
    expect(badDob.body.errors?.[0]).toEqual({ field: 'dob', message: individualMessages.dobInvalid });
    const noId = await call(t, 'POST', '/svc/account/saveBankAccount', seller.token, { ...form, dob: '07/04/1990' });
    expect(noId.status).toBe(400);
    expect(noId.body.errors?.[0]).toEqual({ field: 'idNumber', message: individualMessages.idNumberInvalid });

    const saved = await call(t, 'POST', '/svc/account/saveBankAccount', seller.token, {
      ...form,
      dob: '07/04/1990',
      idNumber: '4321',
    });
    expect(saved.status).toBe(200);
    expect(saved.body.data).toEqual({
      accountHolder: 'Sam Seller',
      routingNumber: '011000015',
      accountNumberMasked: '****6789',
      individualGiven: true,
    });
    const [row] = await t.database.db
      .select({ sealed: payoutAccounts.individualCipher })
      .from(payoutAccounts)
      .innerJoin(users, eq(users.id, payoutAccounts.userId))
      .where(eq(users.refnum, seller.userRefnum));
    expect(row?.sealed).toBeTruthy();
    expect(row?.sealed).not.toContain('4321');
    expect(row?.sealed).not.toContain('1990');

    expect((await onboarding(t, seller)).status).toBe(200);
    const [account] = accountsOf(seller.userRefnum);
    expect(account?.individual).toEqual({ dob: { day: 4, month: 7, year: 1990 }, ssn_last_4_provided: true });
  });

  it('the individual given after the connected account exists is sent to it (accounts.update)', async () => {
    const seller = await signedUp(t, freshEmail('later-individual'));
    const form = { accountHolder: 'Lee Later', routingNumber: '011000015', accountNumber: '000555666777' };
    expect((await call(t, 'POST', '/svc/account/saveBankAccount', seller.token, form)).status).toBe(200);
    expect((await onboarding(t, seller)).status).toBe(200);
    const [made] = accountsOf(seller.userRefnum);
    expect(made?.individual).toBeUndefined();

    const later = await call(t, 'POST', '/svc/account/saveBankAccount', seller.token, {
      ...form,
      dob: '12/31/1985',
      idNumber: '9876',
    });
    expect(later.status, JSON.stringify(later.body)).toBe(200);
    const [account] = accountsOf(seller.userRefnum);
    expect(accountsOf(seller.userRefnum)).toHaveLength(1);
    expect(account?.individual).toEqual({ dob: { day: 31, month: 12, year: 1985 }, ssn_last_4_provided: true });
  });

  it('two onboardings at once make one connected account', async () => {
    const seller = await signedUp(t, freshEmail('twice'));
    await saveBankAccount(t, seller);
    const links = await Promise.all([onboarding(t, seller), onboarding(t, seller)]);
    expect(links.map((l) => l.status)).toEqual([200, 200]);
    const accounts = accountsOf(seller.userRefnum);
    expect(accounts).toHaveLength(1);
    const rows = await t.database.db
      .select()
      .from(stripeConnectedAccounts)
      .where(eq(stripeConnectedAccounts.accountId, String(accounts[0]?.id)));
    expect(rows).toHaveLength(1);
  });

  it("each seller sees and verifies only their own account, whatever the other's state", async () => {
    const first = await signedUp(t, freshEmail('first'));
    const second = await signedUp(t, freshEmail('second'));
    const firstAccount = await onboarded(first);
    // The same bank details as the first seller's: still an account of the second's own.
    await saveBankAccount(t, second);
    const secondLink = await onboarding(t, second);
    expect(secondLink.status).toBe(200);
    expect(standIn.accountLinks().at(-1)?.account).not.toBe(firstAccount);
    expect(standIn.accountLinks().at(-1)?.account).toBe(accountsOf(second.userRefnum)[0]?.id);

    standIn.setAccountState(firstAccount, 'verified');
    expect(await deliver(t, accountEvent(firstAccount).payload, CONNECT_WEBHOOK_SECRET)).toEqual({
      status: 200,
      applied: true,
    });
    expect((await accountOf(t, first)).body.data.status).toBe('verified');
    expect((await accountOf(t, second)).body.data).toMatchObject({
      status: 'action_required',
      requirements: ONBOARDING_FIELDS,
    });
  });

  it('account.updated, signed with the Connect secret, moves the status; a replay is applied once', async () => {
    const seller = await signedUp(t, freshEmail('updated'));
    const accountId = await onboarded(seller);

    standIn.setAccountState(accountId, 'pending');
    const pending = accountEvent(accountId);
    expect(await deliver(t, pending.payload, CONNECT_WEBHOOK_SECRET)).toEqual({ status: 200, applied: true });
    expect((await accountOf(t, seller)).body.data).toEqual({
      status: 'pending',
      requirements: [],
      message: payoutAccountMessages.pending,
    });

    standIn.setAccountState(accountId, 'action_required', ['individual.verification.document']);
    expect(await deliver(t, accountEvent(accountId).payload, CONNECT_WEBHOOK_SECRET)).toMatchObject({ applied: true });
    expect((await accountOf(t, seller)).body.data).toMatchObject({
      status: 'action_required',
      requirements: ['individual.verification.document'],
    });

    standIn.setAccountState(accountId, 'verified');
    const verified = accountEvent(accountId);
    // Stripe delivers the same event twice at once, then once more: applied once.
    const deliveries = await Promise.all([
      deliver(t, verified.payload, CONNECT_WEBHOOK_SECRET),
      deliver(t, verified.payload, CONNECT_WEBHOOK_SECRET),
    ]);
    expect(deliveries.map((d) => d.applied).sort()).toEqual([false, true]);
    expect((await accountOf(t, seller)).body.data).toEqual({
      status: 'verified',
      requirements: [],
      message: payoutAccountMessages.verified,
    });
    // The stored status is what the applied events left: a replay reads nothing again.
    standIn.setAccountState(accountId, 'action_required');
    expect(await deliver(t, verified.payload, CONNECT_WEBHOOK_SECRET)).toEqual({ status: 200, applied: false });
    expect((await accountOf(t, seller)).body.data.status).toBe('verified');
  });

  it('an event signed with another secret is refused and changes nothing; an account not ours is left alone', async () => {
    const seller = await signedUp(t, freshEmail('forged'));
    const accountId = await onboarded(seller);
    expect((await accountOf(t, seller)).body.data.status).toBe('action_required');
    standIn.setAccountState(accountId, 'verified');
    const forged = await deliver(t, accountEvent(accountId).payload, 'whsec_someone_else');
    expect(forged.status).toBe(400);
    expect((await accountOf(t, seller)).body.data.status).toBe('action_required');

    const before = await t.database.db.select().from(stripeConnectedAccounts);
    expect(await deliver(t, accountEvent('acct_not_ours').payload, WEBHOOK_SECRET)).toEqual({
      status: 200,
      applied: true,
    });
    expect(await t.database.db.select().from(stripeConnectedAccounts)).toEqual(before);
  });

  it("an unverified seller's payout fails with the reason and the money stays available; once verified, the next run pays it", async () => {
    const seller = await signedUp(t, freshEmail('payout'));
    await saveBankAccount(t, seller, '000555666777');
    await deliveredStripePickup(t, standIn, seller, buyer);

    await advanceKeepingSignedIn(t, 24 * 60 + 1, [buyer, seller]);
    const [user] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.refnum, seller.userRefnum));
    const payouts = () =>
      t.database.db
        .select()
        .from(sellerPayouts)
        .where(eq(sellerPayouts.sellerId, user?.id ?? 0));
    expect(await payouts()).toEqual([
      expect.objectContaining({ status: 'failed', failure: payoutAccountMessages.notVerified }),
    ]);
    expect((await call(t, 'GET', '/svc/payouts/balance', seller.token)).body.data).toEqual({
      pending: 0,
      available: 1700,
      paidOut: 0,
      transferredCents: 0,
    });
    const notices = await t.database.db
      .select({ text: notifications.text })
      .from(notifications)
      .where(eq(notifications.userId, user?.id ?? 0));
    expect(notices.map((n) => n.text)).toContain(
      `A payout to your bank failed (${payoutAccountMessages.notVerified}): the money is in your available balance. Check your bank account.`,
    );
    // No money moved at Stripe: a transfer to an unverified account is refused.
    const [account] = accountsOf(seller.userRefnum);
    expect(standIn.objects('tr').filter((tr) => tr.destination === account?.id)).toEqual([]);

    // The seller verifies; Stripe says so; the next daily run sends the money.
    expect((await onboarding(t, seller)).status).toBe(200);
    standIn.setAccountState(String(account?.id), 'verified');
    await deliver(t, accountEvent(String(account?.id)).payload, CONNECT_WEBHOOK_SECRET);
    expect((await accountOf(t, seller)).body.data.status).toBe('verified');
    await advanceKeepingSignedIn(t, 24 * 60, [buyer, seller]);
    const after = await payouts();
    expect(after).toHaveLength(2);
    expect(after.find((p) => p.status !== 'failed')).toMatchObject({
      status: 'pending',
      amountCents: 1700,
      providerPayoutId: expect.stringMatching(/^po_/),
    });
    expect((await call(t, 'GET', '/svc/payouts/balance', seller.token)).body.data).toEqual({
      pending: 0,
      available: 0,
      paidOut: 1700,
      transferredCents: 0,
    });
  });
});
