import { describe, expect, it } from 'vitest';
import { myProfileView, publicProfileView } from './profile-routes';

describe('myProfileView', () => {
  it.each([
    ['selling', { tab: 'selling', role: 'seller' }],
    ['reviews', { tab: 'reviews', role: 'seller' }],
    ['reviews/seller', { tab: 'reviews', role: 'seller' }],
    ['reviews/buyer', { tab: 'reviews', role: 'buyer' }],
  ])('reads %s', (path, view) => {
    expect(myProfileView(path)).toEqual(view);
  });
  it.each([undefined, '', 'selling/x', 'reviews/landlord', 'favourites', 'reviews/buyer/1'])(
    'sends %s to selling',
    (path) => {
      expect(myProfileView(path)).toBeNull();
    },
  );
});

describe('publicProfileView', () => {
  it('shows listings unless reviews are asked for', () => {
    expect(publicProfileView(new URLSearchParams(''))).toEqual({ tab: 'selling', role: 'seller' });
    expect(publicProfileView(new URLSearchParams('tab=reviews&role=buyer'))).toEqual({ tab: 'reviews', role: 'buyer' });
  });
});
