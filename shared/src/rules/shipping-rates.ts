import { formatCents } from './money';

/**
 * What shipping costs the buyer, by the listing's weight class (issue 18): one table, read by the
 * checkout's delivery options and by the amount the api charges. A listing whose seller pays
 * the shipping ('Free Shipping', `offerFreeDelivery`) costs the buyer nothing to ship.
 */
export interface WeightClass {
  /** Its name as the checkout shows it. */
  label: string;
  /** The heaviest weight in the class, in pounds, inclusive. */
  maxLbs: number;
  priceCents: number;
}

/** Up to the MAX_WEIGHT_LBS (20) a listing may weigh (spec section 9). */
export const SHIPPING_WEIGHT_CLASSES: readonly WeightClass[] = Object.freeze([
  { label: 'Up to 1 lb', maxLbs: 1, priceCents: 599 },
  { label: '1 to 3 lbs', maxLbs: 3, priceCents: 899 },
  { label: '3 to 10 lbs', maxLbs: 10, priceCents: 1299 },
  { label: '10 to 20 lbs', maxLbs: 20, priceCents: 1999 },
]);

export const FREE_SHIPPING_LABEL = 'Free Shipping';
export const LOCAL_PICKUP_LABEL = 'Local pickup';

/** The class a weight ships in; the heaviest class for anything above it (the sell form refuses over 20 lbs). */
export function weightClassOf(weightLbs: number): WeightClass {
  const classes = SHIPPING_WEIGHT_CLASSES;
  return classes.find((c) => weightLbs <= c.maxLbs) ?? (classes[classes.length - 1] as WeightClass);
}

/** What the buyer pays to have a listing shipped, in cents. */
export function shippingCents(listing: { weightLbs: number; offerFreeDelivery: boolean }): number {
  return listing.offerFreeDelivery ? 0 : weightClassOf(listing.weightLbs).priceCents;
}

/**
 * What reaching the buyer costs, as an item page says it (issue 33): 'Shipping $12.99', 'Free
 * Shipping', or 'Local pickup only' when it does not ship (`cents` null).
 */
export function shippingPriceLabel(cents: number | null): string {
  if (cents === null) return `${LOCAL_PICKUP_LABEL} only`;
  return cents === 0 ? FREE_SHIPPING_LABEL : `Shipping ${formatCents(cents)}`;
}
