import { describe, expect, it } from 'vitest';
import { actionLabel, sellerActionsFor } from './seller-actions';

const live = {
  listingState: 'live' as const,
  listingCurrentPrice: 2500,
  offerCount: 0,
  editLocked: false,
  orderInProgress: false,
};

describe('what a seller may do with a listing', () => {
  it('a live listing: sell, deactivate, delete, edit', () => {
    expect(sellerActionsFor(live)).toEqual({
      actions: ['markSold', 'deactivate', 'delete'],
      canEdit: true,
      status: null,
    });
  });

  it('a live listing with an offer waiting: no Delete (the api refuses it)', () => {
    expect(sellerActionsFor({ ...live, offerCount: 1 }).actions).toEqual(['markSold', 'deactivate']);
  });

  it('a sold listing whose order is in progress: no Relist until the order ends (issue 33)', () => {
    const sold = { ...live, listingState: 'sold' as const, editLocked: true };
    expect(sellerActionsFor(sold).actions).toContain('relist');
    expect(sellerActionsFor({ ...sold, orderInProgress: true }).actions).not.toContain('relist');
  });

  it('a free listing is marked donated', () => {
    const free = sellerActionsFor({ ...live, listingCurrentPrice: 0 });
    expect(free.actions).toEqual(['markDonated', 'deactivate', 'delete']);
    expect(actionLabel('markDonated')).toBe('Mark as Donated');
  });

  it('a deactivated one: sell, Activate Listing or relist', () => {
    expect(sellerActionsFor({ ...live, listingState: 'paused' })).toEqual({
      actions: ['markSold', 'activate', 'relist', 'delete'],
      canEdit: true,
      status: 'Deactivated',
    });
  });

  it('a sold one is locked for editing and can be relisted', () => {
    expect(sellerActionsFor({ ...live, listingState: 'sold', editLocked: true })).toEqual({
      actions: ['relist', 'delete'],
      canEdit: false,
      status: null,
    });
  });

  it('an expired one can be relisted, sold or deactivated, as the api allows', () => {
    expect(sellerActionsFor({ ...live, listingState: 'expired' }).actions).toEqual([
      'markSold',
      'deactivate',
      'relist',
      'delete',
    ]);
  });

  it('a draft is finished in the form; a deleted one takes nothing', () => {
    expect(sellerActionsFor({ ...live, listingState: 'draft' })).toEqual({
      actions: ['delete'],
      canEdit: true,
      status: 'Draft',
    });
    expect(sellerActionsFor({ ...live, listingState: 'deleted' })).toEqual({
      actions: [],
      canEdit: false,
      status: null,
    });
  });

  it('buttons read the labels people know', () => {
    expect(['markSold', 'deactivate', 'activate', 'relist', 'delete'].map((a) => actionLabel(a as never))).toEqual([
      'Mark as Sold',
      'Deactivate',
      'Activate Listing',
      'Relist',
      'Delete',
    ]);
  });
});
