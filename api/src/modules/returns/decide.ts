import type { AdminReturnDecision } from '@yardly/shared/contract';
import { RETURN_DECISIONS } from '@yardly/shared/rules';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/connect';
import { returns } from '../../db/schema/index';
import { takeOrderEvent } from '../orders/process';
import { returnByRefnum } from './access';
import { type AnswerDeps, acceptLocked } from './answer';
import { takeReturnEvent } from './process';

/**
 * An admin decides a disputed return in the console's audited transaction: for the buyer it is
 * accepted and the return label bought; for the seller it is refused and the order's sale stands
 * (`keepSale`: the seller's share becomes available). The note is kept with the return; both told.
 */
export async function decideReturn(
  tx: Db,
  deps: Omit<AnswerDeps, 'db'>,
  input: AdminReturnDecision & { refnum: string; actorId: number },
  now: Date,
): Promise<void> {
  const { order, row } = await returnByRefnum(tx, input.refnum);
  const admin = { userId: input.actorId, role: 'admin' as const };
  const event = RETURN_DECISIONS[input.decision];
  if (event === 'approve') {
    await acceptLocked(tx, deps, order, row, 'approve', admin, now);
  } else {
    await takeReturnEvent(tx, deps.returnRunner, row, 'refuse', admin, now);
    await takeOrderEvent(tx, deps.orderRunner, order, 'keepSale', admin, now);
  }
  await tx
    .update(returns)
    .set({ decidedBy: input.actorId, decisionNote: input.decisionNote, decidedAt: now })
    .where(eq(returns.id, row.id));
}
