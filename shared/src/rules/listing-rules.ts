/** What a sale listing may be (spec sections 1, 5 and 9): weight, free items, restricted electronics, donations, photos. */

import { addressMessages } from './address';

export const MAX_WEIGHT_LBS = 20;
/** A published or relisted listing runs this long before it expires. */
export const LISTING_LIFETIME_DAYS = 60;
export const MAX_TITLE_LENGTH = 80;
export const MAX_DESCRIPTION_LENGTH = 4000;
/** The highest price a listing may ask, in dollars (as the message says it). */
export const MAX_PRICE_DOLLARS = 100_000;
/** The same limit as the wire carries it: integer cents. */
export const MAX_PRICE_CENTS = MAX_PRICE_DOLLARS * 100;

/** The conditions a listing may state: wire codes and the words people see. */
export const CONDITION_LABELS = {
  new: 'New',
  like_new: 'Like New',
  used: 'Used',
  open_box: 'Open Box',
  parts_not_working: 'Parts Not Working',
} as const;
export type ConditionCode = keyof typeof CONDITION_LABELS;
export const CONDITION_CODES = Object.keys(CONDITION_LABELS) as [ConditionCode, ...ConditionCode[]];

/** The words people see for a stored condition code; anything else is shown as it is. */
export function conditionLabel(code: string): string {
  return (CONDITION_LABELS as Record<string, string>)[code] ?? code;
}

export const MAX_PHOTOS = 4;
/** 10 MB, counted in binary megabytes. */
export const MAX_PHOTO_BYTES = 10 * 1024 * 1024;
export const PHOTO_MIME_TYPES = ['image/jpeg', 'image/png'] as const;

/**
 * The categories the shipped taxonomy takes donations in, as the help pages and the message name
 * them. The rule itself reads the category's `donationAllowed` flag (editable in the console).
 */
export const DONATION_CATEGORIES = ['Clothing and Shoes', 'Books and Stationery'] as const;
/**
 * The subcategories the shipped taxonomy flags as restricted electronics, as the help text names
 * them. The rule itself reads the category's `restrictedElectronics` flag.
 */
export const RESTRICTED_ELECTRONICS_SUBCATEGORIES = [
  'Cell Phones',
  'Computers/Tablets/PC',
  'Audio',
  'Camera',
  'Camera Accessories',
] as const;
/** The conditions the restricted electronics rule applies to. */
export const RESTRICTED_CONDITIONS: readonly string[] = [
  'used',
  'open_box',
  'parts_not_working',
] satisfies ConditionCode[];

export const listingRuleMessages = {
  invalidWeight: 'Enter a valid weight in lbs',
  /** The zip rule's message (rules/address). */
  invalidZip: addressMessages.zipInvalid,
  tooHeavy: `Items over ${MAX_WEIGHT_LBS} lbs cannot be listed`,
  freeLocalOnly: 'Free items can only be offered for local pickup',
  restrictedLocalOnly:
    'Used, open box and parts-not-working electronics in this category can only be sold with local pickup',
  restrictedNeedsWorkEmail:
    'Verify your work email in Account Settings to sell used, open box or parts-not-working electronics in this category',
  donationCategory: `Donations are accepted only in ${DONATION_CATEGORIES.join(' and ')}`,
  tooManyPhotos: `You can add up to ${MAX_PHOTOS} photos`,
  photoType: 'Photos must be JPG or PNG',
  photoTooLarge: 'Each photo must be 10 MB or smaller',
  photoUnreadable: 'This photo could not be read; choose another JPG or PNG',
  titleRequired: 'Enter a title',
  titleTooLong: `Keep the title to ${MAX_TITLE_LENGTH} characters`,
  descriptionRequired: 'Enter a description',
  descriptionTooLong: `Keep the description to ${MAX_DESCRIPTION_LENGTH} characters`,
  categoryRequired: 'Choose a category and a subcategory',
  conditionRequired: 'Choose the condition',
  invalidPrice: 'Enter a price in dollars with up to two decimals',
  priceTooHigh: `The price can be at most $${MAX_PRICE_DOLLARS.toLocaleString('en-US')}`,
  donationFree: 'A donation is free: set the price to 0',
  deliveryRequired: 'Choose shipping, local pickup or both',
  freeDeliveryNeedsShipping: 'Free shipping needs shipping to be offered',
} as const;

