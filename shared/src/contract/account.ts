import { z } from 'zod';
import { addressFields, zipCodeSchema } from '../rules/address';
import { bankAccountSchema, individualFields } from '../rules/bank-account';
import { communicationMessages, MAIL_LISTS } from '../rules/communication';
import { PAGE_SIZES } from '../rules/constants';
import { emailSchema } from '../rules/email';
import { distinctNames, nameSchema } from '../rules/names';
import { phoneSchema } from '../rules/phone';
import { defineCall } from './call';
import { pageFields, pageOf, refnumSchema, successSchema } from './common';
import { companyStatusSchema, listingCardSchema } from './listings';

// ---- Profiles (spec section 3, Profile) ----

/** What anyone may see of a person: never their email, phone or addresses. */
export const profileSchema = z.object({
  user: z.object({
    refnum: refnumSchema,
    name: z.string(),
    location: z.string().nullable(),
    /** Relative to the site (`/svc/files/...`), or null without a picture. */
    pictureUrl: z.string().nullable(),
    isProfessionVerified: z.boolean(),
    isprogressiveAccount: z.boolean(),
    referralPath: z.string(),
  }),
  organization: z.object({ name: z.string(), status: companyStatusSchema }).nullable(),
  userratings: z.object({ rating: z.number(), count: z.number().int() }),
  itemsSold: z.number().int(),
});
export type Profile = z.infer<typeof profileSchema>;

export const profileCall = defineCall({
  method: 'GET',
  path: '/users/profile',
  auth: 'optional',
  summary: "A person's public profile by refnum",
  query: z.object({ userRefnum: refnumSchema }),
  response: profileSchema,
});

/** The signed-in person's own profile, with what only they may see (settings read it). */
export const fullProfileSchema = profileSchema.extend({
  account: z.object({
    nameFirst: z.string(),
    nameLast: z.string(),
    email: z.string(),
    alternateEmail: z.string().nullable(),
    phoneNumber: z.string().nullable(),
    zip: z.string().nullable(),
    hasPassword: z.boolean(),
  }),
});
export type FullProfile = z.infer<typeof fullProfileSchema>;

export const fullProfileCall = defineCall({
  method: 'GET',
  path: '/users/full-profile',
  auth: 'required',
  summary: 'The signed-in person: profile and account details',
  response: fullProfileSchema,
});

/** An optional text field: blank counts as absent. */
function optionalText<S extends z.ZodType<string, string>>(schema: S) {
  return z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), schema.optional());
}

/** Settings, account tab: location by zip, optional alternate email and phone (names: updatename). */
export const updateProfileBodySchema = z.object({
  zip: optionalText(zipCodeSchema),
  alternateEmail: optionalText(emailSchema),
  phoneNumber: optionalText(phoneSchema),
});
export type UpdateProfile = z.output<typeof updateProfileBodySchema>;

export const updateProfileCall = defineCall({
  method: 'POST',
  path: '/account/updateProfile',
  auth: 'required',
  summary: 'Change location (zip), alternate email and phone',
  body: updateProfileBodySchema,
  response: fullProfileSchema,
});

/** Settings, account tab: first and last name with the rules of spec section 5. */
export const updateNameBodySchema = nameSchema;
export type UpdateName = z.output<typeof updateNameBodySchema>;

export const updateNameCall = defineCall({
  method: 'POST',
  path: '/account/updatename',
  auth: 'required',
  summary: 'Change your first and last name (spec section 7, Account)',
  body: updateNameBodySchema,
  response: fullProfileSchema,
});

export const profilePictureSchema = z.object({ pictureUrl: z.string().nullable() });

export const deleteProfilePictureCall = defineCall({
  method: 'DELETE',
  path: '/users/profile/picture',
  auth: 'required',
  summary: 'Remove the profile picture',
  response: profilePictureSchema,
});

/** Multipart with one part named `file`. */
export const uploadProfilePictureCall = defineCall({
  method: 'POST',
  path: '/users/profile/picture',
  auth: 'required',
  upload: 'file',
  summary: 'Upload a profile picture (multipart, field file): checked by content, re-encoded without metadata',
  response: profilePictureSchema,
});

export const profileListingsCall = defineCall({
  method: 'GET',
  path: '/users/listings',
  auth: 'optional',
  summary: "A person's listings for their profile: active ones for others, all but drafts for themselves",
  query: z.object({
    userRefnum: refnumSchema,
    ...pageFields({ size: PAGE_SIZES.profileListings, maxSize: 50 }),
  }),
  response: pageOf(listingCardSchema),
});

// ---- Addresses (spec sections 3 and 7) ----

export const addressSchemaOut = z.object({
  id: refnumSchema,
  userId: refnumSchema,
  firstName: z.string(),
  lastName: z.string(),
  line1: z.string(),
  line2: z.string().nullable(),
  city: z.string(),
  state: z.string(),
  zip: z.string(),
  phoneNo: z.string(),
  primary: z.boolean(),
});
export type SavedAddress = z.infer<typeof addressSchemaOut>;

/** The address form; with `id` it edits that address. */
export const saveAddressBodySchema = z
  .object({ ...addressFields, id: refnumSchema.optional() })
  .superRefine(distinctNames('firstName', 'lastName'));

export const saveAddressCall = defineCall({
  method: 'POST',
  path: '/account/saveAddress',
  auth: 'required',
  summary: 'Add an address, or edit one of yours (with id); the first one is primary',
  body: saveAddressBodySchema,
  response: addressSchemaOut,
});

