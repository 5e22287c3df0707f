import { ApiError, GENERIC_ERROR_MESSAGE } from '@yardly/shared/client';
import {
  type CallBody,
  type CallData,
  type CheckoutAmount,
  createPaymentIntentCall,
  type PaymentIntentStatus,
} from '@yardly/shared/contract';
import { atom, type ReadableAtom } from 'nanostores';
import type { CardCollector, CardOutcome } from '../components/checkout/card-collector';
import type { CardErrors } from '../components/checkout/card-form-view';
import { browserApi } from '../lib/api';
import type { CheckoutRef, OrderRef } from '../lib/checkout-paths';
import { failureMessage, logFailure } from '../lib/log-failure';
import { forgetAttempt, readSavedAttempt, saveAttempt } from './checkout-attempt-storage';

type PaymentIntentBody = CallBody<typeof createPaymentIntentCall>;

/**
 * How the buyer gets the item (shipped to one of their saved addresses, or picked up), and
 * whether their rewards pay first (left out: they do, createPI's default): what is priced.
 */
export type DeliveryChoice = Pick<PaymentIntentBody, 'deliveryMethod' | 'addressId' | 'useRewards'>;

/** What an attempt asks createPI for: the delivery and, once Pay is pressed, how the card comes. */
export type AttemptChoice = Pick<
  PaymentIntentBody,
  'deliveryMethod' | 'addressId' | 'useRewards' | 'saveCard' | 'paymentCardId'
>;

/** The card that pays: a new one (kept for next time when `save`), or one of the buyer's saved cards. */
export type CardChoice = { kind: 'new'; save: boolean } | { kind: 'saved'; cardId: string };

/** The intent of the current attempt, as createPI answered it. */
export interface CheckoutIntent {
  paymentIntentId: string;
  clientSecret: string;
  status: PaymentIntentStatus;
}

/**
 * One checkout attempt: a choice (delivery, then the card) and the payment intent the api made
 * for it, under one Idempotency-Key that every retry of the attempt sends again (another choice
 * is another attempt, with its own key).
 */
export interface Checkout {
  ref: CheckoutRef | null;
  choice: AttemptChoice | null;
  /** Null once a decline ended the attempt: the next try is a new one. */
  idempotencyKey: string | null;
  /** 'pricing': the delivery is being priced; 'paying': the card and the order are on their way. */
  status: 'idle' | 'pricing' | 'ready' | 'paying' | 'placed';
  intent: CheckoutIntent | null;
  /** What the api priced for the delivery chosen (it does not change with the card). */
  amount: CheckoutAmount | null;
  /** The card authorised the intent: a retry goes straight to placing the order. */
  authorised: boolean;
  cardErrors: CardErrors;
  /** The provider's decline ('Your card was declined.'), shown beside the card; another card may be tried. */
  decline: string | null;
  /** Why the item cannot be bought now ('This item is no longer available'), or a failure, shown plainly. */
  problem: string | null;
  /** Where the confirmation page is, once the order is placed. */
  placed: OrderRef | null;
}

const EMPTY: Checkout = {
  ref: null,
  choice: null,
  idempotencyKey: null,
  status: 'idle',
  intent: null,
  amount: null,
  authorised: false,
  cardErrors: {},
  decline: null,
  problem: null,
  placed: null,
};

const $state = atom<Checkout>(EMPTY);

/** The checkout on this page. */
export const $checkout: ReadableAtom<Checkout> = $state;

function update(change: Partial<Checkout>): void {
  $state.set({ ...$state.get(), ...change });
}

function sameDelivery(a: AttemptChoice | null, b: DeliveryChoice): boolean {
  return (
    a !== null &&
    a.deliveryMethod === b.deliveryMethod &&
    a.addressId === b.addressId &&
    (a.useRewards ?? true) === (b.useRewards ?? true)
  );
}

function sameAttempt(a: AttemptChoice | null, b: AttemptChoice): boolean {
  return sameDelivery(a, b) && a?.saveCard === b.saveCard && a?.paymentCardId === b.paymentCardId;
}

/** The attempt's choice once the card is known: createPI saves a new card or pays with a saved one. */
function withCard(delivery: DeliveryChoice, card: CardChoice): AttemptChoice {
  const { deliveryMethod, addressId, useRewards } = delivery;
  const base: AttemptChoice = {
    deliveryMethod,
    ...(addressId !== undefined && { addressId }),
    ...(useRewards === false && { useRewards }),
  };
  if (card.kind === 'saved') return { ...base, paymentCardId: card.cardId };
  return card.save ? { ...base, saveCard: true } : base;
}

