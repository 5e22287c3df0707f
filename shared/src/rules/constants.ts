/** Business constants and timings (spec section 9). Limits that belong to one rule live in that rule's file. */

/** Page sizes of the list queries; profile listings start at page 1, favourites reload at page 1. */
export const PAGE_SIZES = {
  default: 25,
  profileListings: 8,
  reviews: 10,
  category: 11,
  favourites: 10,
} as const;

export const NOT_FOUND_DELAY_MS = 2000;
export const SCROLL_TOP_AFTER_PX = 100;
export const SUCCESS_TOAST_MS = 5000;
export const ADDRESS_FORM_CLOSE_MS = 1000;
export const COPY_LINK_MS = 3000;
export const LAYOUT_WAIT_MS = 250;

/** After `count` searches within `windowMinutes` the login popup opens; the counter resets once the window passes. */
export const SEARCH_PROMPT = { count: 5, windowMinutes: 120 } as const;

/** Sent as the client_version device header. */
export const CLIENT_VERSION = 'v3';

/** Ratings run from 0 to 5 in half steps. */
export const RATING = { max: 5, step: 0.5 } as const;

/** Width breakpoints in px; 760 is the referral popup's mobile breakpoint. */
export const BREAKPOINTS = [384, 500, 600, 680, 700, 760, 768, 1024] as const;
/** Below this width the share panel uses the device's native share when there is one. */
export const NATIVE_SHARE_BELOW_PX = 600;

export const PICTURE_CROP = { scale: 1.25, rounded: 150 } as const;

export const OFFER_EXPIRY_HOURS = 24;
/** An accepted offer's buyer pays within this many hours of the acceptance, or the reservation lapses (issue 18). */
export const OFFER_PAYMENT_HOURS = 24;
/** A seller makes at most one offer to likers per listing in this many hours (issue 37). */
export const OFFER_TO_LIKERS_EVERY_HOURS = 24;
/** An order is cancelled with refund when no label is made, or it is not shipped or picked up, within this many business days. */
export const ORDER_CANCEL_BUSINESS_DAYS = 3;
/** Each side of a referral gets this once the friend posts a first listing. */
export const REFERRAL_REWARD_CENTS = 500;
