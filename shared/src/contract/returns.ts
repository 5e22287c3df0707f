import { z } from 'zod';
import { CARD_REFUND_STATUSES } from '../rules/payouts';
import {
  RETURN_DECISIONS,
  RETURN_MAX_PHOTOS,
  RETURN_REASONS,
  RETURN_STATES,
  RETURN_TEXT_MAX,
  returnMessages,
  returnProcess,
} from '../rules/return-process';
import { defineCall } from './call';
import { orderStateSchema } from './checkout';
import { actionsOf, centsSchema, consoleHistorySchema, isoDateTimeSchema, refnumSchema } from './common';
import { trackingSchema } from './shipping';

export const returnStateSchema = z.enum(RETURN_STATES);
export const returnReasonSchema = z.enum(RETURN_REASONS, { error: returnMessages.reasonRequired });

/** What the buyer writes to open a return: the same schema checks the form and the request. */
export const openReturnSchema = z.object({
  orderId: refnumSchema,
  reason: returnReasonSchema,
  text: z
    .string({ error: returnMessages.textRequired })
    .trim()
    .min(1, returnMessages.textRequired)
    .max(RETURN_TEXT_MAX, returnMessages.textTooLong),
});
export type OpenReturn = z.infer<typeof openReturnSchema>;

export const returnPhotoSchema = z.object({ picno: z.number().int().min(1).max(RETURN_MAX_PHOTOS), url: z.string() });

/**
 * A return as its buyer, its seller or an admin sees it: the reason, the text and photos, where it
 * is, the prepaid return label and its tracking once accepted, the refund once it came back, and
 * the return events the caller may take now (return-process.ts).
 */
export const returnDetailSchema = z.object({
  returnId: refnumSchema,
  orderId: refnumSchema,
  orderStatus: orderStateSchema,
  listingRefnum: refnumSchema,
  listingTitle: z.string(),
  /** The caller's part in it. */
  role: z.enum(['buyer', 'seller', 'admin']),
  status: returnStateSchema,
  /** The status as a person reads it ('Accepted, on its way back'). */
  statusLabel: z.string(),
  reason: returnReasonSchema,
  reasonLabel: z.string(),
  text: z.string(),
  photos: z.array(returnPhotoSchema),
  /** When the platform accepts it unless the seller answered (three business days). */
  replyBy: isoDateTimeSchema,
  /** The prepaid return label the buyer prints (a PDF for the buyer); null until accepted. */
  label: z.object({ labelUrl: z.string(), trackingNumber: z.string() }).nullable(),
  /** The return parcel's way back to the seller; null until accepted. */
  tracking: trackingSchema.nullable(),
  /** What is given back once the parcel is delivered back: the item price (shipping is not refunded). */
  refund: centsSchema.nullable(),
  /**
   * Where the refund to the card is (issue 34): `succeeded` once the provider made it; `sending`,
   * `pending` (held by the provider) or `failed` while it is not refunded yet; null when nothing
   * is owed to a card (not refunded yet, or given back to rewards only).
   */
  refundStatus: z.enum(CARD_REFUND_STATUSES).nullable(),
  history: z.array(z.object({ event: z.string(), status: returnStateSchema, at: isoDateTimeSchema })),
  actions: actionsOf(returnProcess),
  createdAt: isoDateTimeSchema,
});
export type ReturnDetail = z.infer<typeof returnDetailSchema>;

const returnIdQuery = z.object({ returnId: refnumSchema });

export const openReturnCall = defineCall({
  method: 'POST',
  path: '/returns',
  auth: 'required',
  summary:
    'The buyer opens a return within 3 business days of delivery (once per order): the order is returning and the seller has 3 business days to answer',
  body: openReturnSchema,
  response: z.object({ returnId: refnumSchema }),
});

