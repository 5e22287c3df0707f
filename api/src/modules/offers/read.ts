import type { BuyerListing, BuyFilter, OfferThread } from '@yardly/shared/contract';
import {
  currentOfferState,
  type OfferState,
  offerMessages,
  offerProcess,
  type ProcessRole,
  publicName,
} from '@yardly/shared/rules';
import { and, asc, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import { sqlTime } from '../../clock/sql-time';
import type { Db } from '../../db/connect';
import { listings, offers, offerThreads, transitions, users, zipCodes } from '../../db/schema/index';
import { AppError } from '../../errors';
import type { Caller } from '../../http/caller';
import { cardColumns, toCard } from '../listings/cards';
import { openOfferAt } from '../listings/offers-check';
import { saleReturned } from '../listings/seller-listings';
import { listingReader, openableBy } from '../organisation-marketplace/visibility';
import { selectOffers, toOffer } from './view';

/**
 * A listing's offer threads, newest activity first, each with its latest offer's fields and
 * every offer oldest first. The seller sees every thread, a buyer their own; anyone else 403,
 * and 404 for anyone who may not open the listing (another organisation's).
 */
export async function listingOffers(
  db: Db,
  caller: Caller,
  query: { listingRefnum: string; page: number; size: number },
  now: Date,
) {
  const reader = await listingReader(db, caller);
  const [listing] = await db
    .select({ id: listings.id, sellerId: listings.sellerId })
    .from(listings)
    .where(and(eq(listings.refnum, query.listingRefnum), openableBy(reader)));
  if (!listing) throw AppError.notFound(offerMessages.listingNotFound);
  const isSeller = listing.sellerId === caller.userId;
  const where = and(
    eq(offerThreads.listingId, listing.id),
    isSeller ? undefined : eq(offerThreads.buyerId, caller.userId),
  );
  const [total] = await db.select({ n: sql<number>`count(*)::int` }).from(offerThreads).where(where);
  const totalElements = total?.n ?? 0;
  if (!isSeller && totalElements === 0) throw AppError.forbidden(offerMessages.notYourListing);
  const page = await db
    .select({ id: offerThreads.id })
    .from(offerThreads)
    .where(where)
    .orderBy(desc(offerThreads.updatedAt), desc(offerThreads.id))
    .limit(query.size)
    .offset(query.page * query.size);
  const ids = page.map((t) => t.id);
  const rows = ids.length
    ? await selectOffers(db).where(inArray(offers.threadId, ids)).orderBy(asc(offers.createdAt), asc(offers.id))
    : [];
  const content: OfferThread[] = ids.flatMap((id) => {
    const thread = rows.filter((row) => row.offer.threadId === id);
    const latest = thread.at(-1);
    if (!latest) return [];
    return [
      {
        ...toOffer(latest, now, caller.userId),
        buyerName: publicName(latest.buyerFirst, latest.buyerLast),
        lastUpdated: new Date(latest.threadUpdatedAt).toISOString(),
        offers: thread.map((row) => toOffer(row, now, caller.userId)),
      },
    ];
  });
  return {
    offers: {
      content,
      number: query.page,
      size: query.size,
      totalElements,
      totalPages: Math.ceil(totalElements / query.size),
    },
  };
}

/** Whether the caller has an offer open on the listing (pending and not expired, or accepted), and which. */
export async function alreadyOffered(db: Db, caller: Caller | null, listingRefnum: string, now: Date) {
  if (!caller) return { alreadyOffered: false, offerRefnum: null };
  const [open] = await db
    .select({ refnum: offers.refnum })
    .from(offers)
    .innerJoin(offerThreads, eq(offerThreads.id, offers.threadId))
    .innerJoin(listings, eq(listings.id, offerThreads.listingId))
    .where(and(eq(listings.refnum, listingRefnum), eq(offerThreads.buyerId, caller.userId), openOfferAt(now)))
    .limit(1);
  return { alreadyOffered: open !== undefined, offerRefnum: open?.refnum ?? null };
}

/** Each thread's latest offer. */
function latestOffers(db: Db) {
  return db
    .selectDistinctOn([offers.threadId], {
      threadId: offers.threadId,
      refnum: offers.refnum,
      state: offers.state,
      priceCents: offers.priceCents,
      expiresAt: offers.expiresAt,
    })
    .from(offers)
    .orderBy(offers.threadId, desc(offers.createdAt), desc(offers.id))
    .as('latest_offer');
}

/**
 * The buying dashboard's filters (spec section 4) on the caller's threads' latest offers:
 * waiting for an answer; accepted and awaiting checkout (the listing reserved for them); the sale
 * done; declined, withdrawn or expired; the sale returned (the orders and returns issues move
 * listings to sold and returned: these real queries find what they write).
 */
function buyFilterWhere(filter: BuyFilter, latest: ReturnType<typeof latestOffers>, now: Date): SQL {
  const pendingNow = sql`(${latest.state} = 'pending' and ${latest.expiresAt} > ${sqlTime(now)})`;
  const accepted = eq(latest.state, 'accepted');
  switch (filter) {
    case 'OPEN_OFFFERS':
      return pendingNow;
    case 'IN_PROGRESS':
      return and(accepted, eq(listings.state, 'reserved')) as SQL;
    case 'DELIVERED':
      return and(accepted, eq(listings.state, 'sold')) as SQL;
    case 'CANCELLED':
      return sql`(${inArray(latest.state, ['declined', 'cancelled', 'expired'])} or (${latest.state} = 'pending' and not ${pendingNow}))`;
    case 'RETURNED':
      return and(accepted, saleReturned) as SQL;
  }
}

/** The caller's buying dashboard: listings they made offers on (and may still open), by filter, latest activity first. */
export async function buyerListings(
  db: Db,
  caller: Caller,
  query: { buyFilter: BuyFilter; page: number; size: number },
  now: Date,
) {
  const latest = latestOffers(db);
  // An organisation's listing leaves the dashboard with the buyer's membership.
  const where = and(
    eq(offerThreads.buyerId, caller.userId),
    buyFilterWhere(query.buyFilter, latest, now),
    openableBy(await listingReader(db, caller)),
  );
  const joined = <Q extends PgSelect>(query: Q) =>
    query
      .innerJoin(latest, eq(latest.threadId, offerThreads.id))
      .innerJoin(listings, eq(listings.id, offerThreads.listingId))
      .innerJoin(users, eq(users.id, listings.sellerId))
      .innerJoin(zipCodes, eq(zipCodes.zip, listings.zip))
      .where(where);
  const [rows, [total]] = await Promise.all([
    joined(
      db
        .select({
          ...cardColumns(now),
          threadKey: offerThreads.key,
          offerRefnum: latest.refnum,
          offerState: latest.state,
          offerPrice: latest.priceCents,
          expiresAt: latest.expiresAt,
        })
        .from(offerThreads)
        .$dynamic(),
    )
      .orderBy(desc(offerThreads.updatedAt), desc(offerThreads.id))
      .limit(query.size)
      .offset(query.page * query.size),
    joined(db.select({ n: sql<number>`count(*)::int` }).from(offerThreads).$dynamic()),
  ]);
  const cards: BuyerListing[] = rows.map((row) => ({
    ...toCard(row, now),
    threadKey: row.threadKey,
    offerRefnum: row.offerRefnum,
    offerStatus: currentOfferState(row.offerState, row.expiresAt, now),
    offerPrice: row.offerPrice,
    expiresAt: new Date(row.expiresAt).toISOString(),
  }));
  return { listings: cards, totalElements: total?.n ?? 0, number: query.page, size: query.size };
}

/** One step of an offer thread, read from the process log. */
export interface OfferEvent {
  offerRefnum: string;
  event: string;
  /** Null when the event made the offer. */
  fromState: OfferState | null;
  toState: OfferState;
  /** The offer's price in cents (a counter is a new offer with its own). */
  priceCents: number;
  /** Who took it; null when the platform did (expiry, another offer accepted). */
  actorRefnum: string | null;
  actorRole: ProcessRole;
  at: Date;
}

/**
 * Every step of a thread's offers, oldest first, read from the process log (each step also left
 * its line in the conversation: conversation-lines.ts).
 */
export async function offerEventsOf(db: Db, threadKey: string): Promise<OfferEvent[]> {
  const rows = await db
    .select({
      offerRefnum: offers.refnum,
      event: transitions.event,
      fromState: transitions.fromState,
      toState: transitions.toState,
      priceCents: offers.priceCents,
      actorRefnum: users.refnum,
      actorRole: transitions.actorRole,
      at: transitions.at,
    })
    .from(transitions)
    .innerJoin(offers, eq(offers.id, transitions.subjectId))
    .innerJoin(offerThreads, eq(offerThreads.id, offers.threadId))
    .leftJoin(users, eq(users.id, transitions.actorId))
    .where(and(eq(transitions.process, offerProcess.name), eq(offerThreads.key, threadKey)))
    .orderBy(asc(transitions.at), asc(transitions.id));
  return rows.map((row) => ({
    ...row,
    fromState: row.fromState as OfferState | null,
    toState: row.toState as OfferState,
    at: new Date(row.at),
  }));
}
