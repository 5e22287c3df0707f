import { z } from 'zod';
import { type ReportState, reportProcess } from '../rules/back-office-processes';
import { eventNames } from '../rules/process';
import { REPORT_REASON_CODES, reportMessages } from '../rules/reports';
import { defineCall } from './call';
import { isoDateTimeSchema, refnumSchema } from './common';

export const reportBodySchema = z.object({
  listingRefnum: refnumSchema,
  reason: z.enum(REPORT_REASON_CODES, reportMessages.chooseReason),
  details: z.string().trim().max(1000, reportMessages.detailsTooLong).default(''),
});
export type ReportBody = z.input<typeof reportBodySchema>;

export const createReportCall = defineCall({
  method: 'POST',
  path: '/listing/reports/create',
  auth: 'required',
  summary: 'Report an item to the console (once per person and listing)',
  body: reportBodySchema,
  response: z.object({ reported: z.literal(true) }),
});

export const reportCalls = { create: createReportCall } as const;

// ---- The console's report queue (`/svc/admin/reports`) ----

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
