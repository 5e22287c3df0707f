import { z } from 'zod';
import { PAGE_SIZES, RATING } from '../rules/constants';
import { defineCall } from './call';
import { isoDateTimeSchema, refnumSchema } from './common';

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
  feedbacks: z.object({
    content: z.array(feedbackItemSchema),
    number: z.number().int(),
    size: z.number().int(),
    totalElements: z.number().int(),
  }),
  aggregate: z.object({ rating: z.number().min(0).max(RATING.max), count: z.number().int() }),
});
export type ReceivedFeedback = z.infer<typeof receivedFeedbackSchema>;

const asSellerSchema = z
  .union([z.boolean(), z.enum(['true', 'false'])], { error: 'asSeller must be true or false' })
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
    page: z.coerce.number().int().min(0).max(10_000).default(0),
    size: z.coerce.number().int().min(1).max(50).default(PAGE_SIZES.reviews),
  }),
  response: receivedFeedbackSchema,
});

/** The feedback module's calls; leaving a review comes with the orders issue. */
export const feedbackCalls = {
  received: receivedFeedbackCall,
} as const;
