import { PARCEL_PRESETS, type ParcelName, type ParcelStatus, shippingServiceName } from '@yardly/shared/rules';
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/connect';
import {
  addresses,
  type LabelAddress,
  listings,
  shipmentEvents,
  shipments,
  users,
  zipCodes,
} from '../../db/schema/index';
import { defineJob } from '../../jobs/job';
import type { Jobs } from '../../jobs/runner';
import type { OrderRow } from '../orders/process';
import type { Carrier, PurchasedLabel, TrackingEvent } from './carrier';
import { labelPdf } from './label-pdf';

export type ShipmentRow = typeof shipments.$inferSelect;
export type ShipmentDirection = ShipmentRow['direction'];

/** The job that delivers a built-in carrier's planned event at its time (the webhook's code path). */
export const CARRIER_EVENT_JOB = 'shipping.carrier-event';

/** Where the label's PDF is served (modules/shipping/capability.ts), for the order's seller (or, for a return label, its buyer). */
export function labelUrlOf(trackingNumber: string): string {
  return `/svc/shipping/labels/${encodeURIComponent(trackingNumber)}.pdf`;
}

/** The live (not voided) label of an order in one direction, locked when asked. */
export async function liveShipment(
  db: Db,
  orderId: number,
  direction: ShipmentDirection,
  lock = false,
): Promise<ShipmentRow | undefined> {
  const query = db
    .select()
    .from(shipments)
    .where(and(eq(shipments.orderId, orderId), eq(shipments.direction, direction), isNull(shipments.voidedAt)));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

/** The buyer's address as the order keeps it (the ship-to of the order). */
export function buyerAddress(order: OrderRow): LabelAddress {
  const to = order.shipTo ?? {};
  return {
    name: [to.firstName, to.lastName].filter(Boolean).join(' '),
    line1: to.line1 ?? null,
    line2: to.line2 ?? null,
    city: to.city ?? '',
    state: to.state ?? '',
    zip: to.zip ?? '',
  };
}

/** The seller's primary address; without one, their name at the listing's zip (the built-in carrier needs no street). */
export async function sellerAddress(db: Db, order: OrderRow): Promise<LabelAddress> {
  const [seller] = await db
    .select({ first: users.nameFirst, last: users.nameLast })
    .from(users)
    .where(eq(users.id, order.sellerId));
  const name = [seller?.first, seller?.last].filter(Boolean).join(' ');
  const [saved] = await db
    .select()
    .from(addresses)
    .where(and(eq(addresses.userId, order.sellerId), eq(addresses.primary, true)));
  if (saved)
    return {
      name: `${saved.firstName} ${saved.lastName}`,
      line1: saved.line1,
      line2: saved.line2,
      city: saved.city,
      state: saved.state,
      zip: saved.zip,
    };
  const [place] = await db
    .select({ zip: listings.zip, city: zipCodes.city, state: zipCodes.stateCode })
    .from(listings)
    .leftJoin(zipCodes, eq(zipCodes.zip, listings.zip))
    .where(eq(listings.id, order.listingId));
  return { name, line1: null, line2: null, city: place?.city ?? '', state: place?.state ?? '', zip: place?.zip ?? '' };
}

/** Whether an item of `weightLbs` may go in `parcel`. */
export function fitsParcel(parcel: ParcelName, weightLbs: number): boolean {
  return weightLbs <= PARCEL_PRESETS[parcel].maxLbs;
}

export interface Purchase {
  order: OrderRow;
  direction: ShipmentDirection;
  from: LabelAddress;
  to: LabelAddress;
  parcel: ParcelName;
  weightLbs: number;
  service: string;
  idempotencyKey?: string;
  now: Date;
}

/**
 * Buys a label from the carrier and records it in the caller's transaction: the shipment, its
 * PDF (the carrier's, or Yardly's own), its first events, and a job for each event the carrier
 * planned. `bought` is told the label as soon as the carrier sold it, so a caller whose
 * transaction then fails can void it.
 */
export async function purchaseLabel(
  tx: Db,
  deps: { carrier: Carrier; jobs: Jobs },
  p: Purchase,
  bought: (label: PurchasedLabel) => void = () => {},
): Promise<ShipmentRow> {
  const label = await deps.carrier.buyLabel({
    from: p.from,
    to: p.to,
    parcel: p.parcel,
    weightLbs: p.weightLbs,
    service: p.service,
    reference: `${p.order.refnum}-${p.direction}`,
    now: p.now,
    db: tx,
  });
  bought(label);
  const pdf =
    label.labelPdf ??
    (await labelPdf({
      from: p.from,
      to: p.to,
      trackingNumber: label.trackingNumber,
      service: shippingServiceName(label.service),
      parcel: p.parcel,
      weightLbs: p.weightLbs,
      reference: p.order.refnum,
      carrierName: deps.carrier.name === 'builtin' ? 'Yardly Post' : 'Shippo',
    }));
  const [shipment] = await tx
    .insert(shipments)
    .values({
      orderId: p.order.id,
      direction: p.direction,
      carrier: deps.carrier.name,
      carrierLabelId: label.carrierLabelId,
      trackingNumber: label.trackingNumber,
      carrierCode: label.carrierCode ?? null,
      service: label.service,
      parcel: p.parcel,
      weightLbs: p.weightLbs,
      amountCents: label.amountCents,
      status: 'pre_transit' satisfies ParcelStatus,
      fromAddress: p.from,
      toAddress: p.to,
      expectedAt: label.expectedAt,
      labelPdf: pdf,
      idempotencyKey: p.idempotencyKey ?? null,
      createdAt: p.now,
      updatedAt: p.now,
    })
    .returning();
  if (!shipment) throw new Error('a shipment just written is missing');
  for (const event of label.plannedEvents ?? []) {
    // The label's own event ("label created") is written now; the parcel's moves come on the clock.
    if (event.at.getTime() <= p.now.getTime() && event.status === 'pre_transit') {
      await tx.insert(shipmentEvents).values({
        shipmentId: shipment.id,
        status: event.status,
        at: event.at,
        description: event.description,
        carrierEventId: event.carrierEventId,
        receivedAt: p.now,
      });
      continue;
    }
    await deps.jobs.enqueue(tx, CARRIER_EVENT_JOB, serialised(event), {
      at: event.at,
      key: event.carrierEventId,
    });
  }
  return shipment;
}

type SerialisedEvent = Omit<TrackingEvent, 'at'> & { at: string };

function serialised(event: TrackingEvent): SerialisedEvent {
  return { ...event, at: event.at.toISOString() };
}

/** The built-in carrier's planned events, each applied at its time as a webhook's would be. */
export function carrierEventJob(apply: (tx: Db, events: TrackingEvent[], now: Date) => Promise<unknown>) {
  return defineJob<SerialisedEvent>({
    name: CARRIER_EVENT_JOB,
    async run(event, { db, now }) {
      await db.transaction((tx) => apply(tx, [{ ...event, at: new Date(event.at) }], now));
    },
  });
}
