import { ADMIN_RENTAL_EVENTS, type AdminRentalEvent, type AdminRentalRecord } from '@yardly/shared/contract';
import { rentalProcess } from '@yardly/shared/rules';
import { allowedButtons, type ProcessRequest } from '../process-actions';

/** The moderator's buttons for a rental: exactly the events its `actions` (the rental table, for an admin) allow. */
export function rentalModerationEvents(record: Pick<AdminRentalRecord, 'actions'>) {
  return allowedButtons(record.actions, ADMIN_RENTAL_EVENTS, (event) => rentalProcess.events[event].label);
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
