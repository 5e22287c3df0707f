import { type AdminListingRecord, adminListingSchema, listingModerationSchema } from '@yardly/shared/contract';
import {
  adminEventsFor,
  currentListingState,
  LISTING_STATES,
  type ListingState,
  listingConsoleMessages,
  listingStatusOf,
  saleTypeOf,
} from '@yardly/shared/rules';
import { asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Clock } from '../../clock/clock';
import type { Db } from '../../db/connect';
import { categories, listingPhotos, listings, users } from '../../db/schema/index';
import { AppError } from '../../errors';
import { boolFilter, defineResource, searchFilter, textFilter } from '../../http/console/define-resource';
import { fileUrl } from '../files/urls';
import { moderateListing, removeListing } from './moderation';
import { activeOfferCount } from './offers-check';
import { hasOrderInProgress } from './process';

const MODERATION_STATUSES = ['active', 'inactive'];

/** The listing states the console's status filter (the wire's `listingStatus`) stands for. */
function statesWithStatus(status: string): ListingState[] {
  return LISTING_STATES.filter((state) => listingStatusOf(state) === status);
}

function select(db: Db, now: Date) {
  return db
    .select({
      key: listings.id,
      id: listings.refnum,
      title: listings.title,
      description: listings.description,
      sellerId: users.refnum,
      sellerEmail: users.email,
      categoryId: categories.refnum,
      state: listings.state,
      listingEnd: listings.listingEnd,
      priceCents: listings.priceCents,
      featured: listings.featured,
      offerCount: activeOfferCount(now),
      orderInProgress: hasOrderInProgress,
      createdAt: listings.createdAt,
    })
    .from(listings)
    .innerJoin(users, eq(users.id, listings.sellerId))
    .innerJoin(categories, eq(categories.id, listings.categoryId));
}

type Row = Awaited<ReturnType<typeof select>>[number];

async function toRecords(db: Db, rows: Row[], now: Date): Promise<AdminListingRecord[]> {
  const ids = rows.map((r) => r.key);
  const photos = ids.length
    ? await db
        .select()
        .from(listingPhotos)
        .where(inArray(listingPhotos.listingId, ids))
        .orderBy(asc(listingPhotos.picno))
    : [];
  return rows.map(({ key, state: stored, listingEnd, createdAt, orderInProgress, ...row }) => {
    const state = currentListingState(stored, listingEnd, now);
    return {
      ...row,
      state,
      actions: adminEventsFor(state, { priceCents: row.priceCents, openOffers: row.offerCount, orderInProgress }),
      status: listingStatusOf(state),
      deleted: state === 'deleted',
      sold: saleTypeOf(state) !== 0,
      createdAt: createdAt.toISOString(),
      photos: photos.filter((p) => p.listingId === key).map((p) => ({ src: fileUrl(p.path) })),
    };
  });
}

async function listingAt(tx: Db, refnum: string | number, now: Date) {
  const [row] = await select(tx, now).where(eq(listings.refnum, String(refnum)));
  if (!row) throw AppError.notFound('There is no such record in listings');
  const [record] = await toRecords(tx, [row], now);
  return { id: row.key, record: record as AdminListingRecord };
}

/**
 * The catalogue: search, show with photos, deactivate, soft delete, feature on the home page.
 * States are read, and events taken, at the clock's now.
 */
export const listingsResource = ({ clock }: { clock: Clock }) =>
  defineResource({
    name: 'listings',
    record: adminListingSchema,
    id: { column: listings.refnum, kind: 'refnum' },
    select: (db) => select(db, clock.now()),
    sortable: {
      title: listings.title,
      status: listings.state,
      priceCents: listings.priceCents,
      featured: listings.featured,
      createdAt: listings.createdAt,
      sellerEmail: users.email,
    },
    filters: {
      q: searchFilter({ contains: [listings.title] }),
      seller: searchFilter({ equals: [users.refnum], contains: [users.email] }),
      status: textFilter((status) => inArray(listings.state, statesWithStatus(status))),
      categoryId: textFilter(
        (category) =>
          sql`(${categories.refnum} = ${category} or ${listings.subCategoryId} = (select c.id from ${categories} c where c.refnum = ${category}))`,
      ),
      deleted: boolFilter((deleted) => (deleted ? eq(listings.state, 'deleted') : ne(listings.state, 'deleted'))),
      featured: boolFilter((featured) => eq(listings.featured, featured)),
    },
    toRecords: (db, rows) => toRecords(db, rows, clock.now()),
    update: {
      input: listingModerationSchema,
      /**
       * The event a console button names, or the form's changes as the process's events:
       * deactivate, activate, remove, restore. What the table refuses is a 409 with its reason.
       */
      async run(tx, id, input, ctx) {
        const now = clock.now();
        const { id: listingId, record: before } = await listingAt(tx, id, now);
        if (input.status !== before.status && !MODERATION_STATUSES.includes(input.status)) {
          throw new AppError(400, listingConsoleMessages.listingStatusChange, { field: 'status' });
        }
        if (input.event) await moderateListing(tx, listingId, input.event, ctx.actorId, now);
        else if (input.deleted && !before.deleted) await moderateListing(tx, listingId, 'remove', ctx.actorId, now);
        else {
          const restored = !input.deleted && before.deleted;
          const state = restored ? await moderateListing(tx, listingId, 'restore', ctx.actorId, now) : before.state;
          if (input.status !== listingStatusOf(state)) {
            await moderateListing(
              tx,
              listingId,
              input.status === 'active' ? 'activate' : 'deactivate',
              ctx.actorId,
              now,
            );
          }
        }
        await tx.update(listings).set({ featured: input.featured, updatedAt: now }).where(eq(listings.id, listingId));
      },
    },
    /** Soft: the row stays (orders, reports and the audit log point at it), hidden everywhere. */
    async remove(tx, id, ctx) {
      const [row] = await tx
        .select({ id: listings.id })
        .from(listings)
        .where(eq(listings.refnum, String(id)));
      if (row) await removeListing(tx, row.id, ctx.actorId, clock.now());
    },
  });
