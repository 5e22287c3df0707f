import { z } from 'zod';
import { zipCodeSchema } from '../rules/address';
import { LISTING_STATES, type ListingEvent, listingProcess } from '../rules/listing-process';
import {
  CONDITION_CODES,
  type ListingRuleViolation,
  listingActionMessages,
  listingRuleMessages,
  MAX_DESCRIPTION_LENGTH,
  MAX_PHOTOS,
  MAX_PRICE_CENTS,
  MAX_TITLE_LENGTH,
} from '../rules/listing-rules';
import { ORGANISATION_STATUSES } from '../rules/organisation';
import { defineCall } from './call';
import {
  actionsOf,
  centsSchema,
  flagSchema,
  isoDateTimeSchema,
  pageOf,
  pageQuerySchema,
  REFNUM_PATTERN,
  refnumSchema,
} from './common';
import {
  formPictureListSchema,
  formPictureSchema,
  pictureQueryOf,
  remainingPicturesSchema,
  uploadedPictureSchema,
  workingCopySchema,
} from './photo-form';

export const companyStatusSchema = z.enum(ORGANISATION_STATUSES);
export type CompanyStatus = z.infer<typeof companyStatusSchema>;

export const LISTING_STATUSES = ['draft', 'active', 'inactive', 'donated', 'canceled'] as const;
export const listingStatusSchema = z.enum(LISTING_STATUSES);
/** Where the listing is in its life (rules/listing-process.ts): what the seller's buttons read. */
export const listingStateSchema = z.enum(LISTING_STATES);

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

export const listingPictureSchema = formPictureSchema;

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
  listingState: listingStateSchema,
  categoryRefnum: refnumSchema,
  categoryTitle: z.string(),
  subCategoryRefnum: refnumSchema.nullable(),
  subCategoryTitle: z.string().nullable(),
  /** The condition as people read it ('Like New'). */
  condition: z.string(),
  /** The same condition as its code ('like_new'): what the edit form and structured data use. */
  conditionCode: z.enum(CONDITION_CODES),
  properties: z.record(z.string(), z.string()),
  weightLbs: z.number(),
  pictures: z.array(listingPictureSchema),
  zip: z.string(),
  city: z.string(),
  stateCode: z.string(),
  createdAt: isoDateTimeSchema,
  seller: listingSellerSchema,
  sellerCompanyStatus: companyStatusSchema.nullable(),
  /** Sold, or an offer was accepted: the seller can no longer edit it. */
  editLocked: z.boolean(),
  /** An order of it is in progress (no Relist until it ends): told to its seller only, false for anyone else. */
  orderInProgress: z.boolean().default(false),
  /** Issue 23: listed in an organisation's marketplace (members only: no JSON-LD, never indexed); null when public. */
  orgRefnum: refnumSchema.nullable().default(null),
  orgName: z.string().nullable().default(null),
  /** Issue 33: what shipping costs the buyer in cents (its weight class, 0 with free shipping); null when pickup only. */
  shippingPriceCents: centsSchema.nullable().default(null),
  /** Whole miles between the zip asked with (`zip`) and the listing's, centre to centre; null without one. */
  distanceMiles: z.number().int().nullable().default(null),
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

export const detailQuerySchema = z.object({
  listingRefnum: z.string().max(64),
  /** The viewer's zip (their chosen location, or their own): the answer's `distanceMiles` is from it. */
  zip: zipCodeSchema,
  /**
   * Section 7: whom the page asks for (`sellerRefnum` when the viewer is the seller, else
   * `userRefnum`). Checked against the token, never trusted: someone other than the caller is
   * answered the public view.
   */
  sellerRefnum: refnumSchema,
  userRefnum: refnumSchema,
  /** A guest's browser id (section 7); a guest is answered the public view. */
  guestUserid: z.string().max(64),
  /** `false`: the public view, even with a token (how the item looks to everyone). */
  isLoggedIn: flagSchema,
});

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
    /** Whose view of the listing this is: the seller's own (`isOwner`), or a signed-in person's, or a guest's. */
    viewer: z.object({ isOwner: z.boolean(), isLoggedIn: z.boolean() }).optional(),
  }),
});

// ---- Selling (spec sections 4, 5 and 7: create, photos, manage, a seller's listings) ----

/** A listing as its seller manages it: the card plus its state and what the seller may do. */
export const sellerListingSchema = listingCardSchema.extend({
  listingStatus: listingStatusSchema,
  listingState: listingStateSchema,
  /** Sold, or an offer was accepted: the listing can no longer be edited. */
  editLocked: z.boolean(),
  /** An order of it is in progress (not yet completed or cancelled): no Relist until it ends. */
  orderInProgress: z.boolean(),
});
export type SellerListing = z.infer<typeof sellerListingSchema>;

