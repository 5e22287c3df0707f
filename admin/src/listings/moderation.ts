import type { AdminListingRecord } from '@yardly/shared/contract';
import { adminEventsFor, type ListingEvent, listingProcess } from '@yardly/shared/rules';

type Moderation = Pick<AdminListingRecord, 'status' | 'deleted' | 'featured'>;

/** How the console takes a moderator's event: the PUT that asks for it, or the soft DELETE. */
export type ModerationRequest = { method: 'PUT'; data: Moderation } | { method: 'DELETE' };

/** The moderator's buttons for a listing: exactly the events the listing process allows an admin. */
export function moderationEvents(record: Pick<AdminListingRecord, 'state' | 'priceCents' | 'offerCount'>) {
  return adminEventsFor(record.state, { priceCents: record.priceCents, openOffers: record.offerCount }).map(
    (event) => ({ event, label: listingProcess.events[event].label }),
  );
}

/** The request for `event`; the api turns the record's changes back into the same event. */
export function moderationRequest(
  event: ListingEvent,
  record: Pick<AdminListingRecord, 'status' | 'deleted' | 'featured'>,
): ModerationRequest {
  const unchanged: Moderation = { status: record.status, deleted: record.deleted, featured: record.featured };
  switch (event) {
    case 'deactivate':
      return { method: 'PUT', data: { ...unchanged, status: 'inactive' } };
    case 'activate':
      return { method: 'PUT', data: { ...unchanged, status: 'active' } };
    case 'restore':
      // Restored deactivated; the form's status is what the restored listing is.
      return { method: 'PUT', data: { ...unchanged, deleted: false, status: 'inactive' } };
    case 'remove':
      return { method: 'DELETE' };
    default:
      throw new Error(`${event} is not a moderator's event`);
  }
}
