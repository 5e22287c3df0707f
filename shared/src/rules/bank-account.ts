/** The payout bank account of the settings page: ABA routing numbers and masked account numbers. */
import { z } from 'zod';

export const bankAccountMessages = {
  holderRequired: 'Enter the account holder name',
  holderTooLong: 'Account holder name cannot exceed 60 characters',
  routingInvalid: 'Please enter a valid 9 digit routing number',
  accountInvalid: 'Please enter a valid account number (4 to 17 digits)',
  confirmMismatch: 'Account numbers do not match',
  saved: 'Bank account saved',
  deleted: 'Bank account removed',
} as const;

export const ACCOUNT_HOLDER_MAX = 60;

/**
 * An ABA routing number: 9 digits whose weighted sum (3, 7, 1 repeated) is a multiple of 10,
 * and whose first two digits name a Federal Reserve district range (00-12, 21-32, 61-72, 80).
 */
export function isRoutingNumber(text: string): boolean {
  if (!/^\d{9}$/.test(text)) return false;
  const weights = [3, 7, 1];
  const sum = Array.from(text, Number).reduce((total, digit, i) => total + digit * (weights[i % 3] ?? 0), 0);
  if (sum % 10 !== 0) return false;
  const prefix = Number(text.slice(0, 2));
  return prefix <= 12 || (prefix >= 21 && prefix <= 32) || (prefix >= 61 && prefix <= 72) || prefix === 80;
}

/** An account number as it is ever shown: its last four digits ('000123456789' → '****6789'). */
export function maskAccountNumber(accountNumber: string): string {
  return `****${accountNumber.slice(-4)}`;
}

export const bankAccountFields = {
  accountHolder: z
    .string({ error: bankAccountMessages.holderRequired })
    .trim()
    .min(1, { message: bankAccountMessages.holderRequired, abort: true })
    .max(ACCOUNT_HOLDER_MAX, bankAccountMessages.holderTooLong),
  routingNumber: z
    .string({ error: bankAccountMessages.routingInvalid })
    .trim()
    .refine(isRoutingNumber, bankAccountMessages.routingInvalid),
  accountNumber: z
    .string({ error: bankAccountMessages.accountInvalid })
    .trim()
    .regex(/^\d{4,17}$/, bankAccountMessages.accountInvalid),
};

export const bankAccountSchema = z.object(bankAccountFields);
export type BankAccountInput = z.input<typeof bankAccountSchema>;

/**
 * The individual a payout account belongs to, as the payment provider's custom connected
 * account asks for it (Stripe: `individual.dob` and `individual.ssn_last_4`), with the spec's
 * rules (section 5): date of birth MM/DD/YYYY (month at most 12, day at most 31), and the
 * idNumber, the last 4 digits of the SSN, in error once touched and left empty.
 */
export const individualMessages = {
  dobInvalid: 'Enter your date of birth as MM/DD/YYYY',
  idNumberInvalid: 'Enter the last 4 digits of your SSN',
} as const;

/** The date of birth as the person types it, formatted MM/DD/YYYY: the month clamped to 12, the day to 31. */
export function formatDateOfBirth(typed: string): string {
  const digits = typed.replace(/\D/g, '').slice(0, 8);
  const month = digits.slice(0, 2);
  const day = digits.slice(2, 4);
  const clampedMonth = month.length === 2 && Number(month) > 12 ? '12' : month;
  const clampedDay = day.length === 2 && Number(day) > 31 ? '31' : day;
  return [clampedMonth, clampedDay, digits.slice(4)].filter((part, i) => i === 0 || part).join('/');
}

/** A date of birth MM/DD/YYYY that names a real day since 1900: its parts, else null. */
export function parseDateOfBirth(text: string): { day: number; month: number; year: number } | null {
  const match = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(text.trim());
  if (!match) return null;
  const [month, day, year] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (month < 1 || month > 12 || day < 1 || day > 31 || year < 1900) return null;
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCMonth() === month - 1 && date.getUTCDate() === day ? { day, month, year } : null;
}

export const individualFields = {
  dob: z
    .string({ error: individualMessages.dobInvalid })
    .refine((text) => parseDateOfBirth(text) !== null, individualMessages.dobInvalid),
  idNumber: z
    .string({ error: individualMessages.idNumberInvalid })
    .trim()
    .regex(/^\d{4}$/, individualMessages.idNumberInvalid),
};

/** The bank-account form (/settings/bank-account): the account and, both required there, who the seller is. */
export const bankAccountFormSchema = bankAccountSchema.extend(individualFields);
