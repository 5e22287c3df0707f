import { defineProcess, type EventOf, type StateOf, stateNames } from './process';
import { countSteps, defineInvariants } from './process-invariants';

/** What a rental listing's guards read besides its state: nothing yet (rentals hold no offers or orders). */
export type RentalFacts = Record<string, never>;

/**
 * A rental listing's life (issue 20; spec section 4: "Rental listings have the same actions").
 * The landlord is the process's `seller`, a tenant its `buyer` (spec: tenants map to buying,
 * landlord to selling). A landlord publishes a draft, marks the place rented or available again,
 * relists it (on the market anew, newest first), deactivates and reactivates it, and deletes it;
 * a moderator removes and restores it. Rentals do not expire: a place stays on the market until
 * its landlord says it is rented.
 */
export const rentalProcess = defineProcess({
  name: 'rental',
  initial: 'draft',
  states: {
    draft: { label: 'Draft', badge: 'Draft', refusal: 'is_draft' },
    available: { label: 'Available', badge: null, refusal: 'is_available' },
    rented: { label: 'Rented', badge: 'Rented', refusal: 'already_rented' },
    paused: { label: 'Deactivated', badge: 'Deactivated', refusal: 'is_paused' },
    deleted: { label: 'Deleted', badge: null, refusal: 'deleted' },
  },
  guards: {},
  events: {
    publish: { label: 'Publish', from: ['draft'], to: 'available', by: ['seller'] },
    markRented: { label: 'Mark as Rented', from: ['available', 'paused'], to: 'rented', by: ['seller'] },
    markAvailable: { label: 'Mark as Available', from: ['rented'], to: 'available', by: ['seller'] },
    // Back on the market as if new: listed first among the newest again.
    relist: { label: 'Relist', from: ['available', 'rented', 'paused'], to: 'available', by: ['seller'] },
    deactivate: { label: 'Deactivate', from: ['available'], to: 'paused', by: ['seller', 'admin'] },
    activate: { label: 'Activate Listing', from: ['paused'], to: 'available', by: ['seller', 'admin'] },
    delete: { label: 'Delete', from: ['draft', 'available', 'rented', 'paused'], to: 'deleted', by: ['seller'] },
    remove: { label: 'Remove', from: ['draft', 'available', 'rented', 'paused'], to: 'deleted', by: ['admin'] },
    // Restored hidden: the landlord (or a moderator) decides when it is on the market again.
    restore: { label: 'Restore', from: ['deleted'], to: 'paused', by: ['admin'] },
  },
});

export type RentalProcess = typeof rentalProcess;
export type RentalState = StateOf<RentalProcess>;
export type RentalEvent = EventOf<RentalProcess>;

/** What every sequence of rental events must keep (checked exhaustively: api/test/process-exhaustive.test.ts). */
export const rentalInvariants = defineInvariants(rentalProcess, {
  final: [],
  worlds: [{}],
  rules: {
    deletedStaysDeleted: {
      says: 'a deleted rental comes back only by a moderator restoring it',
      holds: (path) => countSteps(path, (s) => s.from === 'deleted' && s.event !== 'restore') === 0,
    },
    landlordOwnsTheMarket: {
      says: 'only the landlord marks a place rented or available again, or relists it',
      holds: (path) =>
        countSteps(path, (s) => ['markRented', 'markAvailable', 'relist'].includes(s.event) && s.by !== 'seller') === 0,
    },
    draftOnlyPublished: {
      says: 'a draft reaches the market only by its landlord publishing it',
      holds: (path) => countSteps(path, (s) => s.from === 'draft' && s.to !== 'deleted' && s.event !== 'publish') === 0,
    },
  },
});

export const RENTAL_STATES = stateNames(rentalProcess);

/** Where a rental is found by search, a landlord's public profile and the recent rail: on the market. */
export const RENTAL_LISTED_STATES: readonly RentalState[] = ['available'];
/** Opened by its link (details page, a conversation, a favourite): everything but drafts and deleted ones. */
export const RENTAL_OPEN_STATES: readonly RentalState[] = ['available', 'rented', 'paused'];

/** The words a person reads when a rental event is refused, by the refusal reason. */
const RENTAL_REFUSALS: Record<string, string> = {
  is_draft: 'This listing is still a draft',
  is_available: 'This place is already available',
  already_rented: 'This place is already rented',
  is_paused: 'This listing is deactivated',
  deleted: 'This listing has been deleted',
  state_changed: 'This listing changed meanwhile, please reload',
};

export function rentalRefusalMessage(_event: RentalEvent, reason: string): string {
  return RENTAL_REFUSALS[reason] ?? 'This action is not possible on this listing';
}
