import type { CategoryNode, CategoryProperty } from '@yardly/shared/contract';
import { and, asc, eq, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/connect';
import { categories, categoryProperties, listings } from '../../db/schema/index';
import { AppError } from '../../errors';
import { liveListing } from '../listings/live';

export interface CategoryRow {
  id: number;
  refnum: string;
  parentId: number | null;
  title: string;
  donationAllowed: boolean;
  restrictedElectronics: boolean;
}

/** The visible taxonomy as a tree (shortcuts first, then by position), with listing counts live at `now`. */
export async function categoryTree(db: Db, now: Date): Promise<CategoryNode[]> {
  const rows = await db
    .select()
    .from(categories)
    .where(eq(categories.hidden, false))
    .orderBy(sql`${categories.shortcut} desc`, asc(categories.position), asc(categories.title));
  const counts = await liveCounts(db, now);
  const node = (c: (typeof rows)[number]): CategoryNode => ({
    categoryRefnum: c.refnum,
    categoryTitle: c.title,
    slug: c.slug,
    shortcut: c.shortcut,
    donationAllowed: c.donationAllowed,
    restrictedElectronics: c.restrictedElectronics,
    listingCount: counts.get(c.id) ?? 0,
    subCategories: rows.filter((s) => s.parentId === c.id).map(node),
  });
  return rows.filter((c) => c.parentId === null).map(node);
}

/** Live listings per category id: a top category counts its own; a subcategory its own. */
async function liveCounts(db: Db, now: Date): Promise<Map<number, number>> {
  const byCategory = await db
    .select({ id: listings.categoryId, n: sql<number>`count(*)::int` })
    .from(listings)
    .where(liveListing(now))
    .groupBy(listings.categoryId);
  const bySub = await db
    .select({ id: listings.subCategoryId, n: sql<number>`count(*)::int` })
    .from(listings)
    .where(liveListing(now))
    .groupBy(listings.subCategoryId);
  const counts = new Map<number, number>();
  for (const r of [...byCategory, ...bySub]) if (r.id !== null) counts.set(r.id, r.n);
  return counts;
}

export async function findCategory(db: Db, refnum: string): Promise<CategoryRow> {
  const [row] = await db
    .select({
      id: categories.id,
      refnum: categories.refnum,
      parentId: categories.parentId,
      title: categories.title,
      donationAllowed: categories.donationAllowed,
      restrictedElectronics: categories.restrictedElectronics,
    })
    .from(categories)
    .where(and(eq(categories.refnum, refnum), eq(categories.hidden, false)));
  if (!row) throw AppError.notFound('This category does not exist');
  return row;
}

/** The properties a listing in this category offers: the common ones, then the category's own. */
export async function propertiesFor(db: Db, categoryRefnum: string | undefined): Promise<CategoryProperty[]> {
  let categoryIds: number[] = [];
  if (categoryRefnum) {
    const category = await findCategory(db, categoryRefnum);
    // A subcategory inherits its parent's properties.
    categoryIds = category.parentId ? [category.parentId, category.id] : [category.id];
  }
  const rows = await db
    .select({ key: categoryProperties.key, label: categoryProperties.label, values: categoryProperties.values })
    .from(categoryProperties)
    .where(or(isNull(categoryProperties.categoryId), ...categoryIds.map((id) => eq(categoryProperties.categoryId, id))))
    .orderBy(sql`${categoryProperties.categoryId} nulls first`, asc(categoryProperties.position));
  return rows;
}
