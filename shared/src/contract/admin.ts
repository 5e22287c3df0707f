import { z } from 'zod';
import {
  type OrganisationEvent,
  organisationProcess,
  type ReportState,
  reportProcess,
} from '../rules/back-office-processes';
import { type ListingEvent, listingProcess } from '../rules/listing-process';
import { ORGANISATION_KINDS, ORGANISATION_STATUSES } from '../rules/organisation';
import { eventNames } from '../rules/process';
import { USER_ROLES } from '../rules/roles';
import { defineCall } from './call';
import { isoDateTimeSchema, refnumSchema } from './common';
import { listingStateSchema } from './listings';

/*
 * The console's records (`/svc/admin/<resource>`, ra-data-simple-rest dialect): the api
 * validates each request body with the `*InputSchema` and each answer with the record schema;
 * the console validates its forms with the same input schemas.
 */

/** react-admin's list query: `sort=["field","ASC"]`, `range=[0,24]`, `filter={...}`, all JSON. */
export const adminListQuerySchema = z.object({
  sort: z.string().optional(),
  range: z.string().optional(),
  filter: z.string().optional(),
});

export const adminMessages = {
  domainTaken: 'This domain already belongs to an organisation',
  domainInvalid: 'Enter a domain such as example.com',
  organisationNameTaken: 'An organisation with this name already exists',
  organisationNameInvalid: 'Use letters, digits, spaces and hyphens only (2 to 60 characters)',
  organisationUnknown: 'Choose an existing organisation',
  categoryHasListings: 'This category has listings: hide it instead of deleting it',
  categoryHasChildren: 'This category has subcategories: move or delete them first',
  tooManyShortcuts: 'The home page has three category shortcuts: remove one first',
  slugTaken: 'This slug is already used at this level',
  slugInvalid: 'Use lowercase letters, digits and hyphens only',
  parentUnknown: 'Choose an existing top-level category',
  bannerImageRequired: 'Choose an image for the banner',
  bannerImageInvalid: 'This file is not an image we can read',
  bannerDates: 'The end date must be after the start date',
  bannerCategoryRequired: 'Choose the category this banner shows on',
  listingStatusChange: 'An admin can only activate or deactivate a listing',
  reportAlreadyResolved: 'This report is already resolved',
  ownAdminRole: 'You cannot remove your own admin role or block yourself',
} as const;

/** A domain as people type it in an email address, lowercased. */
export const domainSchema = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^(?=.{3,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/, adminMessages.domainInvalid);

export const workEmailDomainInputSchema = z.object({
  domain: domainSchema,
  organizationId: refnumSchema,
});
export const workEmailDomainSchema = workEmailDomainInputSchema.extend({ id: z.number().int() });
export type WorkEmailDomainRecord = z.infer<typeof workEmailDomainSchema>;

/**
 * An organisation's name is also its `/client/{orgName}` address: letters, digits, spaces and
 * hyphens (a space becomes a hyphen in the address), unique without regard to case.
 */
export const organisationNameSchema = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9][A-Za-z0-9 -]{0,58}[A-Za-z0-9]$/, adminMessages.organisationNameInvalid);

/** The `/client/{orgName}` form of a name: lowercase, words joined by hyphens. */
export function organisationSlug(name: string): string {
  return name
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '-');
}

/** The organisation process's events an admin takes on one (`by: ['admin']` in rules/back-office-processes.ts). */
export const ADMIN_ORGANISATION_EVENTS = ['verify', 'reject', 'review'] as const satisfies readonly OrganisationEvent[];

export const organizationInputSchema = z.object({
  name: organisationNameSchema,
  status: z.enum(ORGANISATION_STATUSES),
  isB2B: z.boolean(),
  /** A charity's verified members may request donations (issue 21); absent is a company. */
  kind: z.enum(ORGANISATION_KINDS).default('company'),
  /** The console's buttons name the event they take; `status` is then left as it is (ADR 0070). */
  event: z.enum(ADMIN_ORGANISATION_EVENTS).optional(),
});
export const organizationSchema = organizationInputSchema.omit({ event: true }).extend({
  id: refnumSchema,
  slug: z.string(),
  memberCount: z.number().int(),
  /** The organisation events the table allows an admin now (verify, reject, back to review). */
  actions: z.array(z.enum(eventNames(organisationProcess))),
  createdAt: isoDateTimeSchema,
});
export type OrganizationRecord = z.infer<typeof organizationSchema>;

