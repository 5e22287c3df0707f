import type { DonationEvent, ListingEvent } from '@yardly/shared/rules';
import type { Clock } from '../../clock/clock';
import type { Db } from '../../db/connect';
import type { Jobs } from '../../jobs/runner';
import { type Actor, SYSTEM } from '../../process/transition';
import type { ListingRow } from '../listings/access';
import { takeListingEvent } from '../listings/process';
import type { Live } from '../live/live';
import type { Mailer } from '../mail/mailer';
import { confirmPathOf, donationContext } from './context';
import { notifyStep } from './notices';
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
 * party told, and for `receive` the donor's receipt queued. The api's calls, the console and the
 * lapse timer all take their steps here.
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
  const { row, listing } = found;
  const done = await takeDonationEvent(tx, deps.runner, row, event, actor, now, extra);
  const follows = LISTING_FOLLOWS[event];
  // A listing a moderator removed meanwhile stays as it is: the donation still ends.
  if (follows && listing.state === 'reserved') await takeListingEvent(tx, listing, follows, SYSTEM, now);
  const context = await donationContext(tx, row);
  await notifyStep(tx, row, done, context, confirmPathOf(context));
  if (event === 'receive') await deps.mailer.send(donationReceiptMail(context, row.refnum, now), { db: tx });
  return done;
}
