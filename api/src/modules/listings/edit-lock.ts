import { editLockedIn, listingActionMessages } from '@yardly/shared/rules';
import type { Db } from '../../db/connect';
import { AppError } from '../../errors';
import type { ListingRow } from './access';
import { hasAcceptedOffer } from './offers-check';

/** Editing is refused once the listing is deleted, sold or has an accepted offer (spec section 4). */
export async function assertEditable(db: Db, listing: ListingRow): Promise<void> {
  if (listing.state === 'deleted') throw AppError.conflict(listingActionMessages.deleted, 'deleted');
  if (editLockedIn(listing.state, await hasAcceptedOffer(db, listing.id))) {
    throw AppError.conflict(listingActionMessages.editLocked, 'edit_locked');
  }
}
