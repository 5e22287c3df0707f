import type { OrderDetail, OrderSummary } from '@yardly/shared/contract';
import { type OrderState, orderEventsFor, orderProcess, orderStatesFor, parcelFor } from '@yardly/shared/rules';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/connect';
import { listings, offers, orderLineItems, orders, transitions, users } from '../../db/schema/index';
import type { Caller } from '../../http/caller';
import { sellerShareCents } from '../ledger/order-postings';
import { selectCards, toCard } from '../listings/cards';
import { partyOf } from '../messages/summary-parts';
import { type OrderParty, orderFor } from './access';
import { amountOf } from './amount';
import { type OrderRow, orderFacts } from './process';

type Side = 'buying' | 'selling';

async function peopleById(db: Db, ids: number[]) {
  const rows = ids.length
    ? await db
        .select({
          id: users.id,
          refnum: users.refnum,
          nameFirst: users.nameFirst,
          nameLast: users.nameLast,
          picture: users.picturePath,
        })
        .from(users)
        .where(inArray(users.id, ids))
    : [];
  return new Map(rows.map((row) => [row.id, partyOf(row)]));
}

/** The summaries of some orders as `side` sees them at `now`, in their order. */
async function summaries(db: Db, rows: OrderRow[], side: Side, now: Date): Promise<OrderSummary[]> {
  if (rows.length === 0) return [];
  const listingIds = [...new Set(rows.map((r) => r.listingId))];
  const cards = await selectCards(db, now).where(inArray(listings.id, listingIds));
  const people = await peopleById(db, [...new Set(rows.flatMap((r) => [r.buyerId, r.sellerId]))]);
  const items = await db
    .select({ orderId: orderLineItems.orderId, price: orderLineItems.priceCents, offerRefnum: offers.refnum })
    .from(orderLineItems)
    .leftJoin(offers, eq(offers.id, orderLineItems.offerId))
    .where(
      inArray(
        orderLineItems.orderId,
        rows.map((r) => r.id),
      ),
    );
  return rows.map((row) => {
    const card = cards.find((c) => c.id === row.listingId);
    const item = items.find((i) => i.orderId === row.id);
    const other = people.get(side === 'buying' ? row.sellerId : row.buyerId);
    if (!card || !other) throw new Error(`order ${row.refnum} lost its listing or party`);
    return {
      orderId: row.refnum,
      role: side,
      status: row.state,
      statusLabel: orderProcess.states[row.state].label,
      listing: toCard(card, now),
      otherParty: other,
      deliveryMethod: row.deliveryMethod,
      amount: amountOf(row),
      offerRefnum: item?.offerRefnum ?? null,
      orderLineItemPrice: item?.price ?? row.itemPriceCents,
      createdAt: row.createdAt.toISOString(),
      shipBy: row.shipBy.toISOString(),
    };
  });
}

/** `GET /svc/orders`: the caller's orders on one side, newest first, by a dashboard filter's states. */
export async function listOrders(
  db: Db,
  caller: Caller,
  query: { side: Side; filter?: string; page: number; size: number },
  now: Date,
) {
  const states = orderStatesFor(query.side, query.filter) as OrderState[];
  const mine = query.side === 'buying' ? eq(orders.buyerId, caller.userId) : eq(orders.sellerId, caller.userId);
  const where = states.length ? and(mine, inArray(orders.state, states)) : sql`false`;
  const [count] = await db.select({ n: sql<number>`count(*)::int` }).from(orders).where(where);
  const rows = await db
    .select()
    .from(orders)
    .where(where)
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(query.size)
    .offset(query.page * query.size);
  const total = count?.n ?? 0;
  return {
    orders: {
      content: await summaries(db, rows, query.side, now),
      number: query.page,
      size: query.size,
      totalElements: total,
      totalPages: Math.ceil(total / query.size),
    },
  };
}

/** The listing's weight, which every label of its order is rated for (and its parcel chosen by). */
export async function listingWeight(db: Db, order: OrderRow): Promise<number> {
  const [row] = await db
    .select({ weightLbs: listings.weightLbs })
    .from(listings)
    .where(eq(listings.id, order.listingId));
  return row?.weightLbs ?? 1;
}

/** One order as `party` sees it: the pickup code only for its buyer, the events the process allows them. */
export async function orderDetail(db: Db, order: OrderRow, party: OrderParty, now: Date): Promise<OrderDetail> {
  const [summary] = await summaries(db, [order], party === 'seller' ? 'selling' : 'buying', now);
  const people = await peopleById(db, [order.buyerId, order.sellerId]);
  const history = await db
    .select({ event: transitions.event, status: transitions.toState, at: transitions.at })
    .from(transitions)
    .where(and(eq(transitions.process, orderProcess.name), eq(transitions.subjectId, order.id)))
    .orderBy(asc(transitions.at), asc(transitions.id));
  const shipTo = order.shipTo as OrderDetail['shipTo'];
  return {
    ...(summary as OrderSummary),
    buyer: people.get(order.buyerId) as OrderDetail['buyer'],
    seller: people.get(order.sellerId) as OrderDetail['seller'],
    commission: order.commissionCents,
    sellerReceives: sellerShareCents(order),
    pickupCode: party === 'buyer' ? order.pickupCode : null,
    shipTo: shipTo ?? null,
    history: history.map((h) => ({ event: h.event, status: h.status as OrderState, at: h.at.toISOString() })),
    actions: orderEventsFor(order.state, party, orderFacts(order)),
    parcel: order.deliveryMethod === 'ship' ? parcelFor(await listingWeight(db, order)) : null,
  };
}

/** `GET /svc/orders/{orderId}`: its buyer, its seller or an admin (404 / 403 otherwise). */
export async function orderDetailFor(db: Db, caller: Caller, orderId: string, now: Date): Promise<OrderDetail> {
  const { order, party } = await orderFor(db, caller, orderId, 'show');
  return orderDetail(db, order, party, now);
}

/** The detail of an order by its id, as `caller` sees it (after a change the caller made). */
export async function orderDetailById(db: Db, caller: Caller, id: number, now: Date): Promise<OrderDetail> {
  const [order] = await db.select({ refnum: orders.refnum }).from(orders).where(eq(orders.id, id));
  return orderDetailFor(db, caller, order?.refnum ?? '', now);
}

/** What placing an order answers: where the confirmation page goes. */
export async function placedAnswer(db: Db, order: OrderRow) {
  const [listing] = await db.select({ refnum: listings.refnum }).from(listings).where(eq(listings.id, order.listingId));
  return { orderId: order.refnum, listingRefnum: listing?.refnum ?? '', status: order.state };
}
