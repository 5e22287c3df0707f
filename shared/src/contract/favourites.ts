import { z } from 'zod';
import { PAGE_SIZES } from '../rules/constants';
import { defineCall } from './call';
import { pageFields, refnumSchema } from './common';
import { listingCardSchema } from './listings';

const listingQuery = z.object({ listingRefnum: refnumSchema });
const done = z.object({ listingRefnum: refnumSchema, favourite: z.boolean() });

export const addFavouriteCall = defineCall({
  method: 'POST',
  path: '/fav/create',
  auth: 'required',
  summary: 'Save a listing to favourites (not your own)',
  query: listingQuery,
  response: done,
});

export const removeFavouriteCall = defineCall({
  method: 'POST',
  path: '/fav/delete',
  auth: 'required',
  summary: 'Remove a listing from favourites',
  query: listingQuery,
  response: done,
});

export const favouriteRefnumsCall = defineCall({
  method: 'GET',
  path: '/fav/onlyRefnums',
  auth: 'required',
  summary: "The refnums of the caller's favourites, so every card shows the right heart",
  response: z.object({ favRefnums: z.array(refnumSchema) }),
});

/** Spec section 7: the client sends `page - 1`, so pages are zero-based on the wire. */
export const favouritesQuerySchema = z.object({
  ...pageFields({ size: PAGE_SIZES.favourites }),
  sortBy: z.enum(['createdAt']).default('createdAt'),
  asc: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
});

export const favouritesCall = defineCall({
  method: 'GET',
  path: '/fav',
  auth: 'required',
  summary: "The caller's favourites, newest first (zero-based page)",
  query: favouritesQuerySchema,
  response: z.object({
    data: z.array(listingCardSchema),
    number: z.number().int(),
    size: z.number().int(),
    totalElements: z.number().int(),
    totalPages: z.number().int(),
  }),
});

export const favouriteCalls = {
  add: addFavouriteCall,
  remove: removeFavouriteCall,
  refnums: favouriteRefnumsCall,
  list: favouritesCall,
} as const;
