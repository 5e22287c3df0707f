import { type DonationEvent, type DonationFacts, type DonationState, donationProcess } from '@yardly/shared/rules';
import type { Db } from '../../db/connect';
import type { donationOrders } from '../../db/schema/index';
import type { Jobs } from '../../jobs/runner';
import { queueTimers } from '../../process/timers';
import { type Actor, type BoundProcess, type Effect, type Transition, transition } from '../../process/transition';

export type DonationOrderRow = typeof donationOrders.$inferSelect;
export type DonationRunner = BoundProcess<DonationState, DonationEvent, never, DonationFacts, typeof donationOrders>;

/** The one-shot job that lapses a request its donor did not confirm within seven days (lapse-job.ts). */
export const DONATION_LAPSE_JOB = 'donations.lapse';

/** A request queues its lapse timer in the same transaction. */
export function donationTimers(jobs: Jobs): Effect<DonationState, DonationEvent> {
  return queueTimers<DonationState, DonationEvent>(jobs, donationProcess, {
    lapse: {
      job: DONATION_LAPSE_JOB,
      payload: (donationOrderId) => ({ donationOrderId }),
      key: (id) => `donation:${id}`,
    },
  });
}

/** The column each event stamps with its time, beside the state. */
const STAMPS: Partial<Record<DonationEvent, keyof DonationOrderRow>> = {
  confirmPickup: 'confirmedAt',
  pickUp: 'pickedUpAt',
  receive: 'receivedAt',
  cancel: 'cancelledAt',
  lapse: 'cancelledAt',
};

/** Takes `event` on a donation order its caller has locked; `extra` are columns the event writes too. */
export function takeDonationEvent(
  tx: Db,
  runner: DonationRunner,
  row: DonationOrderRow,
  event: DonationEvent,
  actor: Actor,
  now: Date,
  extra: Partial<Pick<DonationOrderRow, 'pickupAddressId' | 'pickupAddress' | 'contactBy'>> = {},
): Promise<Transition<DonationState, DonationEvent>> {
  const stamp = STAMPS[event];
  return transition(tx, runner, row, event, actor, {
    facts: {},
    set: () => ({ ...extra, ...(stamp && { [stamp]: now }), updatedAt: now }),
    now,
  });
}
