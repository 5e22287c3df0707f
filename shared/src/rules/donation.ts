/** The donation confirmation page: choosing a pickup address and its texts (spec sections 2, 5, 8 and 9). */

export const MAX_PICKUP_ADDRESSES = 4;

export const donationTexts = {
  title: 'Donation Confirmation',
  headingEnter: 'Enter your pickup address',
  headingAdd: 'Add pickup address',
} as const;

export const donationMessages = {
  selectAddress: 'Select an address',
  orderFetchError: 'There was an error fetching ther order details, please try again', // sic, as the spec spells it
  confirmError: 'There was an error confirming donation, please try again',
  // The api's refusals (issue 21).
  notRecipient: 'Only members of a verified charity can request donations',
  ownItem: 'You cannot request your own donation',
  notDonation: 'This item is not a donation',
  alreadyRequested: 'This donation has already been requested',
  notAvailable: 'This donation is no longer available',
  notYourDonation: 'This donation is not yours',
  orderNotFound: 'There is no donation order for this item',
  addressNotFound: 'This address was not found in your account',
  tooManyPickupAddresses: `You can have at most ${MAX_PICKUP_ADDRESSES} pickup addresses`,
  tooManyPhotos: 'A donation can show at most 4 photos',
  photoNotFound: 'This photo was not found',
  // What the people read on success.
  requested: 'Donation requested: the donor has been asked to confirm a pickup address',
  confirmed: 'Pickup address confirmed: a Yardly representative will contact you within 2-3 business days',
  pickedUp: 'Marked as picked up',
  received: 'Marked as received: thank you',
  cancelled: 'Donation cancelled',
  nearZipInvalid: 'Enter a valid zip code',
  noteOrStatusRequired: 'Write a contact note or choose a status change',
} as const;

/** The query of the donation confirmation page (spec section 2; `donar` is spelt so). */
export interface DonationConfirmQuery {
  listingRefnum: string;
  donarRefnum: string;
  recipientRefnum: string;
  itemZip: string;
}

/** `/confirm-donation?listingRefnum=&donarRefnum=&recipientRefnum=&itemZip=`: where the donor is sent once a charity asks. */
export function confirmDonationPath(query: DonationConfirmQuery): string {
  const params = new URLSearchParams({
    listingRefnum: query.listingRefnum,
    donarRefnum: query.donarRefnum,
    recipientRefnum: query.recipientRefnum,
    itemZip: query.itemZip,
  });
  return `/confirm-donation?${params}`;
}

/**
 * The My Quest messages tab opened on a donation's conversation (spec section 2: "a path built
 * from listing, seller and buyer refnums"): `/myquest/messages/{listing}_{seller}_{buyer}`.
 */
export function donationConversationPath(listingRefnum: string, sellerRefnum: string, buyerRefnum: string): string {
  return `/myquest/messages/${listingRefnum}_${sellerRefnum}_${buyerRefnum}`;
}

/** The parts of a `donationConversationPath` key; null for one that is not three refnums. */
export function parseDonationConversationKey(
  key: string,
): { listingRefnum: string; sellerRefnum: string; buyerRefnum: string } | null {
  const parts = key.split('_');
  if (parts.length !== 3 || !parts.every((part) => /^[A-Z][0-9A-Z]{11}$/.test(part))) return null;
  const [listingRefnum, sellerRefnum, buyerRefnum] = parts as [string, string, string];
  return { listingRefnum, sellerRefnum, buyerRefnum };
}

/** 'Please select an address at zip code {zip}'. */
export function wrongPickupZipMessage(itemZip: string): string {
  return `Please select an address at zip code ${itemZip}`;
}

export interface PickupAddressProblem {
  /** 'warning' shows an orange toast that stays; 'error' a red one. */
  severity: 'warning' | 'error';
  message: string;
}

/** Why the chosen pickup address cannot be used for an item at `itemZip`; null when it can. */
export function pickupAddressProblem(
  selected: { zip: string } | null | undefined,
  itemZip: string,
): PickupAddressProblem | null {
  if (!selected) return { severity: 'warning', message: donationMessages.selectAddress };
  if (selected.zip.trim() !== itemZip.trim())
    return { severity: 'error', message: wrongPickupZipMessage(itemZip.trim()) };
  return null;
}

/** The add-new-address option is hidden once the donor has 4 pickup addresses. */
export function canAddPickupAddress(addressCount: number): boolean {
  return addressCount < MAX_PICKUP_ADDRESSES;
}

/**
 * The build-time donation flag's value (`PUBLIC_DONATION_ENABLED`): on only when set to 'true'
 * (the spec makes donation opt-in). The storefront, the console and the api read the one variable.
 */
export function donationFlag(value: string | undefined): boolean {
  return value?.trim().toLowerCase() === 'true';
}
