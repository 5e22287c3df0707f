/** US phone numbers (spec section 5). */
import { z } from 'zod';

export const PHONE_DIGITS = 10;

/** Spec section 5: "A phone field is also invalid when longer than 10 characters". */
export const PHONE_MAX_LENGTH = 10;

export const phoneMessages = {
  required: 'Enter phone number',
  invalid: 'Please enter a valid 10 digit US phone number',
} as const;

/**
 * Ten digits, the first not 0, with an optional +1 country code and optional spaces, dots or
 * dashes between groups; the area code may be in parentheses: '+1 (555) 123-4567', '555.123.4567'.
 * Only +1 is accepted as the country code, since the number must be a US one.
 */
export const PHONE_PATTERN = /^(?:\+1[\s.-]?)?(?:\([1-9]\d{2}\)|[1-9]\d{2})[\s.-]?\d{3}[\s.-]?\d{4}$/;

/**
 * A valid US phone number as typed (trimmed): the pattern's format within the spec's 10
 * characters. Together the two rules leave the ten digits alone ('5551234567'): a country
 * code or a separator makes the field longer than 10 characters, which the spec calls invalid.
 */
export function isValidPhone(phone: string): boolean {
  const trimmed = phone.trim();
  return trimmed.length <= PHONE_MAX_LENGTH && PHONE_PATTERN.test(trimmed);
}

/** The 10 national digits of a valid US phone number; null when invalid. */
export function normalizePhone(phone: string): string | null {
  if (!isValidPhone(phone)) return null;
  return phone.replace(/\D/g, '').slice(-PHONE_DIGITS);
}

/** Validates the phone as typed; store `normalizePhone(value)`. */
export const phoneSchema = z
  .string({ error: phoneMessages.required })
  .trim()
  .min(1, { message: phoneMessages.required, abort: true })
  .refine(isValidPhone, phoneMessages.invalid);
