import { DONATION_OPEN_STATES } from '@yardly/shared/rules';
import { count, eq, inArray, sql } from 'drizzle-orm';
import { addMs } from '../../clock/clock';
import type { Db } from '../../db/connect';
import { donationOrders, listingReports, listings, organizations, rentalReports, rentals } from '../../db/schema/index';
import { visibleListing } from '../listings/visibility';

/** The console home's figures: what is on the market and what waits for a moderator. */
export async function dashboardCounts(db: Db, flags: { donationEnabled: boolean }, now: Date) {
  const weekAgo = addMs(now, -7 * 24 * 60 * 60 * 1000);
  const [live] = await db
    .select({
      active: count(),
      newThisWeek: sql<number>`count(*) filter (where ${listings.createdAt} > ${weekAgo})`.mapWith(Number),
    })
    .from(listings)
    .where(visibleListing('listed', 'public', now));
  const [reports] = await db.select({ n: count() }).from(listingReports).where(sql`${listingReports.status} = 'open'`);
  const [orgs] = await db.select({ n: count() }).from(organizations).where(sql`${organizations.status} = 'IN_REVIEW'`);
  const [[market], [rentalReportsOpen], [donations]] = await Promise.all([
    db.select({ n: count() }).from(rentals).where(eq(rentals.state, 'available')),
    db.select({ n: count() }).from(rentalReports).where(sql`${rentalReports.status} = 'open'`),
    db
      .select({ n: count() })
      .from(donationOrders)
      .where(inArray(donationOrders.state, [...DONATION_OPEN_STATES])),
  ]);
  return {
    rentalsAvailable: market?.n ?? 0,
    openRentalReports: rentalReportsOpen?.n ?? 0,
    donationsOpen: flags.donationEnabled ? (donations?.n ?? 0) : null,
    listingsActive: live?.active ?? 0,
    listingsNewThisWeek: live?.newThisWeek ?? 0,
    openReports: reports?.n ?? 0,
    organizationsInReview: orgs?.n ?? 0,
  };
}
