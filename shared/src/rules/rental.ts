/** What a rental listing may be (issue 20): its limits, its attribute lists, fair-housing words, rent bands. */

export const MAX_RENTAL_PHOTOS = 8;
export const MAX_RENTAL_TITLE_LENGTH = 100;
export const MAX_RENTAL_DESCRIPTION_LENGTH = 5000;
/** The highest monthly rent or deposit a listing may ask: $100,000, in cents. */
export const MAX_RENT_CENTS = 100_000 * 100;
export const MAX_BEDROOMS = 20;
export const MAX_BATHROOMS = 20;
export const MAX_SQUARE_FEET = 100_000;

/**
 * The attribute lists a rental form offers, as `GET /rental/properties` answers them. These are
 * the seeded defaults; the console edits the rows (table `rental_properties`), which win.
 */
export const RENTAL_PROPERTY_KINDS = ['propertyType', 'parking', 'laundry', 'leaseMonths'] as const;
export type RentalPropertyKind = (typeof RENTAL_PROPERTY_KINDS)[number];

export const DEFAULT_RENTAL_PROPERTIES: Record<RentalPropertyKind, readonly { value: string; label: string }[]> = {
  propertyType: [
    { value: 'apartment', label: 'Apartment' },
    { value: 'house', label: 'House' },
    { value: 'condo', label: 'Condo' },
    { value: 'townhouse', label: 'Townhouse' },
    { value: 'room', label: 'Room' },
  ],
  parking: [
    { value: 'none', label: 'No parking' },
    { value: 'street', label: 'Street parking' },
    { value: 'driveway', label: 'Driveway' },
    { value: 'garage', label: 'Garage' },
    { value: 'covered', label: 'Covered parking' },
  ],
  laundry: [
    { value: 'none', label: 'No laundry' },
    { value: 'in_unit', label: 'In unit' },
    { value: 'in_building', label: 'In building' },
    { value: 'hookups', label: 'Hookups' },
  ],
  leaseMonths: [
    { value: '1', label: 'Month to month' },
    { value: '6', label: '6 months' },
    { value: '12', label: '12 months' },
    { value: '18', label: '18 months' },
    { value: '24', label: '24 months' },
  ],
};

/** Bedrooms as a person reads them: 0 is a studio. */
export function bedroomsLabel(bedrooms: number): string {
  if (bedrooms === 0) return 'Studio';
  return bedrooms === 1 ? '1 bed' : `${bedrooms} beds`;
}

/** Bathrooms in half steps (1.5): as a person reads them. */
export function bathroomsLabel(bathrooms: number): string {
  return bathrooms === 1 ? '1 bath' : `${bathrooms} baths`;
}

/** Bathrooms come in half steps: 1, 1.5, 2. */
export function isHalfStep(value: number): boolean {
  return Number.isInteger(value * 2);
}

/** The monthly-rent bands search counts (facet `price`), in cents; the last is open-ended. */
export const RENT_BANDS = [
  { value: '0-100000', label: 'Under $1,000', min: 0, max: 100_000 },
  { value: '100000-150000', label: '$1,000 to $1,500', min: 100_000, max: 150_000 },
  { value: '150000-200000', label: '$1,500 to $2,000', min: 150_000, max: 200_000 },
  { value: '200000-300000', label: '$2,000 to $3,000', min: 200_000, max: 300_000 },
  { value: '300000-', label: '$3,000 and up', min: 300_000, max: null },
] as const;

