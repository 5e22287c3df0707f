/**
 * Offer states as far as selling needs them (spec section 4): an offer is open while the seller
 * or buyer may still answer it; an accepted one locks the listing's editing. The offers issue
 * owns the transitions between them.
 */
export const OFFER_STATUSES = [
  'pending',
  'countered',
  'accepted',
  'declined',
  'expired',
  'cancelled',
  'completed',
] as const;
export type OfferStatus = (typeof OFFER_STATUSES)[number];

/** Offers that still wait for an answer: a listing with one cannot be deleted. */
export const ACTIVE_OFFER_STATUSES = ['pending', 'countered', 'accepted'] as const satisfies readonly OfferStatus[];

/** Offers that lock a listing's editing. */
export const LOCKING_OFFER_STATUSES = ['accepted', 'completed'] as const satisfies readonly OfferStatus[];
