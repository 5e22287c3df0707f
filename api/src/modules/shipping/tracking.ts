import type { ParcelStatus } from '@yardly/shared/rules';
import { and, asc, desc, eq, isNull, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/connect';
import { orders, shipmentEvents, shipments } from '../../db/schema/index';
import type { JobLog } from '../../jobs/job';
import { SYSTEM } from '../../process/transition';
import { type OrderRunner, takeOrderEvent } from '../orders/process';
import type { TrackingEvent } from './carrier';
import type { ShipmentDirection, ShipmentRow } from './shipments';

/** What runs, in the event's transaction, when a parcel of one direction is delivered. */
export type DeliveredHook = (tx: Db, shipment: ShipmentRow, now: Date) => Promise<void>;

/** Who wants to know a parcel arrived: the order's `arrive` (outbound), the returns process (return). */
export function createDeliveredHooks() {
  const hooks: Record<ShipmentDirection, DeliveredHook[]> = { outbound: [], return: [] };
  return {
    on(direction: ShipmentDirection, hook: DeliveredHook): void {
      hooks[direction].push(hook);
    },
    async run(tx: Db, shipment: ShipmentRow, now: Date): Promise<void> {
      for (const hook of hooks[shipment.direction]) await hook(tx, shipment, now);
    },
  };
}
export type DeliveredHooks = ReturnType<typeof createDeliveredHooks>;

/**
 * A tracking number is not unique (carriers reuse them): the event is the newest live label's of
 * that number, one of the carrier the event names first when it names one.
 */
function newestLabelOf(event: TrackingEvent): SQL[] {
  const ofCarrier = event.carrierCode
    ? [sql`(${shipments.carrierCode} is not distinct from ${event.carrierCode}) desc`]
    : [];
  return [...ofCarrier, desc(shipments.createdAt), desc(shipments.id)];
}

/**
 * Applies what a carrier said (Shippo's webhook, or the built-in carrier's planned events on the
 * clock) in the caller's transaction: each event is stored once by its carrier id (a replay
 * changes nothing), the shipment takes its newest status (delivered stays delivered) and, the
 * first time it is delivered, the delivered hooks run. Events of parcels that are not Yardly's are skipped.
 */
export async function applyTrackingEvents(
  tx: Db,
  deps: { hooks: DeliveredHooks; log?: JobLog },
  events: readonly TrackingEvent[],
  now: Date,
): Promise<{ applied: number }> {
  let applied = 0;
  for (const event of events) {
    const [shipment] = await tx
      .select()
      .from(shipments)
      .where(and(eq(shipments.trackingNumber, event.trackingNumber), isNull(shipments.voidedAt)))
      .orderBy(...newestLabelOf(event))
      .limit(1)
      .for('update');
    if (!shipment) {
      deps.log?.warn({ trackingNumber: event.trackingNumber }, 'carrier event for no live shipment, skipped');
      continue;
    }
    const [stored] = await tx
      .insert(shipmentEvents)
      .values({
        shipmentId: shipment.id,
        status: event.status,
        at: event.at,
        description: event.description,
        carrierEventId: event.carrierEventId,
        receivedAt: now,
      })
      .onConflictDoNothing({ target: shipmentEvents.carrierEventId })
      .returning({ id: shipmentEvents.id });
    if (!stored) continue;
    applied += 1;
    if (shipment.status === 'delivered') continue;
    const [newest] = await tx
      .select({ status: shipmentEvents.status })
      .from(shipmentEvents)
      .where(eq(shipmentEvents.shipmentId, shipment.id))
      .orderBy(asc(shipmentEvents.at), asc(shipmentEvents.id))
      .then((rows) => rows.slice(-1));
    const status: ParcelStatus = event.status === 'delivered' ? 'delivered' : (newest?.status ?? event.status);
    const [updated] = await tx
      .update(shipments)
      .set({ status, updatedAt: now })
      .where(eq(shipments.id, shipment.id))
      .returning();
    if (updated && status === 'delivered') await deps.hooks.run(tx, updated, now);
  }
  return { applied };
}

/**
 * The outbound parcel delivered: a shipped order becomes `arrived` (the receipt window opens,
 * its autoConfirm timer starts) and both sides are told (the table's notices). An order the buyer already confirmed
 * is left as it is.
 */
export function arriveOnDelivery(orderRunner: OrderRunner): DeliveredHook {
  return async (tx, shipment, now) => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, shipment.orderId)).for('update');
    if (order?.state !== 'shipped') return;
    await takeOrderEvent(tx, orderRunner, order, 'arrive', SYSTEM, now);
  };
}
