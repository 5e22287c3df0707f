/** First and last name rules (spec section 5), shared by the sign-up, account and address forms. */
import { z } from 'zod';

export const NAME_MAX = 20;

/** Letters (any script), spaces and dots, with at least one letter. */
export const NAME_PATTERN = /^(?=.*\p{L})[\p{L} .]+$/u;

export const nameMessages = {
  firstRequired: 'Please enter a valid First name',
  firstTooLong: 'First name cannot exceed 20 characters',
  lastRequired: 'Please enter a valid Last name',
  lastTooLong: 'Last name cannot exceed 20 characters',
  sameAsLast: 'First name and last name cannot be the same.',
} as const;

function personName(invalid: string, tooLong: string) {
  return z
    .string({ error: invalid })
    .trim()
    .min(1, { message: invalid, abort: true })
    .max(NAME_MAX, tooLong)
    .regex(NAME_PATTERN, invalid);
}

export const firstNameSchema = personName(nameMessages.firstRequired, nameMessages.firstTooLong);
export const lastNameSchema = personName(nameMessages.lastRequired, nameMessages.lastTooLong);

/** Drops the characters a name input does not accept (the input filter of spec section 5). */
export function keepNameCharacters(text: string): string {
  return text.replace(/[^\p{L} .]/gu, '');
}

/** True when the two names are equal once trimmed, ignoring case. */
export function namesAreSame(first: string, last: string): boolean {
  return first.trim().toLowerCase() === last.trim().toLowerCase();
}

/**
 * An object-level refinement that reports 'First name and last name cannot be the same.' on the
 * first-name field. It stays quiet while either name is itself invalid, so a field shows one error.
 */
export function distinctNames<F extends string, L extends string>(firstKey: F, lastKey: L) {
  return (value: { [K in F | L]: string }, ctx: z.RefinementCtx): void => {
    const first = value[firstKey];
    const last = value[lastKey];
    if (!firstNameSchema.safeParse(first).success || !lastNameSchema.safeParse(last).success) return;
    if (namesAreSame(first, last)) {
      ctx.addIssue({ code: 'custom', path: [firstKey], message: nameMessages.sameAsLast });
    }
  };
}

/** The name fields of sign-up and account settings, for composing into larger schemas. */
export const nameFields = { nameFirst: firstNameSchema, nameLast: lastNameSchema };

export const nameSchema = z.object(nameFields).superRefine(distinctNames('nameFirst', 'nameLast'));

export type NameInput = z.input<typeof nameSchema>;
export type Name = z.output<typeof nameSchema>;

/** How a person is named to others: their first name and the initial of their last ("Ann L."). */
export function publicName(first: string, last: string): string {
  const initial = last.trim().charAt(0);
  return initial ? `${first.trim()} ${initial}.` : first.trim();
}