export const userInputSchema = z.object({
  roles: z.array(z.enum(USER_ROLES)).transform((roles) => [...new Set(['ROLE_USER' as const, ...roles])]),
  blocked: z.boolean(),
});
export const userSchema = z.object({
  id: refnumSchema,
  email: z.string(),
  nameFirst: z.string(),
  nameLast: z.string(),
  roles: z.array(z.string()),
  blocked: z.boolean(),
  organizationId: refnumSchema.nullable(),
  createdAt: isoDateTimeSchema,
});
export type UserRecord = z.infer<typeof userSchema>;

export const categoryPropertyInputSchema = z.object({
  key: z
    .string()
    .trim()
    .regex(/^[a-z][a-zA-Z0-9_]{0,39}$/, 'Use a short key such as condition'),
  label: z.string().trim().min(1, 'Enter a label').max(60),
  values: z.array(z.string().trim().min(1).max(60)).min(1, 'Give at least one value').max(50),
});

export const categoryInputSchema = z.object({
  title: z.string().trim().min(1, 'Enter a title').max(60),
  slug: z
    .string()
    .trim()
    .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, adminMessages.slugInvalid),
  parentId: refnumSchema.nullable().default(null),
  position: z.number().int().min(0).max(10_000).default(0),
  shortcut: z.boolean().default(false),
  hidden: z.boolean().default(false),
  donationAllowed: z.boolean().default(false),
  restrictedElectronics: z.boolean().default(false),
  properties: z.array(categoryPropertyInputSchema).max(20).default([]),
});
export const categoryRecordSchema = categoryInputSchema.extend({
  id: refnumSchema,
  listingCount: z.number().int(),
});
export type CategoryRecord = z.infer<typeof categoryRecordSchema>;

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
  actions: z.array(z.enum(eventNames(listingProcess))),
  photos: z.array(z.object({ src: z.string() })),
  createdAt: isoDateTimeSchema,
});
export type AdminListingRecord = z.infer<typeof adminListingSchema>;

export const REPORT_STATUSES = ['open', 'listing_removed', 'no_action'] as const satisfies readonly ReportState[];
/** A report event, as an item or rental report's `actions` name it. */
export const reportEventSchema = z.enum(eventNames(reportProcess));
export const reportResolutionSchema = z.object({ status: z.enum(['listing_removed', 'no_action']) });
export const reportRecordSchema = z.object({
  id: z.number().int(),
  listingId: refnumSchema,
  listingTitle: z.string(),
  reporterId: refnumSchema,
  reporterEmail: z.string(),
  reason: z.string(),
  details: z.string(),
  status: z.enum(REPORT_STATUSES),
  /** The report events the table allows an admin now: remove or dismiss an open one. */
  actions: z.array(reportEventSchema),
  createdAt: isoDateTimeSchema,
  resolvedAt: isoDateTimeSchema.nullable(),
});
export type ReportRecord = z.infer<typeof reportRecordSchema>;

/**
 * A conversation about a reported listing, as the console reads it (read-only): its parties and
 * its latest lines, oldest first. Only conversations about listings someone reported are shown.
 */
export const conversationRecordSchema = z.object({
  id: refnumSchema,
  listingId: refnumSchema,
  listingTitle: z.string(),
  buyerEmail: z.string(),
  sellerEmail: z.string(),
  lastMessageAt: isoDateTimeSchema,
  messageCount: z.number().int(),
  messages: z.array(
    z.object({
      messageId: refnumSchema,
      kind: z.enum(['text', 'system']),
      text: z.string(),
      /** Who wrote it: buyer, seller, or system. */
      from: z.enum(['buyer', 'seller', 'system']),
      createdAt: isoDateTimeSchema,
    }),
  ),
});
export type ConversationRecord = z.infer<typeof conversationRecordSchema>;

