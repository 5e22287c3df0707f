/** Password rules (spec section 5). The spec gives no texts here; these say what to fix. */
import { z } from 'zod';

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 32;

export const passwordMessages = {
  required: 'Enter password',
  length: 'Password must be 8 to 32 characters',
  whitespace: 'Password cannot contain spaces',
  uppercase: 'Password must contain at least one uppercase letter',
  lowercase: 'Password must contain at least one lowercase letter',
  digit: 'Password must contain at least one number',
  special: 'Password must contain at least one special character',
} as const;

export interface PasswordRule {
  id: 'length' | 'whitespace' | 'uppercase' | 'lowercase' | 'digit' | 'special';
  message: string;
  test: (password: string) => boolean;
}

/** The rules as data, in the order a checklist under the field shows them. */
export const PASSWORD_RULES: readonly PasswordRule[] = [
  {
    id: 'length',
    message: passwordMessages.length,
    test: (p) => p.length >= PASSWORD_MIN && p.length <= PASSWORD_MAX,
  },
  { id: 'whitespace', message: passwordMessages.whitespace, test: (p) => !/\s/u.test(p) },
  { id: 'uppercase', message: passwordMessages.uppercase, test: (p) => /\p{Lu}/u.test(p) },
  { id: 'lowercase', message: passwordMessages.lowercase, test: (p) => /\p{Ll}/u.test(p) },
  { id: 'digit', message: passwordMessages.digit, test: (p) => /\p{Nd}/u.test(p) },
  // Anything that is not a letter, a digit or whitespace counts as special: !, #, _, €, emoji...
  { id: 'special', message: passwordMessages.special, test: (p) => /[^\p{L}\p{N}\s]/u.test(p) },
];

/** The messages of the rules this password breaks, in checklist order; [] when it is fine. */
export function passwordProblems(password: string): string[] {
  return PASSWORD_RULES.filter((rule) => !rule.test(password)).map((rule) => rule.message);
}

/** A new password. Never trimmed: spaces are refused, not silently removed. */
export const passwordSchema = z
  .string({ error: passwordMessages.required })
  .min(1, { message: passwordMessages.required, abort: true })
  .superRefine((password, ctx) => {
    for (const message of passwordProblems(password)) ctx.addIssue({ code: 'custom', message });
  });
