import { PARCEL_STATUSES } from '@yardly/shared/rules';
import { sql } from 'drizzle-orm';
import { customType, index, integer, jsonb, numeric, pgEnum, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { at, id, reference } from './columns';
import { orders } from './orders';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/** Which way a parcel travels: the sale to the buyer, or a return back to the seller. */
export const shipmentDirection = pgEnum('shipment_direction', ['outbound', 'return']);
export const parcelStatus = pgEnum('parcel_status', PARCEL_STATUSES);

/** The address printed on a label, as it was when the label was bought. */
export type LabelAddress = {
  name: string;
  line1: string | null;
  line2: string | null;
  city: string;
  state: string;
  zip: string;
};

/**
 * A shipping label bought for an order (issue 19): the carrier's ids, the tracking number, the
 * service and parcel, what it cost and the label's PDF, kept so it can be printed again. One live
 * label per order and direction (a voided one frees the place).
 */
export const shipments = pgTable(
  'shipments',
  {
    id: id(),
    orderId: reference('order_id', () => orders.id).notNull(),
    direction: shipmentDirection('direction').notNull(),
    /** `builtin` or `shippo` (modules/shipping/carrier-factory.ts). */
    carrier: text('carrier').notNull(),
    /** The carrier's id of the purchase (Shippo's transaction object_id), to void it. */
    carrierLabelId: text('carrier_label_id').notNull(),
    /**
     * Not unique: carriers reuse numbers (and Shippo's test labels share one), and a label the
     * carrier has sold is kept whatever its number. Tracking events go to the newest live label of
     * the number (modules/shipping/tracking.ts).
     */
    trackingNumber: text('tracking_number').notNull(),
    /**
     * The carrier's own token (Shippo's `usps`, `dhl_express`, `gls_us`), read from the rate the
     * label was bought for: what Shippo's tracking calls name. Null for the built-in carrier.
     */
    carrierCode: text('carrier_code'),
    service: text('service').notNull(),
    parcel: text('parcel').notNull(),
    weightLbs: numeric('weight_lbs', { precision: 5, scale: 2, mode: 'number' }).notNull(),
    amountCents: integer('amount_cents').notNull(),
    status: parcelStatus('status').notNull(),
    fromAddress: jsonb('from_address').$type<LabelAddress>().notNull(),
    toAddress: jsonb('to_address').$type<LabelAddress>().notNull(),
    expectedAt: at('expected_at'),
    labelPdf: bytea('label_pdf').notNull(),
    /** The buyer of the label's Idempotency-Key: a retried purchase answers the same label. */
    idempotencyKey: text('idempotency_key'),
    voidedAt: at('voided_at'),
    createdAt: at('created_at').notNull(),
    updatedAt: at('updated_at').notNull(),
  },
  (t) => [
    uniqueIndex('shipments_one_live_per_order_idx').on(t.orderId, t.direction).where(sql`${t.voidedAt} is null`),
    index('shipments_order_idx').on(t.orderId),
    index('shipments_tracking_idx').on(t.trackingNumber),
  ],
);

/** What the carrier said about a parcel, oldest first; the carrier's event id makes a replayed event change nothing. */
export const shipmentEvents = pgTable(
  'shipment_events',
  {
    id: id(),
    shipmentId: reference('shipment_id', () => shipments.id).notNull(),
    status: parcelStatus('status').notNull(),
    at: at('at').notNull(),
    description: text('description').notNull(),
    /** The carrier's id of this event (Shippo's tracking_status object_id), unique: replays are ignored. */
    carrierEventId: text('carrier_event_id').notNull().unique(),
    receivedAt: at('received_at').notNull(),
  },
  (t) => [index('shipment_events_shipment_idx').on(t.shipmentId, t.at)],
);