export const fetchAddressesCall = defineCall({
  method: 'GET',
  path: '/account/fetchAddresses',
  auth: 'required',
  summary: 'Your saved addresses, the primary first',
  response: z.array(addressSchemaOut),
});

export const deleteAddressCall = defineCall({
  method: 'POST',
  path: '/account/deleteAddress',
  auth: 'required',
  summary: 'Delete one of your addresses; another becomes primary if it was',
  query: z.object({ addressId: refnumSchema }),
  response: successSchema,
});

// ---- Communication preferences ----

export const communicationPreferencesSchema = z.object(
  Object.fromEntries(MAIL_LISTS.map((list) => [list, z.boolean()])) as Record<
    (typeof MAIL_LISTS)[number],
    z.ZodBoolean
  >,
);
export type CommunicationPreferences = z.infer<typeof communicationPreferencesSchema>;

export const communicationPreferencesCall = defineCall({
  method: 'GET',
  path: '/account/communicationPreferences',
  auth: 'required',
  summary: 'Which optional mails you get',
  response: communicationPreferencesSchema,
});

const toggleQuery = z.object({
  enabled: z.enum(['true', 'false'], { error: communicationMessages.enabledFlag }).transform((v) => v === 'true'),
});

function preferenceCall(path: string, summary: string) {
  return defineCall({
    method: 'POST',
    path,
    auth: 'required',
    summary,
    query: toggleQuery,
    response: communicationPreferencesSchema,
  });
}

export const setProductRecommendationsCall = preferenceCall(
  '/account/setProductRecommendations',
  'Turn product recommendation mails on or off',
);
export const setOffersAndMessagesUpdatesCall = preferenceCall(
  '/account/setOffersAndMessagesUpdates',
  'Turn offer and message update mails on or off',
);
export const setRentalMessagesUpdatesCall = preferenceCall(
  '/account/setRentalMessagesUpdates',
  'Turn rental message update mails on or off',
);
export const setSavedSearchAlertsCall = preferenceCall(
  '/account/setSavedSearchAlerts',
  "Turn the daily mail of your saved searches' new matches on or off",
);

/** The id of an /unsubscribe link: long and random, so it cannot be guessed. */
export const unsubscribeIdSchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]{32,64}$/, communicationMessages.unsubscribeIdInvalid);

export const unsubscribeInfoCall = defineCall({
  method: 'GET',
  path: '/account/unsubscribe',
  auth: 'none',
  summary: 'What an unsubscribe link is about: the masked address and its choices (no log-in)',
  query: z.object({ id: unsubscribeIdSchema }),
  response: z.object({ email: z.string(), preferences: communicationPreferencesSchema }),
});

export const unsubscribeCall = defineCall({
  method: 'POST',
  path: '/account/unsubscribe',
  auth: 'none',
  summary: 'Change the choices of an unsubscribe link (no log-in)',
  body: communicationPreferencesSchema.partial().extend({ id: unsubscribeIdSchema }),
  response: z.object({ email: z.string(), preferences: communicationPreferencesSchema }),
});

// ---- Bank account for payouts ----

export const bankAccountOutSchema = z.object({
  accountHolder: z.string(),
  routingNumber: z.string(),
  /** Only the last four digits: the full number is never sent back. */
  accountNumberMasked: z.string(),
  /** Whether the date of birth and the SSN's last 4 were given (they are never sent back); always sent by the api. */
  individualGiven: z.boolean().optional(),
});
export type BankAccount = z.infer<typeof bankAccountOutSchema>;

export const bankAccountCall = defineCall({
  method: 'GET',
  path: '/account/bankAccount',
  auth: 'required',
  summary: 'Where your payouts go (masked), or null',
  response: bankAccountOutSchema.nullable(),
});

export const saveBankAccountCall = defineCall({
  method: 'POST',
  path: '/account/saveBankAccount',
  auth: 'required',
  summary:
    "Set where your payouts go, and who you are for the payment provider (dob MM/DD/YYYY and idNumber, the SSN's last 4: sent to it, kept sealed, never shown)",
  body: bankAccountSchema.extend({
    dob: individualFields.dob.optional(),
    idNumber: individualFields.idNumber.optional(),
  }),
  response: bankAccountOutSchema,
});

export const deleteBankAccountCall = defineCall({
  method: 'POST',
  path: '/account/deleteBankAccount',
  auth: 'required',
  summary: 'Remove your payout bank account',
  response: successSchema,
});

/** The account module's calls: the settings tabs, addresses, mail preferences and the payout account. */
export const accountCalls = {
  updateName: updateNameCall,
  updateProfile: updateProfileCall,
  fetchAddresses: fetchAddressesCall,
  saveAddress: saveAddressCall,
  deleteAddress: deleteAddressCall,
  communicationPreferences: communicationPreferencesCall,
  setProductRecommendations: setProductRecommendationsCall,
  setOffersAndMessagesUpdates: setOffersAndMessagesUpdatesCall,
  setRentalMessagesUpdates: setRentalMessagesUpdatesCall,
  setSavedSearchAlerts: setSavedSearchAlertsCall,
  unsubscribeInfo: unsubscribeInfoCall,
  unsubscribe: unsubscribeCall,
  bankAccount: bankAccountCall,
  saveBankAccount: saveBankAccountCall,
  deleteBankAccount: deleteBankAccountCall,
} as const;

/** Profiles: a person's public page, their own full profile, listings and picture (reviews: feedback.ts). */
export const profileCalls = {
  byRefnum: profileCall,
  full: fullProfileCall,
  listings: profileListingsCall,
  uploadPicture: uploadProfilePictureCall,
  deletePicture: deleteProfilePictureCall,
} as const;
