/**
 * Ship packages (spec section 3, issue 19): the parcel sizes a seller picks when buying a label.
 * One table, read by the label page, the rates call and every carrier (the built-in one prices
 * by weight and distance, Shippo by these dimensions).
 */
export interface ParcelPreset {
  /** Its name as the label page shows it. */
  label: string;
  lengthIn: number;
  widthIn: number;
  heightIn: number;
  /** The heaviest it may weigh, in pounds (never above the listing's 20 lbs). */
  maxLbs: number;
}

export const PARCEL_PRESETS = Object.freeze({
  envelope: { label: 'Padded envelope', lengthIn: 12, widthIn: 9, heightIn: 1, maxLbs: 1 },
  small: { label: 'Small box', lengthIn: 9, widthIn: 6, heightIn: 3, maxLbs: 3 },
  medium: { label: 'Medium box', lengthIn: 14, widthIn: 10, heightIn: 6, maxLbs: 10 },
  large: { label: 'Large box', lengthIn: 18, widthIn: 14, heightIn: 12, maxLbs: 20 },
} as const satisfies Record<string, ParcelPreset>);

export type ParcelName = keyof typeof PARCEL_PRESETS;
export const PARCEL_NAMES = Object.keys(PARCEL_PRESETS) as [ParcelName, ...ParcelName[]];

/** Where a parcel is, as every carrier's events are mapped to (Shippo's statuses, the built-in carrier's steps). */
export const PARCEL_STATUSES = ['pre_transit', 'in_transit', 'out_for_delivery', 'delivered', 'exception'] as const;
export type ParcelStatus = (typeof PARCEL_STATUSES)[number];

export const PARCEL_STATUS_LABELS: Record<ParcelStatus, string> = {
  pre_transit: 'Label created',
  in_transit: 'In transit',
  out_for_delivery: 'Out for delivery',
  delivered: 'Delivered',
  exception: 'Delivery problem',
};

/** The smallest preset a listing of `weightLbs` fits in. */
export function parcelFor(weightLbs: number): ParcelName {
  return PARCEL_NAMES.find((name) => weightLbs <= PARCEL_PRESETS[name].maxLbs) ?? 'large';
}

const SERVICE_NAMES: Record<string, string> = { ground: 'Ground', priority: 'Priority', express: 'Express' };

/** A carrier's service token as a person reads it: 'ground' → 'Ground', 'usps_priority' → 'Usps Priority'. */
export function shippingServiceName(service: string): string {
  return (
    SERVICE_NAMES[service] ??
    service
      .split('_')
      .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
      .join(' ')
  );
}

export const shippingMessages = {
  onlySeller: 'Only the seller of this order can buy or print its shipping label',
  onlyParties: 'Only the buyer and the seller of this order can follow its parcel',
  pickupOrder: 'This order is picked up in person: it has no shipping label',
  alreadyBought: 'A shipping label was already bought for this order',
  notPaid: 'A shipping label can only be bought for a paid order that has not shipped',
  tooHeavy: 'This item is too heavy for that parcel: choose a bigger one',
  noService: 'That shipping service is not offered for this parcel: choose one of the rates shown',
  noLabel: 'This order has no shipping label yet',
  labelNotFound: 'This shipping label does not exist',
  labelLinkExpired: 'This label link has expired: open the label again from its page',
  labelLinkInvalid: 'This label link is not valid: open the label again from its page',
  labelOverShare: 'This label costs more than your share of the sale: choose a cheaper service or a smaller parcel',
  carrierFailed: 'The carrier could not make the label just now: try again in a minute',
  deductedFromPayout: 'deducted from your payout',
  onlyBuyerConfirms: 'Only the buyer confirms that a shipped order arrived',
  parcelRequired: 'Choose a parcel size',
  serviceRequired: 'Choose a shipping service',
} as const;
