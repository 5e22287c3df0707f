import type { BuyLabelBody, ShippingLabel, Tracking } from '@yardly/shared/contract';
import { orderProcess, type ParcelName, shippingMessages } from '@yardly/shared/rules';
import { asc, desc, eq, ne } from 'drizzle-orm';
import type { Db } from '../../db/connect';
import { orders, shipmentEvents, shipments } from '../../db/schema/index';
import { AppError } from '../../errors';
import type { Caller } from '../../http/caller';
import type { Jobs } from '../../jobs/runner';
import { postLabelBought, postReturnLabelBought, shareCoversLabel } from '../ledger/label-postings';
import { callersOrdersOfListing, orderFor } from '../orders/access';
import { type OrderRow, type OrderRunner, takeOrderEvent } from '../orders/process';
import { listingWeight } from '../orders/read';
import { type Carrier, CarrierError, NoSuchServiceError, type PurchasedLabel } from './carrier';
import { checkLabelLink } from './label-links';
import {
  buyerAddress,
  fitsParcel,
  labelUrlOf,
  liveShipment,
  purchaseLabel,
  type ShipmentRow,
  sellerAddress,
} from './shipments';

export interface ShippingDeps {
  db: Db;
  jobs: Jobs;
  carrier: Carrier;
  orderRunner: OrderRunner;
  log: { warn(obj: object, msg: string): void; error(obj: object, msg: string): void };
}

/** The label's answer on the wire. */
export function labelAnswer(shipment: Pick<ShipmentRow, 'trackingNumber' | 'amountCents'>): ShippingLabel {
  return {
    trackingNumber: shipment.trackingNumber,
    labelUrl: labelUrlOf(shipment.trackingNumber),
    amount: shipment.amountCents,
  };
}

/** The order and the caller's part in it, refused (403) unless the caller is its seller. */
async function sellersOrder(db: Db, caller: Caller, orderId: string, lock = false): Promise<OrderRow> {
  const { order, party } = await orderFor(db, caller, orderId, 'show', lock);
  if (party !== 'seller') throw new AppError(403, shippingMessages.onlySeller, { reason: 'not_the_seller' });
  return order;
}

function refusePickup(order: OrderRow): void {
  if (order.deliveryMethod === 'pickup') throw new AppError(409, shippingMessages.pickupOrder, { reason: 'is_pickup' });
}

async function weightFor(db: Db, order: OrderRow, parcel: ParcelName): Promise<number> {
  const weightLbs = await listingWeight(db, order);
  if (!fitsParcel(parcel, weightLbs))
    throw new AppError(400, shippingMessages.tooHeavy, { field: 'parcel', reason: 'too_heavy' });
  return weightLbs;
}

/** The carrier's failures as the caller reads them: a service not offered is their mistake (400), the carrier down is not (502). */
async function carrierCall<T>(deps: Pick<ShippingDeps, 'log'>, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof NoSuchServiceError)
      throw new AppError(400, shippingMessages.noService, { field: 'service', reason: 'no_such_service' });
    if (error instanceof CarrierError) {
      deps.log.error({ err: error }, 'carrier call failed');
      throw new AppError(502, shippingMessages.carrierFailed, { reason: 'carrier_failed' });
    }
    throw error;
  }
}

/** `GET /svc/shipping/rates`: the carrier's rates for the order's parcel, its seller only. */
export function shippingRatesWith(deps: ShippingDeps) {
  return async (caller: Caller, orderId: string, parcel: ParcelName, now: Date) => {
    const order = await sellersOrder(deps.db, caller, orderId);
    refusePickup(order);
    const weightLbs = await weightFor(deps.db, order, parcel);
    const request = {
      from: await sellerAddress(deps.db, order),
      to: buyerAddress(order),
      parcel,
      weightLbs,
      reference: `${order.refnum}-outbound`,
      now,
      db: deps.db,
    };
    const rates = await carrierCall(deps, () => deps.carrier.rates(request));
    return {
      rates: rates
        .map((r) => ({ service: r.service, amount: r.amountCents, days: r.days }))
        .sort((a, b) => a.amount - b.amount),
    };
  };
}

/**
 * `POST /svc/shipping/label`: the seller buys the order's label. One transaction holds the
 * order's row lock from the check to the commit, so of two purchases at once exactly one buys
 * (the other then finds the label: 409, or the same answer when it carries the same
 * Idempotency-Key); the order takes `ship`, the ledger pays the carrier from the buyer's
 * shipping payment (and the seller's share for what it does not cover), the buyer is told.
 * A label bought for a transaction that then failed is voided.
 */