/** What selling actions answer when the listing's state does not allow them (spec section 4). */
export const listingActionMessages = {
  notFound: 'This listing does not exist or is no longer available',
  notYours: 'Only the seller can change this listing',
  editLocked: 'This listing can no longer be edited: it is sold or an offer was accepted',
  alreadySold: 'This listing is already sold',
  deleted: 'This listing was deleted',
  isDraft: 'Publish this draft first',
  hasActiveOffers: 'This listing has active offers: answer them before deleting it',
  reserved: 'This listing is reserved for a buyer whose offer was accepted',
  cannotToggle: 'Only a published, unsold listing can be deactivated or reactivated',
  cannotRelist: 'Only an expired, sold or deactivated listing can be relisted',
  orderInProgress: 'This item has an order in progress: relist it once the order is completed or cancelled',
  draftNotFound: 'This photo upload session does not exist; reload the form',
  noSuchPhoto: 'There is no photo in this place',
  progressive: 'Complete your account before you create a listing',
  activated: 'Listing activated',
  deactivated: 'Listing deactivated',
  markedSold: 'Listing marked as sold',
  markedDonated: 'Listing marked as donated',
  deletedDone: 'Listing deleted',
  relisted: 'Listing relisted',
  saved: 'Draft saved',
  published: 'Your listing is live',
  listingRequired: 'Name the listing',
} as const;

/** What the console's listing moderation refuses. */
export const listingConsoleMessages = {
  listingStatusChange: 'An admin can only activate or deactivate a listing',
} as const;

export interface ListingRuleInput {
  /** null or undefined when no weight was given. */
  weightLbs: number | null | undefined;
  priceCents: number;
  isDonation: boolean;
  /** The listing's category or subcategory takes donations (`categories.donation_allowed`). */
  donationAllowed: boolean;
  /** The listing's subcategory or category is restricted electronics (`categories.restricted_electronics`). */
  restrictedElectronics: boolean;
  /** A condition code ('used'); '' or null when none is chosen yet. */
  condition: string | null | undefined;
  shippable: boolean;
  meetToDeliver: boolean;
  sellerHasVerifiedWorkEmail: boolean;
}

/** `field` is the name of the input property at fault, for the envelope's errors and the form. */
export interface ListingRuleViolation {
  field: keyof ListingRuleInput;
  message: string;
}

/**
 * True for a used, open-box or parts-not-working item in a category flagged as restricted
 * electronics. The flag, not the title, decides: renaming a category keeps the rule.
 */
export function isRestrictedElectronics(input: Pick<ListingRuleInput, 'restrictedElectronics' | 'condition'>): boolean {
  return input.restrictedElectronics && RESTRICTED_CONDITIONS.includes(input.condition ?? '');
}

/** Local pickup only: no shipping, meeting in person on. Reports the first setting that is off. */
function localPickupViolation(input: ListingRuleInput, message: string): ListingRuleViolation | null {
  if (input.shippable) return { field: 'shippable', message };
  if (!input.meetToDeliver) return { field: 'meetToDeliver', message };
  return null;
}

/** Every rule of spec section 1 the listing breaks; [] when it may be published. */
export function listingRuleViolations(input: ListingRuleInput): ListingRuleViolation[] {
  const violations: ListingRuleViolation[] = [];
  const weight = input.weightLbs;
  if (weight !== null && weight !== undefined) {
    if (!Number.isFinite(weight) || weight < 0) {
      violations.push({ field: 'weightLbs', message: listingRuleMessages.invalidWeight });
    } else if (weight > MAX_WEIGHT_LBS) {
      violations.push({ field: 'weightLbs', message: listingRuleMessages.tooHeavy });
    }
  }
  if (input.priceCents === 0) {
    const local = localPickupViolation(input, listingRuleMessages.freeLocalOnly);
    if (local) violations.push(local);
  }
  if (isRestrictedElectronics(input)) {
    const local = localPickupViolation(input, listingRuleMessages.restrictedLocalOnly);
    if (local) violations.push(local);
    if (!input.sellerHasVerifiedWorkEmail) {
      violations.push({ field: 'sellerHasVerifiedWorkEmail', message: listingRuleMessages.restrictedNeedsWorkEmail });
    }
  }
  if (input.isDonation && !input.donationAllowed) {
    violations.push({ field: 'donationAllowed', message: listingRuleMessages.donationCategory });
  }
  return violations;
}

/**
 * Why this photo cannot be added to a listing that already has `photoCount` photos, or null
 * when it can. `type` is the MIME type, `size` in bytes (a browser File fits).
 */
export function photoRuleViolation(photo: { type: string; size: number }, photoCount: number): string | null {
  if (photoCount >= MAX_PHOTOS) return listingRuleMessages.tooManyPhotos;
  if (!(PHOTO_MIME_TYPES as readonly string[]).includes(photo.type.toLowerCase())) return listingRuleMessages.photoType;
  if (photo.size > MAX_PHOTO_BYTES) return listingRuleMessages.photoTooLarge;
  return null;
}