/** The create and edit form, checked the same in the browser and on the server. */
export const listingFormSchema = z
  .object({
    inputSourceRandomRefnum: refnumSchema,
    listingTitle: z
      .string()
      .trim()
      .min(1, listingRuleMessages.titleRequired)
      .max(MAX_TITLE_LENGTH, listingRuleMessages.titleTooLong),
    listingDescription: z
      .string()
      .trim()
      .min(1, listingRuleMessages.descriptionRequired)
      .max(MAX_DESCRIPTION_LENGTH, listingRuleMessages.descriptionTooLong),
    /** A subcategory's refnum. */
    categoryRefnum: z.string().regex(REFNUM_PATTERN, listingRuleMessages.categoryRequired),
    condition: z.enum(CONDITION_CODES, listingRuleMessages.conditionRequired),
    /** The category's other properties (brand, size, ...), keyed as the category offers them. */
    properties: z.record(z.string().max(40), z.string().trim().max(100)).default({}),
    /** Integer cents (4500 is $45.00); 0 for free and donated items. */
    listingPrice: z
      .number(listingRuleMessages.invalidPrice)
      .int(listingRuleMessages.invalidPrice)
      .min(0, listingRuleMessages.invalidPrice)
      .max(MAX_PRICE_CENTS, listingRuleMessages.priceTooHigh),
    weightLbs: z
      .number(listingRuleMessages.invalidWeight)
      .min(0, listingRuleMessages.invalidWeight)
      // The marketplace rule (20 lbs) is checked on publishing; this only keeps drafts sane.
      .max(999, listingRuleMessages.tooHeavy),
    shippable: z.boolean(),
    /** Local pickup. */
    meetToDeliver: z.boolean(),
    offerFreeDelivery: z.boolean().default(false),
    /** Buy Now at the price; false takes offers. */
    buyNow: z.boolean().default(true),
    zip: zipCodeSchema,
    donation: z.boolean().default(false),
    /** Save without publishing. */
    draft: z.boolean().default(false),
    /** Issue 23: list in this organisation's marketplace (its verified members only see it). */
    orgRefnum: refnumSchema.optional(),
  })
  .superRefine((form, ctx) => {
    if (!form.shippable && !form.meetToDeliver) {
      ctx.addIssue({ code: 'custom', path: ['shippable'], message: listingRuleMessages.deliveryRequired });
    }
    if (form.offerFreeDelivery && !form.shippable) {
      ctx.addIssue({
        code: 'custom',
        path: ['offerFreeDelivery'],
        message: listingRuleMessages.freeDeliveryNeedsShipping,
      });
    }
    if (form.donation && form.listingPrice !== 0) {
      ctx.addIssue({ code: 'custom', path: ['listingPrice'], message: listingRuleMessages.donationFree });
    }
  });
export type ListingForm = z.input<typeof listingFormSchema>;

/** The form field a broken marketplace rule (listingRuleViolations) is shown at. */
export const LISTING_RULE_FIELDS: Record<ListingRuleViolation['field'], keyof ListingForm> = {
  weightLbs: 'weightLbs',
  priceCents: 'listingPrice',
  isDonation: 'donation',
  donationAllowed: 'categoryRefnum',
  restrictedElectronics: 'categoryRefnum',
  condition: 'condition',
  shippable: 'shippable',
  meetToDeliver: 'meetToDeliver',
  sellerHasVerifiedWorkEmail: 'condition',
};

export const listingPictureListSchema = formPictureListSchema;

export const draftRefnumCall = defineCall({
  method: 'GET',
  path: '/listings/inputSourceRandomRefnum',
  auth: 'required',
  summary: "A working copy for the listing form's photos; with listingRefnum, one that edits that listing",
  query: z.object({ listingRefnum: refnumSchema.optional() }),
  response: workingCopySchema,
});

export const pictureQuerySchema = pictureQueryOf(MAX_PHOTOS);

/** multipart/form-data with one file field (`photo` or `file`): JPG or PNG, at most 10 MB. */
export const uploadPictureCall = defineCall({
  method: 'POST',
  path: '/listings/picture',
  auth: 'required',
  upload: 'photo',
  summary: 'Add a photo to a listing form (the first free place from picno on; at most 4)',
  query: pictureQuerySchema,
  response: uploadedPictureSchema,
});

export const deletePictureCall = defineCall({
  method: 'POST',
  path: '/listings/picture/delete',
  auth: 'required',
  summary: 'Remove a photo from a listing form',
  query: pictureQuerySchema,
  response: remainingPicturesSchema,
});

export const createListingCall = defineCall({
  method: 'POST',
  path: '/listings/create/v2',
  auth: 'required',
  summary: 'Create, save or publish a listing from its form (a form opened for a listing edits it)',
  body: listingFormSchema,
  response: z.object({ listingRefnum: refnumSchema, listingStatus: listingStatusSchema }),
});

const listingRefBody = z.object({ listingRefnum: refnumSchema });

export const markSoldCall = defineCall({
  method: 'POST',
  path: '/listing/sold',
  auth: 'required',
  summary: 'Mark a listing sold',
  body: listingRefBody,
  response: sellerListingSchema,
});

