import type { CallBody, SavedCard, testProviderConfirmCall } from '@yardly/shared/contract';
import {
  type CardBrand,
  cardBrand,
  cardCvcProblem,
  cardDigits,
  cardExpiryProblem,
  cardNumberProblem,
} from '@yardly/shared/rules';
import type { AttemptChoice, CardChoice } from '../../stores/checkout';

/** The test provider's card form, as the api's confirm call names its fields. */
export type CardInput = Omit<CallBody<typeof testProviderConfirmCall>, 'paymentIntentId'>;
export type CardField = keyof CardInput;
export type CardErrors = Partial<Record<CardField, string>>;

export const CARD_FIELDS: readonly CardField[] = ['number', 'exp', 'cvc'];

/** The brand of the number typed so far, shown beside it (null until its first digits name one). */
export function typedBrand(number: string): CardBrand | null {
  const digits = cardDigits(number);
  return digits ? cardBrand(digits) : null;
}

/** A card number as it is typed, in groups of four (American Express: 4, 6, 5); at most 19 digits. */
export function formatCardNumber(typed: string): string {
  const digits = typed.replace(/\D/g, '').slice(0, 19);
  if (typedBrand(digits) === 'American Express') {
    return [digits.slice(0, 4), digits.slice(4, 10), digits.slice(10, 15)].filter(Boolean).join(' ');
  }
  return digits.replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** Each field's problem by the shared card rules (the test provider checks the same); empty when the card can be sent. */
export function cardErrors(card: CardInput, now: Date): CardErrors {
  const errors: CardErrors = {};
  const number = cardNumberProblem(card.number);
  const exp = cardExpiryProblem(card.exp, now);
  const cvc = cardCvcProblem(card.cvc, typedBrand(card.number));
  if (number) errors.number = number;
  if (exp) errors.exp = exp;
  if (cvc) errors.cvc = cvc;
  return errors;
}

/** The field errors an api answer carried (400 under number, exp or cvc). */
export function cardErrorsFrom(errors: readonly { field: string; message: string }[]): CardErrors {
  const found: CardErrors = {};
  for (const { field, message } of errors) {
    if ((CARD_FIELDS as readonly string[]).includes(field)) found[field as CardField] ??= message;
  }
  return found;
}

/**
 * The card the form starts with: the resumed attempt's (its saved card, or a new card it was to
 * save), else the newest saved card that can still pay, else a new card.
 */
export function initialCardChoice(resumed: AttemptChoice | null, cards: readonly SavedCard[]): CardChoice {
  const usable = cards.filter((card) => !card.expired);
  if (resumed?.paymentCardId && usable.some((card) => card.id === resumed.paymentCardId))
    return { kind: 'saved', cardId: resumed.paymentCardId };
  if (resumed?.saveCard) return { kind: 'new', save: true };
  const newest = usable[0];
  return newest ? { kind: 'saved', cardId: newest.id } : { kind: 'new', save: false };
}