/** The words a person reads when a rental field is wrong, the same in the browser and on the server. */
export const rentalMessages = {
  titleRequired: 'Please enter a title',
  titleTooLong: `Title can be at most ${MAX_RENTAL_TITLE_LENGTH} characters`,
  descriptionRequired: 'Please enter a description',
  descriptionTooLong: `Description can be at most ${MAX_RENTAL_DESCRIPTION_LENGTH} characters`,
  propertyTypeRequired: 'Please choose a property type',
  bedroomsInvalid: `Bedrooms must be a whole number from 0 (studio) to ${MAX_BEDROOMS}`,
  bathroomsInvalid: `Bathrooms must be from 0 to ${MAX_BATHROOMS} in half steps`,
  squareFeetInvalid: `Square feet must be a whole number up to ${MAX_SQUARE_FEET.toLocaleString('en-US')}`,
  rentInvalid: 'Please enter the monthly rent',
  rentTooHigh: 'The rent can be at most $100,000 a month',
  depositInvalid: 'Please enter a valid deposit',
  availableFromInvalid: 'Please enter the date the place is available from',
  leaseRequired: 'Please choose a lease length',
  parkingRequired: 'Please choose the parking',
  laundryRequired: 'Please choose the laundry',
  photoLimit: `You can add up to ${MAX_RENTAL_PHOTOS} photos`,
  notYours: 'You can only change your own listings',
  notFound: 'Error fetching data, please try again',
  alreadyReported: 'You have already reported this listing',
  ownListing: 'You cannot report your own listing',
  cannotMessageSelf: 'You cannot message yourself about your own listing',
  cannotFavouriteOwn: 'You cannot save your own listing',
  cityRequired: 'Please enter the city',
  calendarDayInvalid: 'Please enter a date as YYYY-MM-DD',
  rentOrder: 'Minimum rent must not be above the maximum',
} as const;

/** What the console's rental attribute lists answer (issue 20 §4). */
export const rentalConsoleMessages = {
  listRequired: 'Choose a list',
  labelRequired: 'Enter a label',
  labelTooLong: 'Keep the label to 60 characters',
  propertyValueTaken: 'This value is already in this list: choose another value or edit the existing one',
  propertyValueInvalid: 'Use lowercase letters, digits, hyphens and underscores only (up to 40 characters)',
  leaseValueInvalid: 'A lease length is a number of months from 1 to 120',
  lastPropertyValue: 'Each list keeps at least one value: add another before deleting this one',
  /** Deleting, or changing the value or list of, a row that live rentals still use. */
  propertyInUse: (listings: number) =>
    `In use by ${listings} ${listings === 1 ? 'listing' : 'listings'}: change ${listings === 1 ? 'it' : 'them'} first, or keep this value (its label can still be edited)`,
} as const;

/**
 * Phrases the Fair Housing Act (and HUD's advertising guidance) forbids in a rental ad: a
 * preference about familial status, disability, race, colour, religion, sex or national origin.
 * A landlord is warned, before publishing, with the phrase highlighted; it is a warning, not a
 * refusal, because context decides ('no kids' in 'no kids' toys left behind' is harmless).
 */
export const FAIR_HOUSING_PHRASES: readonly { pattern: RegExp; reason: string }[] = [
  { pattern: /\bno (kids|children|families)\b/i, reason: 'familial status' },
  { pattern: /\badults? only\b/i, reason: 'familial status' },
  { pattern: /\b(perfect|ideal) for (a )?(single|couple|empty[- ]nesters?)\b/i, reason: 'familial status' },
  { pattern: /\bno (disabled|handicapped|wheelchairs?)\b/i, reason: 'disability' },
  { pattern: /\bmust be able to climb stairs\b/i, reason: 'disability' },
  { pattern: /\bno (section 8|vouchers?)\b/i, reason: 'source of income (in many states and cities)' },
  { pattern: /\b(whites?|blacks?|hispanics?|asians?) only\b/i, reason: 'race or colour' },
  { pattern: /\b(christians?|muslims?|jews|jewish|catholics?) only\b/i, reason: 'religion' },
  { pattern: /\b(male|female|men|women)s? only\b/i, reason: 'sex' },
  { pattern: /\b(english speakers?|americans?) only\b/i, reason: 'national origin' },
  { pattern: /\bno (immigrants|foreigners)\b/i, reason: 'national origin' },
];

export interface FairHousingFlag {
  /** The phrase as written, to highlight. */
  phrase: string;
  /** Where it starts in the text. */
  index: number;
  reason: string;
}

/** The forbidden phrases in `text`, in order of appearance. */
export function fairHousingFlags(text: string): FairHousingFlag[] {
  const flags: FairHousingFlag[] = [];
  for (const { pattern, reason } of FAIR_HOUSING_PHRASES) {
    const global = new RegExp(pattern.source, 'gi');
    for (const match of text.matchAll(global)) flags.push({ phrase: match[0], index: match.index ?? 0, reason });
  }
  return flags.sort((a, b) => a.index - b.index);
}

export const fairHousingWarning =
  'Fair housing rules forbid some phrases in a rental ad. Please review the highlighted words before publishing.';
