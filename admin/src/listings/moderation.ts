import { ADMIN_LISTING_EVENTS, type AdminListingEvent, type AdminListingRecord } from '@yardly/shared/contract';
import { adminEventsFor, listingProcess } from '@yardly/shared/rules';

type Moderation = Pick<AdminListingRecord, 'status' | 'deleted' | 'featured'> & { event: AdminListingEvent };

/** How the console takes a moderator's event: the PUT that asks for it, or the soft DELETE. */
export type ModerationRequest = { method: 'PUT'; data: Moderation } | { method: 'DELETE' };

/** The moderator's buttons for a listing: exactly the events the listing process allows an admin. */
export function moderationEvents(record: Pick<AdminListingRecord, 'state' | 'priceCents' | 'offerCount'>) {
  return adminEventsFor(record.state, { priceCents: record.priceCents, openOffers: record.offerCount })
    .filter((event): event is AdminListingEvent => (ADMIN_LISTING_EVENTS as readonly string[]).includes(event))
    .map((event) => ({ event, label: listingProcess.events[event].label }));
}

/** The request for `event`: DELETE removes, as the console's delete always did; the rest name their event. */
export function moderationRequest(
  event: AdminListingEvent,
  record: Pick<AdminListingRecord, 'status' | 'deleted' | 'featured'>,
): ModerationRequest {
  if (event === 'remove') return { method: 'DELETE' };
  return { method: 'PUT', data: { status: record.status, deleted: record.deleted, featured: record.featured, event } };
}
