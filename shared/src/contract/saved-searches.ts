import { z } from 'zod';
import { SAVED_SEARCH_LIMITS, savedSearchMessages } from '../rules/saved-searches';
import { defineCall } from './call';
import { deletedSchema, refnumSchema } from './common';
import { rentalSearchFields, withRentOrder } from './rental-search';
import { searchFilterFields, withPriceOrder } from './search';

/**
 * A saved marketplace search's filters (issue 37): the fields `/search/srp` takes, by the same
 * schema, strictly (an unknown field is refused rather than kept and ignored). The page, its size
 * and the organisation flow's fields are not part of a search one is told about.
 */
export const savedSaleFiltersSchema = withPriceOrder(
  searchFilterFields.omit({ page: true, size: true, orgRefnum: true, company: true, location: true }).strict(),
);
/** A saved rental search's filters: the fields `/rental/search` takes, by its schema, strictly. */
export const savedRentalFiltersSchema = withRentOrder(rentalSearchFields.omit({ page: true, size: true }).strict());

const nameSchema = z
  .string({ message: savedSearchMessages.nameRequired })
  .trim()
  .min(1, savedSearchMessages.nameRequired)
  .max(SAVED_SEARCH_LIMITS.nameMax, savedSearchMessages.nameTooLong);

export const saveSearchBodySchema = z.discriminatedUnion('kind', [
  z.object({ name: nameSchema, kind: z.literal('sale'), filters: savedSaleFiltersSchema }),
  z.object({ name: nameSchema, kind: z.literal('rental'), filters: savedRentalFiltersSchema }),
]);
export type SaveSearchBody = z.input<typeof saveSearchBodySchema>;

export const savedSearchSchema = z.object({
  id: refnumSchema,
  name: z.string(),
  kind: z.enum(['sale', 'rental']),
  /** As saved: the search call's own field names. */
  filters: z.record(z.string(), z.unknown()),
  createdAt: z.string(),
  /** The site's page of its results (`/products?…` or `/rentalslist?…`). */
  url: z.string(),
});
export type SavedSearch = z.infer<typeof savedSearchSchema>;

export const saveSearchCall = defineCall({
  method: 'POST',
  path: '/saved-searches',
  auth: 'required',
  summary: `Save a search under a name, to be told of new matches (at most ${SAVED_SEARCH_LIMITS.perPerson})`,
  body: saveSearchBodySchema,
  response: z.object({ savedSearchId: refnumSchema }),
});

export const savedSearchesCall = defineCall({
  method: 'GET',
  path: '/saved-searches',
  auth: 'required',
  summary: "The caller's saved searches, newest first, each with the address of its results",
  query: z.object({ kind: z.enum(['sale', 'rental']).optional() }),
  response: z.array(savedSearchSchema),
});

export const deleteSavedSearchCall = defineCall({
  method: 'DELETE',
  path: '/saved-searches/{id}',
  auth: 'required',
  summary: 'Delete one of your saved searches (404 for one that is not yours)',
  query: z.object({ id: refnumSchema }),
  response: deletedSchema,
});

export const savedSearchCalls = {
  save: saveSearchCall,
  list: savedSearchesCall,
  remove: deleteSavedSearchCall,
} as const;
