import { MAX_RENTAL_PHOTOS, rentalMessages, rentalRefusalMessage } from '@yardly/shared/rules';
import type { Db } from '../../db/connect';
import { rentalDraftPhotos, rentalDrafts, rentalPhotos } from '../../db/schema/index';
import { AppError } from '../../errors';
import type { Caller } from '../../http/caller';
import type { DraftKind } from '../drafts/draft-kind';
import { openDraft } from '../drafts/forms';
import { ownRental, type RentalRow } from './access';

/** The rental form's working copies: up to eight photos under `rentals/`, the landlord's texts. */
export const rentalForm: DraftKind = {
  area: 'rentals',
  formName: 'rental',
  refnumKind: 'rentalDraft',
  maxPhotos: MAX_RENTAL_PHOTOS,
  drafts: rentalDrafts,
  subject: { draft: rentalDrafts.rentalId, photo: rentalPhotos.rentalId, key: 'rentalId' },
  draftPhotos: rentalDraftPhotos,
  photos: rentalPhotos,
  messages: { notYours: rentalMessages.notYours, tooManyPhotos: rentalMessages.photoLimit },
};

/** A deleted listing is not edited any more (restoring it is the console's). */
export function assertRentalEditable(rental: RentalRow): void {
  if (rental.state === 'deleted') throw AppError.conflict(rentalRefusalMessage('delete', 'deleted'), 'deleted');
}

/**
 * A new working copy for the rental form. With a rental (the caller's own), it edits that
 * listing and starts with its photos; the listing changes only when the form is saved.
 */
export function openRentalDraft(db: Db, caller: Caller, refnum: string | undefined) {
  return openDraft(db, rentalForm, caller, async (tx) => {
    if (!refnum) return undefined;
    const rental = await ownRental(tx, caller, refnum);
    assertRentalEditable(rental);
    return rental;
  });
}
