import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type Exchange, fromFixtures } from './stripe-openapi/published-api';

/**
 * A local stand-in for the part of Stripe's REST API the adapter calls (issue 18: its tests
 * never reach the network). It keeps objects in memory and behaves as Stripe documents it:
 * form-encoded bodies with bracketed keys, `Idempotency-Key` replays the first answer (other
 * parameters under the same key are refused), errors shaped `{error: {type, code, message}}`,
 * manual capture, and Stripe's test payment methods (`pm_card_visa` succeeds,
 * `pm_card_chargeDeclined` and `pm_card_chargeDeclinedInsufficientFunds` are declined,
 * `pm_card_threeDSecure2Required` asks the buyer to authenticate every payment: `requires_action`).
 * Confirming an intent is what Stripe.js does in the browser: tests call `confirm()`, and
 * `authenticate()` for the buyer passing the bank's challenge. Connected accounts carry their
 * verification (`requirements`, `payouts_enabled`; transfers refused until verified), Account
 * Links are recorded, and `setAccountState()` is what the seller's onboarding does at Stripe.
 * Money moves between balances as at Stripe: transfers, their reversals, payouts.
 */

type Form = { [key: string]: string | Form };
type StripeObject = Record<string, unknown>;

interface TestCard {
  brand: string;
  last4: string;
  decline?: { code: string; message: string };
  /** The bank asks the buyer to authenticate each payment (3D Secure): `requires_action`. */
  authenticate?: true;
}

/** Stripe's test PaymentMethods (docs.stripe.com/testing), each a shorthand for a card. */
const TEST_CARDS: Record<string, TestCard> = {
  pm_card_visa: { brand: 'visa', last4: '4242' },
  pm_card_mastercard: { brand: 'mastercard', last4: '4444' },
  pm_card_threeDSecure2Required: { brand: 'visa', last4: '3220', authenticate: true },
  pm_card_chargeDeclined: {
    brand: 'visa',
    last4: '0002',
    decline: { code: 'generic_decline', message: 'Your card was declined.' },
  },
  pm_card_chargeDeclinedInsufficientFunds: {
    brand: 'visa',
    last4: '9995',
    decline: { code: 'insufficient_funds', message: 'Your card has insufficient funds.' },
  },
};

/** Stripe's answer to a second use of a card that was never attached to a Customer. */
const NOT_REUSABLE =
  'The provided PaymentMethod was previously used with a PaymentIntent without Customer attachment, shared with a connected account without Customer attachment, or was detached from a Customer. It may not be used again. To use a PaymentMethod multiple times, you must attach it to a Customer first.';

/** Stripe's test bank account that accepts the account but fails its payouts. */
export const FAILING_BANK_ACCOUNT = '000111111116';

class StripeError extends Error {
  constructor(
    readonly status: number,
    readonly body: StripeObject,
  ) {
    super(String(body.message));
  }
}

const invalid = (message: string, extra: StripeObject = {}) =>
  new StripeError(400, { type: 'invalid_request_error', message, ...extra });
const missing = (kind: string, id: string) =>
  new StripeError(404, {
    type: 'invalid_request_error',
    code: 'resource_missing',
    message: `No such ${kind}: '${id}'`,
    param: 'id',
  });

/** `a[b][0]=x` as Stripe reads it: nested objects (an index is a key too; see `list`). */
function parseForm(body: string): Form {
  const form: Form = {};
  for (const [rawKey, value] of new URLSearchParams(body)) {
    const [head, ...rest] = rawKey.split('[').map((part) => part.replace(/\]$/, ''));
    const path = [head as string, ...rest];
    let node = form;
    for (const key of path.slice(0, -1)) {
      if (typeof node[key] !== 'object') node[key] = {};
      node = node[key] as Form;
    }
    node[path.at(-1) as string] = value;
  }
  return form;
}

const text = (value: string | Form | undefined) => (typeof value === 'string' ? value : undefined);
const list = (value: string | Form | undefined): string[] =>
  typeof value === 'object'
    ? Object.values(value).filter((v): v is string => typeof v === 'string')
    : typeof value === 'string'
      ? [value]
      : [];
const cents = (value: string | Form | undefined, param: string) => {
  const n = Number(text(value));
  if (!Number.isInteger(n) || n < 1) throw invalid(`Invalid positive integer`, { param });
  return n;
};
const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;