export function buyLabelWith(deps: ShippingDeps) {
  return async (
    caller: Caller,
    body: BuyLabelBody,
    idempotencyKey: string | undefined,
    now: Date,
  ): Promise<{ label: ShippingLabel; boughtAt: Date }> => {
    let bought: PurchasedLabel | undefined;
    try {
      return await deps.db.transaction(async (tx) => {
        const order = await sellersOrder(tx, caller, body.orderId, true);
        const existing = await liveShipment(tx, order.id, 'outbound');
        if (existing) {
          if (idempotencyKey && existing.idempotencyKey === idempotencyKey)
            return { label: labelAnswer(existing), boughtAt: existing.createdAt };
          throw new AppError(409, shippingMessages.alreadyBought, { reason: 'label_already_bought' });
        }
        refusePickup(order);
        if (order.state !== 'paid')
          throw new AppError(409, shippingMessages.notPaid, { reason: orderProcess.states[order.state].refusal });
        const weightLbs = await weightFor(tx, order, body.parcel);
        const purchase = {
          order,
          direction: 'outbound' as const,
          from: await sellerAddress(tx, order),
          to: buyerAddress(order),
          parcel: body.parcel,
          weightLbs,
          service: body.service,
          idempotencyKey,
          reference: `${order.refnum}-outbound`,
          now,
          db: tx,
        };
        const rate = (await carrierCall(deps, () => deps.carrier.rates(purchase))).find(
          (r) => r.service === body.service,
        );
        if (!rate) throw new AppError(400, shippingMessages.noService, { field: 'service', reason: 'no_such_service' });
        if (!(await shareCoversLabel(tx, order, rate.amountCents)))
          throw new AppError(409, shippingMessages.labelOverShare, { reason: 'label_over_share' });
        const shipment = await carrierCall(deps, () =>
          purchaseLabel(tx, deps, purchase, (label) => {
            bought = label;
          }),
        );
        await takeOrderEvent(tx, deps.orderRunner, order, 'ship', { userId: caller.userId, role: 'seller' }, now);
        await postLabelBought(tx, order, shipment.amountCents, now);
        return { label: labelAnswer(shipment), boughtAt: shipment.createdAt };
      });
    } catch (error) {
      if (bought) await voidQuietly(deps, bought.carrierLabelId);
      throw error;
    }
  };
}

async function voidQuietly(deps: ShippingDeps, carrierLabelId: string): Promise<void> {
  try {
    await deps.carrier.voidLabel(carrierLabelId);
  } catch (error) {
    // Logged for support: the carrier keeps charging for a label nobody will use until it is voided by hand.
    deps.log.error({ err: error, carrierLabelId }, 'a label bought for a failed purchase could not be voided');
  }
}

/** `GET /svc/shipping/label`: the order's label again, its seller only. */
export async function labelOf(db: Db, caller: Caller, orderId: string): Promise<ShippingLabel> {
  const order = await sellersOrder(db, caller, orderId);
  const shipment = await liveShipment(db, order.id, 'outbound');
  if (!shipment) throw new AppError(404, shippingMessages.noLabel, { reason: 'no_label' });
  return labelAnswer(shipment);
}

/**
 * The PDF of a label by its tracking number: an outbound label for the order's seller, a return
 * label for its buyer (who sends it back). Asked with a bearer token, it must be theirs (anyone
 * else 403); asked without one (a new tab), the link must be signed for them and not expired
 * (label-links.ts). None 404.
 */
export async function labelPdfFor(
  db: Db,
  caller: Caller | null,
  trackingNumber: string,
  link: { secret: Uint8Array; exp?: string; sig?: string; now: Date },
): Promise<Buffer> {
  // A number may be on several labels (carriers reuse them): the caller's own, the newest first.
  const rows = await db
    .select({ shipment: shipments, order: orders })
    .from(shipments)
    .innerJoin(orders, eq(orders.id, shipments.orderId))
    .where(eq(shipments.trackingNumber, trackingNumber))
    .orderBy(desc(shipments.id));
  if (!rows.length) throw new AppError(404, shippingMessages.labelNotFound, { reason: 'label_not_found' });
  const senderOf = (row: (typeof rows)[number]) =>
    row.shipment.direction === 'outbound' ? row.order.sellerId : row.order.buyerId;
  if (caller) {
    const row = rows.find((r) => senderOf(r) === caller.userId);
    if (!row) throw new AppError(403, shippingMessages.onlySeller, { reason: 'not_the_sender' });
    return row.shipment.labelPdf;
  }
  // Without a token the link must be signed for one of the labels' senders.
  const row = rows.find((r) => linkSignedFor(link, trackingNumber, senderOf(r)));
  if (row) return row.shipment.labelPdf;
  // None: the newest label's check says why (invalid or expired).
  const [newest] = rows;
  checkLabelLink(link.secret, trackingNumber, newest ? senderOf(newest) : 0, link, link.now);
  throw new AppError(403, shippingMessages.labelLinkInvalid, { reason: 'bad_signature' });
}

