/** Profile page rules (spec sections 2 and 9): tabs, page sizes, the picture crop and rating steps. */

export const PROFILE_TABS = ['selling', 'reviews'] as const;
export type ProfileTab = (typeof PROFILE_TABS)[number];
export const REVIEW_ROLES = ['seller', 'buyer'] as const;
export type ReviewRole = (typeof REVIEW_ROLES)[number];

export const PROFILE_LISTINGS_PAGE_SIZE = 8;
export const REVIEWS_PAGE_SIZE = 10;

/** The crop modal: the image starts at this zoom, the round crop is this many pixels across. */
export const PICTURE_CROP_SCALE = 1.25;
export const PICTURE_CROP_SIZE = 150;
/** Profile pictures: at most 10 MB and 40 megapixels, JPEG, PNG or WebP by content. */
export const PICTURE_MAX_BYTES = 10 * 1024 * 1024;

export const pictureMessages = {
  tooLarge: 'The picture is larger than 10 MB; choose a smaller one',
  notImage: 'This file is not a JPEG, PNG or WebP picture',
  unreadable: 'This picture could not be read; it may be damaged',
  tooManyPixels: 'The picture has too many pixels; choose one under 40 megapixels',
  missing: 'Choose a picture to upload',
} as const;

/** The average of 1-5 star ratings rounded to the nearest half star; 0 without ratings. */
export function halfStepRating(average: number | null | undefined): number {
  if (!average || !Number.isFinite(average)) return 0;
  return Math.min(5, Math.max(0, Math.round(average * 2) / 2));
}

/** The settings deep links (spec section 2). */
export const SETTINGS_TABS = ['account', 'bank-account', 'communication'] as const;
export type SettingsTab = (typeof SETTINGS_TABS)[number];
