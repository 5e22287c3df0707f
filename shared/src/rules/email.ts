/** Email addresses (spec section 5, invite email). */
import { z } from 'zod';

export const EMAIL_MAX = 254;

/** A dot-separated local part, then a domain of dotted labels ending in a top-level domain of 2+ letters. */
export const EMAIL_PATTERN =
  /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*@(?:[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?\.)+[A-Za-z]{2,}$/;

export const emailMessages = {
  invalid: 'Please enter valid email address',
} as const;

export function isEmail(text: string): boolean {
  const trimmed = text.trim();
  return trimmed.length <= EMAIL_MAX && EMAIL_PATTERN.test(trimmed);
}

/** Non-empty and matching EMAIL_PATTERN, else 'Please enter valid email address'. Trims; keeps case. */
export const emailSchema = z
  .string({ error: emailMessages.invalid })
  .trim()
  .max(EMAIL_MAX, { message: emailMessages.invalid, abort: true })
  .regex(EMAIL_PATTERN, emailMessages.invalid);
