import type { ReturnEvent, ReturnState } from '@yardly/shared/rules';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/connect';
import { returns } from '../../db/schema/index';
import { type Actor, type BoundProcess, type TimerTaking, type Transition, transition } from '../../process/transition';
import { returnWithOrder } from './access';

export type ReturnRow = typeof returns.$inferSelect;
// Its guards read nothing: the binding's facts are whatever the table is given (`{}`).
export type ReturnRunner = BoundProcess<ReturnState, ReturnEvent, never, unknown, typeof returns>;

/**
 * How the platform takes a return's timer (the seller's three business days to answer): ADR 0014.
 * The order is locked before the return, as the seller's answer locks them.
 */
export const returnTimerTaking: TimerTaking<ReturnState, ReturnEvent, unknown, typeof returns> = {
  facts: () => ({}),
  set: (_row, _event, _started, now) => ({ updatedAt: now }),
  load: async (tx, id) => (await returnWithOrder(tx, eq(returns.id, id)))?.row,
};

/** Takes `event` on a return its caller has locked. */
export function takeReturnEvent(
  tx: Db,
  runner: ReturnRunner,
  row: ReturnRow,
  event: ReturnEvent,
  actor: Actor,
  now: Date,
): Promise<Transition<ReturnState, ReturnEvent>> {
  return transition(tx, runner, row, event, actor, { facts: {}, set: () => ({ updatedAt: now }), now });
}
