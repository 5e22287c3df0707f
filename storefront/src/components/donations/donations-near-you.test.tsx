// @vitest-environment happy-dom
import type { ListingCard } from '@yardly/shared/contract';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../test/fake-api';
import { cleanUpRender, settled } from '../../test/rendered';
import { DonationsNearYou } from './DonationsNearYou';

// 'Donations near you' rendered in happy-dom with the real client and a fake api: a recipient
// pages through the donations around their zip, the page in the address.

declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean;
}

// A charity recipient near 10001, signed in before the modules load (the session reads it once).
await vi.hoisted(async () => {
  const { storeLoginData } = await import('../../test/login-data');
  storeLoginData({
    userRefnum: 'U0123456789C',
    nameFirst: 'Remy',
    email: 'remy@warmhands.org',
    isProfessionVerified: true,
    companyStatus: 'VERIFIED',
    zip: '10001',
    isDonationRecipient: true,
  });
});

const TOTAL = 30;

function card(n: number): ListingCard & { distanceMiles: number } {
  return {
    listingRefnum: `L${String(n).padStart(11, '0')}`,
    listingTitle: `Donated coat ${n}`,
    listingPictureUrl: null,
    location: 'New York, NY',
    listingCurrentPrice: 0,
    listingEnd: null,
    listingDeleted: false,
    saleType: 0,
    sellerRefnum: 'U0123456789A',
    offerCount: 0,
    shippable: false,
    meetToDeliver: true,
    offerFreeDelivery: false,
    buyNow: false,
    isDonation: true,
    distanceMiles: 1,
  };
}

let root: Root;
let host: HTMLElement;

beforeEach(() => {
  globalThis.IS_REACT_ACT_ENVIRONMENT = true;
  // The cards' hearts and the location store ask the api for more than this test answers.
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  (window as unknown as { happyDOM: { setURL(url: string): void } }).happyDOM.setURL(
    'http://127.0.0.1:3000/why-donate',
  );
});
afterEach(() => cleanUpRender(root, host));

describe('donations near you', () => {
  it('pages through the donations around the zip, 24 a page, the page in the address', async () => {
    const api = fakeApi({
      'GET /listing/donations': (call) => {
        const query = new URL(`http://x${call.path}`).searchParams;
        const page = Number(query.get('page'));
        const first = page * 24;
        const docs = Array.from({ length: Math.min(24, TOTAL - first) }, (_, i) => card(first + i + 1));
        return { data: { docs, totalElements: TOTAL, number: page, size: 24 } };
      },
    });
    host = document.createElement('div');
    document.body.append(host);
    root = createRoot(host);
    await act(async () => root.render(<DonationsNearYou />));
    await settled(() => host.textContent?.includes('Donated coat 24') ?? false);
    expect(host.textContent).not.toContain('Donated coat 25');
    const asked = () => api.calls.filter((c) => c.path.startsWith('/listing/donations')).map((c) => c.path);
    expect(asked()).toEqual(['/listing/donations?zip=10001&d=25&page=0&size=24']);

    const second = host.querySelector<HTMLAnchorElement>('a[aria-label="Page 2"]');
    expect(second?.getAttribute('href')).toBe('?page=2');
    await act(async () => second?.click());
    await settled(() => host.textContent?.includes('Donated coat 30') ?? false);
    expect(host.textContent).not.toContain('Donated coat 24');
    expect(asked().at(-1)).toBe('/listing/donations?zip=10001&d=25&page=1&size=24');
    expect(window.location.search).toBe('?page=2');
  });
});
