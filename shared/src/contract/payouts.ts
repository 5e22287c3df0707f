import { z } from 'zod';
import { payoutProcess } from '../rules/back-office-processes';
import { BALANCE_PARTS, PAYOUT_ACCOUNT_STATUSES, PAYOUT_STATUSES } from '../rules/payouts';
import { defineCall } from './call';
import { actionsOf, isoDateTimeSchema, pageOf, pageQuerySchema, refnumSchema } from './common';

/** A seller's money in cents, derived from the ledger: held until delivery, ready to be paid, sent to the bank. */
export const sellerBalanceSchema = z.object({
  pending: z.number().int(),
  available: z.number().int(),
  paidOut: z.number().int(),
  /** At the seller's Stripe account, not yet paid to their bank: a failed payout's money, sent again from there. */
  transferredCents: z.number().int(),
});
export type SellerBalanceAnswer = z.infer<typeof sellerBalanceSchema>;

/** One movement of a seller's money: which part of the balance it changed, by how much (signed cents), and why. */
export const payoutEntrySchema = z.object({
  id: z.number().int(),
  /** The ledger transaction's kind: sale, release, refund, payout or payout_failed. */
  kind: z.string(),
  /** What the seller reads (PAYOUT_ENTRY_LABELS). */
  label: z.string(),
  part: z.enum(BALANCE_PARTS),
  /** Negative leaves this part of the balance, positive reaches it. */
  amount: z.number().int(),
  orderId: refnumSchema.nullable(),
  listingRefnum: refnumSchema.nullable(),
  listingTitle: z.string().nullable(),
  date: isoDateTimeSchema,
});
export type PayoutEntry = z.infer<typeof payoutEntrySchema>;

export const payoutBalanceCall = defineCall({
  method: 'GET',
  path: '/payouts/balance',
  auth: 'required',
  summary: "The caller's money as a seller, in cents: pending (until delivery), available, paid out",
  response: sellerBalanceSchema,
});

export const payoutEntriesCall = defineCall({
  method: 'GET',
  path: '/payouts/entries',
  auth: 'required',
  summary: "The caller's money history as a seller, newest first: sales, deliveries, refunds and payouts",
  query: pageQuerySchema,
  response: pageOf(payoutEntrySchema),
});

/**
 * Whether the caller's payouts can reach their bank (Stripe verifies each seller first):
 * `requirements` are the fields Stripe currently needs (its `currently_due`), `message` the line the seller reads.
 */
export const payoutAccountSchema = z.object({
  status: z.enum(PAYOUT_ACCOUNT_STATUSES),
  requirements: z.array(z.string()),
  message: z.string(),
});
export type PayoutAccountAnswer = z.infer<typeof payoutAccountSchema>;

export const payoutAccountCall = defineCall({
  method: 'GET',
  path: '/payouts/account',
  auth: 'required',
  summary: "Whether the caller's payouts can reach their bank: verified, pending, or what Stripe needs from them",
  response: payoutAccountSchema,
});

export const payoutOnboardingCall = defineCall({
  method: 'POST',
  path: '/payouts/account/onboarding',
  auth: 'required',
  summary:
    'A Stripe page where the caller verifies who they are, so their payouts can be sent (409 in test mode, or without a bank account)',
  response: z.object({ url: z.string().url() }),
});

export const payoutCalls = {
  balance: payoutBalanceCall,
  entries: payoutEntriesCall,
  account: payoutAccountCall,
  onboarding: payoutOnboardingCall,
} as const;

// ---- The console (/svc/admin/orders and /svc/admin/payouts) ----

/** A payout as the console lists it; a failed one can be retried. */
export const adminPayoutRecordSchema = z.object({
  id: z.number().int(),
  sellerId: refnumSchema,
  sellerEmail: z.string(),
  amount: z.number().int(),
  status: z.enum(PAYOUT_STATUSES),
  failure: z.string().nullable(),
  attempts: z.number().int(),
  providerPayoutId: z.string().nullable(),
  /** The payout events the table allows an admin now: Retry on a failed one. */
  actions: actionsOf(payoutProcess),
  createdAt: isoDateTimeSchema,
  updatedAt: isoDateTimeSchema,
});
export type AdminPayoutRecord = z.infer<typeof adminPayoutRecordSchema>;

/**
 * A payout Stripe reported on a seller's connected account that Yardly did not make (an
 * automatic payout, one made in Stripe's dashboard): recorded and shown, never applied to money.
 */
export const adminForeignPayoutRecordSchema = z.object({
  /** The event's id, its underscores as hyphens (the console's ids are letters, digits and hyphens). */
  id: z.string(),
  eventId: z.string(),
  type: z.string(),
  providerPayoutId: z.string(),
  account: z.string().nullable(),
  receivedAt: isoDateTimeSchema,
});
export type AdminForeignPayoutRecord = z.infer<typeof adminForeignPayoutRecordSchema>;

/** The console's one change to a payout: send a failed one again. */
export const adminPayoutRetrySchema = z.object({ retry: z.literal(true) });
