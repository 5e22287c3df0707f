/**
 * The feedback texts of spec sections 2 and 8 that belong to no rule file: toasts, empty and
 * error states. Address, donation, email and organisation texts live in their own files.
 */

export const genericMessages = {
  tryAgain: 'There was an error, please try again',
  /** Two people's changes met and the database let one through (a deadlock or serialization failure): a 409. */
  changedMeanwhile: 'Someone else changed this at the same moment: please try again',
  fetchDataError: 'Error fetching data, please try again',
  invalidReference: 'Not a valid reference',
  staticDataName: 'name must be one of: states, commission',
} as const;

export const notFoundPage = {
  message: "Aw, Snap! The page you're looking for doesn't exist.",
  button: 'Go to homepage',
} as const;

export const locationMessages = {
  fetchError: 'Error fetching location details',
  latNotNumber: 'lat must be a number',
  lngNotNumber: 'lng must be a number',
  latOutOfRange: 'lat must be from -90 to 90',
  lngOutOfRange: 'lng must be from -180 to 180',
} as const;

export const favouriteMessages = {
  addError: 'There was an error adding to favorites, please try again',
  removeError: 'There was an error removing from favorites, please try again',
} as const;

export const listingListMessages = {
  noResults: 'No results to display',
  fetchError: 'Error fetching items',
  noListings: 'No listings to display',
  searchError: 'Error in fetching results',
} as const;

export const reviewMessages = {
  empty: 'No reviews to show',
} as const;

export const profileMessages = {
  fetchError: 'Error fetching profile',
  pictureUpdated: 'Profile picture updated',
  pictureDeleted: 'Profile picture deleted',
  pictureUpdateError: 'Error updating profile picture',
  pictureDeleteError: 'Error deleting profile picture',
} as const;

export const FAQ_CONTACT_TEXT = "Can't find what you need? Contact Us";
