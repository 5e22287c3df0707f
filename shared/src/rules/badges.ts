/** The status ribbon on a listing card (spec section 4, "Card badge priority"). */

export const BADGE_TEXT = {
  deleted: 'Deleted',
  expired: 'Expired',
  sold: 'Sold',
  donated: 'Donated',
  rented: 'Rented',
} as const;

export type CardBadge =
  | typeof BADGE_TEXT.deleted
  | typeof BADGE_TEXT.expired
  | typeof BADGE_TEXT.sold
  | typeof BADGE_TEXT.donated;

export interface CardBadgeInput {
  listingDeleted: boolean;
  /** When the listing ends; an unparseable value counts as no end. */
  listingEnd: string | Date | null;
  /** Non-zero means sold. */
  saleType: number | null | undefined;
  priceCents: number;
  /** The viewer is the seller (sellerRefnum equals the viewer's userRefnum). */
  isOwner: boolean;
  now?: Date;
}

function endTime(listingEnd: string | Date | null): number | null {
  if (listingEnd === null || listingEnd === '') return null;
  const time = (listingEnd instanceof Date ? listingEnd : new Date(listingEnd)).getTime();
  return Number.isNaN(time) ? null : time;
}

/**
 * The badge a sale card shows, first match wins: deleted ('Deleted' to the owner, 'Expired' to
 * everyone else), then ended ('Expired', from the end instant on), then sold ('Donated' when the
 * price is 0, else 'Sold'); null when none applies.
 */
export function cardBadge(input: CardBadgeInput): CardBadge | null {
  if (input.listingDeleted) return input.isOwner ? BADGE_TEXT.deleted : BADGE_TEXT.expired;
  const end = endTime(input.listingEnd);
  const now = (input.now ?? new Date()).getTime();
  if (end !== null && end <= now) return BADGE_TEXT.expired;
  if (input.saleType) return input.priceCents === 0 ? BADGE_TEXT.donated : BADGE_TEXT.sold;
  return null;
}

/** The badge a rental card shows: 'Rented' when the place is not available. */
export function rentalBadge(input: { available: boolean }): typeof BADGE_TEXT.rented | null {
  return input.available ? null : BADGE_TEXT.rented;
}
