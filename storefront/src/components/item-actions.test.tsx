// @vitest-environment happy-dom
import type { SellerListing } from '@yardly/shared/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buttonNamed, domHost } from '../test/dom';
import { ItemActions } from './ItemActions';

const dom = domHost();
beforeEach(() => dom.mount());
afterEach(() => dom.unmount());

/** What ItemActions reads of a live listing of someone else's. */
const live = (buyNow: boolean) =>
  ({
    listingRefnum: 'L0123456789A',
    sellerRefnum: 'U0000000000S',
    listingState: 'live',
    buyNow,
    isDonation: false,
  }) as unknown as SellerListing;

describe('the item page’s actions (issue 33)', () => {
  it('a listing saved as Buy Now offers Buy Now and no Make Offer; one that takes offers, Make Offer', async () => {
    await dom.render(<ItemActions listing={live(true)} unavailable={false} />);
    expect(dom.host.textContent).toContain('Buy Now');
    expect(buttonNamed(dom.host, 'Make Offer')).toBeUndefined();

    await dom.render(<ItemActions listing={live(false)} unavailable={false} />);
    expect(buttonNamed(dom.host, 'Make Offer')).toBeDefined();
    expect(dom.host.textContent).not.toContain('Buy Now');
  });
});
