import {
  type AdminListingRecord,
  adminListingSchema,
  adminMessages,
  listingModerationSchema,
} from '@yardly/shared/contract';
import { asc, eq, ilike, inArray, isNotNull, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/connect';
import { categories, listingPhotos, listings, users } from '../../db/schema/index';
import { AppError } from '../../errors';
import { fileUrl } from '../files/urls';
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

const fields = {
  key: listings.id,
  id: listings.refnum,
  title: listings.title,
  description: listings.description,
  sellerId: users.refnum,
  sellerEmail: users.email,
  categoryId: categories.refnum,
  status: listings.status,
  priceCents: listings.priceCents,
  featured: listings.featured,
  deletedAt: listings.deletedAt,
  saleType: listings.saleType,
  createdAt: listings.createdAt,
};
const SORTABLE = {
  id: listings.id,
  title: listings.title,
  status: listings.status,
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
  return rows.map(({ key, deletedAt, saleType, createdAt, ...row }) => ({
    ...row,
    deleted: deletedAt !== null,
    sold: saleType !== 0,
    createdAt: createdAt.toISOString(),
    photos: photos.filter((p) => p.listingId === key).map((p) => ({ src: fileUrl(p.path) })),
  }));
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
    if (status) where.push(sql`${listings.status}::text = ${status}`);
    const category = filterText(p, 'categoryId');
    if (category) {
      where.push(
        sql`(${categories.refnum} = ${category} or ${listings.subCategoryId} = (select c.id from ${categories} c where c.refnum = ${category}))`,
      );
    }
    const deleted = filterBool(p, 'deleted');
    if (deleted !== undefined) where.push(deleted ? isNotNull(listings.deletedAt) : isNull(listings.deletedAt));
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
    async run(tx, id, input) {
      const [before] = await tx
        .select()
        .from(listings)
        .where(eq(listings.refnum, String(id)));
      if (!before) throw AppError.notFound('There is no such record in listings');
      if (input.status !== before.status && !MODERATION_STATUSES.includes(input.status)) {
        throw new AppError(400, adminMessages.listingStatusChange, { field: 'status' });
      }
      await tx
        .update(listings)
        .set({
          status: input.status,
          featured: input.featured,
          deletedAt: input.deleted ? (before.deletedAt ?? sql`now()`) : null,
          updatedAt: sql`now()`,
        })
        .where(eq(listings.id, before.id));
      const record = await oneListing(tx, before.refnum);
      if (!record) throw new Error('listing vanished');
      return record;
    },
  },
  /** Soft: the row stays (orders, reports and the audit log point at it), hidden everywhere. */
  async remove(tx, id) {
    await tx
      .update(listings)
      .set({ deletedAt: sql`coalesce(${listings.deletedAt}, now())`, featured: false, updatedAt: sql`now()` })
      .where(eq(listings.refnum, String(id)));
  },
};
