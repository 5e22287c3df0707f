/** The console's banners (`/svc/admin/banners`): what its form and its refusals say. */
export const bannerConsoleMessages = {
  bannerImageRequired: 'Choose an image for the banner',
  bannerImageInvalid: 'This file is not an image we can read',
  bannerDates: 'The end date must be after the start date',
  bannerCategoryRequired: 'Choose the category this banner shows on',
  titleRequired: 'Enter a title',
  linkInvalid: 'Use a path such as /search or an https:// address',
} as const;
