import { type AdminVerb, donationMessages, mayAdmin, type ProcessRole } from '@yardly/shared/rules';
import { eq, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/connect';
import { donationOrders, listings } from '../../db/schema/index';
import { AppError } from '../../errors';
import type { Caller } from '../../http/caller';
import type { ListingRow } from '../listings/access';
import type { DonationOrderRow } from './process';

/** Where the caller stands in a donation: its donor, its recipient, or an admin looking at it. */
export type DonationParty = 'donor' | 'recipient' | 'admin';

/** The donation process's role of each party: the donor is the seller, the recipient the buyer. */
export const PROCESS_ROLE: Record<DonationParty, ProcessRole> = { donor: 'seller', recipient: 'buyer', admin: 'admin' };

export function partyIn(
  row: Pick<DonationOrderRow, 'donorId' | 'recipientId'>,
  caller: Caller,
  verb: AdminVerb,
): DonationParty | null {
  if (row.donorId === caller.userId) return 'donor';
  if (row.recipientId === caller.userId) return 'recipient';
  return mayAdmin(caller.roles, 'donations', verb) ? 'admin' : null;
}

/**
 * The donation order `where` names and its listing, both locked for the rest of the transaction
 * when `lock` is set: the listing first, then the order, as every donation change and every offer
 * and order of the listing does, so they wait for each other rather than deadlock. Null when none.
 */
export async function orderWithListing(
  tx: Db,
  where: SQL,
  lock = true,
): Promise<{ row: DonationOrderRow; listing: ListingRow } | null> {
  const [found] = await tx.select({ listingId: donationOrders.listingId }).from(donationOrders).where(where);
  if (!found) return null;
  const listingQuery = tx.select().from(listings).where(eq(listings.id, found.listingId));
  const [listing] = lock ? await listingQuery.for('update') : await listingQuery;
  const orderQuery = tx.select().from(donationOrders).where(where);
  const [row] = lock ? await orderQuery.for('update') : await orderQuery;
  return listing && row ? { row, listing } : null;
}

/**
 * A donation order by its refnum (the wire's donationOrderId) with its listing and the caller's
 * part in it: 404 when there is none, 403 for anyone but its donor, its recipient and an admin
 * the role matrix lets do `verb` on donations.
 */
export async function orderFor(db: Db, caller: Caller, donationOrderId: string, verb: AdminVerb, lock = false) {
  const found = await orderWithListing(db, eq(donationOrders.refnum, donationOrderId), lock);
  if (!found) throw new AppError(404, donationMessages.orderNotFound, { reason: 'donation_not_found' });
  const party = partyIn(found.row, caller, verb);
  if (!party) throw new AppError(403, donationMessages.notYourDonation, { reason: 'not_your_donation' });
  return { ...found, party };
}
