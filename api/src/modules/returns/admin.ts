import { type AdminReturnRecord, adminReturnDecisionSchema, adminReturnRecordSchema } from '@yardly/shared/contract';
import { RETURN_REASON_LABELS, returnEventsFor, returnProcess } from '@yardly/shared/rules';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Clock } from '../../clock/clock';
import type { Db } from '../../db/connect';
import { listings, orders, returnPhotos, returns, shipments, users } from '../../db/schema/index';
import { defineResource, searchFilter, textFilter } from '../../http/console/define-resource';
import { processHistories } from '../../process/history';
import { fileUrl } from '../files/urls';
import { signedLabelUrl } from '../shipping/label-links';
import type { AnswerDeps } from './answer';
import { decideReturn } from './decide';

const buyers = alias(users, 'return_buyer');
const sellers = alias(users, 'return_seller');
const deciders = alias(users, 'return_decider');

function selectReturns(db: Db) {
  return db
    .select({
      row: returns,
      orderRefnum: orders.refnum,
      orderState: orders.state,
      itemPrice: orders.itemPriceCents,
      listingTitle: listings.title,
      buyerId: orders.buyerId,
      buyerEmail: buyers.email,
      sellerEmail: sellers.email,
      decidedBy: deciders.email,
      trackingNumber: shipments.trackingNumber,
    })
    .from(returns)
    .innerJoin(orders, eq(orders.id, returns.orderId))
    .innerJoin(listings, eq(listings.id, orders.listingId))
    .innerJoin(buyers, eq(buyers.id, orders.buyerId))
    .innerJoin(sellers, eq(sellers.id, orders.sellerId))
    .leftJoin(deciders, eq(deciders.id, returns.decidedBy))
    .leftJoin(shipments, eq(shipments.id, returns.shipmentId));
}

type ReturnConsoleRow = Awaited<ReturnType<typeof selectReturns>>[number];

/**
 * Rows to records with each return's photos and status history (two queries for the page). The
 * prepaid label opens in a new tab, which carries no token: its link is signed for the label's
 * owner, the buyer, as the storefront's is (label-links.ts, docs/decisions/0044).
 */
async function toReturnRecords(
  db: Db,
  rows: ReturnConsoleRow[],
  labelLink: (trackingNumber: string, ownerId: number) => string,
): Promise<AdminReturnRecord[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.row.id);
  const photos = await db
    .select()
    .from(returnPhotos)
    .where(inArray(returnPhotos.returnId, ids))
    .orderBy(asc(returnPhotos.picno));
  const historyOf = await processHistories(db, returnProcess.name, ids);
  return rows.map(({ row, ...r }) => ({
    id: row.refnum,
    status: row.state,
    statusLabel: returnProcess.states[row.state].label,
    orderId: r.orderRefnum,
    orderStatus: r.orderState,
    listingTitle: r.listingTitle,
    buyerEmail: r.buyerEmail,
    sellerEmail: r.sellerEmail,
    itemPrice: r.itemPrice,
    reason: row.reason,
    reasonLabel: RETURN_REASON_LABELS[row.reason],
    text: row.text,
    photos: photos.filter((p) => p.returnId === row.id).map((p) => ({ picno: p.picno, url: fileUrl(p.path) })),
    labelUrl: r.trackingNumber ? labelLink(r.trackingNumber, r.buyerId) : null,
    trackingNumber: r.trackingNumber,
    decidedBy: r.decidedBy,
    decisionNote: row.decisionNote,
    decidedAt: row.decidedAt?.toISOString() ?? null,
    refund: row.refundCents,
    actions: returnEventsFor(row.state, 'admin'),
    history: historyOf.get(row.id) ?? [],
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  }));
}

/**
 * The console's Returns queue: every return, filtered by status (the disputed ones wait for a
 * decision) or by order, listing or person. Deciding is an edit (ROLE_ADMIN only by the role
 * matrix; a limited admin is refused), so the adapter writes it to the audit log with the return
 * before and after.
 */
export function returnsResource(deps: Omit<AnswerDeps, 'db'> & { clock: Clock; secret: Uint8Array }) {
  return defineResource({
    name: 'returns',
    record: adminReturnRecordSchema,
    id: { column: returns.refnum, kind: 'refnum' },
    select: selectReturns,
    sortable: { createdAt: returns.createdAt, updatedAt: returns.updatedAt, status: returns.state },
    filters: {
      q: searchFilter({
        equals: [returns.refnum, orders.refnum],
        contains: [listings.title, buyers.email, sellers.email],
      }),
      status: textFilter((status) => sql`${returns.state}::text = ${status}`),
    },
    toRecords: (db, rows) =>
      toReturnRecords(db, rows, (trackingNumber, ownerId) =>
        signedLabelUrl(deps.secret, trackingNumber, ownerId, deps.clock.now()),
      ),
    update: {
      input: adminReturnDecisionSchema,
      run: (tx, id, input, ctx) =>
        decideReturn(tx, deps, { ...input, refnum: String(id), actorId: ctx.actorId }, deps.clock.now()),
    },
  });
}
