import {
  type AdminListingRecord,
  adminListingSchema,
  adminMessages,
  listingModerationSchema,
} from '@yardly/shared/contract';
import { asc, eq, ilike, inArray, isNotNull, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/connect';
import { categories, listingPhotos, listings, users } from '../../db/schema/index';
import { AppError } from '../../errors';
import { boolFilter, defineResource, textFilter } from '../admin/define-resource';
import { containing } from '../admin/rest-adapter';
import { fileUrl } from '../files/urls';

const MODERATION_STATUSES = ['active', 'inactive'];

function select(db: Db) {
  return db
    .select({
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
    })
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

/** The catalogue: search, show with photos, deactivate, soft delete, feature on the home page. */
export const listingsResource = defineResource({
  name: 'listings',
  record: adminListingSchema,
  id: { column: listings.refnum, kind: 'refnum' },
  select,
  sortable: {
    id: listings.id,
    title: listings.title,
    status: listings.status,
    priceCents: listings.priceCents,
    featured: listings.featured,
    createdAt: listings.createdAt,
    sellerEmail: users.email,
  },
  filters: {
    q: textFilter((q) => ilike(listings.title, containing(q))),
    seller: textFilter((seller) => or(eq(users.refnum, seller), ilike(users.email, containing(seller)))),
    status: textFilter((status) => sql`${listings.status}::text = ${status}`),
    categoryId: textFilter(
      (category) =>
        sql`(${categories.refnum} = ${category} or ${listings.subCategoryId} = (select c.id from ${categories} c where c.refnum = ${category}))`,
    ),
    deleted: boolFilter((deleted) => (deleted ? isNotNull(listings.deletedAt) : isNull(listings.deletedAt))),
    featured: boolFilter((featured) => eq(listings.featured, featured)),
  },
  toRecords,
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
    },
  },
  /** Soft: the row stays (orders, reports and the audit log point at it), hidden everywhere. */
  async remove(tx, id) {
    await tx
      .update(listings)
      .set({ deletedAt: sql`coalesce(${listings.deletedAt}, now())`, featured: false, updatedAt: sql`now()` })
      .where(eq(listings.refnum, String(id)));
  },
});
