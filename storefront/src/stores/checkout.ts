import { ApiError, GENERIC_ERROR_MESSAGE } from '@yardly/shared/client';
import { type CallBody, type CheckoutAmount, createPaymentIntentCall } from '@yardly/shared/contract';
import { atom, type ReadableAtom } from 'nanostores';
import { type CardErrors, type CardInput, cardErrors, cardErrorsFrom } from '../components/checkout/card-form-view';
import { browserApi } from '../lib/api';
import type { CheckoutRef, OrderRef } from '../lib/checkout-paths';
import { forgetAttempt, readSavedAttempt, saveAttempt } from './checkout-attempt-storage';

/** How the buyer gets the item: shipped to one of their saved addresses, or picked up. */
export type DeliveryChoice = Pick<CallBody<typeof createPaymentIntentCall>, 'deliveryMethod' | 'addressId'>;

/**
 * One checkout attempt: a delivery choice and the payment intent the api priced for it, under
 * one Idempotency-Key that every retry of the attempt sends again (a new choice is a new attempt).
 */
export interface Checkout {
  ref: CheckoutRef | null;
  choice: DeliveryChoice | null;
  idempotencyKey: string | null;
  /** 'pricing': the intent is being asked for; 'paying': the card and the order are on their way. */
  status: 'idle' | 'pricing' | 'ready' | 'paying' | 'placed';
  intent: { paymentIntentId: string; amount: CheckoutAmount } | null;
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

function messageOf(cause: unknown): string {
  return cause instanceof ApiError ? cause.message : GENERIC_ERROR_MESSAGE;
}

function sameChoice(a: DeliveryChoice | null, b: DeliveryChoice): boolean {
  return a !== null && a.deliveryMethod === b.deliveryMethod && a.addressId === b.addressId;
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

/**
 * The buyer chose how to get the item: the api prices it (createPI) under this attempt's
 * key. The same choice again (a retry after a failure) sends the same key; another choice starts
 * another attempt with a new key.
 */
export async function chooseDelivery(choice: DeliveryChoice): Promise<void> {
  const { ref, choice: current, idempotencyKey, intent, status, authorised } = $state.get();
  if (!ref || status === 'paying' || status === 'placed') return;
  const retry = sameChoice(current, choice) && idempotencyKey !== null;
  if (retry && intent) return;
  const key = retry && idempotencyKey ? idempotencyKey : crypto.randomUUID();
  update({
    choice,
    idempotencyKey: key,
    status: 'pricing',
    intent: null,
    // The same attempt's intent keeps its authorisation (a reload after the card was accepted).
    authorised: retry && authorised,
    decline: null,
    problem: null,
  });
  remember();
  try {
    const answer = await browserApi.http.call(createPaymentIntentCall, {
      body: { listingRefnum: ref.itemRefnum, offerRefnum: ref.offerRefnum, ...choice },
      headers: { 'Idempotency-Key': key },
    });
    // A later choice overtook this one: its answer is the one that counts.
    if ($state.get().idempotencyKey !== key) return;
    update({ status: 'ready', intent: { paymentIntentId: answer.paymentIntentId, amount: answer.amount } });
  } catch (cause) {
    if ($state.get().idempotencyKey !== key) return;
    console.error('Could not start the payment', cause);
    if (cause instanceof ApiError && cause.status === 409) forgetAttempt(ref);
    update({ status: 'idle', problem: messageOf(cause) });
  }
}

/** The card form changed a field: its error goes until the form is sent again. */
export function editCard(field: keyof CardErrors): void {
  const { cardErrors: errors, decline } = $state.get();
  if (errors[field] === undefined && decline === null) return;
  const { [field]: _gone, ...rest } = errors;
  update({ cardErrors: rest, decline: null });
}

/**
 * Pay: the card authorises the intent (the test provider's confirm; a decline leaves it payable by
 * another card), then the order is placed (pay-and-pickup for a pickup order). An authorised
 * intent is not confirmed twice: a retry after a failed placing goes straight to placing.
 */
export async function payWithCard(card: CardInput, now: Date): Promise<void> {
  const { ref, choice, intent, status, authorised } = $state.get();
  if (!ref || !choice || !intent || status !== 'ready') return;
  const errors = authorised ? {} : cardErrors(card, now);
  if (Object.keys(errors).length > 0) {
    update({ cardErrors: errors, decline: null });
    return;
  }
  update({ status: 'paying', cardErrors: {}, decline: null, problem: null });
  const { paymentIntentId } = intent;
  if (!authorised) {
    try {
      await browserApi.checkout.confirm({ paymentIntentId, ...card });
      update({ authorised: true });
      remember();
    } catch (cause) {
      console.error('The card did not authorise the payment', cause);
      if (cause instanceof ApiError && cause.status === 402) update({ status: 'ready', decline: cause.message });
      else if (cause instanceof ApiError && cause.status === 400 && cause.errors.length > 0)
        update({ status: 'ready', cardErrors: cardErrorsFrom(cause.errors) });
      else update({ status: 'ready', problem: messageOf(cause) });
      return;
    }
  }
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
    console.error('Could not place the order', cause);
    // 409: someone else bought it first (the api released this authorisation); the attempt is over.
    const over = cause instanceof ApiError && cause.status === 409;
    if (over) forgetAttempt(ref);
    update({ status: over ? 'idle' : 'ready', problem: messageOf(cause), ...(over && { intent: null }) });
  }
}
