import {
  type AdminRentalEvent,
  type AdminRentalRecord,
  adminRentalEventsFor,
  type RentalModeration,
} from '@yardly/shared/contract';
import { rentalProcess } from '@yardly/shared/rules';

/** The moderator's buttons for a rental: exactly the events the rental process allows an admin in its state. */
export function rentalModerationEvents(record: Pick<AdminRentalRecord, 'state'>) {
  return adminRentalEventsFor(record.state).map((event) => ({ event, label: rentalProcess.events[event].label }));
}

/** The PUT body a button sends: the event it names, nothing else of the record. */
export function rentalModerationRequest(event: AdminRentalEvent): RentalModeration {
  return { event };
}

/** What the console says once the api took the event. */
export const RENTAL_MODERATION_DONE: Record<AdminRentalEvent, string> = {
  deactivate: 'Rental deactivated: it is off the search until activated',
  activate: 'Rental activated: it is on the market again',
  remove: 'Rental removed: hidden everywhere',
  restore: 'Rental restored, deactivated: its landlord or a moderator activates it',
};
