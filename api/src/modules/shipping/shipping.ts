import type { Config } from '../../config';
import type { Db } from '../../db/connect';
import type { Jobs } from '../../jobs/runner';
import type { Carrier, TrackingEvent } from './carrier';
import { createCarrier } from './carrier-factory';
import { buyReturnLabelWith } from './service';
import type { ShipmentDirection } from './shipments';
import { applyTrackingEvents, createDeliveredHooks, type DeliveredHook } from './tracking';

/**
 * The shipping module's services for other capabilities (issue 19), built once per app as
 * `app.shipping` (services.ts):
 *
 * - `buyReturnLabel(tx, order, now, { paidFrom? })`: in the caller's transaction (the order row
 *   locked by the caller), buys the order's RETURN label: from the buyer's ship-to address back
 *   to the seller's, the outbound parcel, the cheapest service; prepaid by the platform (ledger
 *   `paidFrom`, platform_revenue by default → carrier_payable). Answers the stored shipment with
 *   `trackingNumber` and `labelUrl` (`GET` it as the order's buyer: the PDF). Asked twice, it
 *   answers the label already bought. If the caller's transaction fails afterwards, call
 *   `carrier.voidLabel(shipment.carrierLabelId)`.
 * - `onShipmentDelivered('return', async (tx, shipment, now) => ...)`: runs in the carrier
 *   event's transaction the first time a return parcel is delivered (a Shippo webhook, or the
 *   built-in carrier's event on the clock). `shipment.orderId` is the order's id; lock the order
 *   yourself. The outbound direction is taken by the shipping capability (the order's `arrive`).
 * - `applyTrackingEvents(tx, events, now)`: what the webhook and the built-in carrier's jobs
 *   call; replay-safe by the carrier's event id.
 * - `carrier`: the configured carrier (built-in, or Shippo with SHIPPO_API_KEY).
 */
export function createShipping(deps: { config: Config; db: Db; jobs: Jobs; log: ShippingLog }) {
  const carrier: Carrier = createCarrier(deps);
  const hooks = createDeliveredHooks();
  return {
    carrier,
    hooks,
    onShipmentDelivered(direction: ShipmentDirection, hook: DeliveredHook): void {
      hooks.on(direction, hook);
    },
    buyReturnLabel: buyReturnLabelWith({ db: deps.db, jobs: deps.jobs, carrier, log: deps.log }),
    applyTrackingEvents: (tx: Db, events: readonly TrackingEvent[], now: Date) =>
      applyTrackingEvents(tx, { hooks, log: deps.log }, events, now),
  };
}

export type Shipping = ReturnType<typeof createShipping>;

declare module 'fastify' {
  interface FastifyInstance {
    /** The shipping services (tests reach the return label and the delivered hooks through it). */
    shipping: Shipping;
  }
}

interface ShippingLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}
