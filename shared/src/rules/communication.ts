/** Communication preferences (spec section 2, settings): the optional mails and their labels. */

export const MAIL_LISTS = [
  'productRecommendations',
  'offersAndMessagesUpdates',
  'rentalMessagesUpdates',
  'savedSearchAlerts',
] as const;
export type MailList = (typeof MAIL_LISTS)[number];

export const MAIL_LIST_LABELS: Record<MailList, string> = {
  productRecommendations: 'Product recommendations',
  offersAndMessagesUpdates: 'Offers and messages updates',
  rentalMessagesUpdates: 'Rental messages updates',
  savedSearchAlerts: 'Saved search alerts',
};

export const communicationMessages = {
  saved: 'Communication preferences updated',
  saveError: 'There was an error, please try again',
  unsubscribed: 'You are unsubscribed',
  badLink: 'This unsubscribe link is not valid. Log in and change your choices in Account Settings.',
  enabledFlag: 'enabled must be true or false',
  unsubscribeIdInvalid: 'This unsubscribe link is not valid',
} as const;
