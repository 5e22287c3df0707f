import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/connect';
import { ledgerEntries, ledgerTransactions } from '../../db/schema/index';
import { LEDGER, rewardsAccount, sellerAccount } from './accounts';
import { type LedgerEntry, orderEntriesSum, postLedger } from './ledger';

/** What the ledger needs of an order. */
export interface OrderMoney {
  id: number;
  refnum: string;
  buyerId: number;
  sellerId: number;
  itemPriceCents: number;
  shippingCents: number;
  totalCents: number;
  /** What the buyer's rewards paid of the total; the card paid the rest. */
  rewardsCents: number;
  /** The commission the order charged when it was placed (0 when its organisation waived it). */
  commissionCents: number;
}

/** The seller's share of a sale: the item price less the commission the order charged. */
export function sellerShareCents(order: Pick<OrderMoney, 'itemPriceCents' | 'commissionCents'>): number {
  return order.itemPriceCents - order.commissionCents;
}

/** What the buyer's card paid of an order (0: the rewards paid it all). */
export function cardCents(order: Pick<OrderMoney, 'totalCents' | 'rewardsCents'>): number {
  return order.totalCents - order.rewardsCents;
}

/**
 * What the ledger has given back of an order's card payment, made or owed (the `refunds` and
 * `refunds_owed` accounts): every refund Yardly gives is posted (owed) before it is sent to the
 * provider, so the provider's refunded total less this is what was refunded elsewhere (Stripe's
 * dashboard), however often its event arrives.
 */
export function cardRefundedCents(tx: Db, orderId: number): Promise<number> {
  return orderEntriesSum(tx, orderId, inArray(ledgerEntries.account, [LEDGER.refunds, LEDGER.refundsOwed]));
}

/** A refund the ledger posted: its transaction, and what of it the card is owed (0: rewards only). */
export interface PostedRefund {
  transactionId: number;
  owedCents: number;
}

/** What a refund's entries owe the card (`refunds_owed`). */
export function owedOf(entries: readonly LedgerEntry[]): number {
  return entries.filter((e) => e.account === LEDGER.refundsOwed).reduce((sum, e) => sum + e.amountCents, 0);
}

/**
 * A refund Yardly gives (a cancel, the console's, a return's) counts what was refunded of the
 * card before it, at Stripe (its dashboard: posted from the platform's revenue as a gift): the
 * card is given only the rest, as Stripe refunds only the rest, and the part given already comes
 * back to the revenue, now part of this refund. Without it the ledger refunded that part twice.
 */
export async function lessRefundedBefore(tx: Db, order: OrderMoney, entries: LedgerEntry[]): Promise<LedgerEntry[]> {
  const already = await cardRefundedCents(tx, order.id);
  const counted = Math.min(already, owedOf(entries));
  if (counted <= 0) return entries;
  return [
    ...entries.map((e) => (e.account === LEDGER.refundsOwed ? { ...e, amountCents: e.amountCents - counted } : e)),
    { account: LEDGER.revenue, amountCents: counted },
  ];
}

/**
 * A refund of `refundCents` of an order, split as it was paid: the rewards part first, back to
 * the buyer's rewards (they never expire), the rest to the card.
 */
export function refundSplit(order: Pick<OrderMoney, 'rewardsCents'>, refundCents: number) {
  const rewards = Math.min(order.rewardsCents, refundCents);
  return { rewards, card: refundCents - rewards };
}

/**
 * Where a refund of `refundCents` goes: the card's part is owed to the card (`refunds_owed`, until
 * the provider makes it), the rewards' part goes back to the buyer's rewards at once.
 */
export function refundEntries(order: Pick<OrderMoney, 'buyerId' | 'rewardsCents'>, refundCents: number): LedgerEntry[] {
  const split = refundSplit(order, refundCents);
  return [
    { account: LEDGER.refundsOwed, amountCents: split.card },
    { account: rewardsAccount(order.buyerId), amountCents: split.rewards },
  ];
}

/** The sale's split of a payment: the seller's share (held), the commission, the shipping. */
function saleEntries(order: OrderMoney): LedgerEntry[] {
  return [
    { account: LEDGER.clearing, amountCents: -order.totalCents },
    { account: sellerAccount(order.sellerId, 'pending'), amountCents: sellerShareCents(order) },
    { account: LEDGER.revenue, amountCents: order.commissionCents },
    { account: LEDGER.shipping, amountCents: order.shippingCents },
  ];
}

