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
} as const;

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