/** The checkout of an item (or an accepted offer on it): this tab's attempt resumed after a reload, else a fresh one. */
export function startCheckout(ref: CheckoutRef): void {
  const saved = readSavedAttempt(ref);
  $state.set({ ...EMPTY, ref, ...saved });
}

function remember(): void {
  const { ref, choice, idempotencyKey, authorised } = $state.get();
  if (ref && choice && idempotencyKey) saveAttempt(ref, { choice, idempotencyKey, authorised });
}

/** A decline ended the attempt: nothing is held, so the next try may be a new attempt with a new key. */
function endAttempt(ref: CheckoutRef): void {
  forgetAttempt(ref);
  update({ idempotencyKey: null, intent: null, authorised: false });
}

function createIntent(ref: CheckoutRef, choice: AttemptChoice, key: string) {
  return browserApi.http.call(createPaymentIntentCall, {
    body: { listingRefnum: ref.itemRefnum, offerRefnum: ref.offerRefnum, ...choice },
    headers: { 'Idempotency-Key': key },
  });
}

function intentOf(answer: CallData<typeof createPaymentIntentCall>): CheckoutIntent {
  return { paymentIntentId: answer.paymentIntentId, clientSecret: answer.clientSecret, status: answer.status };
}

/**
 * The buyer chose how to get the item: the api prices it (createPI) under this attempt's key.
 * The same delivery again (a retry after a failure, or a reload) sends the same attempt and key,
 * with the card it had; another delivery starts another attempt with a new key.
 */
export async function chooseDelivery(delivery: DeliveryChoice): Promise<void> {
  const { ref, choice: current, idempotencyKey, intent, amount, status, authorised } = $state.get();
  if (!ref || status === 'paying' || status === 'placed') return;
  const retry = sameDelivery(current, delivery) && idempotencyKey !== null;
  if (retry && intent) return;
  const choice = retry && current ? current : withCard(delivery, { kind: 'new', save: false });
  const key = retry && idempotencyKey ? idempotencyKey : crypto.randomUUID();
  update({
    choice,
    idempotencyKey: key,
    status: 'pricing',
    intent: null,
    amount: sameDelivery(current, delivery) ? amount : null,
    // The same attempt's intent keeps its authorisation (a reload after the card was accepted).
    authorised: retry && authorised,
    problem: null,
    ...(!retry && { decline: null }),
  });
  remember();
  try {
    const answer = await createIntent(ref, choice, key);
    // A later choice overtook this one: its answer is the one that counts.
    if ($state.get().idempotencyKey !== key) return;
    update({
      status: 'ready',
      intent: intentOf(answer),
      amount: answer.amount,
      authorised: $state.get().authorised || answer.status === 'requires_capture',
    });
    remember();
  } catch (cause) {
    if ($state.get().idempotencyKey !== key) return;
    logFailure('Could not start the payment', cause);
    if (cause instanceof ApiError && cause.status === 402) {
      // A resumed attempt's saved card was declined: price the delivery afresh, the decline beside the card.
      endAttempt(ref);
      update({ choice: null, status: 'idle' });
      await chooseDelivery(delivery);
      update({ decline: cause.message });
      return;
    }
    if (cause instanceof ApiError && cause.status === 409) forgetAttempt(ref);
    update({ status: 'idle', problem: failureMessage(cause) });
  }
}

/** The card form changed a field: its error goes until the form is sent again. */
export function editCard(field: keyof CardErrors): void {
  const { cardErrors: errors, decline } = $state.get();
  if (errors[field] === undefined && decline === null) return;
  const { [field]: _gone, ...rest } = errors;
  update({ cardErrors: rest, decline: null });
}

/** The buyer chose another card: the last card's decline goes. */
export function chooseCard(): void {
  if ($state.get().decline !== null || Object.keys($state.get().cardErrors).length > 0)
    update({ decline: null, cardErrors: {} });
}

/**
 * The intent for paying with `card`: the priced one when it fits, else a new attempt's (saving
 * the card, or paying with a saved one, is asked of createPI). Null when the api refused; the
 * refusal is shown.
 */
