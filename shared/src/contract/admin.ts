import { z } from 'zod';
import { defineCall } from './call';
import { isoDateTimeSchema, refnumSchema } from './common';

/*
 * The console's own contract: the list query of its records (`/svc/admin/<resource>`,
 * ra-data-simple-rest dialect), its audit log, its jobs view and its home. Each resource's record
 * and input schemas live in the contract file of the capability that serves it (categories.ts,
 * organisations.ts, listings.ts, …): the api validates each request body with the `*InputSchema`
 * and each answer with the record schema; the console validates its forms with the same schemas.
 */

/** react-admin's list query: `sort=["field","ASC"]`, `range=[0,24]`, `filter={...}`, all JSON. */
export const adminListQuerySchema = z.object({
  sort: z.string().optional(),
  range: z.string().optional(),
  filter: z.string().optional(),
});

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

/** A background job as the console shows it (`/svc/admin/jobs`, read only): a dead one is work given up. */
export const adminJobRecordSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  state: z.enum(['queued', 'done', 'dead']),
  attempts: z.number().int(),
  maxAttempts: z.number().int(),
  lastError: z.string().nullable(),
  payload: z.string(),
  runAt: isoDateTimeSchema,
  doneAt: isoDateTimeSchema.nullable(),
});
export type AdminJobRecord = z.infer<typeof adminJobRecordSchema>;

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

/** The console's own calls (its resources speak react-admin's REST dialect instead). */
export const adminCalls = { dashboard: adminDashboardCall } as const;
