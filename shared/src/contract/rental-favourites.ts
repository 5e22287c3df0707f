import { z } from 'zod';
import { defineCall } from './call';
import { pageQuerySchema, refnumSchema } from './common';
import { rentalCardSchema } from './rentals';

/** Saved rentals (issue 20: /svc/rental/fav, the same calls as the sale favourites). */

const favQuery = z.object({ refnum: refnumSchema });
const favDone = z.object({ refnum: refnumSchema, favourite: z.boolean() });

export const rentalFavouriteCalls = {
  add: defineCall({
    method: 'POST',
    path: '/rental/fav/create',
    auth: 'required',
    summary: 'Save a rental to favourites (not your own)',
    query: favQuery,
    response: favDone,
  }),
  remove: defineCall({
    method: 'POST',
    path: '/rental/fav/delete',
    auth: 'required',
    summary: 'Remove a rental from favourites',
    query: favQuery,
    response: favDone,
  }),
  refnums: defineCall({
    method: 'GET',
    path: '/rental/fav/onlyRefnums',
    auth: 'required',
    summary: "The refnums of the caller's saved rentals, so every card shows the right heart",
    response: z.object({ favRefnums: z.array(refnumSchema) }),
  }),
  list: defineCall({
    method: 'GET',
    path: '/rental/fav',
    auth: 'required',
    summary: "The caller's saved rentals, newest first (zero-based page)",
    query: pageQuerySchema,
    response: z.object({
      data: z.array(rentalCardSchema),
      number: z.number().int(),
      size: z.number().int(),
      totalElements: z.number().int(),
      totalPages: z.number().int(),
    }),
  }),
} as const;
