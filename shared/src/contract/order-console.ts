import { z } from 'zod';
import { orderProcess } from '../rules/order-process';
import { CARD_REFUND_STATUSES, payoutMessages } from '../rules/payouts';
import { deliveryMethodSchema, orderStateSchema } from './checkout';
import { actionsOf, consoleHistorySchema, isoDateTimeSchema, refnumSchema } from './common';

/**
 * An order as the console shows it (`/svc/admin/orders`, issue 18 §4): its parties, amounts and
 * payment, its ledger entries and status history, the refunds admins gave; `id` is the order's
 * refnum (the wire's orderId).
 */
export const adminOrderRecordSchema = z.object({
  id: refnumSchema,
  status: orderStateSchema,
  statusLabel: z.string(),
  listingId: refnumSchema,
  listingTitle: z.string(),
  buyerId: refnumSchema,
  buyerEmail: z.string(),
  sellerId: refnumSchema,
  sellerEmail: z.string(),
  deliveryMethod: deliveryMethodSchema,
  itemPrice: z.number().int(),
  shipping: z.number().int(),
  total: z.number().int(),
  commission: z.number().int(),
  payment: z.object({ provider: z.string(), paymentIntentId: z.string() }),
  /** Whether the console's Refund applies in this state (before shipping, or delivered and not yet paid out). */
  refundable: z.boolean(),
  /** The events the order table allows an admin on it now (the console's Refund takes `cancel` or `markReturned`). */
  actions: actionsOf(orderProcess),
  history: consoleHistorySchema,
  ledger: z.array(
    z.object({
      id: z.number().int(),
      kind: z.string(),
      memo: z.string(),
      account: z.string(),
      amount: z.number().int(),
      at: isoDateTimeSchema,
    }),
  ),
  refunds: z.array(z.object({ amount: z.number().int(), reason: z.string(), by: z.string(), at: isoDateTimeSchema })),
  /**
   * The refunds owed to the buyer's card and where each is at the provider (issue 34): one Stripe
   * holds or failed is not refunded yet (the console's card refunds sends a failed one again).
   */
  cardRefunds: z.array(
    z.object({
      id: z.number().int(),
      amount: z.number().int(),
      status: z.enum(CARD_REFUND_STATUSES),
      failure: z.string().nullable(),
      attempts: z.number().int(),
      at: isoDateTimeSchema,
    }),
  ),
  createdAt: isoDateTimeSchema,
  updatedAt: isoDateTimeSchema,
});
export type AdminOrderRecord = z.infer<typeof adminOrderRecordSchema>;

/** The console's refund of an order: ROLE_ADMIN only, always with a reason (kept in the audit log). */
export const adminOrderRefundSchema = z.object({
  refundReason: z
    .string({ error: payoutMessages.refundReasonRequired })
    .trim()
    .min(1, payoutMessages.refundReasonRequired)
    .max(500),
});
export type AdminOrderRefund = z.infer<typeof adminOrderRefundSchema>;
