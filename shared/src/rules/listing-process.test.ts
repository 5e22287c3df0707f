import { describe, expect, it } from 'vitest';
import {
  adminEventsFor,
  currentListingState,
  editLockedIn,
  LISTING_STATES,
  listingProcess,
  listingRefusalMessage,
  listingStatusOf,
  saleTypeOf,
  sellerEventsFor,
  visibleTo,
} from './listing-process';
import { listingActionMessages } from './listing-rules';
import { can } from './process';

const priced = { priceCents: 2500, openOffers: 0 };

describe("a seller's actions by listing state (spec section 4)", () => {
  it.each([
    ['draft', ['publish', 'delete']],
    ['live', ['markSold', 'deactivate', 'delete']],
    ['reserved', []],
    ['paused', ['markSold', 'activate', 'relist', 'delete']],
    ['sold', ['relist', 'delete']],
    ['donated', ['relist', 'delete']],
    ['expired', ['markSold', 'deactivate', 'relist', 'delete']],
    ['deleted', []],
  ] as const)('%s: %j', (state, events) => {
    expect(sellerEventsFor(state, priced)).toEqual(events);
  });

  it('a free listing is marked donated, not sold', () => {
    expect(sellerEventsFor('live', { priceCents: 0, openOffers: 0 })).toEqual(['markDonated', 'deactivate', 'delete']);
  });

  it('no Delete while an offer waits for an answer', () => {
    expect(sellerEventsFor('live', { ...priced, openOffers: 1 })).toEqual(['markSold', 'deactivate']);
  });
});

describe("a moderator's actions", () => {
  it.each([
    ['live', ['deactivate', 'remove']],
    ['paused', ['activate', 'remove']],
    ['reserved', ['remove']],
    ['sold', ['remove']],
    ['deleted', ['restore']],
  ] as const)('%s: %j', (state, events) => {
    expect(adminEventsFor(state, { ...priced, openOffers: 3 })).toEqual(events);
  });
});

describe('a cancelled order (issue 18)', () => {
  it('takes its sold listing to Deactivated, the platform only, and only from sold', () => {
    expect(listingProcess.events.orderCancelled).toMatchObject({ from: ['sold'], to: 'paused', by: ['system'] });
    expect(can(listingProcess, 'sold', 'orderCancelled', 'system', priced)).toEqual({ ok: true });
    for (const state of LISTING_STATES.filter((s) => s !== 'sold')) {
      expect(can(listingProcess, state, 'orderCancelled', 'system', priced).ok).toBe(false);
    }
    for (const role of ['seller', 'admin', 'buyer'] as const) {
      expect(can(listingProcess, 'sold', 'orderCancelled', role, priced)).toEqual({
        ok: false,
        reason: 'not_your_turn',
      });
    }
  });

  it('leaves the seller Activate Listing to put it back on sale, and offers it to nobody meanwhile', () => {
    expect(sellerEventsFor('paused', priced)).toContain('activate');
    expect(visibleTo('paused', 'public', 'listed')).toBe(false);
    expect(listingStatusOf('paused')).toBe('inactive');
  });
});

describe('a listing past its end', () => {
  const now = new Date('2026-11-25T12:00:00Z');
  it('reads as expired from the end instant on, whether or not the timer ran', () => {
    expect(currentListingState('live', '2026-11-25T12:00:00Z', now)).toBe('expired');
    expect(currentListingState('live', '2026-11-25T12:00:01Z', now)).toBe('live');
    expect(currentListingState('live', null, now)).toBe('live');
  });
  it('keeps any other state', () => {
    expect(currentListingState('sold', '2020-01-01T00:00:00Z', now)).toBe('sold');
    expect(currentListingState('paused', new Date('2020-01-01'), now)).toBe('paused');
  });
});

describe('who sees a listing', () => {
  it('anyone finds only live listings in lists, and opens live, reserved, sold, donated and expired ones', () => {
    expect(LISTING_STATES.filter((s) => visibleTo(s, 'public', 'listed'))).toEqual(['live']);
    expect(LISTING_STATES.filter((s) => visibleTo(s, 'public', 'page'))).toEqual([
      'live',
      'reserved',
      'sold',
      'donated',
      'expired',
    ]);
  });
  it('the seller sees everything by link, and neither drafts nor deleted ones on the profile', () => {
    expect(LISTING_STATES.filter((s) => visibleTo(s, 'owner', 'page'))).toEqual(LISTING_STATES);
    expect(LISTING_STATES.filter((s) => visibleTo(s, 'owner', 'listed'))).toEqual([
      'live',
      'reserved',
      'paused',
      'sold',
      'donated',
      'expired',
    ]);
  });
  it('favourites keep deleted listings but never drafts or deactivated ones', () => {
    expect(visibleTo('deleted', 'public', 'favourites')).toBe(true);
    expect(visibleTo('paused', 'public', 'favourites')).toBe(false);
    expect(visibleTo('draft', 'public', 'favourites')).toBe(false);
  });
});

describe('the wire fields the spec names', () => {
  it('saleType is non-zero exactly when sold or donated', () => {
    expect(LISTING_STATES.filter((s) => saleTypeOf(s) !== 0)).toEqual(['sold', 'donated']);
  });
  it('listingStatus: draft, inactive when deactivated, else active', () => {
    expect(LISTING_STATES.map(listingStatusOf)).toEqual([
      'draft',
      'active',
      'active',
      'inactive',
      'active',
      'active',
      'active',
      'active',
    ]);
  });
  it('editLocked once sold or while an offer is accepted', () => {
    expect(editLockedIn('sold', false)).toBe(true);
    expect(editLockedIn('live', true)).toBe(true);
    expect(editLockedIn('reserved', false)).toBe(true);
    expect(editLockedIn('live', false)).toBe(false);
  });
});

describe('what a refused seller reads', () => {
  it.each([
    ['markSold', 'already_sold', listingActionMessages.alreadySold],
    ['markSold', 'deleted', listingActionMessages.deleted],
    ['markSold', 'is_draft', listingActionMessages.isDraft],
    ['deactivate', 'already_sold', listingActionMessages.cannotToggle],
    ['relist', 'is_live', listingActionMessages.cannotRelist],
    ['delete', 'has_open_offers', listingActionMessages.hasActiveOffers],
    ['markSold', 'is_reserved', listingActionMessages.reserved],
  ] as const)('%s refused for %s', (event, reason, message) => {
    expect(listingRefusalMessage(event, reason)).toBe(message);
  });
});
