import type { CategoryNode, CategoryProperty } from '@yardly/shared/contract';
import { and, asc, eq, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/connect';
import { categories, categoryProperties } from '../../db/schema/index';
import { AppError } from '../../errors';

export interface CategoryRow {
  id: number;
  refnum: string;
  parentId: number | null;
  title: string;
  donationAllowed: boolean;
  restrictedElectronics: boolean;
}

/**
 * How many live listings each category holds at `now`, by category id. The listings capability
 * answers it; the app hands it to this one (categories import no listing code: ADR 0062).
 */
export type LiveCountsByCategory = (db: Db, now: Date) => Promise<Map<number, number>>;

/** The visible taxonomy as a tree (shortcuts first, then by position), with listing counts live at `now`. */
export async function categoryTree(db: Db, now: Date, liveCounts: LiveCountsByCategory): Promise<CategoryNode[]> {
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
