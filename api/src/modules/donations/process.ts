import type { DonationEvent, DonationState } from '@yardly/shared/rules';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/connect';
import { donationOrders } from '../../db/schema/index';
import { type Actor, type BoundProcess, type TimerTaking, type Transition, transition } from '../../process/transition';
import { orderWithListing } from './access';

export type DonationOrderRow = typeof donationOrders.$inferSelect;
// Its guards read nothing: the binding's facts are whatever the table is given (`{}`).
export type DonationRunner = BoundProcess<DonationState, DonationEvent, never, unknown, typeof donationOrders>;

/** The column each event stamps with its time, beside the state. */
const STAMPS: Partial<Record<DonationEvent, keyof DonationOrderRow>> = {
  confirmPickup: 'confirmedAt',
  pickUp: 'pickedUpAt',
  receive: 'receivedAt',
  cancel: 'cancelledAt',
  lapse: 'cancelledAt',
};

/** The columns `event` writes beside the state: its time stamp, and `updatedAt`. */
function columnsFor(event: DonationEvent, now: Date) {
  const stamp = STAMPS[event];
  return { ...(stamp && { [stamp]: now }), updatedAt: now };
}

/**
 * How the platform takes a donation's timer (the seven days to confirm a pickup): ADR 0014. The
 * listing is locked before the order, as every step locks them.
 */
export const donationTimerTaking: TimerTaking<DonationState, DonationEvent, unknown, typeof donationOrders> = {
  facts: () => ({}),
  set: (_row, event, _started, now) => columnsFor(event, now),
  load: async (tx, id) => (await orderWithListing(tx, eq(donationOrders.id, id)))?.row,
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
  return transition(tx, runner, row, event, actor, {
    facts: {},
    set: () => ({ ...extra, ...columnsFor(event, now) }),
    now,
  });
}
