import type { AdminOrderRecord } from '@yardly/shared/contract';
import { orderEventsFor, orderProcess } from '@yardly/shared/rules';
import { asc, eq, inArray } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/connect';
import {
  cardRefunds,
  checkouts,
  ledgerEntries,
  ledgerTransactions,
  listings,
  orderRefunds,
  orders,
  users,
} from '../../db/schema/index';
import { processHistories } from '../../process/history';
import { isRefundable } from './refund';

export const buyers = alias(users, 'buyer');
export const sellers = alias(users, 'seller');

/** The console's order rows: the order with its listing, its two parties and its checkout's provider. */
export function selectOrders(db: Db) {
  return db
    .select({
      order: orders,
      listingRefnum: listings.refnum,
      listingTitle: listings.title,
      buyerRefnum: buyers.refnum,
      buyerEmail: buyers.email,
      sellerRefnum: sellers.refnum,
      sellerEmail: sellers.email,
      provider: checkouts.provider,
    })
    .from(orders)
    .innerJoin(listings, eq(listings.id, orders.listingId))
    .innerJoin(buyers, eq(buyers.id, orders.buyerId))
    .innerJoin(sellers, eq(sellers.id, orders.sellerId))
    .innerJoin(checkouts, eq(checkouts.id, orders.checkoutId));
}

export type OrderConsoleRow = Awaited<ReturnType<typeof selectOrders>>[number];

function groupBy<T, K>(rows: T[], key: (row: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const row of rows) groups.set(key(row), [...(groups.get(key(row)) ?? []), row]);
  return groups;
}

/** Rows to records with each order's status history, ledger entries and refunds (three queries for the page). */
export async function toOrderRecords(db: Db, rows: OrderConsoleRow[]): Promise<AdminOrderRecord[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.order.id);
  const historyOf = await processHistories(db, orderProcess.name, ids);
  const ledger = await db
    .select({
      orderId: ledgerTransactions.orderId,
      id: ledgerEntries.id,
      kind: ledgerTransactions.kind,
      memo: ledgerTransactions.memo,
      account: ledgerEntries.account,
      amount: ledgerEntries.amountCents,
      at: ledgerTransactions.at,
    })
    .from(ledgerEntries)
    .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
    .where(inArray(ledgerTransactions.orderId, ids))
    .orderBy(asc(ledgerTransactions.id), asc(ledgerEntries.id));
  const refunds = await db
    .select({
      orderId: orderRefunds.orderId,
      amount: orderRefunds.amountCents,
      reason: orderRefunds.reason,
      by: users.email,
      at: orderRefunds.at,
    })
    .from(orderRefunds)
    .innerJoin(users, eq(users.id, orderRefunds.actorId))
    .where(inArray(orderRefunds.orderId, ids))
    .orderBy(asc(orderRefunds.id));
  const owedToCards = await db
    .select({
      orderId: cardRefunds.orderId,
      id: cardRefunds.id,
      amount: cardRefunds.amountCents,
      status: cardRefunds.status,
      failure: cardRefunds.failure,
      attempts: cardRefunds.attempts,
      at: cardRefunds.createdAt,
    })
    .from(cardRefunds)
    .where(inArray(cardRefunds.orderId, ids))
    .orderBy(asc(cardRefunds.id));
  const cardRefundsOf = groupBy(owedToCards, (r) => r.orderId);
  const ledgerOf = groupBy(ledger, (e) => e.orderId);
  const refundsOf = groupBy(refunds, (r) => r.orderId);
  return rows.map(({ order, ...row }) => ({
    id: order.refnum,
    status: order.state,
    statusLabel: orderProcess.states[order.state].label,
    listingId: row.listingRefnum,
    listingTitle: row.listingTitle,
    buyerId: row.buyerRefnum,
    buyerEmail: row.buyerEmail,
    sellerId: row.sellerRefnum,
    sellerEmail: row.sellerEmail,
    deliveryMethod: order.deliveryMethod,
    itemPrice: order.itemPriceCents,
    shipping: order.shippingCents,
    total: order.totalCents,
    commission: order.commissionCents,
    payment: { provider: row.provider, paymentIntentId: order.paymentIntentId },
    refundable: isRefundable(order),
    actions: orderEventsFor(order.state, 'admin', { pickup: order.deliveryMethod === 'pickup' }),
    history: historyOf.get(order.id) ?? [],
    ledger: (ledgerOf.get(order.id) ?? []).map(({ orderId: _, ...e }) => ({ ...e, at: e.at.toISOString() })),
    refunds: (refundsOf.get(order.id) ?? []).map(({ orderId: _, ...r }) => ({ ...r, at: r.at.toISOString() })),
    cardRefunds: (cardRefundsOf.get(order.id) ?? []).map(({ orderId: _, ...r }) => ({ ...r, at: r.at.toISOString() })),
    createdAt: order.createdAt.toISOString(),
    updatedAt: order.updatedAt.toISOString(),
  }));
}
