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
