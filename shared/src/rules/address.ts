/** The saved-address form: fields, the 50 US states, and its texts (spec sections 2, 3, 5 and 8). */
import { z } from 'zod';
import { distinctNames, firstNameSchema, lastNameSchema } from './names';
import { phoneSchema } from './phone';

export const ADDRESS_LINE_MAX = 35;
export const ZIP_PATTERN = /^\d{5}$/;

export const addressMessages = {
  line1Required: 'Enter address',
  line1TooLong: 'Address line 1 cannot exceed 35 characters',
  line2TooLong: 'Address line 2 cannot exceed 35 characters',
  cityRequired: 'Enter city',
  stateRequired: 'Select state',
  zipRequired: 'Enter zip code',
  zipInvalid: 'Please enter a valid US Zip Code',
} as const;

export const ADDRESS_FORM_TITLES = { add: 'Add New Address', edit: 'Edit Address' } as const;

export const addressToasts = {
  added: 'Successfully added address',
  updated: 'Successfully updated address',
  deleted: 'Successfully deleted address',
  deleteError: 'Error deleting address, please try again',
  fetchError: 'There was an error fetching your addresses, please try again',
  fetchErrorShort: 'Error fetching Addresses',
} as const;

export const addressPrompts = {
  leaveUnsaved: 'The address is not saved. Do you want to leave?',
  leaveNotUpdated: 'The address is not updated. Do you want to leave?',
  selectAnotherUnsaved: 'The address is not saved. Do you want to select another address?',
  confirmDelete: 'Are you sure you want to delete this address?',
} as const;

export interface UsState {
  name: string;
  abbreviation: string;
}

/** The 50 US states (no DC or territories), in alphabetical order of name. */
export const US_STATES = [
  { name: 'Alabama', abbreviation: 'AL' },
  { name: 'Alaska', abbreviation: 'AK' },
  { name: 'Arizona', abbreviation: 'AZ' },
  { name: 'Arkansas', abbreviation: 'AR' },
  { name: 'California', abbreviation: 'CA' },
  { name: 'Colorado', abbreviation: 'CO' },
  { name: 'Connecticut', abbreviation: 'CT' },
  { name: 'Delaware', abbreviation: 'DE' },
  { name: 'Florida', abbreviation: 'FL' },
  { name: 'Georgia', abbreviation: 'GA' },
  { name: 'Hawaii', abbreviation: 'HI' },
  { name: 'Idaho', abbreviation: 'ID' },
  { name: 'Illinois', abbreviation: 'IL' },
  { name: 'Indiana', abbreviation: 'IN' },
  { name: 'Iowa', abbreviation: 'IA' },
  { name: 'Kansas', abbreviation: 'KS' },
  { name: 'Kentucky', abbreviation: 'KY' },
  { name: 'Louisiana', abbreviation: 'LA' },
  { name: 'Maine', abbreviation: 'ME' },
  { name: 'Maryland', abbreviation: 'MD' },
  { name: 'Massachusetts', abbreviation: 'MA' },
  { name: 'Michigan', abbreviation: 'MI' },
  { name: 'Minnesota', abbreviation: 'MN' },
  { name: 'Mississippi', abbreviation: 'MS' },
  { name: 'Missouri', abbreviation: 'MO' },
  { name: 'Montana', abbreviation: 'MT' },
  { name: 'Nebraska', abbreviation: 'NE' },
  { name: 'Nevada', abbreviation: 'NV' },
  { name: 'New Hampshire', abbreviation: 'NH' },
  { name: 'New Jersey', abbreviation: 'NJ' },
  { name: 'New Mexico', abbreviation: 'NM' },
  { name: 'New York', abbreviation: 'NY' },
  { name: 'North Carolina', abbreviation: 'NC' },
  { name: 'North Dakota', abbreviation: 'ND' },
  { name: 'Ohio', abbreviation: 'OH' },
  { name: 'Oklahoma', abbreviation: 'OK' },
  { name: 'Oregon', abbreviation: 'OR' },
  { name: 'Pennsylvania', abbreviation: 'PA' },
  { name: 'Rhode Island', abbreviation: 'RI' },
  { name: 'South Carolina', abbreviation: 'SC' },
  { name: 'South Dakota', abbreviation: 'SD' },
  { name: 'Tennessee', abbreviation: 'TN' },
  { name: 'Texas', abbreviation: 'TX' },
  { name: 'Utah', abbreviation: 'UT' },
  { name: 'Vermont', abbreviation: 'VT' },
  { name: 'Virginia', abbreviation: 'VA' },
  { name: 'Washington', abbreviation: 'WA' },
  { name: 'West Virginia', abbreviation: 'WV' },
  { name: 'Wisconsin', abbreviation: 'WI' },
  { name: 'Wyoming', abbreviation: 'WY' },
] as const satisfies readonly UsState[];

export type UsStateAbbreviation = (typeof US_STATES)[number]['abbreviation'];

export const US_STATE_ABBREVIATIONS = US_STATES.map((s) => s.abbreviation) as [
  UsStateAbbreviation,
  ...UsStateAbbreviation[],
];

/**
 * The state a type-ahead entry names, by abbreviation or full name, ignoring case and outer
 * spaces ('ca', 'New York'); undefined when it matches none, so the field can be cleared on blur.
 */
export function findUsState(text: string): UsState | undefined {
  const wanted = text.trim().toLowerCase();
  return US_STATES.find((s) => s.abbreviation.toLowerCase() === wanted || s.name.toLowerCase() === wanted);
}

/** A state abbreviation; lower case and outer spaces are forgiven ('ca ' → 'CA'). */
export const stateSchema = z
  .string({ error: addressMessages.stateRequired })
  .trim()
  .toUpperCase()
  .pipe(z.enum(US_STATE_ABBREVIATIONS, { error: addressMessages.stateRequired }));

/** Five digits, outer spaces forgiven: the one zip rule. */
export function isZip(text: string): boolean {
  return ZIP_PATTERN.test(text.trim());
}

/** A US zip code where one is given (sign-up, settings, a listing, a search): the zip rule and its message. */
export const zipCodeSchema = z
  .string({ error: addressMessages.zipInvalid })
  .trim()
  .regex(ZIP_PATTERN, addressMessages.zipInvalid);

/** A zip the person must give (an address, the location dialog): blank is "Enter zip code", then the zip rule. */
export const zipSchema = z
  .string({ error: addressMessages.zipRequired })
  .trim()
  .min(1, { message: addressMessages.zipRequired, abort: true })
  .pipe(zipCodeSchema);

/** The address form's fields, for composing (e.g. adding an id in the contract); pair with `distinctNames`. */
export const addressFields = {
  firstName: firstNameSchema,
  lastName: lastNameSchema,
  line1: z
    .string({ error: addressMessages.line1Required })
    .trim()
    .min(1, { message: addressMessages.line1Required, abort: true })
    .max(ADDRESS_LINE_MAX, addressMessages.line1TooLong),
  line2: z.string().trim().max(ADDRESS_LINE_MAX, addressMessages.line2TooLong).optional(),
  city: z.string({ error: addressMessages.cityRequired }).trim().min(1, addressMessages.cityRequired),
  state: stateSchema,
  zip: zipSchema,
  phoneNo: phoneSchema,
  primary: z.boolean().default(false),
};

export const addressSchema = z.object(addressFields).superRefine(distinctNames('firstName', 'lastName'));

export type AddressInput = z.input<typeof addressSchema>;
export type Address = z.output<typeof addressSchema>;