export interface StripeStandIn {
  /** `http://127.0.0.1:<port>`, for STRIPE_API_BASE. */
  url: string;
  secretKey: string;
  publishableKey: string;
  /** What Stripe.js does in the browser: confirms an intent with a test PaymentMethod. */
  confirm(intentId: string, paymentMethod: string): Promise<{ status: number; body: StripeObject }>;
  /** The objects the stand-in holds, for assertions (intents, refunds, accounts, transfers, payouts). */
  objects(prefix: 'pi' | 're' | 'acct' | 'tr' | 'trr' | 'po' | 'cus' | 'pm'): StripeObject[];
  /** What Stripe.js does once the buyer passed the bank's challenge on an intent that `requires_action`. */
  authenticate(intentId: string): void;
  /** A saved card that is declined from now on (its account ran dry), as the bank would say it. */
  declineFrom(paymentMethodId: string, decline: 'insufficient_funds' | 'generic_decline'): void;
  /** What the seller's onboarding (or Stripe's checks) did to a connected account: its verification is now `state`. */
  setAccountState(accountId: string, state: AccountState, currentlyDue?: string[]): void;
  /** The Account Links made, newest last, with the account and urls they were made for. */
  accountLinks(): StripeObject[];
  /** How many requests reached it (idempotent replays included). */
  requestCount(): number;
  /** Every request that reached it with the secret key and its answer, oldest first (checked against Stripe's published API). */
  exchanges(): Exchange[];
  /** The platform's available balance and each connected account's, in cents. */
  balance(account?: string): number;
  /**
   * Adds money to the platform's balance, as a Stripe top-up does (a rewards cash-out is paid from
   * it): once the balance is at zero or above, the refunds it held are made; answers those.
   */
  topUp(amountCents: number): StripeObject[];
  /** Stripe fails a refund it held (`failure_reason`, by default `insufficient_funds`): its money is back in the balance. */
  failRefund(refundId: string, reason?: string): StripeObject;
  /**
   * The cardholder's bank disputes the intent's charge: refunds of it are refused from now on, and
   * a refund Stripe held fails (`charge_for_pending_refund_disputed`), its money back in the balance.
   */
  dispute(intentId: string): void;
  /** Takes money from the platform's balance (Stripe's fees, an earlier payout): a test makes it too low for a refund. */
  drain(amountCents: number): void;
  /**
   * The bank's answer to a pending payout, as Stripe settles it days later (failed for Stripe's
   * failing test account, else paid, unless `outcome` says): the payout as it is now.
   */
  settlePayout(payoutId: string, outcome?: 'paid' | 'failed'): StripeObject;
  /** The next `POST /v1/payouts` is refused (after a transfer went through, say). */
  refuseNextPayout(): void;
  /** Stripe's own scheduled payout of everything on an account whose payouts are not manual; null when manual or empty. */
  runAutomaticPayouts(accountId: string): StripeObject | null;
  /** Captures answer Stripe's 500 while `down` (an outage). */
  capturesDown(down: boolean): void;
  /** Stripe cancels an authorisation never captured (it lapses after 7 days): the intent as it is now. */
  expireAuthorisation(intentId: string): StripeObject;
  /** A refund made in Stripe's dashboard, not through Yardly: the refund object. */
  refundFromDashboard(intentId: string, amountCents?: number): StripeObject;
  close(): Promise<void>;
}

/** A connected account's verification: Stripe needs something from the seller, is checking it, or pays out. */
export type AccountState = 'action_required' | 'pending' | 'verified';

/** What Stripe asks a new individual's Custom account for before it enables payouts. */
export const ONBOARDING_FIELDS = [
  'individual.dob.day',
  'individual.id_number',
  'individual.verification.document',
  'tos_acceptance.date',
  'tos_acceptance.ip',
];

export interface StandInOptions {
  /**
   * How a new connected account starts: `unverified` as at Stripe (payouts and transfers off
   * until the seller's onboarding), or `verified` (default) for tests about what comes after.
   */
  newAccounts?: 'verified' | 'unverified';
}

