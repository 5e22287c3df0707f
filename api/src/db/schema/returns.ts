import { RETURN_REASONS, RETURN_STATES } from '@yardly/shared/rules';
import { sql } from 'drizzle-orm';
import { check, index, integer, pgEnum, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { at, id, photoFile, reference } from './columns';
import { orders } from './orders';
import { shipments } from './shipments';
import { users } from './users';

/** Where a return is in its life (`shared/src/rules/return-process.ts`); only the process layer changes it. */
export const returnState = pgEnum('return_state', RETURN_STATES);
export const returnReason = pgEnum('return_reason', RETURN_REASONS);

/**
 * A buyer's return of an order (issue 19 §3); the wire's returnId is `refnum`. One per order
 * (unique), opened in the transaction that takes the order's `openReturn`. The label and its
 * tracking are the shipment of the prepaid return label bought when it is accepted.
 */
export const returns = pgTable(
  'returns',
  {
    id: id(),
    refnum: text('refnum').notNull().unique(),
    orderId: reference('order_id', () => orders.id).notNull(),
    state: returnState('state').notNull(),
    reason: returnReason('reason').notNull(),
    text: text('text').notNull(),
    /** When the platform accepts it unless the seller answered (three business days). */
    replyBy: at('reply_by').notNull(),
    /** The prepaid return label bought when it was accepted (its PDF, tracking number and events). */
    shipmentId: reference('shipment_id', () => shipments.id),
    /** The admin who decided a disputed return, and why (the audit log keeps the rest). */
    decidedBy: reference('decided_by', () => users.id),
    decisionNote: text('decision_note'),
    decidedAt: at('decided_at'),
    /** What was given back when it came back: the item price (shipping is not refunded). */
    refundCents: integer('refund_cents'),
    createdAt: at('created_at').notNull(),
    updatedAt: at('updated_at').notNull(),
  },
  (t) => [
    uniqueIndex('returns_one_per_order_idx').on(t.orderId),
    index('returns_state_idx').on(t.state, t.createdAt),
    uniqueIndex('returns_shipment_idx').on(t.shipmentId),
    check('returns_text_length', sql`char_length(${t.text}) between 1 and 1000`),
  ],
);

/** A return's photos, numbered 1-4 (a unique slot each, so parallel uploads never make five). */
export const returnPhotos = pgTable(
  'return_photos',
  {
    id: id(),
    returnId: reference('return_id', () => returns.id, { onDelete: 'cascade' }).notNull(),
    ...photoFile(),
  },
  (t) => [
    uniqueIndex('return_photos_picno_idx').on(t.returnId, t.picno),
    check('return_photos_picno_range', sql`${t.picno} between 1 and 4`),
  ],
);
