import { z } from 'zod';
import { CARD_REFUND_STATUSES } from '../rules/payouts';
import { isoDateTimeSchema, refnumSchema } from './common';

/**
 * A refund to a buyer's card as the console shows it (`/svc/admin/card-refunds`, issue 34): the
 * order, the amount, where it is at the provider (held for want of balance, failed, made), why,
 * and how many tries; a failed one can be sent again.
 */
export const adminCardRefundRecordSchema = z.object({
  id: z.number().int(),
  orderId: refnumSchema,
  buyerEmail: z.string(),
  amount: z.number().int(),
  status: z.enum(CARD_REFUND_STATUSES),
  /** The provider's word: why it waits (`insufficient_funds`) or why it failed. */
  failure: z.string().nullable(),
  reason: z.string(),
  attempts: z.number().int(),
  providerRefundId: z.string().nullable(),
  createdAt: isoDateTimeSchema,
  updatedAt: isoDateTimeSchema,
});
export type AdminCardRefundRecord = z.infer<typeof adminCardRefundRecordSchema>;

/** The console's retry of a failed card refund (`PUT /svc/admin/card-refunds/:id`). */
export const adminCardRefundRetrySchema = z.object({ retry: z.literal(true) });
