import type { createApi } from '@yardly/shared/client';
import type { CheckoutRef } from '../../lib/checkout-paths';
import { logFailure } from '../../lib/log-failure';
import type { CheckoutStart } from './CheckoutPreview';
import { previewAmount } from './checkout-preview';

/**
 * What the server puts in a Buy Now checkout's first HTML: the item and its total for the default
 * delivery, before the buyer's rewards are known (both calls are public). Null for an accepted
 * offer (its price is the buyer's to read) and when the item cannot be read: the island says why.
 */
export async function loadCheckoutStart(
  api: Pick<ReturnType<typeof createApi>, 'listings' | 'checkout'>,
  ref: CheckoutRef | null,
): Promise<CheckoutStart | null> {
  if (!ref || ref.offerRefnum) return null;
  try {
    const [detail, delivery] = await Promise.all([
      api.listings.detail({ listingRefnum: ref.itemRefnum }),
      api.checkout.deliveryOptions({ listingRefnum: ref.itemRefnum }),
    ]);
    const listing = detail.listing;
    if (!listing) return null;
    return {
      listing: {
        listingRefnum: listing.listingRefnum,
        listingTitle: listing.listingTitle,
        listingPictureUrl: listing.listingPictureUrl,
      },
      amount: previewAmount({
        itemPrice: listing.listingCurrentPrice,
        delivery: delivery.options[0] ?? null,
        rewardsBalance: 0,
        useRewards: false,
      }),
    };
  } catch (cause) {
    logFailure('storefront: could not read the checkout item', cause);
    return null;
  }
}