export async function startStripeStandIn(options: StandInOptions = {}): Promise<StripeStandIn> {
  const secretKey = `sk_test_${randomBytes(8).toString('hex')}`;
  const publishableKey = `pk_test_${randomBytes(8).toString('hex')}`;
  const objects = new Map<string, StripeObject>();
  const replays = new Map<string, { request: string; status: number; body: StripeObject }>();
  const balances = new Map<string, number>();
  const laterDeclines = new Map<string, { code: string; message: string }>();
  /** The intents whose charge the cardholder's bank disputed. */
  const disputed = new Set<string>();
  /** The platform's available balance: captured charges, less refunds and transfers, plus top-ups. */
  let platformBalance = 0;
  let refuseNextPayout = false;
  let capturesDown = false;
  const links: StripeObject[] = [];
  let requests = 0;
  const exchanges: Exchange[] = [];

  const get = (kind: string, id: string) => {
    const found = objects.get(id);
    if (!found || found.object !== kind) throw missing(kind, id);
    return found;
  };
  /** Kept as Stripe answers it: what the stand-in knows laid on the published example of its resource. */
  const put = (known: StripeObject) => {
    const object = fromFixtures(known);
    objects.set(object.id as string, object);
    return object;
  };

  /** A test shorthand becomes a new PaymentMethod each time it is used, as at Stripe. */
  function paymentMethodFor(id: string): StripeObject {
    const card = TEST_CARDS[id];
    if (!card) return get('payment_method', id);
    return put({
      id: newId('pm'),
      object: 'payment_method',
      type: 'card',
      customer: null,
      card: { brand: card.brand, last4: card.last4, exp_month: 12, exp_year: 2034 },
      test_card: id,
      used_once_unattached: false,
      reusable: false,
    });
  }

  function intentView(intent: StripeObject, expand: string[]): StripeObject {
    const view = { ...intent };
    if (expand.includes('payment_method') && typeof intent.payment_method === 'string') {
      view.payment_method = viewOf(objects.get(intent.payment_method) as StripeObject);
    }
    return view;
  }
  const viewOf = (object: StripeObject) =>
    Object.fromEntries(
      Object.entries(object).filter(([key]) => !['test_card', 'used_once_unattached', 'reusable'].includes(key)),
    );

  function confirmIntent(intent: StripeObject, paymentMethodId: string | undefined) {
    if (!['requires_payment_method', 'requires_confirmation'].includes(intent.status as string)) {
      throw invalid(
        `This PaymentIntent's payment_method could not be updated because it has a status of ${intent.status}.`,
        { code: 'payment_intent_unexpected_state' },
      );
    }
    const pmId = paymentMethodId ?? (intent.payment_method as string | null);
    if (!pmId) throw invalid('You cannot confirm this PaymentIntent because it’s missing a payment method.');
    const pm = paymentMethodFor(pmId);
    if (pm.used_once_unattached && !pm.customer) {
      throw invalid(NOT_REUSABLE, { param: 'payment_method' });
    }
    if (pm.customer && intent.customer !== pm.customer) {
      throw invalid(
        `The provided PaymentMethod belongs to a Customer, but you did not provide the Customer. Pass customer=${pm.customer}.`,
        { param: 'customer' },
      );
    }
    if (!pm.customer) {
      pm.used_once_unattached = true;
      pm.reusable = intent.setup_future_usage != null;
    }
    intent.payment_method = pm.id;
    const decline = TEST_CARDS[pm.test_card as string]?.decline ?? laterDeclines.get(pm.id as string);
    if (decline) {
      const error = {
        type: 'card_error',
        code: 'card_declined',
        decline_code: decline.code,
        message: decline.message,
        charge: newId('ch'),
        payment_method: viewOf(pm),
      };
      Object.assign(intent, { status: 'requires_payment_method', last_payment_error: error, payment_method: null });
      throw new StripeError(402, { ...error, payment_intent: { ...intent } });
    }
    if (TEST_CARDS[pm.test_card as string]?.authenticate) {
      Object.assign(intent, {
        status: 'requires_action',
        next_action: { type: 'use_stripe_sdk', use_stripe_sdk: { type: 'three_d_secure_redirect' } },
        last_payment_error: null,
      });
      return;
    }
    authorise(intent);
  }

  /** The card's bank agreed: the money is held (manual capture) or taken. */
  function authorise(intent: StripeObject) {
    Object.assign(intent, {
      next_action: null,
      status: intent.capture_method === 'manual' ? 'requires_capture' : 'succeeded',
      amount_capturable: intent.capture_method === 'manual' ? intent.amount : 0,
      amount_received: intent.capture_method === 'manual' ? 0 : intent.amount,
      latest_charge: newId('ch'),
      last_payment_error: null,
    });
  }

  function createIntent(form: Form): StripeObject {
    const currency = text(form.currency);
    if (!currency) throw invalid('Missing required param: currency.', { param: 'currency' });
    const intent = put({
      id: newId('pi'),
      object: 'payment_intent',
      amount: cents(form.amount, 'amount'),
      amount_capturable: 0,
      amount_received: 0,
      currency,
      capture_method: text(form.capture_method) ?? 'automatic_async',
      customer: text(form.customer) ?? null,
      metadata: typeof form.metadata === 'object' ? form.metadata : {},
      payment_method: text(form.payment_method) ?? null,
      payment_method_types: list(form.allowed_payment_method_types ?? form.payment_method_types),
      setup_future_usage: text(form.setup_future_usage) ?? null,
      status: form.payment_method ? 'requires_confirmation' : 'requires_payment_method',
      last_payment_error: null,
      latest_charge: null,
      livemode: false,
      created: Math.floor(Date.now() / 1000),
    });
    intent.client_secret = `${intent.id}_secret_${randomBytes(8).toString('hex')}`;
    if (text(form.confirm) === 'true') confirmIntent(intent, undefined);
    return intent;
  }

  function capture(intent: StripeObject, form: Form): StripeObject {
    if (capturesDown) throw new StripeError(500, { type: 'api_error', message: 'An unknown error occurred' });
    if (intent.status !== 'requires_capture') {
      throw invalid(
        `This PaymentIntent could not be captured because it has a status of ${intent.status}. Only a PaymentIntent with one of the following statuses may be captured: requires_capture.`,
        { code: 'payment_intent_unexpected_state' },
      );
    }
    const amount = form.amount_to_capture ? cents(form.amount_to_capture, 'amount_to_capture') : intent.amount;
    // Captured money reaches the platform's balance (Stripe's fees are left out here).
    platformBalance += amount as number;
    releaseHeldRefunds();
    return Object.assign(intent, { status: 'succeeded', amount_capturable: 0, amount_received: amount });
  }

  const CANCELABLE = [
    'requires_payment_method',
    'requires_capture',
    'requires_confirmation',
    'requires_action',
    'processing',
  ];
  function cancel(intent: StripeObject, form: Form): StripeObject {
    if (!CANCELABLE.includes(intent.status as string)) {
      throw invalid(
        `You cannot cancel this PaymentIntent because it has a status of ${intent.status}. Only a PaymentIntent with one of the following statuses may be canceled: ${CANCELABLE.join(', ')}.`,
        { code: 'payment_intent_unexpected_state' },
      );
    }
    return Object.assign(intent, {
      status: 'canceled',
      amount_capturable: 0,
      cancellation_reason: text(form.cancellation_reason) ?? null,
    });
  }

  function refund(form: Form): StripeObject {
    const intentId = text(form.payment_intent);
    if (!intentId)
      throw invalid('One of the following params should be provided for this request: payment_intent or charge.');
    const intent = get('payment_intent', intentId);
    // A failed refund gave nothing back: its amount can be refunded again.
    const refunded = [...objects.values()]
      .filter((o) => o.object === 'refund' && o.payment_intent === intentId && o.status !== 'failed')
      .reduce((sum, o) => sum + (o.amount as number), 0);
    // A charge the cardholder's bank disputed is not refunded: the dispute decides (Stripe's error code charge_disputed).
    if (disputed.has(intentId)) {
      throw invalid(`Charge ${intent.latest_charge} has been charged back; cannot issue a refund.`, {
        code: 'charge_disputed',
      });
    }
    const left = (intent.amount_received as number) - refunded;
    if (intent.status !== 'succeeded' || left === 0) {
      throw invalid(`Charge ${intent.latest_charge} has already been refunded.`, { code: 'charge_already_refunded' });
    }
    const amount = form.amount ? cents(form.amount, 'amount') : left;
    if (amount > left) {
      throw invalid(
        `Refund amount ($${(amount / 100).toFixed(2)}) is greater than unrefunded amount on charge ($${(left / 100).toFixed(2)})`,
        { param: 'amount' },
      );
    }
    // Stripe takes a refund from the available balance even when it cannot cover it: the balance
    // goes negative and the refund is held `pending` (pending_reason insufficient_funds) until the
    // balance is back at zero or above (support.stripe.com "Pending refunds due to insufficient
    // funds"; the Refund object's pending_reason, API 2025-04-30.basil on). While any refund is
    // held, a new one waits behind it.
    const held = amount > platformBalance || pendingRefunds().length > 0;
    platformBalance -= amount;
    return put({
      id: newId('re'),
      object: 'refund',
      amount,
      currency: intent.currency,
      payment_intent: intentId,
      charge: intent.latest_charge,
      reason: text(form.reason) ?? null,
      metadata: typeof form.metadata === 'object' ? form.metadata : {},
      status: held ? 'pending' : 'succeeded',
      pending_reason: held ? 'insufficient_funds' : null,
      created: Math.floor(Date.now() / 1000),
    });
  }

  const pendingRefunds = () => [...objects.values()].filter((o) => o.object === 'refund' && o.status === 'pending');

  /** Money reached the balance: once it is back at zero or above, the refunds it held are sent (oldest first). */
  function releaseHeldRefunds(): StripeObject[] {
    if (platformBalance < 0) return [];
    const released = pendingRefunds();
    for (const held of released) Object.assign(held, { status: 'succeeded', pending_reason: null });
    return released;
  }

  /** A held refund fails (Stripe gave up on it, or its charge was disputed): its money is back in the balance. */
  function failRefund(id: string, reason: string): StripeObject {
    const refund = get('refund', id);
    if (refund.status !== 'pending') throw new Error(`${id} is ${refund.status}`);
    platformBalance += refund.amount as number;
    return Object.assign(refund, {
      status: 'failed',
      pending_reason: null,
      failure_reason: reason,
      failure_balance_transaction: newId('txn'),
    });
  }

  function createCustomer(form: Form): StripeObject {
    const customer = put({ id: newId('cus'), object: 'customer', metadata: form.metadata ?? {} });
    const pmId = text(form.payment_method);
    if (pmId) {
      const pm = get('payment_method', pmId);
      if (pm.customer || (pm.used_once_unattached && !pm.reusable)) {
        throw invalid(NOT_REUSABLE, { param: 'payment_method' });
      }
      pm.customer = customer.id;
    }
    return customer;
  }

  function createAccount(form: Form): StripeObject {
    const bank = typeof form.external_account === 'object' ? form.external_account : undefined;
    const routing = text(bank?.routing_number);
    const number = text(bank?.account_number);
    if (!routing || !/^\d{9}$/.test(routing)) throw invalid('Invalid routing number', { param: 'external_account' });
    if (!number) throw invalid('Missing account number', { param: 'external_account' });
    const individual = individualOf(form.individual);
    const id = newId('acct');
    balances.set(id, 0);
    return put({
      id,
      object: 'account',
      type: text(form.type) ?? 'custom',
      country: text(form.country) ?? 'US',
      metadata: form.metadata ?? {},
      ...(individual && { individual }),
      // Stripe pays a new account out daily by itself unless told otherwise.
      settings: {
        payouts: {
          schedule: {
            interval:
              text(
                (((form.settings as Form | undefined)?.payouts as Form | undefined)?.schedule as Form | undefined)
                  ?.interval,
              ) ?? 'daily',
          },
        },
      },
      ...verification(options.newAccounts === 'unverified' ? 'action_required' : 'verified'),
      external_accounts: {
        object: 'list',
        data: [
          {
            id: newId('ba'),
            object: 'bank_account',
            routing_number: routing,
            last4: number.slice(-4),
            account_holder_name: text(bank?.account_holder_name) ?? null,
            fails_payouts: number === FAILING_BANK_ACCOUNT,
          },
        ],
      },
    });
  }

  /**
   * A custom account's `individual` as Stripe shows it: the date of birth back (day 1-31, month
   * 1-12, a four-digit year), the SSN's last 4 only as `ssn_last_4_provided` (never returned).
   */
  function individualOf(given: string | Form | undefined): StripeObject | undefined {
    if (typeof given !== 'object') return undefined;
    const dob = typeof given.dob === 'object' ? given.dob : undefined;
    const day = Number(text(dob?.day));
    const month = Number(text(dob?.month));
    const year = Number(text(dob?.year));
    if (dob && !(day >= 1 && day <= 31 && month >= 1 && month <= 12 && year >= 1900 && year <= 9999))
      throw invalid('Invalid date of birth', { param: 'individual[dob]' });
    const ssn = text(given.ssn_last_4);
    if (ssn !== undefined && !/^\d{4}$/.test(ssn))
      throw invalid('Invalid ssn_last_4', { param: 'individual[ssn_last_4]' });
    return { ...(dob && { dob: { day, month, year } }), ssn_last_4_provided: ssn !== undefined };
  }

  /** An account's verification as Stripe shows it: what is due, what it is checking, whether it pays out. */
  function verification(state: AccountState, currentlyDue = ONBOARDING_FIELDS): StripeObject {
    const enabled = state === 'verified';
    return {
      payouts_enabled: enabled,
      charges_enabled: enabled,
      details_submitted: state !== 'action_required',
      capabilities: { transfers: enabled ? 'active' : state === 'pending' ? 'pending' : 'inactive' },
      requirements: {
        currently_due: state === 'action_required' ? currentlyDue : [],
        eventually_due: state === 'action_required' ? currentlyDue : [],
        past_due: [],
        pending_verification: state === 'pending' ? ['individual.verification.document'] : [],
        disabled_reason:
          state === 'action_required'
            ? 'requirements.past_due'
            : state === 'pending'
              ? 'requirements.pending_verification'
              : null,
      },
    };
  }

  function accountLink(form: Form): StripeObject {
    const account = text(form.account);
    if (!account) throw invalid('Missing required param: account.', { param: 'account' });
    get('account', account);
    const type = text(form.type);
    if (type !== 'account_onboarding' && type !== 'account_update') {
      throw invalid('Invalid type: must be one of account_onboarding or account_update', { param: 'type' });
    }
    for (const param of ['return_url', 'refresh_url']) {
      const url = text(form[param]);
      if (!url || !/^https?:\/\//.test(url)) throw invalid(`Not a valid URL`, { param });
    }
    const link = {
      object: 'account_link',
      url: `https://connect.stripe.com/setup/c/${account}/${randomBytes(9).toString('hex')}`,
      created: Math.floor(Date.now() / 1000),
      expires_at: Math.floor(Date.now() / 1000) + 300,
    };
    links.push({ ...link, account, type, return_url: text(form.return_url), refresh_url: text(form.refresh_url) });
    return link;
  }

  function transfer(form: Form): StripeObject {
    const destination = text(form.destination) ?? '';
    const account = get('account', destination);
    if ((account.capabilities as { transfers?: string } | undefined)?.transfers !== 'active') {
      throw invalid(
        'Your destination account needs to have at least one of the following capabilities enabled: transfers, crypto_transfers, legacy_payments',
        { code: 'insufficient_capabilities_for_transfer', param: 'destination' },
      );
    }
    const amount = cents(form.amount, 'amount');
    // A transfer is paid from the platform's balance: the buyers' captured money, less refunds and transfers.
    if (amount > platformBalance) {
      throw invalid(
        'You have insufficient available funds in your Stripe account. Try adding funds directly to your available balance by creating Charges using the 4000000000000077 test card.',
        { code: 'balance_insufficient' },
      );
    }
    platformBalance -= amount;
    balances.set(destination, (balances.get(destination) ?? 0) + amount);
    return put({
      id: newId('tr'),
      object: 'transfer',
      amount,
      currency: text(form.currency),
      destination,
      metadata: form.metadata ?? {},
      amount_reversed: 0,
      reversed: false,
    });
  }

  /** Takes a transfer's money back from the connected account to the platform's balance (all that is left of it by default). */
  function reverseTransfer(transfer: StripeObject, form: Form): StripeObject {
    const left = (transfer.amount as number) - (transfer.amount_reversed as number);
    const amount = form.amount ? cents(form.amount, 'amount') : left;
    if (amount > left) {
      throw invalid('You cannot reverse more than the remaining amount of this transfer.', { param: 'amount' });
    }
    const account = transfer.destination as string;
    const balance = balances.get(account) ?? 0;
    if (amount > balance) {
      throw invalid('Insufficient funds in the destination account to reverse this transfer.', {
        code: 'balance_insufficient',
      });
    }
    balances.set(account, balance - amount);
    platformBalance += amount;
    Object.assign(transfer, {
      amount_reversed: (transfer.amount_reversed as number) + amount,
      reversed: (transfer.amount_reversed as number) + amount === transfer.amount,
    });
    return put({
      id: newId('trr'),
      object: 'transfer_reversal',
      amount,
      currency: transfer.currency,
      transfer: transfer.id,
      metadata: form.metadata ?? {},
    });
  }

  function payout(form: Form, account: string | undefined): StripeObject {
    if (!account) throw invalid('The platform cannot pay out to a seller without a connected account.');
    const connected = get('account', account);
    const amount = cents(form.amount, 'amount');
    const balance = balances.get(account) ?? 0;
    if (amount > balance) {
      throw invalid('You have insufficient funds in your Stripe account for this transfer.', {
        code: 'balance_insufficient',
      });
    }
    if (refuseNextPayout) {
      refuseNextPayout = false;
      throw invalid('Payouts have been disabled on this account.', { code: 'payouts_not_allowed' });
    }
    balances.set(account, balance - amount);
    const bank = (connected.external_accounts as { data: StripeObject[] }).data[0] as StripeObject;
    // Created pending, as at Stripe: the bank's answer comes days later (`settlePayout`).
    return put({
      id: newId('po'),
      object: 'payout',
      amount,
      currency: text(form.currency),
      destination: bank.id,
      metadata: form.metadata ?? {},
      status: 'pending',
      failure_code: null,
      failure_message: null,
      automatic: false,
      account,
    });
  }

  /** Stripe's automatic payout, made by its schedule on an account whose payouts are not manual. */
  function automaticPayout(account: string): StripeObject | null {
    const connected = get('account', account);
    const interval = (connected.settings as { payouts: { schedule: { interval: string } } }).payouts.schedule.interval;
    const balance = balances.get(account) ?? 0;
    if (interval === 'manual' || balance === 0) return null;
    balances.set(account, 0);
    return put({
      id: newId('po'),
      object: 'payout',
      amount: balance,
      currency: 'usd',
      metadata: {},
      status: 'pending',
      failure_code: null,
      failure_message: null,
      automatic: true,
      account,
    });
  }

  /** The bank's answer to a pending payout: paid, or failed and its money back in the connected balance. */
  function settlePayout(id: string, outcome?: 'paid' | 'failed'): StripeObject {
    const payout = get('payout', id);
    if (payout.status !== 'pending' && payout.status !== 'in_transit') throw new Error(`${id} is ${payout.status}`);
    const account = get('account', payout.account as string);
    const bank = (account.external_accounts as { data: StripeObject[] }).data[0] as StripeObject;
    if ((outcome ?? (bank.fails_payouts ? 'failed' : 'paid')) === 'failed') {
      balances.set(payout.account as string, (balances.get(payout.account as string) ?? 0) + (payout.amount as number));
      return Object.assign(payout, {
        status: 'failed',
        failure_code: 'no_account',
        failure_message:
          'The bank account details on file are probably incorrect. No bank account could be located with those details.',
      });
    }
    return Object.assign(payout, { status: 'paid' });
  }

  function updateAccount(account: StripeObject, form: Form): StripeObject {
    const interval = text(
      (((form.settings as Form | undefined)?.payouts as Form | undefined)?.schedule as Form | undefined)?.interval,
    );
    if (interval)
      (account.settings as { payouts: { schedule: { interval: string } } }).payouts.schedule.interval = interval;
    if (typeof form.metadata === 'object') account.metadata = form.metadata;
    // The individual's details are checked as at creation; what is not sent again is kept.
    const individual = individualOf(form.individual);
    if (individual) {
      const before = (account.individual ?? {}) as StripeObject;
      account.individual = {
        ...before,
        ...individual,
        ssn_last_4_provided: Boolean(individual.ssn_last_4_provided || before.ssn_last_4_provided),
      };
    }
    return account;
  }

  function listRefunds(query: URLSearchParams): StripeObject {
    const intentId = query.get('payment_intent');
    const data = [...objects.values()].filter(
      (o) => o.object === 'refund' && (!intentId || o.payment_intent === intentId),
    );
    return { object: 'list', url: '/v1/refunds', has_more: false, data: data.reverse() };
  }

  /** Routes a request: the path and method as Stripe's v1 API names them. */
  function route(method: string, path: string, form: Form, query: URLSearchParams, account: string | undefined) {
    const expand = [...list(form.expand), ...query.getAll('expand[]'), ...query.getAll('expand[0]')];
    const parts = path.split('/').filter(Boolean);
    const [version, kind, id, action] = parts;
    if (version !== 'v1') throw missing('endpoint', path);
    if (kind === 'payment_intents') {
      if (method === 'POST' && !id) return intentView(createIntent(form), expand);
      const intent = get('payment_intent', id as string);
      if (method === 'GET' && !action) return intentView(intent, expand);
      if (method === 'POST' && action === 'confirm') {
        confirmIntent(intent, text(form.payment_method));
        return intentView(intent, expand);
      }
      if (method === 'POST' && action === 'capture') return intentView(capture(intent, form), expand);
      if (method === 'POST' && action === 'cancel') return intentView(cancel(intent, form), expand);
    }
    if (kind === 'payment_methods' && method === 'GET' && id) return viewOf(get('payment_method', id));
    if (kind === 'customers' && method === 'POST' && !id) return createCustomer(form);
    if (kind === 'refunds' && method === 'POST' && !id) return refund(form);
    if (kind === 'accounts' && method === 'POST' && !id) return createAccount(form);
    if (kind === 'accounts' && method === 'GET' && id && !action) return get('account', id);
    if (kind === 'accounts' && method === 'POST' && id && !action) return updateAccount(get('account', id), form);
    if (kind === 'refunds' && method === 'GET' && !id) return listRefunds(query);
    if (kind === 'refunds' && method === 'GET' && id && !action) return get('refund', id);
    if (kind === 'account_links' && method === 'POST' && !id) return accountLink(form);
    if (kind === 'transfers' && method === 'POST' && !id) return transfer(form);
    if (kind === 'transfers' && method === 'GET' && id && !action) return get('transfer', id);
    if (kind === 'transfers' && method === 'POST' && id && action === 'reversals')
      return reverseTransfer(get('transfer', id), form);
    if (kind === 'payouts' && method === 'POST' && !id) return payout(form, account);
    if (kind === 'payouts' && method === 'GET' && id) return get('payout', id);
    throw new StripeError(404, {
      type: 'invalid_request_error',
      message: `Unrecognized request URL (${method}: ${path}).`,
    });
  }

  /** Who may call: the secret key; the publishable key only to confirm an intent with its client secret (Stripe.js). */
  function authorised(req: IncomingMessage, path: string, form: Form): boolean {
    const key = req.headers.authorization?.replace(/^Bearer /, '');
    if (key === secretKey) return true;
    if (key !== publishableKey || !path.endsWith('/confirm')) return false;
    const intent = objects.get(path.split('/')[3] ?? '');
    return intent?.client_secret === text(form.client_secret);
  }

  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      requests++;
      const url = new URL(req.url ?? '/', 'http://stand-in');
      const body = Buffer.concat(chunks).toString('utf8');
      const form = parseForm(body);
      const answer = (status: number, payload: StripeObject) => {
        exchanges.push({
          method: req.method ?? 'GET',
          path: url.pathname,
          query: url.search.slice(1),
          body,
          status,
          answer: JSON.parse(JSON.stringify(payload)),
        });
        res.writeHead(status, { 'content-type': 'application/json', 'request-id': newId('req') });
        res.end(JSON.stringify(payload));
      };
      if (!authorised(req, url.pathname, form)) {
        return answer(401, {
          error: { type: 'invalid_request_error', message: 'Invalid API Key provided.' },
        });
      }
      const account = req.headers['stripe-account'] as string | undefined;
      const key = req.headers['idempotency-key'] as string | undefined;
      const request = `${req.method} ${url.pathname} ${account ?? ''} ${body}`;
      // Stripe refuses a key longer than 255 characters before doing anything.
      if (key && key.length > 255) {
        return answer(400, {
          error: {
            type: 'invalid_request_error',
            message: `Invalid idempotency key: must be at most 255 characters (got ${key.length}).`,
          },
        });
      }
      const replay = key ? replays.get(key) : undefined;
      if (replay) {
        if (replay.request !== request) {
          return answer(400, {
            error: {
              type: 'idempotency_error',
              message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
            },
          });
        }
        return answer(replay.status, replay.body);
      }
      let status = 200;
      let payload: StripeObject;
      try {
        payload = route(req.method ?? 'GET', url.pathname, form, url.searchParams, account);
      } catch (error) {
        if (!(error instanceof StripeError)) throw error;
        status = error.status;
        payload = { error: error.body };
      }
      // Stripe keeps the answer of a request that ran (a decline too), so a retry reads the same.
      if (key && req.method === 'POST') replays.set(key, { request, status, body: payload });
      answer(status, payload);
    });
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url,
    secretKey,
    publishableKey,
    async confirm(intentId, paymentMethod) {
      const intent = objects.get(intentId);
      const res = await fetch(`${url}/v1/payment_intents/${intentId}/confirm`, {
        method: 'POST',
        headers: { authorization: `Bearer ${publishableKey}`, 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          payment_method: paymentMethod,
          client_secret: String(intent?.client_secret ?? ''),
        }),
      });
      return { status: res.status, body: (await res.json()) as StripeObject };
    },
    authenticate(intentId) {
      const intent = get('payment_intent', intentId);
      if (intent.status !== 'requires_action') throw new Error(`${intentId} does not require an action`);
      authorise(intent);
    },
    declineFrom(paymentMethodId, code) {
      const card =
        code === 'insufficient_funds'
          ? TEST_CARDS.pm_card_chargeDeclinedInsufficientFunds
          : TEST_CARDS.pm_card_chargeDeclined;
      if (card?.decline) laterDeclines.set(paymentMethodId, card.decline);
    },
    setAccountState(accountId, state, currentlyDue) {
      Object.assign(get('account', accountId), verification(state, currentlyDue));
    },
    accountLinks: () => [...links],
    objects: (prefix) => [...objects.values()].filter((o) => String(o.id).startsWith(`${prefix}_`)),
    requestCount: () => requests,
    exchanges: () => [...exchanges],
    balance: (account) => (account ? (balances.get(account) ?? 0) : platformBalance),
    topUp(amountCents) {
      platformBalance += amountCents;
      return releaseHeldRefunds();
    },
    failRefund: (id, reason = 'insufficient_funds') => failRefund(id, reason),
    dispute(intentId) {
      get('payment_intent', intentId);
      disputed.add(intentId);
      for (const held of pendingRefunds().filter((re) => re.payment_intent === intentId)) {
        failRefund(String(held.id), 'charge_for_pending_refund_disputed');
      }
    },
    drain(amountCents) {
      platformBalance -= amountCents;
    },
    settlePayout,
    refuseNextPayout() {
      refuseNextPayout = true;
    },
    runAutomaticPayouts: automaticPayout,
    capturesDown(down) {
      capturesDown = down;
    },
    expireAuthorisation(intentId) {
      const intent = get('payment_intent', intentId);
      if (intent.status !== 'requires_capture') throw new Error(`${intentId} is ${intent.status}`);
      return Object.assign(intent, { status: 'canceled', amount_capturable: 0, cancellation_reason: 'automatic' });
    },
    refundFromDashboard(intentId, amountCents) {
      const form: Form = { payment_intent: intentId, reason: 'requested_by_customer' };
      if (amountCents !== undefined) form.amount = String(amountCents);
      return refund(form);
    },
    close: () => new Promise<void>((ok) => server.close(() => ok())),
  };
}
