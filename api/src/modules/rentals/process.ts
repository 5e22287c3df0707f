import {
  type RentalEvent,
  type RentalFacts,
  type RentalState,
  rentalProcess,
  rentalRefusalMessage,
} from '@yardly/shared/rules';
import type { Db } from '../../db/connect';
import { rentals } from '../../db/schema/index';
import { type Actor, bindProcess, type Transition, transition } from '../../process/transition';

export const rentalRunner = bindProcess(rentalProcess, rentals, { message: rentalRefusalMessage });

/** Events that put a place on the market anew: "newest" sorts by the moment they were taken. */
const LISTS_ANEW: readonly RentalEvent[] = ['publish', 'relist'];

/**
 * Takes `event` on a rental the caller has locked (`for update`), in the caller's transaction,
 * with its log row; refuses with 409 and the process's words when the table says no.
 */
export async function takeRentalEvent(
  tx: Db,
  rental: { id: number; state: RentalState },
  event: RentalEvent,
  actor: Actor,
  now: Date,
): Promise<Transition<RentalState, RentalEvent>> {
  const facts: RentalFacts = {};
  return transition(tx, rentalRunner, rental, event, actor, {
    facts,
    set: () => ({ updatedAt: now, ...(LISTS_ANEW.includes(event) && { listedAt: now }) }),
    now,
  });
}
