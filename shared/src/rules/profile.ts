/** Profile page rules (spec sections 2 and 9): tabs, picture limits and rating steps (page sizes and the crop are in constants). */

export const PROFILE_TABS = ['selling', 'reviews'] as const;
export type ProfileTab = (typeof PROFILE_TABS)[number];
export const REVIEW_ROLES = ['seller', 'buyer'] as const;
export type ReviewRole = (typeof REVIEW_ROLES)[number];

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

export const settingsMessages = {
  accountSaved: 'Your account details are saved',
  emailCodeSent: 'We sent a 6-digit code to your new email',
  emailChanged: 'Your email is changed',
  /** /settings-email-update without its email and code (a link cut short). */
  emailLinkIncomplete:
    'This link is incomplete: open it again from the email, or change your email in Account Settings',
  /** /settings-email-update for a guest: the change is the signed-in account's. */
  emailLinkLogIn: 'Log in to confirm your new email',
  deletePictureConfirm: 'Are you sure you want to delete your profile picture?',
} as const;
