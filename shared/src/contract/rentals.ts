import { z } from 'zod';
import { stateSchema, zipCodeSchema } from '../rules/address';
import {
  isHalfStep,
  MAX_BATHROOMS,
  MAX_BEDROOMS,
  MAX_RENT_CENTS,
  MAX_RENTAL_DESCRIPTION_LENGTH,
  MAX_RENTAL_PHOTOS,
  MAX_RENTAL_TITLE_LENGTH,
  MAX_SQUARE_FEET,
  RENTAL_PROPERTY_KINDS,
  rentalMessages,
} from '../rules/rental';
import { RENTAL_STATES } from '../rules/rental-process';
import { REPORT_REASON_CODES, reportMessages } from '../rules/reports';
import { defineCall } from './call';
import { centsSchema, isoDateTimeSchema, pageOf, pageQuerySchema, refnumSchema } from './common';
import {
  formPictureListSchema,
  formPictureSchema,
  pictureQueryOf,
  remainingPicturesSchema,
  uploadedPictureSchema,
  workingCopySchema,
} from './photo-form';

/**
 * The rentals section's listings (issue 20; spec sections 2, 3, 7): the card, the page, the form
 * and its photos, landlords' lists and actions, reports, the attribute lists. Paths are as the
 * spec gives them, from the site's root (`root: true`). The section's search, saved places,
 * conversations and notifications are in rental-search.ts, rental-favourites.ts,
 * rental-messages.ts and notifications.ts, beside the modules that serve them.
 */

