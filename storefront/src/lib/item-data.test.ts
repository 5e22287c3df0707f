import type { ListingDetail } from '@yardly/shared/contract';
import { beforeEach, describe, expect, it, vi } from 'vitest';

// The item page's loader against the details call's answers (the api is not running here).
const detail = vi.fn();
vi.mock('./api', () => ({ serverApi: () => ({ listings: { detail } }) }));

const { loadItem } = await import('./item-data');

const REFNUM = 'L0000000001A';

function answerWith(sellerCompanyStatus: ListingDetail['sellerCompanyStatus']) {
  // Only what the loader reads; the page itself reads the rest.
  const listing = { listingRefnum: REFNUM, sellerCompanyStatus } as ListingDetail;
  return { listing, itemAvailable: true, success: true };
}

describe('the item page load states (spec section 4)', () => {
  beforeEach(() => detail.mockReset());

  it('loads the item of a seller outside any company, or in a verified one', async () => {
    for (const status of [null, 'VERIFIED'] as const) {
      detail.mockResolvedValueOnce(answerWith(status));
      expect(await loadItem(REFNUM)).toMatchObject({ kind: 'found', listing: { listingRefnum: REFNUM } });
    }
  });

  it("is 'seller not verified' when the seller's company is in review or rejected", async () => {
    for (const status of ['IN_REVIEW', 'REJECTED'] as const) {
      detail.mockResolvedValueOnce(answerWith(status));
      expect(await loadItem(REFNUM)).toEqual({ kind: 'seller-not-verified' });
    }
  });

  it('is not available when the api says so, and never asks for what is not a refnum', async () => {
    detail.mockResolvedValueOnce({ listing: null, itemAvailable: false, success: true });
    expect(await loadItem(REFNUM)).toEqual({ kind: 'missing' });
    expect(await loadItem('favicon.ico')).toEqual({ kind: 'missing' });
    expect(detail).toHaveBeenCalledTimes(1);
  });
});
