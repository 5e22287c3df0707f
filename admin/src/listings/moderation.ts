import { ADMIN_LISTING_EVENTS, type AdminListingEvent, type AdminListingRecord } from '@yardly/shared/contract';
import { listingProcess } from '@yardly/shared/rules';
import { allowedButtons } from '../process-actions';

type Moderation = Pick<AdminListingRecord, 'status' | 'deleted' | 'featured'> & { event: AdminListingEvent };

/** How the console takes a moderator's event: the PUT that asks for it, or the soft DELETE. */
export type ModerationRequest = { method: 'PUT'; data: Moderation } | { method: 'DELETE' };

/**
 * The moderator's buttons for a listing: exactly the events its `actions` (the listing table, for
 * an admin, with the facts only the api knows, such as an order in progress) allow.
 */
export function moderationEvents(record: Pick<AdminListingRecord, 'actions'>) {
  return allowedButtons(record.actions, ADMIN_LISTING_EVENTS, (event) => listingProcess.events[event].label);
}

/** The request for `event`: DELETE removes, as the console's delete always did; the rest name their event. */
export function moderationRequest(
  event: AdminListingEvent,
  record: Pick<AdminListingRecord, 'status' | 'deleted' | 'featured'>,
): ModerationRequest {
  if (event === 'remove') return { method: 'DELETE' };
  return { method: 'PUT', data: { status: record.status, deleted: record.deleted, featured: record.featured, event } };
}
