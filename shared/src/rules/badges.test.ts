import { describe, expect, it } from 'vitest';
import { type CardBadgeInput, cardBadge, rentalBadge } from './badges';

const now = new Date('2026-11-22T12:00:00Z');
const active: CardBadgeInput = {
  listingDeleted: false,
  listingEnd: '2026-12-01T00:00:00Z',
  saleType: 0,
  priceCents: 2500,
  isOwner: false,
  now,
};

describe('cardBadge', () => {
  it('shows nothing on an active, unsold listing', () => {
    expect(cardBadge(active)).toBeNull();
    expect(cardBadge({ ...active, listingEnd: null })).toBeNull();
  });

  it('shows Deleted to the owner and Expired to everyone else', () => {
    expect(cardBadge({ ...active, listingDeleted: true, isOwner: true })).toBe('Deleted');
    expect(cardBadge({ ...active, listingDeleted: true, isOwner: false })).toBe('Expired');
  });

  it('puts deleted before sold and before expired', () => {
    const soldAndEnded = { ...active, saleType: 1, listingEnd: '2020-01-01T00:00:00Z' };
    expect(cardBadge({ ...soldAndEnded, listingDeleted: true, isOwner: true })).toBe('Deleted');
    expect(cardBadge({ ...soldAndEnded, listingDeleted: true, priceCents: 0 })).toBe('Expired');
  });

  it('shows Expired once the end time has passed, before sold', () => {
    expect(cardBadge({ ...active, listingEnd: '2026-11-22T11:59:59Z' })).toBe('Expired');
    expect(cardBadge({ ...active, listingEnd: new Date('2026-11-01') })).toBe('Expired');
    expect(cardBadge({ ...active, listingEnd: '2026-11-01', saleType: 2 })).toBe('Expired');
    expect(cardBadge({ ...active, listingEnd: '2026-11-01', isOwner: true })).toBe('Expired');
  });

  it('counts the end instant itself as ended, one second before as not', () => {
    expect(cardBadge({ ...active, listingEnd: '2026-11-22T12:00:00Z' })).toBe('Expired');
    expect(cardBadge({ ...active, listingEnd: '2026-11-22T12:00:01Z' })).toBeNull();
  });

  it('ignores an end date it cannot read', () => {
    expect(cardBadge({ ...active, listingEnd: 'not a date' })).toBeNull();
    expect(cardBadge({ ...active, listingEnd: '' })).toBeNull();
  });

  it('shows Sold for a sold priced item and Donated for a sold free one', () => {
    expect(cardBadge({ ...active, saleType: 1 })).toBe('Sold');
    expect(cardBadge({ ...active, saleType: 3, priceCents: 1 })).toBe('Sold');
    expect(cardBadge({ ...active, saleType: 1, priceCents: 0 })).toBe('Donated');
  });

  it('treats saleType 0, null or missing as not sold, even for a free item', () => {
    expect(cardBadge({ ...active, saleType: 0, priceCents: 0 })).toBeNull();
    expect(cardBadge({ ...active, saleType: null })).toBeNull();
    expect(cardBadge({ ...active, saleType: undefined })).toBeNull();
  });

  it('uses the current time when none is given', () => {
    const { now: _ignored, ...withoutNow } = active;
    expect(cardBadge({ ...withoutNow, listingEnd: '2000-01-01T00:00:00Z' })).toBe('Expired');
    expect(cardBadge({ ...withoutNow, listingEnd: '2999-01-01T00:00:00Z' })).toBeNull();
  });
});

describe('rentalBadge', () => {
  it('shows Rented only when the place is unavailable', () => {
    expect(rentalBadge({ available: false })).toBe('Rented');
    expect(rentalBadge({ available: true })).toBeNull();
  });
});
