// @vitest-environment happy-dom
import type { DonationOrder, SellerListing } from '@yardly/shared/contract';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { $toast } from '../../stores/toast';
import { fakeApi } from '../../test/fake-api';
import { loginData } from '../../test/login-data';
import { cleanUpRender } from '../../test/rendered';
import { DonationPanel } from './DonationPanel';
import { DONOR, donationOrder, LISTING, RECIPIENT } from './donation-order-fixture';

// The item page's donation panel rendered in happy-dom with the real client and a fake api:
// who sees what, the buttons from the order's actions, and the api's refusals shown.

declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean;
}

const listing: SellerListing = {
  listingRefnum: LISTING,
  listingTitle: 'Navy wool coat',
  listingPictureUrl: null,
  location: 'New York, NY',
  listingCurrentPrice: 0,
  listingEnd: null,
  listingDeleted: false,
  saleType: 0,
  sellerRefnum: DONOR,
  offerCount: 0,
  shippable: false,
  meetToDeliver: true,
  offerFreeDelivery: false,
  buyNow: false,
  isDonation: true,
  listingStatus: 'active',
  listingState: 'live',
  editLocked: false,
  orderInProgress: false,
};

/** The donation as the recipient sees it once Ann confirmed the pickup address. */
function order(change: Partial<DonationOrder> = {}): DonationOrder {
  return donationOrder({
    role: 'recipient',
    state: 'pickupConfirmed',
    stateLabel: 'Pickup address confirmed',
    actions: ['pickUp', 'cancel'],
    confirmBy: null,
    confirmedAt: '2026-11-26T11:00:00.000Z',
    ...change,
  });
}

const recipient = loginData({ userRefnum: RECIPIENT, isDonationRecipient: true });
const donor = loginData({ userRefnum: DONOR });

let root: Root;
let host: HTMLElement;

async function settle() {
  for (let i = 0; i < 8; i++) await act(async () => new Promise((resolve) => setTimeout(resolve, 5)));
}

async function render(session: ReturnType<typeof loginData>, shown: SellerListing = listing) {
  host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
  await act(async () => root.render(<DonationPanel listing={shown} session={session} />));
  await settle();
}

function buttons(): string[] {
  return [...host.querySelectorAll('button')].map((b) => b.textContent ?? '');
}

function button(name: string): HTMLButtonElement {
  const found = [...host.querySelectorAll('button')].find((b) => b.textContent === name);
  if (!found) throw new Error(`no button ${name}`);
  return found;
}

beforeEach(() => {
  globalThis.IS_REACT_ACT_ENVIRONMENT = true;
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => cleanUpRender(root, host));

describe("the item's donation panel", () => {
  it("offers a recipient 'Request donation' and shows the api's refusal when another was first", async () => {
    const api = fakeApi({
      // Nothing asked for yet: the api answers no order (null), not an error.
      'GET /donations': () => ({ data: null }),
      'POST /donations/placeOrder': () => ({ status: 409, msg: 'This donation has already been requested' }),
    });
    await render(recipient);
    await act(async () => button('Request donation').click());
    await settle();
    expect(api.to('POST', '/donations/placeOrder').map((c) => c.body)).toEqual([{ listingRefnum: LISTING }]);
    expect(host.querySelector('[role="alert"]')?.textContent).toBe('This donation has already been requested');
  });

  it('after a request, shows where it stands and the way to the conversation', async () => {
    let placed = false;
    fakeApi({
      'GET /donations': () =>
        placed
          ? { data: order({ state: 'requested', stateLabel: 'Requested, waiting for the donor', actions: ['cancel'] }) }
          : { data: null },
      'POST /donations/placeOrder': () => {
        placed = true;
        return { data: { donationOrderId: 'D0123456789E', conversationId: 'T0123456789F' } };
      },
    });
    await render(recipient);
    await act(async () => button('Request donation').click());
    await settle();
    expect(host.textContent).toContain('Requested: Requested, waiting for the donor');
    expect(host.querySelector('a[href^="/myquest/messages/"]')?.textContent).toBe('Message the donor');
    expect($toast.get()).toMatchObject({ kind: 'success' });
  });

  it('shows nothing to someone who is not a recipient, nor a request on an item no longer live', async () => {
    fakeApi({ 'GET /donations': () => ({ status: 403, msg: 'This donation is not yours' }) });
    await render(loginData({ userRefnum: 'U0123456789D' }));
    expect(host.textContent).toBe('');
    await act(async () => root.unmount());
    host.remove();
    await render(recipient, { ...listing, listingState: 'reserved' });
    expect(buttons()).toEqual([]);
  });

  it("gives the donor the link to confirm the pickup, and only the order's own buttons", async () => {
    fakeApi({
      'GET /donations': () => ({
        data: order({
          role: 'donor',
          state: 'requested',
          stateLabel: 'Requested, waiting for the donor',
          actions: ['confirmPickup', 'cancel'],
        }),
      }),
    });
    await render(donor);
    const confirm = [...host.querySelectorAll('a')].find((a) => a.textContent === 'Confirm pickup address');
    expect(confirm?.getAttribute('href')).toBe(
      `/confirm-donation?listingRefnum=${LISTING}&donarRefnum=${DONOR}&recipientRefnum=${RECIPIENT}&itemZip=10001`,
    );
    expect(buttons()).toEqual(['Cancel donation']);
  });

  it("marks it picked up through the api; a refusal shows the api's words", async () => {
    let refuse = false;
    const api = fakeApi({
      'GET /donations': () => ({ data: order() }),
      'POST /donations/picked-up': () =>
        refuse
          ? { status: 409, msg: 'This donation has already been picked up' }
          : { data: order({ state: 'pickedUp', stateLabel: 'Picked up', actions: ['receive'] }) },
    });
    await render(recipient);
    expect(buttons()).toEqual(['Mark as picked up', 'Cancel donation']);
    refuse = true;
    await act(async () => button('Mark as picked up').click());
    await settle();
    expect(host.querySelector('[role="alert"]')?.textContent).toBe('This donation has already been picked up');
    refuse = false;
    await act(async () => button('Mark as picked up').click());
    await settle();
    expect(api.to('POST', '/donations/picked-up').map((c) => c.body)).toEqual([
      { donationOrderId: 'D0123456789E' },
      { donationOrderId: 'D0123456789E' },
    ]);
    expect(host.textContent).toContain('Picked up: Picked up');
    expect(buttons()).toEqual(['Mark as received']);
  });

  it('lets each party delete only the photos they added', async () => {
    const picture = (resourcePath: string, userRefnum: string) => ({
      resourcePath,
      url: `/files/${resourcePath}`,
      userRefnum,
      createdAt: '2026-11-26T12:00:00.000Z',
    });
    const api = fakeApi({
      'GET /donations': () => ({
        data: order({ pictures: [picture('donations/a.jpg', RECIPIENT), picture('donations/b.jpg', DONOR)] }),
      }),
      'DELETE /donations/picture': () => ({ data: { success: true } }),
    });
    await render(recipient);
    expect(host.querySelectorAll('.donation-photos img')).toHaveLength(2);
    expect(buttons().filter((b) => b === 'Delete')).toHaveLength(1);
    await act(async () => button('Delete').click());
    await settle();
    expect(api.to('DELETE', '/donations/picture?resourcePath=donations%2Fa.jpg')).toHaveLength(1);
    expect(host.querySelectorAll('.donation-photos img')).toHaveLength(1);
  });
});
