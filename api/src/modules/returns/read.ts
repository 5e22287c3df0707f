import type { ReturnDetail } from '@yardly/shared/contract';
import {
  RETURN_REASON_LABELS,
  type ReturnState,
  returnEventsFor,
  returnMessages,
  returnProcess,
  returnStatusLabel,
} from '@yardly/shared/rules';
import { and, asc, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/connect';
import { listings, orders, returnPhotos, returns, shipments, transitions } from '../../db/schema/index';
import { AppError } from '../../errors';
import type { Caller } from '../../http/caller';
import { fileUrl } from '../files/urls';
import type { OrderParty } from '../orders/access';
import type { OrderRow } from '../orders/process';
import { latestCardRefundStatus } from '../payments/card-refunds/outcome';
import { trackingOf } from '../shipping/service';
import { labelUrlOf } from '../shipping/shipments';
import { returnFor } from './access';
import type { ReturnRow } from './process';

/** A return's photos in their order, as URLs. */
export async function photosOf(db: Db, returnId: number) {
  const rows = await db
    .select({ picno: returnPhotos.picno, path: returnPhotos.path })
    .from(returnPhotos)
    .where(eq(returnPhotos.returnId, returnId))
    .orderBy(asc(returnPhotos.picno));
  return rows.map((r) => ({ picno: r.picno, url: fileUrl(r.path) }));
}

/** One return as `party` sees it: its label and tracking once accepted, the events the process allows them. */
export async function returnDetail(db: Db, row: ReturnRow, order: OrderRow, party: OrderParty): Promise<ReturnDetail> {
  const [listing] = await db
    .select({ refnum: listings.refnum, title: listings.title })
    .from(listings)
    .where(eq(listings.id, order.listingId));
  const history = await db
    .select({ event: transitions.event, status: transitions.toState, at: transitions.at })
    .from(transitions)
    .where(and(eq(transitions.process, returnProcess.name), eq(transitions.subjectId, row.id)))
    .orderBy(asc(transitions.at), asc(transitions.id));
  const [shipment] = row.shipmentId ? await db.select().from(shipments).where(eq(shipments.id, row.shipmentId)) : [];
  const refundStatus = row.refundCents === null ? null : await latestCardRefundStatus(db, order.id);
  return {
    returnId: row.refnum,
    orderId: order.refnum,
    orderStatus: order.state,
    listingRefnum: listing?.refnum ?? '',
    listingTitle: listing?.title ?? '',
    role: party,
    status: row.state,
    statusLabel: returnStatusLabel(row.state, refundStatus),
    reason: row.reason,
    reasonLabel: RETURN_REASON_LABELS[row.reason],
    text: row.text,
    photos: await photosOf(db, row.id),
    replyBy: row.replyBy.toISOString(),
    label: shipment ? { labelUrl: labelUrlOf(shipment.trackingNumber), trackingNumber: shipment.trackingNumber } : null,
    tracking: shipment ? await trackingOf(db, shipment) : null,
    refund: row.refundCents,
    refundStatus,
    history: history.map((h) => ({ event: h.event, status: h.status as ReturnState, at: h.at.toISOString() })),
    actions: returnEventsFor(row.state, party),
    createdAt: row.createdAt.toISOString(),
  };
}

/** `GET /svc/returns/{returnId}`: the order's buyer, its seller or an admin (404 / 403 otherwise). */
export async function returnDetailFor(db: Db, caller: Caller, returnId: string) {
  const { row, order, party } = await returnFor(db, caller, returnId, 'show');
  return returnDetail(db, row, order, party);
}

/**
 * `GET /svc/returns?listingRefnum=|orderId=`: the return of the caller's order (as buyer or
 * seller) of that listing, newest first; 404 when there is none the caller may see.
 */
export async function returnOf(db: Db, caller: Caller, query: { listingRefnum?: string; orderId?: string }) {
  const where = query.orderId ? eq(orders.refnum, query.orderId) : eq(listings.refnum, query.listingRefnum ?? '');
  const rows = await db
    .select({ refnum: returns.refnum, buyerId: orders.buyerId, sellerId: orders.sellerId })
    .from(returns)
    .innerJoin(orders, eq(orders.id, returns.orderId))
    .innerJoin(listings, eq(listings.id, orders.listingId))
    .where(where)
    .orderBy(desc(returns.createdAt));
  const own = rows.find((r) => r.buyerId === caller.userId || r.sellerId === caller.userId) ?? rows[0];
  if (!own) throw new AppError(404, returnMessages.notFound, { reason: 'return_not_found' });
  return returnDetailFor(db, caller, own.refnum);
}