/** A real calendar day written YYYY-MM-DD (not 2026-02-30). */
export function isCalendarDay(day: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return false;
  const date = new Date(`${day}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(day);
}
export const calendarDaySchema = z.string().refine(isCalendarDay, rentalMessages.calendarDayInvalid);

export const rentalStateSchema = z.enum(RENTAL_STATES);

/** A rental card (spec section 3: refnum, title, pictureUrl, address, expectedRent, available, landLordRefnum). */
export const rentalCardSchema = z.object({
  refnum: refnumSchema,
  title: z.string(),
  /** Main photo; append `?w=253&h=210` for the card size. Null when it has none. */
  pictureUrl: z.string().nullable(),
  /** 'City, ST 12345', with the street line first only when the landlord chose to show it. */
  address: z.string(),
  /** Monthly rent in cents. */
  expectedRent: centsSchema,
  /** False once rented (the card shows 'Rented'), deactivated or deleted. */
  available: z.boolean(),
  landLordRefnum: refnumSchema,
  propertyType: z.string(),
  bedrooms: z.number().int(),
  bathrooms: z.number(),
  squareFeet: z.number().int().nullable(),
  availableFrom: z.string(),
  deleted: z.boolean(),
  /** Where the listing is in its life (rules/rental-process.ts): what the landlord's buttons read. */
  rentalState: rentalStateSchema,
  createdAt: isoDateTimeSchema,
});
export type RentalCard = z.infer<typeof rentalCardSchema>;

export const rentalPageSchema = pageOf(rentalCardSchema);

export const rentalPictureSchema = formPictureSchema;
export const rentalPictureListSchema = formPictureListSchema;

export const rentalLandlordSchema = z.object({
  userRefnum: refnumSchema,
  name: z.string(),
  pictureUrl: z.string().nullable(),
  memberSince: isoDateTimeSchema,
});

/** A rental's lease terms, as its page and the console show them. */
export const rentalTermsSchema = z.object({
  leaseMonths: z.number().int(),
  cats: z.boolean(),
  dogs: z.boolean(),
  parking: z.string(),
  laundry: z.string(),
  furnished: z.boolean(),
  utilitiesIncluded: z.boolean(),
});

/** A rental's page: the card, every fact, the photos and the landlord. */
export const rentalDetailSchema = rentalCardSchema.extend({
  description: z.string(),
  deposit: centsSchema,
  ...rentalTermsSchema.shape,
  /** The street line: null in public answers unless the landlord chose to show it (always given to the landlord). */
  line1: z.string().nullable(),
  city: z.string(),
  /** The US state's abbreviation, as the form sends it. */
  state: z.string(),
  zip: z.string(),
  showStreet: z.boolean(),
  /** The zip's centre rounded to two decimals (about a kilometre): never the exact place. */
  location: z.object({ latitude: z.number(), longitude: z.number() }).nullable(),
  pictures: rentalPictureListSchema,
  landlord: rentalLandlordSchema,
  /** The caller is its landlord. */
  mine: z.boolean(),
});
export type RentalDetail = z.infer<typeof rentalDetailSchema>;

const int = (message: string, min: number, max: number) =>
  z.number({ error: message }).int(message).min(min, message).max(max, message);
const flag = z.boolean().default(false);

/** The create form (and relist's edit), checked the same in the browser and on the server. */
export const rentalFormSchema = z.object({
  /** Set to edit an existing listing; absent to create one. */
  refnum: refnumSchema.optional(),
  inputSourceRandomRefnum: refnumSchema,
  title: z
    .string({ error: rentalMessages.titleRequired })
    .trim()
    .min(1, rentalMessages.titleRequired)
    .max(MAX_RENTAL_TITLE_LENGTH, rentalMessages.titleTooLong),
  description: z
    .string({ error: rentalMessages.descriptionRequired })
    .trim()
    .min(1, rentalMessages.descriptionRequired)
    .max(MAX_RENTAL_DESCRIPTION_LENGTH, rentalMessages.descriptionTooLong),
  /** One of `GET /rental/properties`' propertyType values (checked on the server against the console's list). */
  propertyType: z
    .string({ error: rentalMessages.propertyTypeRequired })
    .trim()
    .min(1, rentalMessages.propertyTypeRequired)
    .max(40),
  bedrooms: int(rentalMessages.bedroomsInvalid, 0, MAX_BEDROOMS),
  bathrooms: z
    .number({ error: rentalMessages.bathroomsInvalid })
    .min(0, rentalMessages.bathroomsInvalid)
    .max(MAX_BATHROOMS, rentalMessages.bathroomsInvalid)
    .refine(isHalfStep, rentalMessages.bathroomsInvalid),
  squareFeet: int(rentalMessages.squareFeetInvalid, 1, MAX_SQUARE_FEET)
    .nullish()
    .transform((v) => v ?? null),
  /** Monthly rent in integer cents. */
  expectedRent: z
    .number({ error: rentalMessages.rentInvalid })
    .int(rentalMessages.rentInvalid)
    .min(1, rentalMessages.rentInvalid)
    .max(MAX_RENT_CENTS, rentalMessages.rentTooHigh),
  deposit: int(rentalMessages.depositInvalid, 0, MAX_RENT_CENTS).default(0),
  availableFrom: z
    .string({ error: rentalMessages.availableFromInvalid })
    .refine(isCalendarDay, rentalMessages.availableFromInvalid),
  /** One of the leaseMonths values, as a number of months. */
  leaseMonths: int(rentalMessages.leaseRequired, 1, 120),
  cats: flag,
  dogs: flag,
  parking: z.string({ error: rentalMessages.parkingRequired }).trim().min(1, rentalMessages.parkingRequired).max(40),
  laundry: z.string({ error: rentalMessages.laundryRequired }).trim().min(1, rentalMessages.laundryRequired).max(40),
  furnished: flag,
  utilitiesIncluded: flag,
  line1: z.string().trim().max(200).default(''),
  city: z.string().trim().min(1, rentalMessages.cityRequired).max(100),
  state: stateSchema,
  zip: zipCodeSchema,
  /** Show the street line publicly; otherwise only city, state and zip are shown. */
  showStreet: z.boolean().default(true),
  /** Save without publishing. */
  draft: z.boolean().default(false),
});
export type RentalForm = z.input<typeof rentalFormSchema>;

const refnumBody = z.object({ refnum: refnumSchema });
/** What a landlord's change answers: the listing and where it now is in its life. */
const rentalStateAnswer = z.object({ refnum: refnumSchema, state: rentalStateSchema });
/** The same, with whether the place is on the market now. */
const rentalAvailabilityAnswer = z.object({ refnum: refnumSchema, available: z.boolean(), state: rentalStateSchema });

export const rentalDraftCall = defineCall({
  method: 'GET',
  path: '/rental/listings/inputSourceRandomRefnum',
  root: true,
  auth: 'required',
  summary: "A working copy for the rental form's photos; with refnum, one that edits that listing",
  query: z.object({ refnum: refnumSchema.optional() }),
  response: workingCopySchema,
});

export const rentalPictureQuerySchema = pictureQueryOf(MAX_RENTAL_PHOTOS);

export const rentalUploadPictureCall = defineCall({
  method: 'POST',
  path: '/rental/listings/picture',
  root: true,
  auth: 'required',
  upload: 'photo',
  summary: 'Add a photo to a rental form: JPG or PNG, at most 10 MB, GPS stripped (at most 8)',
  query: rentalPictureQuerySchema,
  response: uploadedPictureSchema,
});

export const rentalDeletePictureCall = defineCall({
  method: 'POST',
  path: '/rental/listings/picture/delete',
  root: true,
  auth: 'required',
  summary: 'Remove a photo from a rental form',
  query: rentalPictureQuerySchema,
  response: remainingPicturesSchema,
});

export const createRentalCall = defineCall({
  method: 'POST',
  path: '/rental/listings/create',
  root: true,
  auth: 'required',
  summary:
    'Create (or, with refnum, edit) a rental listing; `draft` saves without publishing. Broken fields: 400 with errors[{field, message}]',
  body: rentalFormSchema,
  response: rentalStateAnswer,
});

export const rentalDetailCall = defineCall({
  method: 'GET',
  path: '/rental/listings/byListingRefnum',
  root: true,
  auth: 'optional',
  summary:
    "A rental's details; without refnum, the caller's newest rental (not a deleted one); 404 'Error fetching data, please try again' when there is no such listing",
  query: z.object({ refnum: refnumSchema.optional() }),
  response: rentalDetailSchema,
});

export const RENTAL_ORDER_BY_CREATED = 14;
export const rentalsByUserCall = defineCall({
  method: 'GET',
  path: '/rental/listings/byUserRefnum',
  root: true,
  auth: 'optional',
  summary:
    "A landlord's listings, newest first (zero-based page); their own include drafts, rented and deactivated ones",
  query: pageQuerySchema.extend({
    userRefnum: refnumSchema,
    orderBy: z.coerce.number().int().default(RENTAL_ORDER_BY_CREATED),
    asc: z
      .enum(['true', 'false'])
      .default('false')
      .transform((v) => v === 'true'),
  }),
  response: rentalPageSchema,
});

export const rentalAvailableCall = defineCall({
  method: 'POST',
  path: '/rental/listings/available',
  root: true,
  auth: 'required',
  summary: 'The landlord marks the place rented (`available: false`) or available again (`true`)',
  body: z.object({ refnum: refnumSchema, available: z.boolean() }),
  response: rentalAvailabilityAnswer,
});

export const deleteRentalCall = defineCall({
  method: 'POST',
  path: '/rental/listings/delete',
  root: true,
  auth: 'required',
  summary: 'The landlord deletes the listing',
  body: refnumBody,
  response: rentalStateAnswer,
});

export const toggleRentalActiveCall = defineCall({
  method: 'POST',
  path: '/rental/listings/toggle-active-status',
  root: true,
  auth: 'required',
  summary:
    'The landlord deactivates a place on the market (hidden from search) or activates a deactivated one (spec section 4: toggle active)',
  body: refnumBody,
  response: rentalAvailabilityAnswer,
});

export const relistRentalCall = defineCall({
  method: 'POST',
  path: '/rental/listings/relist',
  root: true,
  auth: 'required',
  summary: 'The landlord puts the listing on the market anew (newest first)',
  body: refnumBody,
  response: rentalAvailabilityAnswer,
});

export const recentRentalsCall = defineCall({
  method: 'GET',
  path: '/rental/listings/recentItems',
  root: true,
  auth: 'optional',
  summary: 'The newest places on the market',
  query: pageQuerySchema,
  response: rentalPageSchema,
});

export const reportRentalCall = defineCall({
  method: 'POST',
  path: '/rental/listings/reports',
  root: true,
  auth: 'required',
  summary: 'Report a rental listing to the console (once per person and listing)',
  body: z.object({
    refnum: refnumSchema,
    reason: z.enum(REPORT_REASON_CODES, reportMessages.chooseReason),
    details: z.string().trim().max(1000, reportMessages.detailsTooLong).default(''),
  }),
  response: z.object({ reported: z.literal(true) }),
});

export const rentalPropertyOptionSchema = z.object({ value: z.string(), label: z.string() });
export const rentalPropertiesSchema = z.object(
  Object.fromEntries(RENTAL_PROPERTY_KINDS.map((kind) => [kind, z.array(rentalPropertyOptionSchema)])) as Record<
    (typeof RENTAL_PROPERTY_KINDS)[number],
    z.ZodArray<typeof rentalPropertyOptionSchema>
  >,
);
export type RentalProperties = z.infer<typeof rentalPropertiesSchema>;

export const rentalPropertiesCall = defineCall({
  method: 'GET',
  path: '/rental/properties',
  root: true,
  auth: 'none',
  summary: 'The attribute lists of the rental form and filters (property types, parking, laundry, lease lengths)',
  response: rentalPropertiesSchema,
});

export const rentalListingCalls = {
  draft: rentalDraftCall,
  uploadPicture: rentalUploadPictureCall,
  deletePicture: rentalDeletePictureCall,
  create: createRentalCall,
  detail: rentalDetailCall,
  byUser: rentalsByUserCall,
  setAvailable: rentalAvailableCall,
  remove: deleteRentalCall,
  relist: relistRentalCall,
  toggleActive: toggleRentalActiveCall,
  recent: recentRentalsCall,
  report: reportRentalCall,
  properties: rentalPropertiesCall,
} as const;

/** A rental's refnum starts with P (a place), a sale listing's with L: `/{refnum}` tells them apart by it. */
export const RENTAL_REFNUM_PREFIX = 'P';
export function isRentalRefnum(refnum: string): boolean {
  return refnum.startsWith(RENTAL_REFNUM_PREFIX);
}
