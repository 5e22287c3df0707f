import { z } from 'zod';
import { defineCall } from './call';
import { refnumSchema } from './common';

/** Why a person reports an item (spec: Report an item); the words shown for each. */
export const REPORT_REASONS = {
  prohibited: 'Prohibited item',
  scam: 'Scam or fraud',
  wrong_category: 'Wrong category',
  offensive: 'Offensive content',
  other: 'Something else',
} as const;
export type ReportReason = keyof typeof REPORT_REASONS;
const reasonCodes = Object.keys(REPORT_REASONS) as [ReportReason, ...ReportReason[]];

export const reportMessages = {
  chooseReason: 'Choose a reason',
  detailsTooLong: 'Keep the details to 1000 characters',
  alreadyReported: 'You have already reported this item',
  ownListing: 'You cannot report your own listing',
  sent: 'Thank you, we will review this item',
} as const;

export const reportBodySchema = z.object({
  listingRefnum: refnumSchema,
  reason: z.enum(reasonCodes, reportMessages.chooseReason),
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
