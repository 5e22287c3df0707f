import type { OrderSummary } from '@yardly/shared/contract';
import { describe, expect, it } from 'vitest';
import {
  addressLine,
  deliveryLabel,
  filterShowsOrders,
  orderActionLabel,
  orderActionsFor,
  otherPartyLabel,
} from './order-view';

type Facts = Pick<OrderSummary, 'status' | 'role' | 'deliveryMethod'>;

describe('an order’s buttons', () => {
  it('are the events the order process allows the viewer’s side', () => {
    const cases: [Facts, string[]][] = [
      [{ status: 'paid', role: 'selling', deliveryMethod: 'ship' }, ['cancel']],
      [{ status: 'awaiting_pickup', role: 'selling', deliveryMethod: 'pickup' }, ['confirmPickup', 'cancel']],
      // The buyer never cancels (spec section 4); shipping comes with issue 19.
      [{ status: 'paid', role: 'buying', deliveryMethod: 'ship' }, []],
      [{ status: 'shipped', role: 'buying', deliveryMethod: 'ship' }, ['confirmDelivery']],
      [{ status: 'shipped', role: 'selling', deliveryMethod: 'ship' }, []],
      [{ status: 'awaiting_pickup', role: 'buying', deliveryMethod: 'pickup' }, []],
      [{ status: 'delivered', role: 'selling', deliveryMethod: 'pickup' }, []],
      [{ status: 'cancelled', role: 'selling', deliveryMethod: 'ship' }, []],
    ];
    for (const [order, actions] of cases) expect(orderActionsFor(order), JSON.stringify(order)).toEqual(actions);
  });

  it('on an order’s detail, are only those the api allows the caller now', () => {
    const shipped: Facts = { status: 'shipped', role: 'buying', deliveryMethod: 'ship' };
    expect(orderActionsFor({ ...shipped, actions: ['confirmDelivery'] })).toEqual(['confirmDelivery']);
    expect(orderActionsFor({ ...shipped, actions: [] })).toEqual([]);
    // An event the api names but no button takes (or the process refuses the viewer) is not shown.
    expect(orderActionsFor({ ...shipped, actions: ['ship', 'cancel'] })).toEqual([]);
  });

  it('read as the process names them', () => {
    expect(orderActionLabel('cancel')).toBe('Cancel order');
    expect(orderActionLabel('confirmPickup')).toBe('Confirm pickup');
    expect(orderActionLabel('confirmDelivery')).toBe('Confirm delivery');
  });
});

describe('the dashboards’ order lines', () => {
  it('show orders for the filters that name order states', () => {
    expect(filterShowsOrders('buying', 'OPEN_OFFFERS')).toBe(false);
    expect(filterShowsOrders('buying', 'IN_PROGRESS')).toBe(true);
    expect(filterShowsOrders('selling', 'EXPIRED')).toBe(false);
    expect(filterShowsOrders('selling', 'ACTIVE_AND_TO_BE_SHIPPED')).toBe(true);
    expect(filterShowsOrders('selling', 'ALL')).toBe(true);
    expect(filterShowsOrders('selling', 'NOT_A_FILTER')).toBe(false);
  });

  it('name the other party and the delivery', () => {
    const party = { userRefnum: 'U0123456789A', name: 'Ann B.', pictureUrl: null };
    expect(otherPartyLabel({ role: 'selling', otherParty: party })).toBe('Buyer: Ann B.');
    expect(otherPartyLabel({ role: 'buying', otherParty: party })).toBe('Seller: Ann B.');
    expect(deliveryLabel({ deliveryMethod: 'ship' })).toBe('Shipping');
    expect(deliveryLabel({ deliveryMethod: 'pickup' })).toBe('Local pickup (pay and pick up)');
  });
});

describe('an address on one line', () => {
  it('gives the state its abbreviation and leaves out an empty second line', () => {
    const address = {
      firstName: 'Bo',
      lastName: 'Tester',
      line1: '1 Main St',
      line2: null,
      city: 'New York',
      zip: '10001',
    };
    expect(addressLine({ ...address, state: 'New York' })).toBe('Bo Tester, 1 Main St, New York, NY 10001');
    expect(addressLine({ ...address, line2: 'Apt 2', state: 'NY' })).toBe(
      'Bo Tester, 1 Main St, Apt 2, New York, NY 10001',
    );
  });
});
