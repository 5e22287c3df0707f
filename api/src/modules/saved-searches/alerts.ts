import type { ListingEvent, ListingState, NotificationSection, RentalEvent, RentalState } from '@yardly/shared/rules';
import { priceDropText, savedSearchAlertText, savedSearchMessages } from '@yardly/shared/rules';
import { and, asc, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/connect';
import { favourites, listings, notifications, savedSearchMatches, users } from '../../db/schema/index';
import { defineJob } from '../../jobs/job';
import { queueJobIn } from '../../jobs/queue-in';
import type { Transition } from '../../process/transition';
import type { AppServices } from '../../services';
import { inListingStates } from '../listings/visibility';
import type { LiveEvent } from '../live/log';
import { optionalMailer } from '../mail/optional-mail';
import { preferenceStore } from '../mail/preferences';
import { escapeHtml } from '../mail/templates';
import { NOTIFICATION_DELIVERY_JOB } from '../notifications/job-names';
import { toNotification } from '../notifications/service';
import { marketplaceMembership } from '../organisation-marketplace/membership';
import { rentalsMatching, type SavedSearchHit, salesMatching } from './match';

export const SAVED_SEARCH_MATCH_JOB = 'saved-searches.match';
export const SAVED_SEARCH_DIGEST_JOB = 'saved-searches.digest';
/** Queued by the `listings_price_dropped` trigger (migration 0052), which names it in SQL. */
export const SAVED_SEARCH_PRICE_DROP_JOB = 'saved-searches.price-drop';
/** One digest mail a day of the day's matches. */
export const SAVED_SEARCH_DIGEST_EVERY_MINUTES = 24 * 60;

export interface MatchJobPayload {
  kind: 'sale' | 'rental';
  subjectId: number;
}

/** The events that put a listing (or a rental) on the market: publishing, relisting, reactivating. */
const ON_THE_MARKET = new Set(['publish', 'relist', 'activate']);

/** Queues the reverse search of a subject just put on the market, in its transaction (publishing stays fast). */
async function queueMatch(tx: Db, payload: MatchJobPayload, at: Date): Promise<void> {
  // Two publishes at once queue one job while it waits; the match table keeps it once anyway.
  await queueJobIn(tx, SAVED_SEARCH_MATCH_JOB, payload, { at, key: `${payload.kind}:${payload.subjectId}` });
}

/** The listing process's subscription: a listing on the market again is matched against the saved searches. */
export async function savedSearchesFollowListing(tx: Db, done: Transition<ListingState, ListingEvent>): Promise<void> {
  if (done.to === 'live' && ON_THE_MARKET.has(done.event)) {
    await queueMatch(tx, { kind: 'sale', subjectId: done.subjectId }, done.at);
  }
}

/** The rental process's subscription, the same for places to rent. */
export async function savedSearchesFollowRental(tx: Db, done: Transition<RentalState, RentalEvent>): Promise<void> {
  if (done.to === 'available' && ON_THE_MARKET.has(done.event)) {
    await queueMatch(tx, { kind: 'rental', subjectId: done.subjectId }, done.at);
  }
}

/** Members-only listings are told only to members of their organisation (read now). */
async function mayBeTold<H extends Pick<SavedSearchHit, 'userId' | 'organizationId'>>(tx: Db, hits: H[]): Promise<H[]> {
  const kept: H[] = [];
  for (const hit of hits) {
    if (hit.organizationId === null) kept.push(hit);
    else if ((await marketplaceMembership(tx, hit.userId))?.organizationId === hit.organizationId) kept.push(hit);
  }
  return kept;
}

/**
 * Tells each saver whose search matches the subject, once per saved search and subject (the
 * match table's unique key): an in-app notice linking to it, seen live, pushed to their browsers
 * (the notifications' delivery job); the mail waits for the day's digest.
 */
export async function alertSavers(tx: Db, s: Pick<AppServices, 'jobs' | 'live'>, payload: MatchJobPayload, now: Date) {
  const found =
    payload.kind === 'sale'
      ? await salesMatching(tx, payload.subjectId, now)
      : await rentalsMatching(tx, payload.subjectId);
  const hits = await mayBeTold(tx, found);
  if (hits.length === 0) return;
  const section: NotificationSection = payload.kind === 'rental' ? 'rentals' : 'market';
  const fresh = await tx
    .insert(savedSearchMatches)
    .values(
      hits.map((hit) => ({
        savedSearchId: hit.savedSearchId,
        userId: hit.userId,
        subjectId: payload.subjectId,
        title: hit.title,
        priceCents: hit.priceCents,
        link: `/${hit.refnum}`,
        createdAt: now,
      })),
    )
    .onConflictDoNothing()
    .returning({
      userId: savedSearchMatches.userId,
      title: savedSearchMatches.title,
      priceCents: savedSearchMatches.priceCents,
      link: savedSearchMatches.link,
    });
  // Two of one person's searches matching one listing make one notice.
  const byPerson = new Map(fresh.map((m) => [m.userId, m]));
  await tellInApp(
    tx,
    s,
    [...byPerson.values()].map((m) => ({
      userId: m.userId,
      text: savedSearchAlertText(m.title, m.priceCents),
      link: m.link,
    })),
    section,
    now,
  );
}

/**
 * In-app notices (seen live, and pushed to the person's browsers by the notifications' delivery
 * job) that are not mailed one by one: the matches go in the day's digest, a price drop in none.
 */
async function tellInApp(
  tx: Db,
  s: Pick<AppServices, 'jobs' | 'live'>,
  notices: { userId: number; text: string; link: string }[],
  section: NotificationSection,
  now: Date,
): Promise<void> {
  if (notices.length === 0) return;
  const added = await tx
    .insert(notifications)
    .values(
      notices.map((notice) => ({
        ...notice,
        kind: 'notice',
        section,
        // Handled for mail: the notice delivery (notifications/notices.ts) mails it no more.
        mailHandledAt: now,
        createdAt: now,
      })),
    )
    .returning();
  const events: LiveEvent[] = [];
  for (const notification of added) {
    await s.jobs.enqueue(tx, NOTIFICATION_DELIVERY_JOB, { notificationId: notification.id });
    const [unread] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(notifications)
      .where(
        and(
          eq(notifications.userId, notification.userId),
          eq(notifications.section, section),
          isNull(notifications.readAt),
        ),
      );
    events.push({
      userId: notification.userId,
      type: 'notification',
      payload: { notification: toNotification(notification), unreadCount: unread?.n ?? 0, section },
    });
  }
  await s.live.record(tx, events);
}

export interface PriceDropPayload {
  listingId: number;
  fromCents: number;
  toCents: number;
}

/**
 * A listing's price went down (queued by the `listings_price_dropped` trigger, migration 0052):
 * everyone who hearted it is told "Price dropped to $X on {title}", once for this drop (the job
 * is the drop's); a drop overtaken by another change says nothing (that change has its own
 * job, or was a rise). The new price may also bring it into saved searches' ranges.
 */
export async function tellOfPriceDrop(
  tx: Db,
  s: Pick<AppServices, 'jobs' | 'live'>,
  { listingId, toCents }: PriceDropPayload,
  now: Date,
): Promise<void> {
  const [listing] = await tx
    .select({
      title: listings.title,
      refnum: listings.refnum,
      priceCents: listings.priceCents,
      sellerId: listings.sellerId,
      organizationId: listings.organizationId,
    })
    .from(listings)
    .where(and(eq(listings.id, listingId), inListingStates(['live'], now)));
  if (!listing || listing.priceCents !== toCents) return;
  const likers = await tx
    .select({ userId: favourites.userId })
    .from(favourites)
    .where(and(eq(favourites.listingId, listingId), ne(favourites.userId, listing.sellerId)));
  const told = await mayBeTold(
    tx,
    likers.map(({ userId }) => ({ userId, organizationId: listing.organizationId })),
  );
  await tellInApp(
    tx,
    s,
    told.map(({ userId }) => ({ userId, text: priceDropText(listing.title, toCents), link: `/${listing.refnum}` })),
    'market',
    now,
  );
  await alertSavers(tx, s, { kind: 'sale', subjectId: listingId }, now);
}

export function priceDropJob(s: Pick<AppServices, 'jobs' | 'live'>) {
  return defineJob<PriceDropPayload>({
    name: SAVED_SEARCH_PRICE_DROP_JOB,
    async run(payload, { db, now }) {
      await db.transaction((tx) => tellOfPriceDrop(tx, s, payload, now));
    },
  });
}

export function matchJob(s: Pick<AppServices, 'jobs' | 'live'>) {
  return defineJob<MatchJobPayload>({
    name: SAVED_SEARCH_MATCH_JOB,
    async run(payload, { db, now }) {
      await db.transaction((tx) => alertSavers(tx, s, payload, now));
    },
  });
}

/**
 * Once a day, each person with new matches gets one mail listing them, when their "Saved search
 * alerts" setting allows it (with its one-click unsubscribe); a match is in one digest at most.
 */
export function digestJob(s: Pick<AppServices, 'mailer' | 'config'>) {
  return defineJob<Record<string, never>>({
    name: SAVED_SEARCH_DIGEST_JOB,
    schedule: { everyMinutes: SAVED_SEARCH_DIGEST_EVERY_MINUTES },
    async run(_payload, { db, now }) {
      await db.transaction(async (tx) => {
        const pending = await tx
          .select({
            id: savedSearchMatches.id,
            userId: savedSearchMatches.userId,
            title: savedSearchMatches.title,
            priceCents: savedSearchMatches.priceCents,
            link: savedSearchMatches.link,
          })
          .from(savedSearchMatches)
          .where(isNull(savedSearchMatches.digestHandledAt))
          .orderBy(asc(savedSearchMatches.id))
          .for('update', { skipLocked: true });
        if (pending.length === 0) return;
        const mailer = optionalMailer({
          mailer: s.mailer,
          preferences: preferenceStore(tx),
          publicUrl: s.config.publicUrl,
        });
        const userIds = [...new Set(pending.map((m) => m.userId))];
        const people = await tx
          .select({ id: users.id, email: users.email, nameFirst: users.nameFirst })
          .from(users)
          .where(inArray(users.id, userIds));
        for (const person of people) {
          const theirs = pending.filter((m) => m.userId === person.id);
          const seen = new Set<string>();
          const lines = theirs.filter((m) => !seen.has(m.link) && seen.add(m.link));
          const items = lines.map((m) => ({
            text: savedSearchAlertText(m.title, m.priceCents),
            url: `${s.config.publicUrl}${m.link}`,
          }));
          await mailer.send(
            person.id,
            'savedSearchAlerts',
            {
              to: person.email,
              subject: savedSearchMessages.digestSubject,
              text: `Hi ${person.nameFirst},\n\n${savedSearchMessages.digestIntro}\n\n${items.map((i) => `${i.text}\n${i.url}`).join('\n\n')}\n`,
              html: `<p>Hi ${escapeHtml(person.nameFirst)},</p><p>${escapeHtml(savedSearchMessages.digestIntro)}</p><ul>${items
                .map((i) => `<li><a href="${escapeHtml(i.url)}">${escapeHtml(i.text)}</a></li>`)
                .join('')}</ul>`,
            },
            { db: tx },
          );
        }
        await tx
          .update(savedSearchMatches)
          .set({ digestHandledAt: now })
          .where(
            inArray(
              savedSearchMatches.id,
              pending.map((m) => m.id),
            ),
          );
      });
    },
  });
}
