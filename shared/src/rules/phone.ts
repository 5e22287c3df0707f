/** US phone numbers (spec section 5): one rule to read, check and show them. */
import { z } from 'zod';

/** Spec section 5: "phone 10", the national digits; the separators people type are not counted. */
export const PHONE_DIGITS = 10;

/** Room in an input for the longest accepted form, '+1 (718) 555-0142'. */
export const PHONE_INPUT_MAX_LENGTH = 17;

export const phoneMessages = {
  required: 'Enter phone number',
  invalid: 'Please enter a valid 10 digit US phone number',
} as const;

/**
 * Ten digits, the first not 0, with an optional +1 country code and optional spaces, dots or
 * dashes between groups; the area code may be in parentheses: '+1 (718) 555-0142', '718.555.0142'.
 * Only +1 is accepted as the country code, since the number must be a US one.
 */
export const PHONE_PATTERN = /^(?:\+1[\s.-]?)?(?:\([1-9]\d{2}\)|[1-9]\d{2})[\s.-]?\d{3}[\s.-]?\d{4}$/;

/** A valid US phone number as typed (trimmed): 10 national digits in one of the pattern's forms. */
export function isValidPhone(phone: string): boolean {
  return PHONE_PATTERN.test(phone.trim());
}

/** The 10 national digits of a valid US phone number ('+1 718 555 0142' → '7185550142'); null when invalid. */
export function normalizePhone(phone: string): string | null {
  if (!isValidPhone(phone)) return null;
  return phone.replace(/\D/g, '').slice(-PHONE_DIGITS);
}

/** A phone as people read it: '7185550142' (or any valid form) → '(718) 555-0142'; anything else as it is. */
export function formatPhone(phone: string): string {
  const digits = normalizePhone(phone);
  return digits ? `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}` : phone;
}

/** What a phone field keeps of a keystroke: the characters a valid form may hold, no leading 0. */
export function keepPhoneCharacters(typed: string): string {
  return typed.replace(/^0+/, '').replace(/[^\d\s().+-]/g, '');
}

/** Validates the phone as typed; store `normalizePhone(value)`. */
export const phoneSchema = z
  .string({ error: phoneMessages.required })
  .trim()
  .min(1, { message: phoneMessages.required, abort: true })
  .refine(isValidPhone, phoneMessages.invalid);