/**
 * An order placed: the buyer's rewards (spent first) and card payment reach clearing, then it
 * is split; the seller's share is pending. The caller has checked the rewards are there, under
 * their lock (rewards/wallet.ts).
 */
export async function postOrderPlaced(tx: Db, order: OrderMoney, at: Date): Promise<void> {
  if (order.rewardsCents > 0) {
    await postLedger(tx, { kind: 'reward_spent', orderId: order.id, memo: `Spent on order ${order.refnum}`, at }, [
      { account: rewardsAccount(order.buyerId), amountCents: -order.rewardsCents },
      { account: LEDGER.clearing, amountCents: order.rewardsCents },
    ]);
  }
  const card = cardCents(order);
  if (card > 0) {
    await postLedger(tx, { kind: 'payment', orderId: order.id, memo: `Payment for order ${order.refnum}`, at }, [
      { account: LEDGER.buyerPayments, amountCents: -card },
      { account: LEDGER.clearing, amountCents: card },
    ]);
  }
  await postLedger(
    tx,
    { kind: 'sale', orderId: order.id, memo: `Sale of order ${order.refnum}`, at },
    saleEntries(order),
  );
}

/**
 * What labels took from the seller's pending share of this order (free shipping, label-postings.ts):
 * the release pays out the share less it.
 */
export async function labelDeductedCents(tx: Db, order: OrderMoney): Promise<number> {
  const sum = await orderEntriesSum(
    tx,
    order.id,
    and(eq(ledgerTransactions.kind, 'label'), eq(ledgerEntries.account, sellerAccount(order.sellerId, 'pending'))),
  );
  return -sum;
}

/** What the seller holds of an order's share: the share less a label deducted from it (free shipping). */
export async function heldShareCents(tx: Db, order: OrderMoney): Promise<number> {
  return sellerShareCents(order) - (await labelDeductedCents(tx, order));
}

/** An order delivered: the seller's share (less a label deducted from it) moves from pending to available (the payout job pays it). */
export async function postOrderReleased(tx: Db, order: OrderMoney, at: Date): Promise<void> {
  const share = await heldShareCents(tx, order);
  await postLedger(tx, { kind: 'release', orderId: order.id, memo: `Order ${order.refnum} delivered`, at }, [
    { account: sellerAccount(order.sellerId, 'pending'), amountCents: -share },
    { account: sellerAccount(order.sellerId, 'available'), amountCents: share },
  ]);
}

/**
 * An order cancelled before it moved: the sale's split is reversed and the whole payment goes
 * back to the buyer: the card's part owed to the card, the rewards' part to their rewards (a new entry).
 */
export async function postOrderRefunded(tx: Db, order: OrderMoney, at: Date): Promise<PostedRefund> {
  const reversed = saleEntries(order)
    .filter((entry) => entry.account !== LEDGER.clearing)
    .map((entry) => ({ ...entry, amountCents: -entry.amountCents }));
  return postRefund(
    tx,
    { kind: 'refund', orderId: order.id, memo: `Refund of order ${order.refnum}`, at },
    await lessRefundedBefore(tx, order, [...reversed, ...refundEntries(order, order.totalCents)]),
  );
}

/** Posts a refund's entries and answers what it owes the card. */
export async function postRefund(
  tx: Db,
  movement: Parameters<typeof postLedger>[1],
  entries: LedgerEntry[],
): Promise<PostedRefund> {
  return { transactionId: await postLedger(tx, movement, entries), owedCents: owedOf(entries) };
}

/** The provider made a refund the ledger owed the card: it is refunded now (refunds_owed → refunds). */
export async function postCardRefundMade(
  tx: Db,
  order: Pick<OrderMoney, 'id' | 'refnum'>,
  cents: number,
  at: Date,
  how = 'made',
): Promise<void> {
  const memo = `Refund of order ${order.refnum} ${how}`;
  await postLedger(tx, { kind: 'card_refund', orderId: order.id, memo, at }, [
    { account: LEDGER.refundsOwed, amountCents: -cents },
    { account: LEDGER.refunds, amountCents: cents },
  ]);
}
