import type { RentalCard } from '@yardly/shared/contract';
import { eventsFor, type RentalEvent, type RentalState, rentalProcess, stateBadge } from '@yardly/shared/rules';

/**
 * The landlord's buttons: the rental process's events for its `seller` that the rentals api
 * offers a call for. Publishing is the form's.
 */
export type LandlordAction = Extract<
  RentalEvent,
  'markRented' | 'markAvailable' | 'relist' | 'deactivate' | 'activate' | 'delete'
>;
const BUTTON_EVENTS: readonly RentalEvent[] = [
  'markRented',
  'markAvailable',
  'relist',
  'deactivate',
  'activate',
  'delete',
];

function isButton(event: RentalEvent): event is LandlordAction {
  return BUTTON_EVENTS.includes(event);
}

/** What a landlord may do with a listing in its state: exactly what the process (and so the api) allows. */
export function landlordActionsFor(state: RentalState): {
  actions: LandlordAction[];
  canEdit: boolean;
  status: string | null;
} {
  return {
    actions: eventsFor(rentalProcess, state, 'seller', {}).filter(isButton),
    canEdit: state !== 'deleted',
    status: stateBadge(rentalProcess, state),
  };
}

export function landlordActionLabel(action: LandlordAction): string {
  return rentalProcess.events[action].label;
}

/** What the landlord is told when an action is done. */
export const LANDLORD_ACTION_DONE: Record<LandlordAction, string> = {
  markRented: 'Marked as rented: the place is off the search',
  markAvailable: 'Marked as available: the place is back in the search',
  relist: 'Relisted: the place is among the newest again',
  deactivate: 'Deactivated: the place is off the search until you activate it',
  activate: 'Activated: the place is back in the search',
  delete: 'Listing deleted',
};

/** A card after an action, as the api answered it. */
export function afterAction<T extends Pick<RentalCard, 'rentalState' | 'available' | 'deleted'>>(
  card: T,
  answer: { state: RentalState; available?: boolean },
): T {
  return {
    ...card,
    rentalState: answer.state,
    available: answer.available ?? answer.state === 'available',
    deleted: answer.state === 'deleted',
  };
}