export const toggleActiveCall = defineCall({
  method: 'POST',
  path: '/listing/toggle-active-status',
  auth: 'required',
  summary: 'Deactivate an active listing or reactivate an inactive one (the body may name it `refnum`)',
  body: z
    .object({ listingRefnum: refnumSchema.optional(), refnum: refnumSchema.optional() })
    .refine((b) => b.listingRefnum ?? b.refnum, {
      message: listingActionMessages.listingRequired,
      path: ['listingRefnum'],
    }),
  response: sellerListingSchema,
});

export const deleteListingCall = defineCall({
  method: 'POST',
  path: '/listing/delete',
  auth: 'required',
  summary: 'Delete a listing (refused while it has active offers)',
  query: listingRefBody,
  response: sellerListingSchema,
});

export const relistCall = defineCall({
  method: 'POST',
  path: '/listing/relist',
  auth: 'required',
  summary: 'Put an expired, sold or deactivated listing back on sale with a fresh end date',
  body: listingRefBody,
  response: sellerListingSchema,
});

export const SELL_FILTERS = [
  'ALL',
  'EXPIRED',
  'CANCELLED',
  'ACTIVE_AND_TO_BE_SHIPPED',
  'SOLD_AND_DELIVERED',
  'RETURNED',
] as const;
export const sellFilterSchema = z.enum(SELL_FILTERS);
export type SellFilter = z.infer<typeof sellFilterSchema>;

export const sellerListingsQuerySchema = pageQuerySchema.extend({
  sellerRefnum: refnumSchema,
  sellFilter: sellFilterSchema.default('ALL'),
  /** 14 orders by when the listing was made (the only order offered). */
  orderBy: z.coerce.number().int().default(14),
  asc: z
    .enum(['true', 'false'])
    .default('false')
    .or(z.boolean())
    .transform((v) => v === true || v === 'true'),
  isLoggedin: z.string().optional(),
});

export const sellerListingsCall = defineCall({
  method: 'POST',
  path: '/listing/bysellerrefnum/v2',
  auth: 'optional',
  summary: "A seller's listings; the seller sees every one of theirs, others only what is on sale or sold",
  query: sellerListingsQuerySchema,
  response: z.object({
    listings: z.array(sellerListingSchema),
    totalElements: z.number().int(),
    number: z.number().int(),
    size: z.number().int(),
  }),
});

export const createdAnyCall = defineCall({
  method: 'GET',
  path: '/listing/createdAny',
  auth: 'required',
  summary:
    'Whether a person has created a listing: the caller (any listing, a draft too), or another person (userRefnum: one past the draft)',
  query: z.object({ userRefnum: refnumSchema.optional() }),
  response: z.object({ createdAny: z.boolean() }),
});

export const listingCalls = {
  recent: recentItemsCall,
  byCategory: listingsByCategoryCall,
  detail: listingDetailCall,
  draftRefnum: draftRefnumCall,
  uploadPicture: uploadPictureCall,
  deletePicture: deletePictureCall,
  create: createListingCall,
  markSold: markSoldCall,
  toggleActive: toggleActiveCall,
  remove: deleteListingCall,
  relist: relistCall,
  bySeller: sellerListingsCall,
  createdAny: createdAnyCall,
} as const;

// ---- The console's listings (`/svc/admin/listings`): moderation ----

export const ADMIN_LISTING_STATUSES = ['draft', 'active', 'inactive', 'donated', 'canceled'] as const;

/** The listing process's events a moderator takes (`by: ['admin']` in rules/listing-process.ts). */
export const ADMIN_LISTING_EVENTS = [
  'deactivate',
  'activate',
  'remove',
  'restore',
] as const satisfies readonly ListingEvent[];
export type AdminListingEvent = (typeof ADMIN_LISTING_EVENTS)[number];

/** What moderation may change on a listing: deactivate (or reactivate), delete (soft), feature. */
export const listingModerationSchema = z.object({
  /** Only active ⇄ inactive is a moderation; other statuses belong to the listing's own life. */
  status: z.enum(ADMIN_LISTING_STATUSES),
  deleted: z.boolean(),
  featured: z.boolean(),
  /** The console's buttons name the event they take; `status` and `deleted` are then left as they are. */
  event: z.enum(ADMIN_LISTING_EVENTS).optional(),
});
export const adminListingSchema = z.object({
  id: refnumSchema,
  title: z.string(),
  description: z.string(),
  sellerId: refnumSchema,
  sellerEmail: z.string(),
  categoryId: refnumSchema,
  status: z.enum(ADMIN_LISTING_STATUSES),
  /** Where the listing is in its life: the console's action buttons read it. */
  state: listingStateSchema,
  priceCents: z.number().int(),
  featured: z.boolean(),
  deleted: z.boolean(),
  sold: z.boolean(),
  /** Offers still waiting for an answer. */
  offerCount: z.number().int(),
  /** The listing events the table allows an admin now (its facts: price, open offers, an order in progress). */
  actions: actionsOf(listingProcess),
  photos: z.array(z.object({ src: z.string() })),
  createdAt: isoDateTimeSchema,
});
export type AdminListingRecord = z.infer<typeof adminListingSchema>;
