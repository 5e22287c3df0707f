import { describe, expect, it } from 'vitest';
import { SELL_FILTERS } from '../contract/listings';
import { BUY_FILTERS } from '../contract/offers';
import { addBusinessDays } from './business-days';
import { listingProcess } from './listing-process';
import {
  BUY_FILTER_ORDER_STATES,
  ORDER_STATES,
  orderEventsFor,
  orderMessages,
  orderProcess,
  orderRefusalMessage,
  orderStatesFor,
  SELL_FILTER_ORDER_STATES,
} from './order-process';
import { can, canStart, isFinal, timersStartedBy } from './process';

const shipped = { pickup: false };
const pickup = { pickup: true };

describe('the order process (issue 18, spec section 4)', () => {
  it('a shipped order is placed paid, a local one awaiting pickup', () => {
    expect(canStart(orderProcess, 'place', 'buyer', shipped)).toEqual({ ok: true });
    expect(canStart(orderProcess, 'place', 'buyer', pickup)).toEqual({ ok: false, reason: 'is_pickup' });
    expect(canStart(orderProcess, 'placeForPickup', 'buyer', pickup)).toEqual({ ok: true });
    expect(canStart(orderProcess, 'place', 'seller', shipped)).toEqual({ ok: false, reason: 'not_your_turn' });
  });

  it('the seller ships or hands over, or cancels before then; the buyer never cancels', () => {
    expect(orderEventsFor('paid', 'seller', shipped)).toEqual(['ship', 'cancel']);
    expect(orderEventsFor('awaiting_pickup', 'seller', pickup)).toEqual(['confirmPickup', 'cancel']);
    expect(orderEventsFor('paid', 'buyer', shipped)).toEqual([]);
    expect(orderEventsFor('shipped', 'buyer', shipped)).toEqual(['confirmDelivery']);
    expect(orderEventsFor('shipped', 'seller', shipped)).toEqual([]);
    expect(can(orderProcess, 'paid', 'cancel', 'buyer', shipped)).toEqual({ ok: false, reason: 'not_your_turn' });
    expect(orderRefusalMessage('cancel', 'not_your_turn')).toBe(orderMessages.buyerCannotCancel);
    expect(can(orderProcess, 'shipped', 'confirmDelivery', 'seller', shipped)).toEqual({
      ok: false,
      reason: 'not_your_turn',
    });
    expect(orderRefusalMessage('confirmDelivery', 'not_your_turn')).toBe(orderMessages.onlyBuyerConfirmsDelivery);
    expect(orderRefusalMessage('cancel', 'already_shipped')).toBe(
      'This order is shipped: Cancel order is not possible now',
    );
  });

  it('is cancelled with refund three business days after it was placed, unless it moved on', () => {
    const friday = new Date('2026-11-27T15:00:00Z');
    expect(timersStartedBy(orderProcess, 'place', friday)).toEqual([
      { event: 'autoCancel', at: new Date('2026-12-02T15:00:00Z') },
    ]);
    // Thanksgiving (Thursday 26 November 2026) is not a business day.
    expect(addBusinessDays(new Date('2026-11-23T09:00:00Z'), 3)).toEqual(new Date('2026-11-27T09:00:00Z'));
    expect(can(orderProcess, 'shipped', 'autoCancel', 'system', shipped)).toEqual({
      ok: false,
      reason: 'already_shipped',
    });
  });

  it('cancelled and returned orders are final', () => {
    expect(isFinal(orderProcess, 'cancelled')).toBe(true);
    expect(isFinal(orderProcess, 'returned')).toBe(true);
    expect(isFinal(orderProcess, 'delivered')).toBe(false);
  });
});

describe('the dashboard filters as order states (spec section 4)', () => {
  it('spells the buy and sell filters as the spec does', () => {
    expect(Object.keys(BUY_FILTER_ORDER_STATES)).toEqual([...BUY_FILTERS]);
    expect(Object.keys(SELL_FILTER_ORDER_STATES)).toEqual([...SELL_FILTERS]);
  });

  it('maps each filter to the states it shows', () => {
    expect(orderStatesFor('selling', 'ACTIVE_AND_TO_BE_SHIPPED')).toEqual(['paid', 'awaiting_pickup']);
    expect(orderStatesFor('selling', 'ALL')).toEqual(ORDER_STATES);
    expect(orderStatesFor('buying', 'IN_PROGRESS')).toEqual(['paid', 'awaiting_pickup', 'shipped']);
    expect(orderStatesFor('buying', 'OPEN_OFFFERS')).toEqual([]);
    expect(orderStatesFor('buying', undefined)).toEqual(ORDER_STATES);
  });

  it('every order state is shown by some buy filter and some sell filter', () => {
    for (const state of ORDER_STATES) {
      expect(Object.values(BUY_FILTER_ORDER_STATES).some((s) => (s as readonly string[]).includes(state))).toBe(true);
    }
  });
});

describe('an order moves its listing', () => {
  it('sells a live listing or the reserved one, and a lapsed reservation releases it', () => {
    expect(can(listingProcess, 'live', 'sell', 'buyer', { priceCents: 100, openOffers: 1 })).toEqual({ ok: true });
    expect(can(listingProcess, 'reserved', 'sell', 'buyer', { priceCents: 100, openOffers: 1 })).toEqual({ ok: true });
    expect(can(listingProcess, 'sold', 'sell', 'buyer', { priceCents: 100, openOffers: 0 })).toEqual({
      ok: false,
      reason: 'already_sold',
    });
    expect(can(listingProcess, 'reserved', 'release', 'system', { priceCents: 100, openOffers: 0 })).toEqual({
      ok: true,
    });
  });
});
