import { listingActionMessages, listingRuleMessages, MAX_PHOTOS } from '@yardly/shared/rules';
import type { Db } from '../../db/connect';
import { draftPhotos, listingDrafts, listingPhotos } from '../../db/schema/index';
import type { Caller } from '../../http/caller';
import { DRAFT_LIFETIME_MS, type DraftKind } from '../drafts/draft-kind';
import { openDraft, sweepDrafts } from '../drafts/forms';
import type { FileStore } from '../files/file-store';
import { assertMaySell, ownListing } from './access';
import { assertEditable } from './edit-lock';

export { DRAFT_LIFETIME_MS };

/** The listing form's working copies: up to four photos under `listings/`, the seller's texts. */
export const listingForm: DraftKind = {
  area: 'listings',
  formName: 'listing',
  refnumKind: 'draft',
  maxPhotos: MAX_PHOTOS,
  drafts: listingDrafts,
  subject: { draft: listingDrafts.listingId, photo: listingPhotos.listingId, key: 'listingId' },
  draftPhotos,
  photos: listingPhotos,
  messages: { notYours: listingActionMessages.notYours, tooManyPhotos: listingRuleMessages.tooManyPhotos },
};

/**
 * A new working copy for the listing form. With a listing, it edits that listing and starts
 * with its photos (changes reach the listing when the form is saved).
 */
export function openListingDraft(db: Db, caller: Caller, listingRefnum: string | undefined) {
  assertMaySell(caller);
  return openDraft(db, listingForm, caller, async (tx) => {
    if (!listingRefnum) return undefined;
    const listing = await ownListing(tx, caller, listingRefnum);
    await assertEditable(tx, listing);
    return listing;
  });
}

/**
 * Delete the listing forms older than `before` and their photos' files, unless a listing or a
 * newer form still shows them. Answers how many drafts went.
 */
export function sweepAbandonedDrafts(db: Db, files: FileStore, before: Date): Promise<number> {
  return sweepDrafts(db, listingForm, files, before);
}
