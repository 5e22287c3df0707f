import { z } from 'zod';
import { ORGANISATION_STATUSES } from '../rules/organisation';
import { defineCall } from './call';
import { centsSchema, isoDateTimeSchema, pageOf, pageQuerySchema, refnumSchema } from './common';

export const companyStatusSchema = z.enum(ORGANISATION_STATUSES);
export type CompanyStatus = z.infer<typeof companyStatusSchema>;

export const LISTING_STATUSES = ['draft', 'active', 'inactive', 'donated', 'canceled'] as const;
export const listingStatusSchema = z.enum(LISTING_STATUSES);

/** A listing card (spec section 3). Prices are integer cents. */
export const listingCardSchema = z.object({
  listingRefnum: refnumSchema,
  listingTitle: z.string(),
  /** Main photo; append `?w=253&h=210` for the card size. Null when the listing has none. */
  listingPictureUrl: z.string().nullable(),
  /** The listing zip's city and state: never the seller's exact address. */
  location: z.string(),
  listingCurrentPrice: centsSchema,
  listingEnd: isoDateTimeSchema.nullable(),
  listingDeleted: z.boolean(),
  /** Non-zero means sold. */
  saleType: z.number().int(),
  sellerRefnum: refnumSchema,
  offerCount: z.number().int(),
  shippable: z.boolean(),
  meetToDeliver: z.boolean(),
  offerFreeDelivery: z.boolean(),
  buyNow: z.boolean(),
  isDonation: z.boolean(),
});
export type ListingCard = z.infer<typeof listingCardSchema>;

export const listingPageSchema = pageOf(listingCardSchema);
export type ListingPage = z.infer<typeof listingPageSchema>;

export const listingPictureSchema = z.object({ picno: z.number().int(), url: z.string() });

export const listingSellerSchema = z.object({
  userRefnum: refnumSchema,
  name: z.string(),
  pictureUrl: z.string().nullable(),
  location: z.string(),
  memberSince: isoDateTimeSchema,
  isProfessionVerified: z.boolean(),
});

export const listingDetailSchema = listingCardSchema.extend({
  description: z.string(),
  listingStatus: listingStatusSchema,
  categoryRefnum: refnumSchema,
  categoryTitle: z.string(),
  subCategoryRefnum: refnumSchema.nullable(),
  subCategoryTitle: z.string().nullable(),
  condition: z.string(),
  properties: z.record(z.string(), z.string()),
  weightLbs: z.number(),
  pictures: z.array(listingPictureSchema),
  zip: z.string(),
  city: z.string(),
  stateCode: z.string(),
  createdAt: isoDateTimeSchema,
  seller: listingSellerSchema,
  sellerCompanyStatus: companyStatusSchema.nullable(),
});
export type ListingDetail = z.infer<typeof listingDetailSchema>;

export const recentItemsCall = defineCall({
  method: 'GET',
  path: '/listing/recentItems',
  auth: 'optional',
  summary: 'Most recently listed active items',
  query: pageQuerySchema,
  response: listingPageSchema,
});

export const byCategoryQuerySchema = pageQuerySchema.extend({
  categoryRefnum: refnumSchema,
  subCategoryRefnum: refnumSchema.optional(),
});

export const listingsByCategoryCall = defineCall({
  method: 'POST',
  path: '/listing/bycategoryrefnum',
  auth: 'optional',
  summary: 'Active listings of a category (or one of its subcategories), newest first',
  query: byCategoryQuerySchema,
  response: listingPageSchema.extend({
    categoryTitle: z.string(),
    subCategoryTitle: z.string().nullable(),
  }),
});

export const detailQuerySchema = z.object({ listingRefnum: z.string().max(64) });

export const listingDetailCall = defineCall({
  method: 'POST',
  path: '/listing/detailListing/v2',
  auth: 'optional',
  summary: "An item's details; `itemAvailable: false` when there is no such listing",
  query: detailQuerySchema.partial(),
  body: detailQuerySchema.partial().nullish(),
  response: z.object({
    listing: listingDetailSchema.nullable(),
    itemAvailable: z.boolean(),
    success: z.boolean(),
  }),
});
