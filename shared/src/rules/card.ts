/**
 * Payment card rules (spec sections 5 and 9, issue 18): the card form in the storefront and the
 * built-in test provider check a card with the same functions. Nothing here stores a card.
 */

export const CARD_BRANDS = ['Visa', 'Mastercard', 'American Express', 'Discover', 'Diners Club', 'JCB'] as const;
export type CardBrand = (typeof CARD_BRANDS)[number];

export const cardMessages = {
  invalidNumber: 'Your card number is invalid.',
  unsupportedBrand:
    'This card brand is not accepted. Use Visa, Mastercard, American Express, Discover, Diners Club or JCB.',
  invalidExpiry: 'Your card’s expiration date is invalid. Use MM/YY.',
  expired: 'Your card has expired.',
  invalidCvc: 'Your card’s security code is invalid.',
  declined: 'Your card was declined.',
  insufficientFunds: 'Your card has insufficient funds.',
  testMode: 'Payments are in test mode: no real card is charged. Use 4242 4242 4242 4242, any future date and any CVC.',
} as const;

/** The digits of a typed card number (spaces and dashes dropped); null when anything else was typed. */
export function cardDigits(typed: string): string | null {
  const digits = typed.replace(/[\s-]/g, '');
  return /^\d+$/.test(digits) ? digits : null;
}

/** The Luhn check digit holds (every card number's last digit). */
export function luhnValid(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

const BRAND_RULES: readonly { brand: CardBrand; prefix: RegExp; lengths: readonly number[] }[] = [
  { brand: 'American Express', prefix: /^3[47]/, lengths: [15] },
  { brand: 'Diners Club', prefix: /^3(0[0-5]|[689])/, lengths: [14, 16] },
  { brand: 'JCB', prefix: /^35(2[89]|[3-8])/, lengths: [16] },
  { brand: 'Visa', prefix: /^4/, lengths: [13, 16, 19] },
  { brand: 'Mastercard', prefix: /^(5[1-5]|2(2[2-9]|[3-6]\d|7[01]|720))/, lengths: [16] },
  { brand: 'Discover', prefix: /^(6011|64[4-9]|65)/, lengths: [16, 19] },
];

/** The brand a number's first digits name (as the number is typed, before it is complete); null for none we accept. */
export function cardBrand(digits: string): CardBrand | null {
  return BRAND_RULES.find((rule) => rule.prefix.test(digits))?.brand ?? null;
}

/** A complete, accepted card number: a known brand, its length, the Luhn digit. */
export function cardNumberProblem(typed: string): string | null {
  const digits = cardDigits(typed);
  if (digits === null) return cardMessages.invalidNumber;
  const rule = BRAND_RULES.find((r) => r.prefix.test(digits));
  if (!rule) return cardMessages.unsupportedBrand;
  if (!rule.lengths.includes(digits.length) || !luhnValid(digits)) return cardMessages.invalidNumber;
  return null;
}

/**
 * The expiry input as the person types it, formatted MM/YY (spec section 5): the month clamped
 * to 12, a lone first digit above 1 gets a leading 0 ('4' → '04/'), and 00 becomes 01.
 */
export function formatCardExpiry(typed: string): string {
  const digits = typed.replace(/\D/g, '').slice(0, 4);
  if (digits.length === 0) return '';
  if (digits.length === 1) return Number(digits) > 1 ? `0${digits}/` : digits;
  let month = digits.slice(0, 2);
  if (Number(month) > 12) month = '12';
  if (month === '00') month = '01';
  return `${month}/${digits.slice(2)}`;
}

/** A complete MM/YY as month (1-12) and full year; null when it is not one. */
export function parseCardExpiry(text: string): { month: number; year: number } | null {
  const match = /^(\d{2})\/(\d{2})$/.exec(text.trim());
  if (!match) return null;
  const month = Number(match[1]);
  if (month < 1 || month > 12) return null;
  return { month, year: 2000 + Number(match[2]) };
}

/** A card is good through the last day of its expiry month (UTC), checked against the app clock's `now`. */
export function cardExpiryProblem(text: string, now: Date): string | null {
  const expiry = parseCardExpiry(text);
  if (!expiry) return cardMessages.invalidExpiry;
  const endOfMonth = Date.UTC(expiry.year, expiry.month, 1);
  return now.getTime() >= endOfMonth ? cardMessages.expired : null;
}

/** Three digits, four for American Express. */
export function cardCvcProblem(cvc: string, brand: CardBrand | null): string | null {
  const length = brand === 'American Express' ? 4 : 3;
  return new RegExp(`^\\d{${length}}$`).test(cvc) ? null : cardMessages.invalidCvc;
}

/** The first problem with a card as the form sends it, in the order a person reads the form; null when it is fine. */
export function cardProblem(card: { number: string; exp: string; cvc: string }, now: Date): string | null {
  const digits = cardDigits(card.number) ?? '';
  return (
    cardNumberProblem(card.number) ?? cardExpiryProblem(card.exp, now) ?? cardCvcProblem(card.cvc, cardBrand(digits))
  );
}
