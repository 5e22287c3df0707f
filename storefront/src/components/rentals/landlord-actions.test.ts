import { describe, expect, it } from 'vitest';
import { afterAction, landlordActionLabel, landlordActionsFor } from './landlord-actions';

describe("a landlord's buttons, from the rental process", () => {
  it('an available place: Mark as Rented, Relist, Delete, Edit', () => {
    const { actions, canEdit, status } = landlordActionsFor('available');
    expect(actions).toEqual(['markRented', 'relist', 'delete']);
    expect(actions.map(landlordActionLabel)).toEqual(['Mark as Rented', 'Relist', 'Delete']);
    expect(canEdit).toBe(true);
    expect(status).toBeNull();
  });

  it('a rented place: Mark as Available, Relist, Delete, and the Rented status', () => {
    const { actions, status } = landlordActionsFor('rented');
    expect(actions.map(landlordActionLabel)).toEqual(['Mark as Available', 'Relist', 'Delete']);
    expect(status).toBe('Rented');
  });

  it('a draft is finished in the form (no publish button here); a deleted one has nothing', () => {
    expect(landlordActionsFor('draft').actions).toEqual(['delete']);
    expect(landlordActionsFor('deleted')).toEqual({ actions: [], canEdit: false, status: null });
  });

  it("a card after the api's answer", () => {
    const card = { state: 'available' as const, available: true, deleted: false };
    expect(afterAction(card, { state: 'rented', available: false })).toEqual({
      state: 'rented',
      available: false,
      deleted: false,
    });
    expect(afterAction(card, { state: 'deleted' })).toEqual({ state: 'deleted', available: false, deleted: true });
  });
});
