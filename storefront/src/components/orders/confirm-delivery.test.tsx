// @vitest-environment happy-dom
import { type OrderDetail, orderDetailSchema } from '@yardly/shared/contract';
import { act, useState } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { $toast } from '../../stores/toast';
import { fakeApi } from '../../test/fake-api';
import { cleanUpRender, click } from '../../test/rendered';
import { OrderDetailView } from './OrderDetailView';

// The buyer's Confirm delivery needs a shipped order, which nothing can make yet (shipping is
// issue 19), so it is covered here instead of end to end: the page rendered in happy-dom with
// the real client, its calls answered by a fake api in the contract's envelope.

declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean;
}

const person = (userRefnum: string, name: string) => ({ userRefnum, name, pictureUrl: null });

/** A shipped order as its buyer reads it from GET /svc/orders/{id}. */
function shippedOrder(change: Partial<OrderDetail> = {}): OrderDetail {
  return orderDetailSchema.parse({
    orderId: 'O0123456789A',
    role: 'buying',
    status: 'shipped',
    statusLabel: 'Shipped',
    listing: {
      listingRefnum: 'L0123456789B',
      listingTitle: 'Walnut desk',
      listingPictureUrl: null,
      location: 'New York, NY',
      listingCurrentPrice: 2500,
      listingEnd: null,
      listingDeleted: false,
      saleType: 1,
      sellerRefnum: 'U0123456789C',
      offerCount: 0,
      shippable: true,
      meetToDeliver: false,
      offerFreeDelivery: false,
      buyNow: true,
      isDonation: false,
    },
    otherParty: person('U0123456789C', 'Sal'),
    deliveryMethod: 'ship',
    amount: { itemPrice: 2500, shipping: 899, rewards: 0, total: 3399 },
    offerRefnum: null,
    orderLineItemPrice: 2500,
    createdAt: '2026-11-20T10:00:00.000Z',
    shipBy: '2026-11-25T10:00:00.000Z',
    buyer: person('U0123456789D', 'Bo'),
    seller: person('U0123456789C', 'Sal'),
    commission: 250,
    sellerReceives: 2250,
    pickupCode: null,
    shipTo: {
      firstName: 'Bo',
      lastName: 'Tester',
      line1: '1 Main St',
      line2: null,
      city: 'New York',
      state: 'NY',
      zip: '10001',
    },
    history: [{ event: 'ship', status: 'shipped', at: '2026-11-21T10:00:00.000Z' }],
    actions: ['confirmDelivery'],
    parcel: 'small',
    ...change,
  });
}

const delivered = () =>
  shippedOrder({
    status: 'delivered',
    statusLabel: 'Delivered',
    actions: [],
    history: [
      { event: 'ship', status: 'shipped', at: '2026-11-21T10:00:00.000Z' },
      { event: 'confirmDelivery', status: 'delivered', at: '2026-11-26T10:00:00.000Z' },
    ],
  });

/** The order page's detail, holding the order as OrderPage does: a change the api took replaces it. */
function Page({ first }: { first: OrderDetail }) {
  const [order, setOrder] = useState(first);
  return <OrderDetailView order={order} onChanged={setOrder} />;
}

let root: Root;
let host: HTMLElement;

async function render(order: OrderDetail) {
  host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
  await act(async () => root.render(<Page first={order} />));
}

function button(name: string): HTMLButtonElement | undefined {
  return [...host.querySelectorAll('button')].find((b) => b.textContent === name);
}

/** The order's status as the Order facts list shows it. */
function statusShown(): string | undefined {
  const terms = [...host.querySelectorAll('dt')];
  return terms.find((t) => t.textContent === 'Status')?.nextElementSibling?.textContent ?? undefined;
}

beforeEach(() => {
  globalThis.IS_REACT_ACT_ENVIRONMENT = true;
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => cleanUpRender(root, host));

describe('Confirm delivery on the buyer’s order page', () => {
  it('asks first, then confirms through the api and shows the order delivered, without the button', async () => {
    const api = fakeApi({ 'POST /orders/confirm-delivery': () => ({ data: delivered() }) });
    await render(shippedOrder());
    expect(statusShown()).toBe('Shipped');
    const confirm = button('Confirm delivery');
    expect(confirm?.getAttribute('aria-label')).toBe('Confirm delivery: Walnut desk');

    await click(confirm);
    const dialog = host.querySelector('dialog');
    expect(dialog?.textContent).toContain('Confirm delivery only once you have it');
    expect(api.calls).toEqual([]);

    await click(button('Yes'));
    expect(api.calls.map((c) => [c.method, c.path, c.body])).toEqual([
      ['POST', '/orders/confirm-delivery', { orderId: 'O0123456789A' }],
      // The delivered order's review panel asks what the buyer may review (issue 19).
      ['GET', '/feedback/order?orderId=O0123456789A', undefined],
    ]);
    expect(statusShown()).toBe('Delivered');
    expect(button('Confirm delivery')).toBeUndefined();
    expect(host.querySelector('dialog')).toBeNull();
    expect($toast.get()).toMatchObject({ kind: 'success', message: 'Delivery confirmed: thank you' });
  });

  it('changes nothing when the buyer answers No', async () => {
    const api = fakeApi({});
    await render(shippedOrder());
    await click(button('Confirm delivery'));
    await click(button('No'));
    expect(api.calls).toEqual([]);
    expect(statusShown()).toBe('Shipped');
    expect(button('Confirm delivery')).toBeDefined();
  });

  it('shows the api’s refusal and leaves the order as it was', async () => {
    fakeApi({
      'POST /orders/confirm-delivery': () => ({
        status: 409,
        msg: 'This order is delivered: Confirm delivery is not possible now',
      }),
    });
    await render(shippedOrder());
    await click(button('Confirm delivery'));
    await click(button('Yes'));
    expect($toast.get()).toMatchObject({
      kind: 'error',
      message: 'This order is delivered: Confirm delivery is not possible now',
    });
    expect(statusShown()).toBe('Shipped');
  });

  it('is not offered when the api does not allow it now, nor to the seller, nor before the order shipped', async () => {
    fakeApi({});
    await render(shippedOrder({ actions: [] }));
    expect(button('Confirm delivery')).toBeUndefined();
    await act(async () => root.unmount());
    host.remove();

    await render(shippedOrder({ role: 'selling', actions: ['confirmDelivery'] }));
    expect(button('Confirm delivery')).toBeUndefined();
    await act(async () => root.unmount());
    host.remove();

    await render(shippedOrder({ status: 'paid', statusLabel: 'Paid, to be shipped', actions: ['confirmDelivery'] }));
    expect(button('Confirm delivery')).toBeUndefined();
  });
});
