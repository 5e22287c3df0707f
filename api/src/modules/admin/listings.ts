import {
  type AdminListingRecord,
  adminListingSchema,
  adminMessages,
  listingModerationSchema,
} from '@yardly/shared/contract';
import {
  currentListingState,
  LISTING_STATES,
  type ListingState,
  listingStatusOf,
  saleTypeOf,
} from '@yardly/shared/rules';
import { asc, eq, ilike, inArray, ne, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/connect';
import { categories, listingPhotos, listings, users } from '../../db/schema/index';
import { AppError } from '../../errors';
import { fileUrl } from '../files/urls';
import { moderateListing, removeListing } from '../listings/moderation';
import { activeOfferCount } from '../listings/offers-check';
import {
  containing,
  filterBool,
  filterText,
  type ListParams,
  pageRows,
  type ResourceDef,
  refnumId,
} from './rest-adapter';

type Input = z.output<typeof listingModerationSchema>;
const MODERATION_STATUSES = ['active', 'inactive'];

/** The listing states the console's status filter (the wire's `listingStatus`) stands for. */
function statesWithStatus(status: string): ListingState[] {
  return LISTING_STATES.filter((state) => listingStatusOf(state) === status);
}

const fields = {
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
  offerCount: activeOfferCount,
  createdAt: listings.createdAt,
};
const SORTABLE = {
  id: listings.id,
  title: listings.title,
  status: listings.state,
  priceCents: listings.priceCents,
  featured: listings.featured,
  createdAt: listings.createdAt,
  sellerEmail: users.email,
};

function select(db: Db) {
  return db
    .select(fields)
    .from(listings)
    .innerJoin(users, eq(users.id, listings.sellerId))
    .innerJoin(categories, eq(categories.id, listings.categoryId));
}

type Row = Awaited<ReturnType<typeof select>>[number];

async function toRecords(db: Db, rows: Row[]): Promise<AdminListingRecord[]> {
  const ids = rows.map((r) => r.key);
  const photos = ids.length
    ? await db
        .select()
        .from(listingPhotos)
        .where(inArray(listingPhotos.listingId, ids))
        .orderBy(asc(listingPhotos.picno))
    : [];
  const now = new Date();
  return rows.map(({ key, state: stored, listingEnd, createdAt, ...row }) => {
    const state = currentListingState(stored, listingEnd, now);
    return {
      ...row,
      state,
      status: listingStatusOf(state),
      deleted: state === 'deleted',
      sold: saleTypeOf(state) !== 0,
      createdAt: createdAt.toISOString(),
      photos: photos.filter((p) => p.listingId === key).map((p) => ({ src: fileUrl(p.path) })),
    };
  });
}

async function oneListing(db: Db, refnum: string | number) {
  const rows = await select(db).where(eq(listings.refnum, String(refnum)));
  return (await toRecords(db, rows))[0];
}

/** The catalogue: search, show with photos, deactivate, soft delete, feature on the home page. */
export const listingsResource: ResourceDef<AdminListingRecord, Input> = {
  name: 'listings',
  record: adminListingSchema,
  parseId: refnumId,
  async list(db: Db, p: ListParams) {
    const where: (SQL | undefined)[] = [];
    const q = filterText(p, 'q');
    if (q) where.push(ilike(listings.title, containing(q)));
    const seller = filterText(p, 'seller');
    if (seller) where.push(or(eq(users.refnum, seller), ilike(users.email, containing(seller))));
    const status = filterText(p, 'status');
    if (status) where.push(inArray(listings.state, statesWithStatus(status)));
    const category = filterText(p, 'categoryId');
    if (category) {
      where.push(
        sql`(${categories.refnum} = ${category} or ${listings.subCategoryId} = (select c.id from ${categories} c where c.refnum = ${category}))`,
      );
    }
    const deleted = filterBool(p, 'deleted');
    if (deleted !== undefined) where.push(deleted ? eq(listings.state, 'deleted') : ne(listings.state, 'deleted'));
    const featured = filterBool(p, 'featured');
    if (featured !== undefined) where.push(eq(listings.featured, featured));
    if (p.ids) where.push(inArray(listings.refnum, p.ids.map(String)));
    const { rows, total } = await pageRows(db, p, {
      query: select(db).$dynamic(),
      where,
      sortable: SORTABLE,
      tiebreak: listings.id,
    });
    return { rows: await toRecords(db, rows), total };
  },
  one: oneListing,
  update: {
    input: listingModerationSchema,
    /**
     * The event a console button names, or the form's changes as the process's events:
     * deactivate, activate, remove, restore. What the table refuses is a 409 with its reason.
     */
    async run(tx, id, input, ctx) {
      const before = await oneListing(tx, id);
      const [row] = await tx
        .select({ id: listings.id })
        .from(listings)
        .where(eq(listings.refnum, String(id)));
      if (!before || !row) throw AppError.notFound('There is no such record in listings');
      if (input.status !== before.status && !MODERATION_STATUSES.includes(input.status)) {
        throw new AppError(400, adminMessages.listingStatusChange, { field: 'status' });
      }
      if (input.event) await moderateListing(tx, row.id, input.event, ctx.actorId);
      else if (input.deleted && !before.deleted) await moderateListing(tx, row.id, 'remove', ctx.actorId);
      else {
        const restored = !input.deleted && before.deleted;
        const state = restored ? await moderateListing(tx, row.id, 'restore', ctx.actorId) : before.state;
        const status = listingStatusOf(state);
        if (input.status !== status) {
          await moderateListing(tx, row.id, input.status === 'active' ? 'activate' : 'deactivate', ctx.actorId);
        }
      }
      await tx.update(listings).set({ featured: input.featured, updatedAt: sql`now()` }).where(eq(listings.id, row.id));
      const record = await oneListing(tx, id);
      if (!record) throw new Error('listing vanished');
      return record;
    },
  },
  /** Soft: the row stays (orders, reports and the audit log point at it), hidden everywhere. */
  async remove(tx, id, ctx) {
    const [row] = await tx
      .select({ id: listings.id })
      .from(listings)
      .where(eq(listings.refnum, String(id)));
    if (row) await removeListing(tx, row.id, ctx.actorId);
  },
};
