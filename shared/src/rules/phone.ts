/** US phone numbers (spec section 5). */
import { z } from 'zod';

export const PHONE_DIGITS = 10;

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

/** The 10 national digits of a valid US phone number ('+1 (555) 123-4567' → '5551234567'); null when invalid. */
export function normalizePhone(phone: string): string | null {
  const trimmed = phone.trim();
  if (!PHONE_PATTERN.test(trimmed)) return null;
  return trimmed.replace(/\D/g, '').slice(-PHONE_DIGITS);
}

/** Validates the phone as typed; store `normalizePhone(value)`. */
export const phoneSchema = z
  .string({ error: phoneMessages.required })
  .trim()
  .min(1, { message: phoneMessages.required, abort: true })
  .regex(PHONE_PATTERN, phoneMessages.invalid);
