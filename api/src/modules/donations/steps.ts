import type { DonationEvent, DonationState, ListingEvent } from '@yardly/shared/rules';
import { eq } from 'drizzle-orm';
import type { Clock } from '../../clock/clock';
import type { Db } from '../../db/connect';
import { donationOrders } from '../../db/schema/index';
import type { Jobs } from '../../jobs/runner';
import { type Actor, type Effect, SYSTEM, type Transition } from '../../process/transition';
import type { ListingRow } from '../listings/access';
import { takeListingEvent } from '../listings/process';
import type { Live } from '../live/live';
import type { Mailer } from '../mail/mailer';
import { orderWithListing } from './access';
import { donationContext } from './context';
import { type DonationOrderRow, type DonationRunner, takeDonationEvent } from './process';
import { donationReceiptMail } from './receipt-mail';

/** What the donation steps need: the database, the one clock, jobs, live pages, mail and the bound process. */
export interface DonationDeps {
  db: Db;
  clock: Clock;
  jobs: Jobs;
  live: Live;
  mailer: Mailer;
  runner: DonationRunner;
}

/** What a step does to the listing it holds: received, it is donated; cancelled or lapsed, on offer again. */
const LISTING_FOLLOWS: Partial<Record<DonationEvent, ListingEvent>> = {
  receive: 'donate',
  cancel: 'release',
  lapse: 'release',
};

/**
 * Takes a donation step on an order whose listing and row the caller has locked (orderWithListing),
 * in one transaction: the transition and its log row, what the listing does in turn, the other
 * party told, and for `receive` the donor's receipt queued. The api's calls and the console take
 * their steps here; the lapse timer's job takes its event through the process (`followLapse`).
 */
export async function takeDonationStep(
  tx: Db,
  deps: Pick<DonationDeps, 'runner' | 'mailer'>,
  found: { row: DonationOrderRow; listing: ListingRow },
  event: DonationEvent,
  actor: Actor,
  now: Date,
  extra: Parameters<typeof takeDonationEvent>[6] = {},
) {
  const done = await takeDonationEvent(tx, deps.runner, found.row, event, actor, now, extra);
  await followStep(tx, deps, found, done);
  return done;
}

/** What a step does after its transition: the listing in turn, the other party told, a receipt mailed. */
async function followStep(
  tx: Db,
  deps: Pick<DonationDeps, 'mailer'>,
  { row, listing }: { row: DonationOrderRow; listing: ListingRow },
  done: Transition<DonationState, DonationEvent>,
): Promise<void> {
  const follows = LISTING_FOLLOWS[done.event];
  // A listing a moderator removed meanwhile stays as it is: the donation still ends.
  if (follows && listing.state === 'reserved') await takeListingEvent(tx, listing, follows, SYSTEM, done.at);
  if (done.event === 'receive') {
    const context = await donationContext(tx, row);
    await deps.mailer.send(donationReceiptMail(context, row.refnum, done.at), { db: tx });
  }
}

/**
 * The named effect `followLapse` of the lapse timer (donation-process.ts): the donor did not
 * confirm within seven days, so the request lapsed; the listing is on offer again and both are
 * told. The donation's timer job takes the event only while the request is still `requested`.
 */
export function followLapse(deps: Pick<DonationDeps, 'mailer'>): Effect<DonationState, DonationEvent> {
  return async (tx, done) => {
    const found = await orderWithListing(tx, eq(donationOrders.id, done.subjectId));
    if (found) await followStep(tx, deps, found, done);
  };
}
