import { describe, expect, it } from 'vitest';
import { sellerActionsFor } from './seller-actions';

const NOW = Date.parse('2026-06-01T12:00:00Z');
const live = {
  listingStatus: 'active' as const,
  saleType: 0,
  listingDeleted: false,
  listingEnd: '2026-07-01T12:00:00Z',
  editLocked: false,
};

describe('what a seller may do with a listing', () => {
  it('a live listing: sell, deactivate, delete, edit', () => {
    expect(sellerActionsFor(live, NOW)).toEqual({
      actions: ['markSold', 'deactivate', 'delete'],
      canEdit: true,
      status: null,
    });
  });

  it('a deactivated one: Activate Listing or relist', () => {
    expect(sellerActionsFor({ ...live, listingStatus: 'inactive' }, NOW)).toEqual({
      actions: ['activate', 'relist', 'delete'],
      canEdit: true,
      status: 'Deactivated',
    });
  });

  it('a sold one is locked for editing and can be relisted', () => {
    expect(sellerActionsFor({ ...live, saleType: 1, editLocked: true }, NOW)).toEqual({
      actions: ['relist', 'delete'],
      canEdit: false,
      status: null,
    });
  });

  it('an expired one can be relisted, not sold', () => {
    expect(sellerActionsFor({ ...live, listingEnd: '2026-05-01T00:00:00Z' }, NOW).actions).toEqual([
      'relist',
      'delete',
    ]);
  });

  it('a draft is finished in the form; a deleted one takes nothing', () => {
    expect(sellerActionsFor({ ...live, listingStatus: 'draft', listingEnd: null }, NOW)).toEqual({
      actions: ['delete'],
      canEdit: true,
      status: 'Draft',
    });
    expect(sellerActionsFor({ ...live, listingDeleted: true }, NOW)).toEqual({
      actions: [],
      canEdit: false,
      status: null,
    });
  });
});
