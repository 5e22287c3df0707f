import { z } from 'zod';
import { RENTAL_PROPERTY_KINDS, rentalConsoleMessages } from '../rules/rental';
import { type RentalEvent, rentalProcess } from '../rules/rental-process';
import { REPORT_REASON_CODES } from '../rules/reports';
import { actionsOf, consoleHistorySchema, isoDateTimeSchema, refnumSchema } from './common';
import { ADMIN_LISTING_EVENTS } from './listings';
import { rentalStateSchema, rentalTermsSchema } from './rentals';
import { REPORT_STATUSES, reportEventSchema } from './reports';

/*
 * The console's rentals (issue 20 §4; `/svc/admin/rentals`, `/svc/admin/rental-reports`,
 * `/svc/admin/rental-properties`, ra-data-simple-rest dialect as the other resources speak it).
 */

/** The rental process's events a moderator takes (`by: ['admin']` in rules/rental-process.ts): a listing's, by the same names. */
export const ADMIN_RENTAL_EVENTS = ADMIN_LISTING_EVENTS satisfies readonly RentalEvent[];
export type AdminRentalEvent = (typeof ADMIN_RENTAL_EVENTS)[number];

/** A moderator's button: the event it takes (the process refuses what its state does not allow, 409). */
export const rentalModerationSchema = z.object({ event: z.enum(ADMIN_RENTAL_EVENTS) });
export type RentalModeration = z.infer<typeof rentalModerationSchema>;

/** A rental as the console shows it: every fact (the street line too), photos, landlord and state history. */
export const adminRentalSchema = z.object({
  id: refnumSchema,
  title: z.string(),
  description: z.string(),
  /** Where it is in its life: the console's moderation buttons read it. */
  state: rentalStateSchema,
  stateLabel: z.string(),
  /** The rental events the table allows an admin now. */
  actions: actionsOf(rentalProcess),
  propertyType: z.string(),
  bedrooms: z.number().int(),
  bathrooms: z.number(),
  squareFeet: z.number().int().nullable(),
  /** Monthly rent in cents. */
  rentCents: z.number().int(),
  depositCents: z.number().int(),
  availableFrom: z.string(),
  ...rentalTermsSchema.shape,
  /** The street line, always (the console is not a public answer); `showStreet` says whether the public sees it. */
  line1: z.string(),
  showStreet: z.boolean(),
  city: z.string(),
  region: z.string(),
  zip: z.string(),
  landlordId: refnumSchema,
  landlordEmail: z.string(),
  landlordName: z.string(),
  photos: z.array(z.object({ src: z.string() })),
  /** Reports about it still waiting in the queue. */
  openReports: z.number().int(),
  history: consoleHistorySchema,
  listedAt: isoDateTimeSchema.nullable(),
  createdAt: isoDateTimeSchema,
  updatedAt: isoDateTimeSchema,
});
export type AdminRentalRecord = z.infer<typeof adminRentalSchema>;

/** A report about a rental, in the queue beside the item reports; resolved as they are. */
export const rentalReportRecordSchema = z.object({
  id: z.number().int(),
  rentalId: refnumSchema,
  rentalTitle: z.string(),
  rentalState: rentalStateSchema,
  landlordEmail: z.string(),
  reporterId: refnumSchema,
  reporterEmail: z.string(),
  reason: z.enum(REPORT_REASON_CODES),
  details: z.string(),
  status: z.enum(REPORT_STATUSES),
  /** As an item report's: the report events the table allows an admin now. */
  actions: z.array(reportEventSchema),
  createdAt: isoDateTimeSchema,
  resolvedAt: isoDateTimeSchema.nullable(),
});
export type RentalReportRecord = z.infer<typeof rentalReportRecordSchema>;

/** An attribute value as the rental form offers it; `value` is what a rental stores, unique in its list. */
export const rentalPropertyInputSchema = z
  .object({
    kind: z.enum(RENTAL_PROPERTY_KINDS, rentalConsoleMessages.listRequired),
    value: z
      .string()
      .trim()
      .regex(/^[a-z0-9][a-z0-9_-]{0,39}$/, rentalConsoleMessages.propertyValueInvalid),
    label: z.string().trim().min(1, rentalConsoleMessages.labelRequired).max(60, rentalConsoleMessages.labelTooLong),
    position: z.number().int().min(0).max(10_000).default(0),
  })
  .superRefine((row, ctx) => {
    // A rental stores its lease length as a number of months.
    if (row.kind === 'leaseMonths' && !/^(?:[1-9]\d?|1[01]\d|120)$/.test(row.value)) {
      ctx.addIssue({ code: 'custom', path: ['value'], message: rentalConsoleMessages.leaseValueInvalid });
    }
  });
export type RentalPropertyInput = z.infer<typeof rentalPropertyInputSchema>;

export const rentalPropertyRecordSchema = z.object({
  id: z.number().int(),
  kind: z.enum(RENTAL_PROPERTY_KINDS),
  value: z.string(),
  label: z.string(),
  position: z.number().int(),
  /** Rentals not deleted that carry this value: such a row cannot be deleted or have its value changed. */
  useCount: z.number().int(),
});
export type RentalPropertyRecord = z.infer<typeof rentalPropertyRecordSchema>;
