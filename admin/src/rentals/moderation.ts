import type { AdminRentalEvent, AdminRentalRecord } from '@yardly/shared/contract';
import { eventsFor, rentalProcess } from '@yardly/shared/rules';
import type { ProcessRequest } from '../ProcessActions';

/** The moderator's buttons for a rental: exactly the events the rental process allows an admin in its state. */
export function rentalModerationEvents(record: Pick<AdminRentalRecord, 'state'>) {
  return eventsFor(rentalProcess, record.state, 'admin', {}).map((event) => ({
    event: event as AdminRentalEvent,
    label: rentalProcess.events[event].label,
  }));
}

/** The PUT a button sends: the event it names, nothing else of the record. */
export function rentalModerationRequest(event: AdminRentalEvent): ProcessRequest {
  return { method: 'PUT', data: { event } };
}

/** What the console says once the api took the event. */
export const RENTAL_MODERATION_DONE: Record<AdminRentalEvent, string> = {
  deactivate: 'Rental deactivated: it is off the search until activated',
  activate: 'Rental activated: it is on the market again',
  remove: 'Rental removed: hidden everywhere',
  restore: 'Rental restored, deactivated: its landlord or a moderator activates it',
};
