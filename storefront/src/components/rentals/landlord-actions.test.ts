import { describe, expect, it } from 'vitest';
import { afterAction, landlordActionLabel, landlordActionsFor } from './landlord-actions';

describe("a landlord's buttons, from the rental process", () => {
  it('an available place: Mark as Rented, Relist, Deactivate, Delete, Edit', () => {
    const { actions, canEdit, status } = landlordActionsFor('available');
    expect(actions).toEqual(['markRented', 'relist', 'deactivate', 'delete']);
    expect(actions.map(landlordActionLabel)).toEqual(['Mark as Rented', 'Relist', 'Deactivate', 'Delete']);
    expect(canEdit).toBe(true);
    expect(status).toBeNull();
  });

  it('a rented place: Mark as Available, Relist, Delete, and the Rented status', () => {
    const { actions, status } = landlordActionsFor('rented');
    expect(actions.map(landlordActionLabel)).toEqual(['Mark as Available', 'Relist', 'Delete']);
    expect(status).toBe('Rented');
  });

  it('a deactivated place: Mark as Rented, Relist, Activate Listing, Delete, and the Deactivated status', () => {
    const { actions, status } = landlordActionsFor('paused');
    expect(actions.map(landlordActionLabel)).toEqual(['Mark as Rented', 'Relist', 'Activate Listing', 'Delete']);
    expect(status).toBe('Deactivated');
  });

  it('a draft is finished in the form (no publish button here); a deleted one has nothing', () => {
    expect(landlordActionsFor('draft').actions).toEqual(['delete']);
    expect(landlordActionsFor('deleted')).toEqual({ actions: [], canEdit: false, status: null });
  });

  it("a card after the api's answer", () => {
    const card = { rentalState: 'available' as const, available: true, deleted: false };
    expect(afterAction(card, { state: 'rented', available: false })).toEqual({
      rentalState: 'rented',
      available: false,
      deleted: false,
    });
    expect(afterAction(card, { state: 'deleted' })).toEqual({
      rentalState: 'deleted',
      available: false,
      deleted: true,
    });
  });
});
