import { sql } from 'drizzle-orm';
import type { Db } from '../../db/connect';
import { listings } from '../../db/schema/index';
import { liveListing } from './live';

/** Live listings per category id: a top category counts its own; a subcategory its own. */
export async function liveCountsByCategory(db: Db, now: Date): Promise<Map<number, number>> {
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
