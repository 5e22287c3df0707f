/** What a sale listing may be (spec sections 1, 5 and 9): weight, free items, restricted electronics, donations, photos. */

export const MAX_WEIGHT_LBS = 20;
export const MAX_PHOTOS = 4;
/** 10 MB, counted in binary megabytes. */
export const MAX_PHOTO_BYTES = 10 * 1024 * 1024;
export const PHOTO_MIME_TYPES = ['image/jpeg', 'image/png'] as const;

export const DONATION_CATEGORIES = ['Clothing and Shoes', 'Books and Stationery'] as const;
export const RESTRICTED_ELECTRONICS_SUBCATEGORIES = [
  'Cell Phones',
  'Computers/Tablets/PC',
  'Audio',
  'Camera',
  'Camera Accessories',
] as const;
/** Compared ignoring case, and treating '-' and '_' as spaces ('Open-Box' matches 'open box'). */
export const RESTRICTED_CONDITIONS = ['used', 'open box', 'parts not working'] as const;

export const listingRuleMessages = {
  invalidWeight: 'Enter a valid weight in lbs',
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
} as const;

export interface ListingRuleInput {
  /** null or undefined when no weight was given. */
  weightLbs: number | null | undefined;
  priceCents: number;
  isDonation: boolean;
  categoryTitle: string | null | undefined;
  subCategoryTitle: string | null | undefined;
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

function normalise(text: string | null | undefined): string {
  return (text ?? '')
    .trim()
    .toLowerCase()
    .replace(/[\s_-]+/g, ' ');
}

function isOneOf(text: string | null | undefined, list: readonly string[]): boolean {
  const wanted = normalise(text);
  return wanted !== '' && list.some((item) => normalise(item) === wanted);
}

export function isDonationCategory(categoryTitle: string | null | undefined): boolean {
  return isOneOf(categoryTitle, DONATION_CATEGORIES);
}

/**
 * True for a used, open-box or parts-not-working item in one of the restricted electronics
 * subcategories. Judged on the subcategory alone, so a renamed top-level category cannot
 * switch the rule off.
 */
export function isRestrictedElectronics(input: {
  subCategoryTitle: string | null | undefined;
  condition: string | null | undefined;
}): boolean {
  return (
    isOneOf(input.subCategoryTitle, RESTRICTED_ELECTRONICS_SUBCATEGORIES) &&
    isOneOf(input.condition, RESTRICTED_CONDITIONS)
  );
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
  if (input.isDonation && !isDonationCategory(input.categoryTitle)) {
    violations.push({ field: 'categoryTitle', message: listingRuleMessages.donationCategory });
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
