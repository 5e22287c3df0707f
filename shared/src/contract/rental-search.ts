import { z } from 'zod';
import { zipCodeSchema } from '../rules/address';
import { MAX_BATHROOMS, MAX_BEDROOMS, rentalMessages } from '../rules/rental';
import { defineCall } from './call';
import { pageFields, pageOf } from './common';
import { calendarDaySchema, rentalCardSchema } from './rentals';

/** The rentals section's search (issue 20; spec section 7: `POST /rental/search` from the site's root). */

export const RENTAL_SORTS = ['newest', 'rentAsc', 'rentDesc', 'distance'] as const;
/** `cats`, `dogs`, `both` (cats and dogs), `any` (cats or dogs), or a list of the two. */
export const RENTAL_PET_FILTERS = ['cats', 'dogs', 'both', 'any'] as const;

/** The fields of a rental search, each on its own. */
export const rentalSearchFields = z.object({
  zip: zipCodeSchema,
  /** Miles around the zip's centre. */
  d: z.coerce.number().int().min(1).max(500).default(25),
  text: z.string().trim().max(200).optional(),
  minRent: z.coerce.number().int().min(0).optional(),
  maxRent: z.coerce.number().int().min(0).optional(),
  /** At least this many bedrooms (0: studios and up). */
  bedrooms: z.coerce.number().int().min(0).max(MAX_BEDROOMS).optional(),
  /** At least this many bathrooms. */
  bathrooms: z.coerce.number().min(0).max(MAX_BATHROOMS).optional(),
  propertyType: z.union([z.string().max(40), z.array(z.string().max(40)).max(10)]).optional(),
  pets: z.union([z.enum(RENTAL_PET_FILTERS), z.array(z.enum(['cats', 'dogs'])).max(2)]).optional(),
  /** Available on or before this day. */
  availableBy: calendarDaySchema.optional(),
  sortBy: z.enum(RENTAL_SORTS).default('newest'),
  ...pageFields({ size: 24 }),
});

/** A rental search's fields with its rent bounds in order (a saved search checks its own with it). */
export function withRentOrder<T extends z.ZodType<{ minRent?: number; maxRent?: number }>>(schema: T) {
  return schema.refine((s) => s.minRent === undefined || s.maxRent === undefined || s.minRent <= s.maxRent, {
    path: ['minRent'],
    message: rentalMessages.rentOrder,
  });
}

export const rentalSearchSchema = withRentOrder(rentalSearchFields);
export type RentalSearch = z.input<typeof rentalSearchSchema>;

export const rentalSearchDocSchema = rentalCardSchema.extend({
  /** Whole miles from the zip's centre. */
  distance: z.number().int().nullable(),
});
export type RentalSearchDoc = z.infer<typeof rentalSearchDocSchema>;

const facetValueSchema = z.object({ value: z.string(), label: z.string(), count: z.number().int() });

export const rentalSearchCall = defineCall({
  method: 'POST',
  path: '/rental/search',
  root: true,
  auth: 'none',
  summary: 'Available places near a zip, filtered, with facets for type, bedrooms and rent bands',
  body: rentalSearchSchema,
  response: pageOf(rentalSearchDocSchema).extend({
    facetFields: z.object({
      propertyType: z.array(facetValueSchema),
      bedrooms: z.array(facetValueSchema),
      price: z.array(facetValueSchema),
    }),
  }),
});

export const rentalSearchCalls = { search: rentalSearchCall } as const;
