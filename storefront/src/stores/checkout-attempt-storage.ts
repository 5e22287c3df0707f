import { deliveryMethodSchema } from '@yardly/shared/contract';
import type { CheckoutRef } from '../lib/checkout-paths';
import type { AttemptChoice } from './checkout';

/**
 * The checkout attempt of this tab, kept in sessionStorage so that a reload resumes it: the same
 * Idempotency-Key answers the same payment intent (with the same card choice: saving a new card,
 * or paying with a saved one), and an intent the card already authorised is placed, not
 * confirmed again (nor left authorised and forgotten).
 */
export interface SavedAttempt {
  choice: AttemptChoice;
  idempotencyKey: string;
  authorised: boolean;
}

/** What was stored, when it is an attempt (the tab's storage is anyone's to write). */
function asAttempt(value: unknown): SavedAttempt | null {
  const { choice, idempotencyKey, authorised } = (value ?? {}) as Partial<Record<keyof SavedAttempt, unknown>>;
  const { deliveryMethod, addressId, useRewards, saveCard, paymentCardId } = (choice ?? {}) as Partial<
    Record<keyof AttemptChoice, unknown>
  >;
  const method = deliveryMethodSchema.safeParse(deliveryMethod);
  if (!method.success || (addressId !== undefined && typeof addressId !== 'string')) return null;
  if (saveCard !== undefined && saveCard !== true) return null;
  if (useRewards !== undefined && useRewards !== false) return null;
  if (paymentCardId !== undefined && (typeof paymentCardId !== 'string' || saveCard !== undefined)) return null;
  if (typeof idempotencyKey !== 'string' || idempotencyKey.length === 0 || idempotencyKey.length > 255) return null;
  if (typeof authorised !== 'boolean') return null;
  const kept: AttemptChoice = { deliveryMethod: method.data };
  if (addressId !== undefined) kept.addressId = addressId;
  if (useRewards === false) kept.useRewards = false;
  if (saveCard) kept.saveCard = true;
  if (paymentCardId !== undefined) kept.paymentCardId = paymentCardId;
  return { choice: kept, idempotencyKey, authorised };
}

function storageKey(ref: CheckoutRef): string {
  return `yardly.checkout.${ref.itemRefnum}${ref.offerRefnum ? `.${ref.offerRefnum}` : ''}`;
}

/** The attempt saved for this item (or offer) in this tab, if any and well-formed. */
export function readSavedAttempt(ref: CheckoutRef, storage: Storage = sessionStorage): SavedAttempt | null {
  const text = storage.getItem(storageKey(ref));
  if (text === null) return null;
  try {
    return asAttempt(JSON.parse(text));
  } catch {
    // Not JSON (written by something else): nothing to resume.
    return null;
  }
}

export function saveAttempt(ref: CheckoutRef, attempt: SavedAttempt, storage: Storage = sessionStorage): void {
  storage.setItem(storageKey(ref), JSON.stringify(attempt));
}

/** The attempt is over (placed, or the item is gone): the next checkout starts afresh. */
export function forgetAttempt(ref: CheckoutRef, storage: Storage = sessionStorage): void {
  storage.removeItem(storageKey(ref));
}
