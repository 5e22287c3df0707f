import { z } from 'zod';
import { MAX_PRICE_CENTS } from '../rules/listing-rules';
import { OFFER_STATES, offerMessages, offerProcess } from '../rules/offer-process';
import { defineCall } from './call';
import { actionsOf, centsSchema, contentPageOf, isoDateTimeSchema, pageFields, refnumSchema } from './common';
import { listingCardSchema } from './listings';

export const offerStateSchema = z.enum(OFFER_STATES);

/** An offer's price: integer cents on the wire, more than 0 (its ceiling, the listing's price, is the server's check). */
export const offerPriceSchema = z
  .number(offerMessages.invalidPrice)
  .int(offerMessages.invalidPrice)
  .min(1, offerMessages.invalidPrice)
  .max(MAX_PRICE_CENTS, offerMessages.invalidPrice);

/** What making an offer answers: the offer and its thread. */
export const offerSummarySchema = z.object({
  offerRefnum: refnumSchema,
  /** listingRefnum_buyerRefnum_sellerRefnum (spec section 3). */
  threadKey: z.string(),
  offerStatus: offerStateSchema,
  offerPrice: centsSchema,
  /** When a pending offer expires unanswered (24 hours after it was made). */
  expiresAt: isoDateTimeSchema,
});

/** One offer of a thread, as either party sees it. Its status is as of now: never pending past `expiresAt`. */
export const offerSchema = offerSummarySchema.extend({
  listingRefnum: refnumSchema,
  buyerRefnum: refnumSchema,
  sellerRefnum: refnumSchema,
  /** Who made it (the buyer, or either party countering); the other party receives it. */
  senderRefnum: refnumSchema,
  /** The offer this one counters; null for a buyer's first offer. */
  parentOfferRefnum: refnumSchema.nullable(),
  createdAt: isoDateTimeSchema,
  /** The events the person reading it may take on it now (the offer table's, for their side). */
  actions: actionsOf(offerProcess),
});
export type Offer = z.infer<typeof offerSchema>;

/** A thread (one buyer on one listing): its latest offer's fields, the buyer's name and every offer, oldest first. */
export const offerThreadSchema = offerSchema.extend({
  buyerName: z.string(),
  lastUpdated: isoDateTimeSchema,
  offers: z.array(offerSchema),
});
export type OfferThread = z.infer<typeof offerThreadSchema>;

const offerRefBody = z.object({ offerRefnum: refnumSchema });

export const createOfferCall = defineCall({
  method: 'POST',
  path: '/offer/create/v2',
  auth: 'required',
  summary: "Make an offer on someone else's active listing (at most its price; one open offer per buyer and listing)",
  body: z.object({ listingRefnum: refnumSchema, offerPrice: offerPriceSchema }),
  response: offerSummarySchema,
});

export const counterOfferCall = defineCall({
  method: 'POST',
  path: '/offer/counterOffer',
  auth: 'required',
  summary: 'Counter the pending offer you received: it becomes countered and the counter is a new pending offer',
  body: offerRefBody.extend({ offerPrice: offerPriceSchema }),
  response: offerSchema,
});

export const acceptOfferCall = defineCall({
  method: 'POST',
  path: '/offer/accept',
  auth: 'required',
  summary: 'Accept the pending offer you received: the listing is reserved for the buyer, other open offers declined',
  body: offerRefBody,
  response: offerSchema,
});

export const declineOfferCall = defineCall({
  method: 'POST',
  path: '/offer/decline',
  auth: 'required',
  summary: 'Decline the pending offer you received, or withdraw the one you made',
  body: offerRefBody,
  response: offerSchema,
});

/**
 * "Offer to likers" (issue 37): the seller offers a price below the current one to everyone who
 * saved the listing; each gets a pending offer in their own thread, theirs to answer in 24 hours.
 */
export const offerToLikersCall = defineCall({
  method: 'POST',
  path: '/offer/likers',
  auth: 'required',
  summary:
    'Offer a price below the current one to everyone who saved your listing: a pending offer each for 24 hours, one such offer per listing a day',
  body: z.object({ listingRefnum: refnumSchema, offerPrice: offerPriceSchema }),
  response: z.object({
    /** How many people were offered it (those with an open offer on the listing already are not). */
    offered: z.number().int().min(1),
  }),
});

export const listingLikersCall = defineCall({
  method: 'GET',
  path: '/offer/likers',
  auth: 'required',
  summary: "For a listing's seller: how many people saved it, and when the next offer to likers can be made",
  query: z.object({ listingRefnum: refnumSchema }),
  response: z.object({
    likers: z.number().int().min(0),
    /** Null when an offer to likers can be made now; else when the last one's 24 hours are up. */
    nextOfferAt: isoDateTimeSchema.nullable(),
  }),
});
export type ListingLikers = z.infer<typeof listingLikersCall.response>;

/** Spec section 7: the client sends `page - 1`, so pages are zero-based on the wire. */
export const listingOffersQuerySchema = z.object({
  listingRefnum: refnumSchema,
  ...pageFields(),
});

export const listingOffersCall = defineCall({
  method: 'GET',
  path: '/offer/v2',
  auth: 'required',
  summary: "A listing's offer threads, newest first: the seller sees every one, a buyer only their own",
  query: listingOffersQuerySchema,
  response: z.object({
    offers: contentPageOf(offerThreadSchema).extend({ totalPages: z.number().int() }),
  }),
});

export const alreadyOfferedCall = defineCall({
  method: 'POST',
  path: '/listing/alreadyoffered',
  auth: 'optional',
  summary: 'Whether the caller has an open offer on a listing (the item page shows it instead of Make Offer)',
  body: z.object({ listingRefnum: refnumSchema }),
  response: z.object({ alreadyOffered: z.boolean(), offerRefnum: refnumSchema.nullable() }),
});

/** The buying dashboard's filters (spec section 4), spelt as the spec spells them. */
export const BUY_FILTERS = ['OPEN_OFFFERS', 'IN_PROGRESS', 'DELIVERED', 'CANCELLED', 'RETURNED'] as const;
export const buyFilterSchema = z.enum(BUY_FILTERS);
export type BuyFilter = z.infer<typeof buyFilterSchema>;

/** A listing on the buying dashboard: its card and the caller's latest offer on it. */
export const buyerListingSchema = listingCardSchema.extend({
  threadKey: z.string(),
  offerRefnum: refnumSchema,
  offerStatus: offerStateSchema,
  offerPrice: centsSchema,
  expiresAt: isoDateTimeSchema,
});
export type BuyerListing = z.infer<typeof buyerListingSchema>;

export const buyerListingsCall = defineCall({
  method: 'POST',
  path: '/listing/bybuyerrefnum/v2',
  auth: 'required',
  summary: "The caller's buying dashboard: listings they made offers on, by buy filter, latest activity first",
  query: z.object({
    buyFilter: buyFilterSchema.default('OPEN_OFFFERS'),
    ...pageFields(),
  }),
  response: z.object({
    listings: z.array(buyerListingSchema),
    totalElements: z.number().int(),
    number: z.number().int(),
    size: z.number().int(),
  }),
});

export const offerCalls = {
  create: createOfferCall,
  counter: counterOfferCall,
  accept: acceptOfferCall,
  decline: declineOfferCall,
  list: listingOffersCall,
  alreadyOffered: alreadyOfferedCall,
  byBuyer: buyerListingsCall,
  offerToLikers: offerToLikersCall,
  likers: listingLikersCall,
} as const;
