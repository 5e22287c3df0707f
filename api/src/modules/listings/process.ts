import {
  currentListingState,
  type ListingEvent,
  type ListingFacts,
  type ListingState,
  listingProcess,
  listingRefusalMessage,
  OPEN_ORDER_STATES,
  type ProcessTimer,
} from '@yardly/shared/rules';
import { and, type Column, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/connect';
import { listings, orders } from '../../db/schema/index';
import { type Actor, bindProcess, SYSTEM, type Transition, transition } from '../../process/transition';
import { countActiveOffers } from './offers-check';

type Subject = { id: number; state: ListingState; listingEnd: Date | null; priceCents: number };

/**
 * The listing process, bound once (the registry adopts it: ADR 0051). The expiry that publishing
 * and relisting start is due at the listing's `listing_end`, which `columnsFor` writes; the engine
 * queues it as the process's timer job (`timer:listing`), which takes `expire` when the table still
 * allows it (ADR 0014). Other capabilities react by subscribing (the rewards capability to
 * publishing and removal).
 */
export const listingRunner = bindProcess(listingProcess, listings, {
  message: listingRefusalMessage,
  timers: {
    facts: (tx, listing, now) => listingFacts(tx, listing, now),
    set: (_listing, event, started, now) => columnsFor(event, started, now),
  },
});

/** The columns an event writes beside the state: publishing and relisting put it on sale anew. */
function columnsFor(event: ListingEvent, timers: ProcessTimer<ListingEvent>[], now: Date) {
  const expiry = timers.find((timer) => timer.event === 'expire');
  const fresh = event === 'publish' || event === 'relist';
  return {
    updatedAt: now,
    ...(fresh && { createdAt: now }),
    ...(expiry && { listingEnd: expiry.at }),
  } satisfies PgUpdateSetSource<typeof listings>;
}

/** An order of the listing is in progress: in one of the order process's open states. */
const openOrderOf = (listingId: number | Column) =>
  and(eq(orders.listingId, listingId), inArray(orders.state, [...OPEN_ORDER_STATES]));

/** Whether the listing in the current query's row has an order in progress (the seller card's flag). */
export const hasOrderInProgress: SQL<boolean> = sql<boolean>`exists (select 1 from ${orders}
  where ${openOrderOf(listings.id)})`;

/** Whether an order of the listing is in progress (no Relist until it ends). */
export async function orderInProgress(db: Db, listingId: number): Promise<boolean> {
  const [open] = await db.select({ id: orders.id }).from(orders).where(openOrderOf(listingId)).limit(1);
  return open !== undefined;
}

export async function listingFacts(tx: Db, listing: Subject, now: Date): Promise<ListingFacts> {
  return {
    priceCents: listing.priceCents,
    openOffers: await countActiveOffers(tx, listing.id, now),
    orderInProgress: await orderInProgress(tx, listing.id),
  };
}

/** Takes `event` on a listing the caller has locked, and returns the state it reached. */
export async function takeListingEvent(
  tx: Db,
  listing: Subject,
  event: ListingEvent,
  actor: Actor,
  now: Date,
): Promise<Transition<ListingState, ListingEvent>> {
  return transition(tx, listingRunner, listing, event, actor, {
    facts: await listingFacts(tx, listing, now),
    set: (timers) => columnsFor(event, timers, now),
    now,
  });
}

/**
 * A timer that is due (or overdue) takes its event now, unless the listing moved on: the expiry
 * of a listing past its end, before anyone acts on it. Returns the state it is in afterwards.
 */
export async function catchUpTimers(tx: Db, listing: Subject, now: Date): Promise<ListingState> {
  if (currentListingState(listing.state, listing.listingEnd, now) === listing.state) return listing.state;
  return (await takeListingEvent(tx, listing, 'expire', SYSTEM, now)).to;
}

/**
 * The safety net's step (expiry-job.ts): re-reads the listing and takes only the timers due by
 * the listing's own dates, so a listing that moved on (sold, or relisted with a later end) is left
 * alone (CONVENTIONS #11). Returns the listing's state, or null when it is gone.
 */
export async function fireListingTimers(tx: Db, listingId: number, now: Date): Promise<ListingState | null> {
  const [listing] = await tx.select().from(listings).where(eq(listings.id, listingId)).for('update');
  return listing ? catchUpTimers(tx, listing, now) : null;
}
