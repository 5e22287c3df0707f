import { z } from 'zod';
import { PAGE_SIZES, RATING } from '../rules/constants';
import { leaveReviewMessages, RATING_CHOICES, REVIEW_TAGS, REVIEW_TEXT_MAX } from '../rules/reviews';
import { defineCall } from './call';
import { contentPageOf, isoDateTimeSchema, pageFields, refnumSchema } from './common';

// ---- Reviews a person received (spec sections 3 and 7, Feedback) ----

/** One review: its text, who left it, when, and the stars it gave (0 to 5, half steps). */
export const feedbackItemSchema = z.object({
  feedbackContent: z.string(),
  feedbackSentByUsername: z.string(),
  updatedAt: isoDateTimeSchema,
  aggregateRating: z.number().min(0).max(RATING.max),
});
export type FeedbackItem = z.infer<typeof feedbackItemSchema>;

/** A page of reviews and the aggregate: the average in half steps and how many reviews it counts. */
export const receivedFeedbackSchema = z.object({
  feedbacks: contentPageOf(feedbackItemSchema),
  aggregate: z.object({ rating: z.number().min(0).max(RATING.max), count: z.number().int() }),
});
export type ReceivedFeedback = z.infer<typeof receivedFeedbackSchema>;

const asSellerSchema = z
  .union([z.boolean(), z.enum(['true', 'false'])], { error: leaveReviewMessages.asSellerFlag })
  .transform((value) => value === true || value === 'true');

export const receivedFeedbackCall = defineCall({
  method: 'GET',
  path: '/feedback/received',
  auth: 'optional',
  summary: 'Reviews a person received as seller (asSeller=true) or buyer: a page, zero-based, and the aggregate',
  query: z.object({
    userRefnum: refnumSchema,
    asSeller: asSellerSchema,
    /** Spec section 7: the client sends page n - 1. */
    ...pageFields({ size: PAGE_SIZES.reviews, maxSize: 50 }),
  }),
  response: receivedFeedbackSchema,
});

// ---- Leaving a review of the other side of a completed order (issue 19, double-blind) ----

/** 0.5 to 5 stars in half steps (one of the ten values); the dialog's radio group offers exactly these. */
export const reviewRatingSchema = z.literal(RATING_CHOICES as [number, ...number[]], {
  error: leaveReviewMessages.rating,
});

/** The review's words: required (the profile tab lists them; blank is none), trimmed, up to 500 characters. */
export const reviewTextSchema = z
  .string({ error: leaveReviewMessages.textRequired })
  .trim()
  .regex(/\S/, { error: leaveReviewMessages.textRequired })
  .max(REVIEW_TEXT_MAX, { error: leaveReviewMessages.textTooLong });

export const leaveReviewBodySchema = z.object({
  orderId: refnumSchema,
  rating: reviewRatingSchema,
  feedbackContent: reviewTextSchema,
});
export type LeaveReviewBody = z.input<typeof leaveReviewBodySchema>;

/** A review as its author sees it: publishedAt is null until it is public (both wrote, or the window closed). */
export const writtenReviewSchema = z.object({
  rating: z.number().min(RATING.step).max(RATING.max),
  feedbackContent: z.string(),
  createdAt: isoDateTimeSchema,
  publishedAt: isoDateTimeSchema.nullable(),
});
export type WrittenReview = z.infer<typeof writtenReviewSchema>;

export const leaveReviewCall = defineCall({
  method: 'POST',
  path: '/feedback',
  auth: 'required',
  summary:
    'The buyer or seller of a completed order reviews the other, once: hidden until both have written or 14 days have passed since completion, then both are published together',
  body: leaveReviewBodySchema,
  response: writtenReviewSchema,
});

/** Where the caller stands on reviewing one order: for the order screens and the review dialog. */
export const orderReviewSchema = z.object({
  orderId: refnumSchema,
  listingRefnum: refnumSchema,
  listingTitle: z.string(),
  /** The caller's side: the buyer reviews the seller, the seller the buyer. */
  role: z.enum(['buying', 'selling']),
  /** The person the caller reviews (first name and initial). */
  otherPartyName: z.string(),
  /** When the order was completed; null while it is not. */
  completedAt: isoDateTimeSchema.nullable(),
  /** The last moment a review may be written (completion + 14 days); null while not completed. */
  reviewBy: isoDateTimeSchema.nullable(),
  /** The caller may write their review now. */
  canReview: z.boolean(),
  mine: writtenReviewSchema.nullable(),
  /** The other side's review once it is published (never before, never when blacklisted). */
  theirs: writtenReviewSchema.nullable(),
});
export type OrderReview = z.infer<typeof orderReviewSchema>;

export const orderReviewCall = defineCall({
  method: 'GET',
  path: '/feedback/order',
  auth: 'required',
  summary:
    "Whether the caller may review an order (by orderId, or the caller's order of a listing by listingRefnum), their review and the other's once published",
  query: z
    .object({ orderId: refnumSchema.optional(), listingRefnum: refnumSchema.optional() })
    .refine((q) => Boolean(q.orderId) !== Boolean(q.listingRefnum), {
      error: leaveReviewMessages.orderOrListingRequired,
      path: ['orderId'],
    }),
  response: orderReviewSchema,
});

// ---- The console's reviews (spec section 4, review tags) ----

export const reviewTagSchema = z.enum(REVIEW_TAGS);

/** A review in the console: who reviewed whom for which order, the stars, the words, the tag. */
export const reviewRecordSchema = z.object({
  id: z.number().int(),
  orderId: refnumSchema.nullable(),
  listingTitle: z.string().nullable(),
  fromEmail: z.string(),
  aboutEmail: z.string(),
  aboutRole: z.enum(['seller', 'buyer']),
  rating: z.number(),
  feedbackContent: z.string(),
  tag: reviewTagSchema,
  createdAt: isoDateTimeSchema,
  publishedAt: isoDateTimeSchema,
});
export type ReviewRecord = z.infer<typeof reviewRecordSchema>;

/** The console changes only a review's tag: its words and stars are the author's. */
export const reviewTagEditSchema = z.object({ tag: reviewTagSchema });

/** The feedback module's calls. */
export const feedbackCalls = {
  received: receivedFeedbackCall,
  leave: leaveReviewCall,
  order: orderReviewCall,
} as const;
