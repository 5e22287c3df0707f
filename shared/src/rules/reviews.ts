import { RATING } from './constants';

/**
 * Double-blind reviews (issue 19, spec sections 3, 4 and 9). After an order is completed each
 * side may leave one review of the other within REVIEW_WINDOW_DAYS; neither sees the other's
 * until both have written or the window has closed, then both are published together and never
 * change.
 */

/** Days after completion in which each side may review; when they end, what was written is published. */
export const REVIEW_WINDOW_DAYS = 14;
/** The longest review text (characters). */
export const REVIEW_TEXT_MAX = 500;

/** The console's tags (spec section 4 "Review tags"): blacklisted reviews are hidden from everyone and from the rating. */
export const REVIEW_TAGS = ['review', 'whitelist', 'blacklist'] as const;
export type ReviewTag = (typeof REVIEW_TAGS)[number];

/** A rating as stored: whole half-stars, 1 (0.5 stars) to 10 (5 stars). */
export function ratingToHalves(rating: number): number {
  return Math.round(rating * 2);
}

export function halvesToRating(halves: number): number {
  return halves / 2;
}

/** The ratings the dialog offers, lowest first: 0.5, 1, ..., 5. */
export const RATING_CHOICES: readonly number[] = Array.from(
  { length: RATING.max / RATING.step },
  (_, i) => (i + 1) * RATING.step,
);

/** When a review written now is published unless the other side writes theirs first. */
export function reviewWindowEnd(completedAt: Date): Date {
  return new Date(completedAt.getTime() + REVIEW_WINDOW_DAYS * 24 * 60 * 60 * 1000);
}

export const leaveReviewMessages = {
  rating: 'Choose a rating from 0.5 to 5 stars, in half stars',
  textRequired: 'Write a few words about how it went',
  textTooLong: `A review can be at most ${REVIEW_TEXT_MAX} characters`,
  notAParty: 'Only the buyer or the seller of this order can review it',
  notCompleted: 'You can review this order once it is completed (received or handed over)',
  already: 'You have already reviewed this order: a review cannot be changed',
  windowClosed: `The ${REVIEW_WINDOW_DAYS} days to review this order have passed`,
  sent: 'Thank you: your review is saved',
  noOrder: 'There is no completed order of yours for this item',
  asSellerFlag: 'asSeller must be true or false',
  orderOrListingRequired: 'Name either orderId or listingRefnum',
} as const;

/** In-app notices about reviews (notifications). */
export const reviewNotices = {
  asked(listingTitle: string): string {
    return `“${listingTitle}” is complete: leave a review. Neither of you sees the other’s until both have written or ${REVIEW_WINDOW_DAYS} days have passed.`;
  },
  otherWrote(name: string, listingTitle: string): string {
    return `${name} reviewed you for “${listingTitle}”: write your review to see theirs.`;
  },
  published(listingTitle: string): string {
    return `The reviews for “${listingTitle}” are published.`;
  },
} as const;

/** My Quest with the review dialog open for an order (spec section 2: /myquest?leavefeedback=). */
export function leaveReviewPath(orderId: string): string {
  return `/myquest?leavefeedback=${encodeURIComponent(orderId)}`;
}
