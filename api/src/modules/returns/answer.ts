import type { ReturnEvent, ReturnState } from '@yardly/shared/rules';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/connect';
import { returns } from '../../db/schema/index';
import { afterRollback } from '../../db/transaction-end';
import type { Caller } from '../../http/caller';
import type { Actor, Effect } from '../../process/transition';
import type { OrderRow, OrderRunner } from '../orders/process';
import type { Shipping } from '../shipping/shipping';
import { returnFor, returnWithOrder } from './access';
import { type ReturnRow, type ReturnRunner, takeReturnEvent } from './process';

export interface AnswerDeps {
  db: Db;
  orderRunner: OrderRunner;
  returnRunner: ReturnRunner;
  shipping: Pick<Shipping, 'buyReturnLabel' | 'carrier'>;
}

/**
 * What accepting a return does beside its state: the prepaid return label is bought in the same
 * transaction and the buyer told to send the item back. Answers the carrier's id of the label.
 */
async function sendReturnLabel(
  tx: Db,
  deps: Pick<AnswerDeps, 'shipping'>,
  order: OrderRow,
  row: ReturnRow,
  now: Date,
): Promise<string> {
  const label = await deps.shipping.buyReturnLabel(tx, order, now);
  await tx.update(returns).set({ shipmentId: label.id }).where(eq(returns.id, row.id));
  return label.carrierLabelId;
}

/**
 * Accepts a return whose order and row the caller has locked (the seller's Accept, an admin
 * deciding for the buyer). The carrier's id of the label is added to `bought`, for the caller to
 * void it should its transaction fail.
 */
export async function acceptLocked(
  tx: Db,
  deps: Pick<AnswerDeps, 'returnRunner' | 'shipping'>,
  order: OrderRow,
  row: ReturnRow,
  event: Extract<ReturnEvent, 'accept' | 'approve'>,
  actor: Actor,
  now: Date,
  bought?: string[],
): Promise<void> {
  await takeReturnEvent(tx, deps.returnRunner, row, event, actor, now);
  const labelId = await sendReturnLabel(tx, deps, order, row, now);
  bought?.push(labelId);
}

/**
 * The seller answers a return: Accept (the label is bought) or Dispute (it waits in the console's
 * Returns queue). Anyone but the seller is refused with 403; a return already answered with 409
 * (two answers at once: the order's row lock orders them, the second finds it answered).
 */
export function answerReturnWith(deps: AnswerDeps) {
  return (caller: Caller, returnId: string, event: 'accept' | 'dispute', now: Date): Promise<void> =>
    voidingOnFailure(deps, (bought) =>
      deps.db.transaction(async (tx) => {
        const { row, order, party } = await returnFor(tx, caller, returnId, 'edit', true);
        // The table refuses anyone but the seller (403, not_your_turn) and an answered return (409).
        const actor = { userId: caller.userId, role: party };
        if (event === 'accept') {
          await acceptLocked(tx, deps, order, row, 'accept', actor, now, bought);
          return;
        }
        await takeReturnEvent(tx, deps.returnRunner, row, 'dispute', actor, now);
      }),
    );
}

/**
 * The named effect `acceptUnansweredReturn` of the reply timer (`autoAccept`, return-process.ts):
 * the seller's three business days are up, so the platform accepted the return; the label is
 * bought (and voided at the carrier should the transaction fail), the buyer and the seller told.
 * The return's timer job takes the event only while the return is still `requested`.
 */
export function acceptUnansweredReturn(deps: Pick<AnswerDeps, 'shipping'>): Effect<ReturnState, ReturnEvent> {
  return async (tx, done) => {
    const found = await returnWithOrder(tx, eq(returns.id, done.subjectId));
    if (!found) return;
    const { order, row } = found;
    const labelId = await sendReturnLabel(tx, deps, order, row, done.at);
    afterRollback(tx, () => deps.shipping.carrier.voidLabel(labelId));
  };
}

/**
 * Runs a transaction that may buy return labels; when it fails, the labels it bought are voided
 * at the carrier (the shipment rows went with the transaction, so nothing else would).
 */
async function voidingOnFailure<T>(
  deps: Pick<AnswerDeps, 'shipping'>,
  run: (bought: string[]) => Promise<T>,
): Promise<T> {
  const bought: string[] = [];
  try {
    return await run(bought);
  } catch (error) {
    await Promise.allSettled(bought.map((id) => deps.shipping.carrier.voidLabel(id)));
    throw error;
  }
}