async function intentForCard(ref: CheckoutRef, card: CardChoice): Promise<CheckoutIntent | null> {
  const { choice, idempotencyKey, intent } = $state.get();
  if (!choice) return null;
  const wanted = withCard(choice, card);
  const same = sameAttempt(choice, wanted);
  if (same && intent) return intent;
  // A retry of the same card after a lost answer keeps the key: the api answers the same intent.
  const key = same && idempotencyKey ? idempotencyKey : crypto.randomUUID();
  update({ choice: wanted, idempotencyKey: key, intent: null, authorised: false });
  remember();
  try {
    const answer = await createIntent(ref, wanted, key);
    const made = intentOf(answer);
    update({ intent: made, amount: answer.amount });
    return made;
  } catch (cause) {
    logFailure('Could not start the payment with this card', cause);
    if (cause instanceof ApiError && cause.status === 402) {
      endAttempt(ref);
      update({ status: 'ready', decline: cause.message });
    } else if (cause instanceof ApiError && cause.status === 409) {
      forgetAttempt(ref);
      update({ status: 'idle', problem: cause.message });
    } else {
      update({ status: 'ready', problem: failureMessage(cause) });
    }
    return null;
  }
}

/** What the card makes of the intent: already authorised (a saved card), the bank's challenge, or a new card's try. */
function authorise(intent: CheckoutIntent, card: CardChoice, collector: CardCollector): Promise<CardOutcome> {
  if (intent.status === 'requires_capture') return Promise.resolve({ kind: 'authorised' });
  if (intent.status === 'requires_action') return collector.finishAction(intent);
  if (card.kind === 'new') return collector.authorise(intent);
  return Promise.resolve({ kind: 'failed', message: GENERIC_ERROR_MESSAGE });
}

/**
 * Pay: the card authorises the intent (a new card through the collector, the test form or
 * Stripe.js; a saved card by the api at createPI, Stripe.js finishing a bank's challenge), then
 * the order is placed (pay-and-pickup for a pickup order). A decline leaves the item buyable and
 * another card may be tried. An authorised intent is not confirmed twice: a retry after a failed
 * placing goes straight to placing.
 */
export async function payWith(collector: CardCollector, card: CardChoice, now: Date): Promise<void> {
  const { ref, choice, amount, status, authorised } = $state.get();
  if (!ref || !choice || !amount || status !== 'ready') return;
  const errors = !authorised && card.kind === 'new' ? collector.check(now) : {};
  if (Object.keys(errors).length > 0) {
    update({ cardErrors: errors, decline: null });
    return;
  }
  update({ status: 'paying', cardErrors: {}, decline: null, problem: null });
  if (!authorised) {
    const intent = await intentForCard(ref, card);
    if (!intent) return;
    const outcome = await authorise(intent, card, collector);
    if (outcome.kind !== 'authorised') {
      if (outcome.kind === 'declined') {
        // A saved card's attempt is over with its decline; a new card's intent waits for another card.
        if (card.kind === 'saved') endAttempt(ref);
        else update({ intent: { ...intent, status: 'requires_payment_method' } });
        update({ status: 'ready', decline: outcome.message });
      } else if (outcome.kind === 'invalid') update({ status: 'ready', cardErrors: outcome.errors });
      else update({ status: 'ready', problem: outcome.message });
      return;
    }
    update({ authorised: true, intent: { ...intent, status: 'requires_capture' } });
    remember();
  }
  await place(ref);
}

/**
 * Place order, for a checkout the buyer's rewards pay wholly (the amount's total is 0): no card
 * to authorise, the rewards payment createPI answered is placed as it is.
 */
export async function placeWithRewards(): Promise<void> {
  const { ref, intent, amount, status } = $state.get();
  if (!ref || !intent || !amount || amount.total !== 0 || status !== 'ready') return;
  update({ status: 'paying', decline: null, problem: null, authorised: true });
  remember();
  await place(ref);
}

async function place(ref: CheckoutRef): Promise<void> {
  const { choice, intent } = $state.get();
  if (!choice || !intent) return;
  const { paymentIntentId } = intent;
  try {
    const order =
      choice.deliveryMethod === 'pickup'
        ? await browserApi.checkout.payAndPickup(
            ref.offerRefnum
              ? { offerRefnum: ref.offerRefnum, paymentIntentId }
              : { listingRefnum: ref.itemRefnum, paymentIntentId },
          )
        : await browserApi.checkout.placeOrder({ paymentIntentId });
    forgetAttempt(ref);
    update({ status: 'placed', placed: { listingRefnum: order.listingRefnum, orderId: order.orderId } });
  } catch (cause) {
    // The api's refusals (4xx: sold meanwhile) are answers shown to the buyer; a failure is logged.
    logFailure('Could not place the order', cause);
    // 409: someone else bought it first (the api released this authorisation); the attempt is over.
    const over = cause instanceof ApiError && cause.status === 409;
    if (over) forgetAttempt(ref);
    update({ status: over ? 'idle' : 'ready', problem: failureMessage(cause), ...(over && { intent: null }) });
  }
}
