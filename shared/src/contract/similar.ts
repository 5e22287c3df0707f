import { z } from 'zod';
import { zipCodeSchema } from '../rules/address';
import { CONDITION_CODES, CONDITION_LABELS } from '../rules/listing-rules';
import { PRICE_GUIDANCE, priceGuidanceMessages } from '../rules/price-guidance';
import { defineCall } from './call';
import { centsSchema, refnumSchema } from './common';
import { rentalSearchDocSchema } from './rental-search';
import { searchDocSchema } from './search';

/**
 * Issue 37, items 4 and 5: similar items and "more from this seller" beside an item (and a
 * rental), and local price guidance on the sell form. The cards are the very cards the searches
 * answer (`searchDocSchema`, `rentalSearchDocSchema`), so a page draws them with the same card.
 */

/** At most this many cards in each of the item page's two rails. */
export const SIMILAR_LIMIT = 8;

/** An item opened by its link; `zip` is the viewer's (their chosen location), else the item's own place is "near". */
const similarListingsQuery = z.object({
  listingRefnum: z.string().max(64),
  zip: zipCodeSchema.optional(),
});

export const similarListingsCall = defineCall({
  method: 'GET',
  path: '/listing/similar',
  auth: 'optional',
  summary: `Up to ${SIMILAR_LIMIT} live listings like this one: its subcategory, near the viewer or shipping from anywhere, most alike title first, then nearest; never its seller's, never sold; 404 for no such listing`,
  query: similarListingsQuery,
  response: z.array(searchDocSchema),
});

export const moreFromSellerCall = defineCall({
  method: 'GET',
  path: '/listing/similar/seller',
  auth: 'optional',
  summary: `Up to ${SIMILAR_LIMIT} of the seller's other live listings, newest first; 404 for no such listing`,
  query: similarListingsQuery,
  response: z.array(searchDocSchema),
});

/** A condition by its code ('like_new') or its words ('Like New'), as the sell form and the search facet send it. */
const conditionSchema = z.preprocess(
  (value) => {
    if (typeof value !== 'string') return value;
    const wanted = value.trim().toLowerCase();
    return CONDITION_CODES.find((code) => code === wanted || CONDITION_LABELS[code].toLowerCase() === wanted) ?? value;
  },
  z.enum(CONDITION_CODES, priceGuidanceMessages.condition),
);

export const priceGuidanceQuerySchema = z.object({
  /** The sell form's category: a subcategory's refnum (a top category counts every subcategory of it). */
  categoryRefnum: refnumSchema,
  condition: conditionSchema,
  zip: zipCodeSchema,
});
export type PriceGuidanceQuery = z.input<typeof priceGuidanceQuerySchema>;

/** The middle half of what buyers paid for the item (integer cents) and how many sales it was read from. */
export const priceGuidanceSchema = z.object({
  lowCents: centsSchema,
  highCents: centsSchema,
  sales: z.number().int().min(PRICE_GUIDANCE.minSales),
});
export type PriceGuidance = z.infer<typeof priceGuidanceSchema>;

export const priceGuidanceCall = defineCall({
  method: 'GET',
  path: '/listing/price-guidance',
  auth: 'none',
  summary: `What similar items sold for near a zip: the 25th to 75th percentile of what buyers paid in completed orders of the last ${PRICE_GUIDANCE.days} days in the subcategory and condition within ${PRICE_GUIDANCE.miles} miles; null with fewer than ${PRICE_GUIDANCE.minSales} sales`,
  query: priceGuidanceQuerySchema,
  response: priceGuidanceSchema.nullable(),
});

export const similarCalls = {
  similar: similarListingsCall,
  moreFromSeller: moreFromSellerCall,
  priceGuidance: priceGuidanceCall,
} as const;

// ---- Rentals: addressed as every rental call is, from the root with `refnum` ----

const similarRentalsQuery = z.object({ refnum: z.string().max(64) });

export const similarRentalsCall = defineCall({
  method: 'GET',
  path: '/rental/listings/similar',
  root: true,
  auth: 'optional',
  summary: `Up to ${SIMILAR_LIMIT} available places like this one: its property type, near it, most alike title first, then nearest; never its landlord's; 404 'Error fetching data, please try again' for no such rental`,
  query: similarRentalsQuery,
  response: z.array(rentalSearchDocSchema),
});

export const moreFromLandlordCall = defineCall({
  method: 'GET',
  path: '/rental/listings/similar/landlord',
  root: true,
  auth: 'optional',
  summary: `Up to ${SIMILAR_LIMIT} of the landlord's other available places, newest first; 404 for no such rental`,
  query: similarRentalsQuery,
  response: z.array(rentalSearchDocSchema),
});

export const rentalSimilarCalls = {
  similarRentals: similarRentalsCall,
  moreFromLandlord: moreFromLandlordCall,
} as const;