function linkSignedFor(
  link: { secret: Uint8Array; exp?: string; sig?: string; now: Date },
  trackingNumber: string,
  sender: number,
): boolean {
  try {
    checkLabelLink(link.secret, trackingNumber, sender, link, link.now);
    return true;
  } catch {
    return false;
  }
}

/** `GET /svc/orders/{orderId}/tracking`: the outbound parcel, for the order's buyer and seller only. */
export async function trackingFor(db: Db, caller: Caller, orderId: string): Promise<Tracking> {
  const { order, party } = await orderFor(db, caller, orderId, 'show');
  if (party === 'admin') throw new AppError(403, shippingMessages.onlyParties, { reason: 'not_your_order' });
  const shipment = await liveShipment(db, order.id, 'outbound');
  if (!shipment) throw new AppError(404, shippingMessages.noLabel, { reason: 'no_label' });
  return trackingOf(db, shipment);
}

/** A shipment's tracking as the wire shows it. */
export async function trackingOf(db: Db, shipment: ShipmentRow): Promise<Tracking> {
  const events = await db
    .select({ status: shipmentEvents.status, at: shipmentEvents.at, description: shipmentEvents.description })
    .from(shipmentEvents)
    .where(eq(shipmentEvents.shipmentId, shipment.id))
    .orderBy(asc(shipmentEvents.at), asc(shipmentEvents.id));
  return {
    trackingNumber: shipment.trackingNumber,
    status: shipment.status,
    expectedAt: shipment.expectedAt?.toISOString() ?? null,
    events: events.map((e) => ({ status: e.status, at: e.at.toISOString(), description: e.description })),
  };
}

/** `GET /svc/orders/of-listing`: the caller's newest order of a listing (a live one first), as its buyer or seller. */
export async function orderOfListing(db: Db, caller: Caller, listingRefnum: string): Promise<{ orderId: string }> {
  const [row] = await callersOrdersOfListing(db, caller, listingRefnum)
    .orderBy(desc(ne(orders.state, 'cancelled')), desc(orders.createdAt))
    .limit(1);
  if (!row) throw new AppError(404, 'You have no order of this listing', { reason: 'order_not_found' });
  return { orderId: row.refnum };
}

/**
 * For the returns process (issue 19, branch h19-returns): buys the RETURN label of an order the
 * caller has locked, in its transaction: from the buyer's ship-to address back to the seller's
 * address, the outbound parcel, the carrier's cheapest service; the platform prepays it (ledger:
 * from `paidFrom`, platform_revenue by default, to carrier_payable). The answer is the stored
 * shipment: its `trackingNumber`, and `labelUrlOf(trackingNumber)` serves the PDF to the buyer.
 * When the caller's transaction fails after this, it voids the label with `carrier.voidLabel`.
 */
export function buyReturnLabelWith(deps: Omit<ShippingDeps, 'orderRunner'>) {
  return async (
    tx: Db,
    order: OrderRow,
    now: Date,
    options: { paidFrom?: string } = {},
  ): Promise<ShipmentRow & { labelUrl: string }> => {
    const existing = await liveShipment(tx, order.id, 'return');
    if (existing) return { ...existing, labelUrl: labelUrlOf(existing.trackingNumber) };
    const outbound = await liveShipment(tx, order.id, 'outbound');
    const parcel = (outbound?.parcel ?? 'large') as ParcelName;
    const purchase = {
      order,
      direction: 'return' as const,
      from: buyerAddress(order),
      to: await sellerAddress(tx, order),
      parcel,
      weightLbs: outbound?.weightLbs ?? (await listingWeight(tx, order)),
      reference: `${order.refnum}-return`,
      now,
      db: tx,
    };
    const [cheapest] = (await carrierCall(deps, () => deps.carrier.rates(purchase))).sort(
      (a, b) => a.amountCents - b.amountCents,
    );
    if (!cheapest) throw new AppError(502, shippingMessages.carrierFailed, { reason: 'carrier_failed' });
    const shipment = await carrierCall(deps, () => purchaseLabel(tx, deps, { ...purchase, service: cheapest.service }));
    await postReturnLabelBought(tx, order, shipment.amountCents, now, options.paidFrom);
    return { ...shipment, labelUrl: labelUrlOf(shipment.trackingNumber) };
  };
}