export const BANNER_PLACEMENTS = ['home_hero', 'category'] as const;
/** The largest banner upload the api takes, before it is re-encoded (base64 in the JSON body). */
export const BANNER_IMAGE_MAX_BYTES = 5 * 1024 * 1024;

const optionalDate = z.preprocess(
  (v) => (v === '' || v === undefined ? null : v),
  z.iso.datetime({ offset: true }).or(z.iso.date()).nullable(),
);

export const bannerInputSchema = z
  .object({
    title: z.string().trim().min(1, 'Enter a title').max(80),
    link: z
      .string()
      .trim()
      .max(500)
      .regex(/^(\/(?!\/)|https:\/\/)\S*$/, 'Use a path such as /search or an https:// address'),
    placement: z.enum(BANNER_PLACEMENTS),
    categoryId: refnumSchema.nullable().default(null),
    startsAt: optionalDate,
    endsAt: optionalDate,
    position: z.number().int().min(0).max(1000).default(0),
    active: z.boolean().default(true),
    /** A new image as a data: URL (react-admin's ImageInput, read in the browser); absent keeps the old one. */
    image: z.object({ src: z.string() }).nullable().optional(),
  })
  .superRefine((b, ctx) => {
    if (b.startsAt && b.endsAt && new Date(b.endsAt) <= new Date(b.startsAt)) {
      ctx.addIssue({ code: 'custom', path: ['endsAt'], message: adminMessages.bannerDates });
    }
    if (b.placement === 'category' && !b.categoryId) {
      ctx.addIssue({ code: 'custom', path: ['categoryId'], message: adminMessages.bannerCategoryRequired });
    }
  });
export const bannerRecordSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  link: z.string(),
  placement: z.enum(BANNER_PLACEMENTS),
  categoryId: refnumSchema.nullable(),
  startsAt: isoDateTimeSchema.nullable(),
  endsAt: isoDateTimeSchema.nullable(),
  position: z.number().int(),
  active: z.boolean(),
  image: z.object({ src: z.string() }),
});
export type BannerRecord = z.infer<typeof bannerRecordSchema>;

export const auditEntrySchema = z.object({
  id: z.number().int(),
  actorId: refnumSchema,
  actorEmail: z.string(),
  at: isoDateTimeSchema,
  resource: z.string(),
  recordId: z.string(),
  action: z.enum(['create', 'update', 'delete']),
  before: z.unknown(),
  after: z.unknown(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const adminDashboardCall = defineCall({
  method: 'GET',
  path: '/admin/dashboard',
  auth: 'required',
  summary:
    'The console home: active listings, new this week, open reports, organisations in review, places on the rental market and their open reports, open donations',
  response: z.object({
    listingsActive: z.number().int(),
    listingsNewThisWeek: z.number().int(),
    openReports: z.number().int(),
    organizationsInReview: z.number().int(),
    /** Rental places on the market (issue 20). */
    rentalsAvailable: z.number().int(),
    openRentalReports: z.number().int(),
    /** Donation orders not yet received or cancelled (issue 21); null without the donation flag. */
    donationsOpen: z.number().int().nullable(),
  }),
});

/** Home banners live now (active, inside their dates), in their order. */
export const homeBannersCall = defineCall({
  method: 'GET',
  path: '/banners',
  auth: 'none',
  summary: 'The banners showing now on the home page (placement home_hero) or a category',
  query: z.object({ categoryRefnum: refnumSchema.optional() }),
  response: z.array(z.object({ id: z.number().int(), title: z.string(), link: z.string(), imageUrl: z.string() })),
});

/** The console's own calls (its resources speak react-admin's REST dialect instead). */
export const adminCalls = { dashboard: adminDashboardCall } as const;

/** The banners showing now, for the storefront. */
export const bannerCalls = { live: homeBannersCall } as const;
