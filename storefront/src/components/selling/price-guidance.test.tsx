// @vitest-environment happy-dom
import type { SearchDoc } from '@yardly/shared/contract';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../test/fake-api';
import { cleanUpRender } from '../../test/rendered';
import { SimilarItems } from '../item/SimilarItems';
import { PriceGuidance } from './PriceGuidance';

// Issue 37 in the browser's terms: the sell form's guidance line and the item page's rails,
// rendered in happy-dom with the real client, the api answered in the contract's envelope.

declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean;
}

let root: Root;
let host: HTMLElement;

async function render(element: React.ReactNode) {
  host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
  await act(async () => root.render(element));
  // Let the answers land.
  await act(async () => new Promise((resolve) => setTimeout(resolve, 20)));
}

beforeEach(() => {
  globalThis.IS_REACT_ACT_ENVIRONMENT = true;
  // The location store asks where this browser is (no api here to answer it): not these tests' concern.
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => cleanUpRender(root, host));

const SUB = 'C0123456789A';

describe('the sell form’s price guidance', () => {
  it('asks once the subcategory, condition and a whole zip are chosen, and shows the band', async () => {
    const api = fakeApi({
      'GET /listing/price-guidance': () => ({ data: { lowCents: 2252, highCents: 4755, sales: 6 } }),
    });
    await render(<PriceGuidance categoryRefnum={SUB} condition="used" zip="10001" />);
    expect(api.calls.map((c) => c.path)).toEqual([
      `/listing/price-guidance?categoryRefnum=${SUB}&condition=used&zip=10001`,
    ]);
    expect(host.querySelector('[role="status"]')?.textContent).toBe('Similar items sold for $22.52-$47.55 near you');
  });

  it('asks nothing before the zip is whole or a condition chosen, and shows nothing under five sales', async () => {
    const api = fakeApi({ 'GET /listing/price-guidance': () => ({ data: null }) });
    await render(<PriceGuidance categoryRefnum={SUB} condition="used" zip="1000" />);
    await act(async () => root.render(<PriceGuidance categoryRefnum={SUB} condition="" zip="10001" />));
    expect(api.calls).toHaveLength(0);
    await act(async () => root.render(<PriceGuidance categoryRefnum={SUB} condition="used" zip="10001" />));
    await act(async () => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(api.calls).toHaveLength(1);
    expect(host.textContent).toBe('');
  });
});

function card(refnum: string, title: string): SearchDoc {
  return {
    listingRefnum: refnum,
    listingTitle: title,
    listingPictureUrl: null,
    location: 'New York, NY',
    listingCurrentPrice: 4000,
    listingEnd: null,
    listingDeleted: false,
    saleType: 0,
    sellerRefnum: 'U0123456789C',
    offerCount: 0,
    shippable: false,
    meetToDeliver: true,
    offerFreeDelivery: false,
    buyNow: true,
    isDonation: false,
    distance: 0,
    distanceMiles: 0,
    shippingPriceCents: null,
  };
}

describe('similar items under an item', () => {
  it('shows the similar items and more from the seller, each under its heading', async () => {
    fakeApi({
      'GET /listing/similar': () => ({ data: [card('L0123456789D', 'Oak desk with drawer')] }),
      'GET /listing/similar/seller': () => ({ data: [card('L0123456789E', 'Pine rack')] }),
    });
    await render(<SimilarItems listingRefnum="L0123456789B" sellerRefnum="U0123456789C" />);
    const sections = [...host.querySelectorAll('section')].map((section) => ({
      heading: section.querySelector('h2')?.textContent,
      text: section.textContent ?? '',
    }));
    expect(sections.map((s) => s.heading)).toEqual(['Similar items', 'More from this seller']);
    expect(sections[0]?.text).toContain('Oak desk with drawer');
    expect(sections[1]?.text).toContain('Pine rack');
  });

  it('shows no empty rail', async () => {
    fakeApi({
      'GET /listing/similar': () => ({ data: [] }),
      'GET /listing/similar/seller': () => ({ data: [card('L0123456789E', 'Pine rack')] }),
    });
    await render(<SimilarItems listingRefnum="L0123456789B" sellerRefnum="U0123456789C" />);
    expect([...host.querySelectorAll('h2')].map((h) => h.textContent)).toEqual(['More from this seller']);
  });
});
