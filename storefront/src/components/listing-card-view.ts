import type { ListingCard } from '@yardly/shared/contract';
import { formatCents } from '@yardly/shared/rules';

/** What a donation's card says instead of a price: it is given away, never bought. */
export const DONATION_PRICE_TEXT = 'Free';
/** The chip a donation's card carries instead of 'Buy Now' or 'Make Offer'. */
export const DONATION_LABEL = 'Free gift (donation)';

export type CardLabel = { text: string; kind: 'shipping' | 'buy' | 'offer' | 'donation' };

type CardFacts = Pick<ListingCard, 'listingCurrentPrice' | 'isDonation' | 'offerFreeDelivery' | 'buyNow'>;

/** The price line of a card: 'Free' for a donation, else the price ('$45.00'). */
export function cardPriceText(listing: CardFacts): string {
  return listing.isDonation ? DONATION_PRICE_TEXT : formatCents(listing.listingCurrentPrice);
}

/**
 * The chips of a card without a status ribbon (spec section 2: 'Free Shipping', 'Buy Now' or
 * 'Make Offer'); a donation is a free gift, so it carries only that: nothing to buy or offer on.
 */
export function cardLabels(listing: CardFacts): CardLabel[] {
  if (listing.isDonation) return [{ text: DONATION_LABEL, kind: 'donation' }];
  const labels: CardLabel[] = [];
  if (listing.offerFreeDelivery) labels.push({ text: 'Free Shipping', kind: 'shipping' });
  labels.push(listing.buyNow ? { text: 'Buy Now', kind: 'buy' } : { text: 'Make Offer', kind: 'offer' });
  return labels;
}
