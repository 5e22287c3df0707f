import type { ConfirmDonationBody, DonationOrder } from '@yardly/shared/contract';
import {
  addBusinessDays,
  DONATION_CONTACT_BUSINESS_DAYS,
  DONATION_OPEN_STATES,
  donationMessages,
  donationProcess,
  donationRefusalMessage,
  pickupAddressProblem,
} from '@yardly/shared/rules';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/connect';
import { addresses, donationOrders, listings, users } from '../../db/schema/index';
import { AppError } from '../../errors';
import type { Caller } from '../../http/caller';
import { toAddress } from '../account/addresses';
import { orderWithListing } from './access';
import { donationView } from './read';
import { type DonationDeps, takeDonationStep } from './steps';

const donors = alias(users, 'confirm_donor');
const recipients = alias(users, 'confirm_recipient');

const notFound = () => new AppError(404, donationMessages.orderNotFound, { reason: 'donation_not_found' });

/** The order the confirmation page names (listing, donor and recipient), the open one first; 404 when none. */
async function namedOrderId(tx: Db, body: ConfirmDonationBody): Promise<number> {
  const openFirst = sql`case when ${inArray(donationOrders.state, [...DONATION_OPEN_STATES])} then 0 else 1 end`;
  const [found] = await tx
    .select({ id: donationOrders.id })
    .from(donationOrders)
    .innerJoin(listings, eq(listings.id, donationOrders.listingId))
    .innerJoin(donors, eq(donors.id, donationOrders.donorId))
    .innerJoin(recipients, eq(recipients.id, donationOrders.recipientId))
    .where(
      and(
        eq(listings.refnum, body.listingRefnum),
        eq(donors.refnum, body.donarRefnum),
        eq(recipients.refnum, body.recipientRefnum),
      ),
    )
    .orderBy(openFirst, desc(donationOrders.createdAt))
    .limit(1);
  if (!found) throw notFound();
  return found.id;
}

/** One of the donor's saved addresses, or 404 on the field. */
async function donorAddress(tx: Db, caller: Caller, addressId: string) {
  const [row] = await tx
    .select()
    .from(addresses)
    .where(and(eq(addresses.refnum, addressId), eq(addresses.userId, caller.userId)));
  if (!row) {
    throw new AppError(404, donationMessages.addressNotFound, { field: 'donarAddressId', reason: 'address_not_found' });
  }
  return row;
}

/**
 * The donor confirms a pickup address (`POST /svc/donations/confirm`): one of their saved
 * addresses at the item's zip ('Please select an address at zip code {zip}' on the field
 * otherwise). The order takes `confirmPickup`, keeps the address as it is now, starts the
 * representative's 2-3 business days, and the recipient is told.
 */
export function confirmWith(deps: DonationDeps) {
  return (caller: Caller, body: ConfirmDonationBody): Promise<DonationOrder> =>
    deps.db.transaction(async (tx) => {
      const now = deps.clock.now();
      const found = await orderWithListing(tx, eq(donationOrders.id, await namedOrderId(tx, body)));
      if (!found) throw notFound();
      const { row, listing } = found;
      if (row.recipientId === caller.userId) {
        throw new AppError(403, donationRefusalMessage('confirmPickup', 'not_your_turn'), { reason: 'not_your_turn' });
      }
      if (row.donorId !== caller.userId) {
        throw new AppError(403, donationMessages.notYourDonation, { reason: 'not_your_donation' });
      }
      // The lapse timer may not have run yet: the time decides, not whether it has.
      const state = row.confirmBy.getTime() <= now.getTime() && row.state === 'requested' ? 'cancelled' : row.state;
      if (state !== 'requested') {
        const reason = donationProcess.states[state].refusal;
        throw AppError.conflict(donationRefusalMessage('confirmPickup', reason), reason);
      }
      const address = await donorAddress(tx, caller, body.donarAddressId);
      const problem = pickupAddressProblem(address, listing.zip);
      if (problem) throw new AppError(400, problem.message, { field: 'donarAddressId', reason: 'wrong_pickup_zip' });
      const pickupAddress = toAddress(address, caller.userRefnum);
      await takeDonationStep(tx, deps, found, 'confirmPickup', { userId: caller.userId, role: 'seller' }, now, {
        pickupAddressId: address.id,
        pickupAddress,
        contactBy: addBusinessDays(now, DONATION_CONTACT_BUSINESS_DAYS),
      });
      const [confirmed] = await tx.select().from(donationOrders).where(eq(donationOrders.id, row.id));
      return donationView(tx, confirmed ?? row, 'donor');
    });
}