/** multipart/form-data with one file field (`photo` or `file`): JPG or PNG, at most 10 MB. */
export const returnPhotoCall = defineCall({
  method: 'POST',
  path: '/returns/{returnId}/photos',
  auth: 'required',
  upload: 'photo',
  summary: 'The buyer adds a photo to a return waiting for the seller (at most 4)',
  query: returnIdQuery,
  response: z.object({ photos: z.array(returnPhotoSchema) }),
});

export const returnCall = defineCall({
  method: 'GET',
  path: '/returns/{returnId}',
  auth: 'required',
  summary: "One return: its buyer, its seller or an admin; with the return label and its tracking once it's accepted",
  query: returnIdQuery,
  response: returnDetailSchema,
});

export const returnOfListingCall = defineCall({
  method: 'GET',
  path: '/returns',
  auth: 'required',
  summary: "The return of the caller's order of a listing (/return-track?listingRefnum=), or of an order by its id",
  query: z
    .object({ listingRefnum: refnumSchema.optional(), orderId: refnumSchema.optional() })
    .refine((q) => q.listingRefnum !== undefined || q.orderId !== undefined, {
      message: returnMessages.listingOrOrderRequired,
      path: ['listingRefnum'],
    }),
  response: returnDetailSchema,
});

export const acceptReturnCall = defineCall({
  method: 'POST',
  path: '/returns/{returnId}/accept',
  auth: 'required',
  summary: 'The seller accepts a return: a prepaid return label is bought for the buyer',
  query: returnIdQuery,
  response: returnDetailSchema,
});

export const disputeReturnCall = defineCall({
  method: 'POST',
  path: '/returns/{returnId}/dispute',
  auth: 'required',
  summary: "The seller disputes a return: it goes to the console's Returns queue, where an admin decides",
  query: returnIdQuery,
  response: returnDetailSchema,
});

export const returnCalls = {
  open: openReturnCall,
  addPhoto: returnPhotoCall,
  detail: returnCall,
  ofListing: returnOfListingCall,
  accept: acceptReturnCall,
  dispute: disputeReturnCall,
} as const;

/**
 * A return as the console shows it (`/svc/admin/returns`): the order, both parties, what the buyer
 * wrote and showed, the label and the decision; `id` is the returnId.
 */
export const adminReturnRecordSchema = z.object({
  id: refnumSchema,
  status: returnStateSchema,
  statusLabel: z.string(),
  orderId: refnumSchema,
  orderStatus: orderStateSchema,
  listingTitle: z.string(),
  buyerEmail: z.string(),
  sellerEmail: z.string(),
  itemPrice: centsSchema,
  reason: returnReasonSchema,
  reasonLabel: z.string(),
  text: z.string(),
  photos: z.array(returnPhotoSchema),
  /** The prepaid return label's PDF: a link signed for its owner (the buyer), good for 5 minutes. */
  labelUrl: z.string().nullable(),
  trackingNumber: z.string().nullable(),
  decidedBy: z.string().nullable(),
  decisionNote: z.string().nullable(),
  decidedAt: isoDateTimeSchema.nullable(),
  refund: centsSchema.nullable(),
  /** The return events the table allows an admin now (the console shows the decisions among them). */
  actions: actionsOf(returnProcess),
  history: consoleHistorySchema,
  createdAt: isoDateTimeSchema,
  updatedAt: isoDateTimeSchema,
});
export type AdminReturnRecord = z.infer<typeof adminReturnRecordSchema>;

/** The console's decision on a disputed return: ROLE_ADMIN only, always with a note (kept in the audit log). */
export const adminReturnDecisionSchema = z.object({
  decision: z.enum(Object.keys(RETURN_DECISIONS) as ['buyer', 'seller'], { error: returnMessages.decisionRequired }),
  decisionNote: z.string({ error: returnMessages.noteRequired }).trim().min(1, returnMessages.noteRequired).max(500),
});
export type AdminReturnDecision = z.infer<typeof adminReturnDecisionSchema>;
