import { count, sql } from 'drizzle-orm';
import type { Db } from '../../db/connect';
import { listingReports, listings, organizations } from '../../db/schema/index';
import { visibleListing } from '../listings/visibility';

const LIVE = visibleListing('listed', 'public');

/** The console home's four figures. */
export async function dashboardCounts(db: Db) {
  const [live] = await db
    .select({
      active: count(),
      newThisWeek: sql<number>`count(*) filter (where ${listings.createdAt} > now() - interval '7 days')`.mapWith(
        Number,
      ),
    })
    .from(listings)
    .where(LIVE);
  const [reports] = await db.select({ n: count() }).from(listingReports).where(sql`${listingReports.status} = 'open'`);
  const [orgs] = await db.select({ n: count() }).from(organizations).where(sql`${organizations.status} = 'IN_REVIEW'`);
  return {
    listingsActive: live?.active ?? 0,
    listingsNewThisWeek: live?.newThisWeek ?? 0,
    openReports: reports?.n ?? 0,
    organizationsInReview: orgs?.n ?? 0,
  };
}
