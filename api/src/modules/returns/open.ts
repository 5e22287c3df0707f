import type { OpenReturn } from '@yardly/shared/contract';
import { addBusinessDays, RECEIPT_WINDOW_BUSINESS_DAYS, returnMessages } from '@yardly/shared/rules';
import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/connect';
import { newRefnum } from '../../db/refnum';
import { returns, transitions } from '../../db/schema/index';
import { AppError } from '../../errors';
import type { Caller } from '../../http/caller';
import { start } from '../../process/transition';
import { orderFor } from '../orders/access';
import { type OrderRow, type OrderRunner, takeOrderEvent } from '../orders/process';
import type { ReturnRunner } from './process';

/** Where each side follows a return (spec section 2). */
export const returnTrackPath = (listingRefnum: string) => `/return-track?listingRefnum=${listingRefnum}`;

/** When the carrier delivered the order: its last `arrive`. */
async function arrivedAt(tx: Db, order: OrderRow): Promise<Date | null> {
  const [row] = await tx
    .select({ at: transitions.at })
    .from(transitions)
    .where(and(eq(transitions.process, 'order'), eq(transitions.subjectId, order.id), eq(transitions.event, 'arrive')))
    .orderBy(desc(transitions.at))
    .limit(1);
  return row?.at ?? null;
}

/** Why the order cannot be returned now, in the buyer's words; null when it can. */
async function windowRefusal(tx: Db, order: OrderRow, now: Date): Promise<AppError | null> {
  if (order.state === 'returning' || order.state === 'returned') {
    return new AppError(409, returnMessages.alreadyOpened, { reason: 'return_already_opened' });
  }
  if (order.state === 'delivered') return new AppError(409, returnMessages.windowClosed, { reason: 'window_closed' });
  if (order.state !== 'arrived') return new AppError(409, returnMessages.notArrived, { reason: 'not_arrived' });
  const arrived = await arrivedAt(tx, order);
  // The window's timer may fire late: the time decides, not whether it has run.
  if (!arrived || addBusinessDays(arrived, RECEIPT_WINDOW_BUSINESS_DAYS).getTime() <= now.getTime()) {
    return new AppError(409, returnMessages.windowClosed, { reason: 'window_closed' });
  }
  return null;
}

export interface OpenDeps {
  db: Db;
  orderRunner: OrderRunner;
  returnRunner: ReturnRunner;
}

/**
 * The buyer opens a return while the receipt window is open, once per order: one transaction
 * takes the order's `openReturn` (which stops its receipt timer) and the return's `open` (which
 * starts the seller's three business days); the seller is told.
 */
export function openReturnWith(deps: OpenDeps) {
  return (caller: Caller, input: OpenReturn, now: Date): Promise<string> =>
    deps.db.transaction(async (tx) => {
      const { order, party } = await orderFor(tx, caller, input.orderId, 'edit', true);
      const [existing] = await tx.select({ id: returns.id }).from(returns).where(eq(returns.orderId, order.id));
      if (existing) throw new AppError(409, returnMessages.alreadyOpened, { reason: 'return_already_opened' });
      const refused = await windowRefusal(tx, order, now);
      if (refused) throw refused;
      const actor = { userId: caller.userId, role: party };
      // The return's `open` first: the table refuses anyone but the buyer with its words (403).
      const refnum = newRefnum('return');
      await start(tx, deps.returnRunner, 'open', actor, {
        facts: {},
        values: (timers) => ({
          refnum,
          orderId: order.id,
          reason: input.reason,
          text: input.text,
          replyBy: timers[0]?.at ?? now,
          createdAt: now,
          updatedAt: now,
        }),
        now,
      });
      await takeOrderEvent(tx, deps.orderRunner, order, 'openReturn', actor, now);
      return refnum;
    });
}
