import type { Db } from '../../../db/connect';
import { cardRefunds } from '../../../db/schema/index';
import type { Jobs } from '../../../jobs/runner';
import type { OrderMoney, PostedRefund } from '../../ledger/order-postings';
import { notify } from '../../notifications/notify';

export const SEND_CARD_REFUND_JOB = 'payments.send-card-refund';

/** One try of a card refund: the provider's key is the ledger transaction's and the try's. */
export interface CardRefundTry {
  cardRefundId: number;
  attempt: number;
}

export interface OwedRefund {
  order: Pick<OrderMoney, 'id' | 'buyerId'>;
  posted: PostedRefund;
  /** Why it is given (the provider keeps it with the refund). */
  reason: string;
  /** What the buyer is told once their money is back, and where it leads. */
  buyerNotice: { text: string; link: string };
}

/**
 * A refund the ledger just posted, in its transaction: the card's part (owed) is written as a card
 * refund and its sending queued; the buyer is told only once the card has it. A refund with
 * nothing owed to the card (rewards only: given back in the ledger already) tells the buyer now.
 */
export async function oweCardRefund(tx: Db, jobs: Jobs, owed: OwedRefund, now: Date): Promise<number | null> {
  if (owed.posted.owedCents <= 0) {
    await notify(tx, [owed.order.buyerId], owed.buyerNotice.text, owed.buyerNotice.link);
    return null;
  }
  const [row] = await tx
    .insert(cardRefunds)
    .values({
      orderId: owed.order.id,
      ledgerTransactionId: owed.posted.transactionId,
      amountCents: owed.posted.owedCents,
      status: 'sending',
      reason: owed.reason,
      buyerNotice: owed.buyerNotice.text,
      buyerNoticeLink: owed.buyerNotice.link,
      createdAt: now,
      updatedAt: now,
    })
    .returning({ id: cardRefunds.id, attempts: cardRefunds.attempts });
  if (!row) throw new Error('a card refund just written is missing');
  await jobs.enqueue(tx, SEND_CARD_REFUND_JOB, { cardRefundId: row.id, attempt: row.attempts } satisfies CardRefundTry);
  return row.id;
}

/** The idempotency key of a try: tied to the ledger transaction that owes the refund, not to the job. */
export function cardRefundKey(row: { ledgerTransactionId: number }, attempt: number): string {
  return `card-refund:${row.ledgerTransactionId}:${attempt}`;
}
