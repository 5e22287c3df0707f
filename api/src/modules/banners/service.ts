import { and, asc, eq, sql } from 'drizzle-orm';
import { sqlTime } from '../../clock/sql-time';
import type { Db } from '../../db/connect';
import { banners, categories } from '../../db/schema/index';
import { fileUrl } from '../files/urls';

/** The banners showing at `now` (the clock's): active, inside their dates, home hero or one category's, in order. */
export async function liveBanners(db: Db, now: Date, categoryRefnum?: string) {
  const rows = await db
    .select({ id: banners.id, title: banners.title, link: banners.link, imagePath: banners.imagePath })
    .from(banners)
    .leftJoin(categories, eq(categories.id, banners.categoryId))
    .where(
      and(
        eq(banners.active, true),
        sql`(${banners.startsAt} is null or ${banners.startsAt} <= ${sqlTime(now)})`,
        sql`(${banners.endsAt} is null or ${banners.endsAt} > ${sqlTime(now)})`,
        categoryRefnum
          ? and(eq(banners.placement, 'category'), eq(categories.refnum, categoryRefnum))
          : eq(banners.placement, 'home_hero'),
      ),
    )
    .orderBy(asc(banners.position), asc(banners.id))
    .limit(10);
  return rows.map(({ imagePath, ...row }) => ({ ...row, imageUrl: fileUrl(imagePath) }));
}
