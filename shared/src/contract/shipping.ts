import { z } from 'zod';
import { PARCEL_NAMES, PARCEL_STATUSES, shippingMessages } from '../rules/parcels';
import { defineCall } from './call';
import { centsSchema, isoDateTimeSchema, refnumSchema } from './common';
import { orderDetailSchema } from './orders';

/** Ship packages (parcels.ts): the parcel size a label is bought for. */
export const parcelNameSchema = z.enum(PARCEL_NAMES, shippingMessages.parcelRequired);
export const parcelStatusSchema = z.enum(PARCEL_STATUSES);
/** A carrier's service token (`ground`, `usps_priority`), as the rates answered it. */
export const shippingServiceSchema = z.string().trim().min(1, shippingMessages.serviceRequired).max(100);

export const shippingRateSchema = z.object({
  service: shippingServiceSchema,
  amount: centsSchema,
  days: z.number().int().min(0),
});
export type ShippingRate = z.infer<typeof shippingRateSchema>;

export const shippingRatesCall = defineCall({
  method: 'GET',
  path: '/shipping/rates',
  auth: 'required',
  summary: "The carrier's rates for an order's parcel (its seller only), cheapest first, in cents",
  query: z.object({ orderId: refnumSchema, parcel: parcelNameSchema }),
  response: z.object({ rates: z.array(shippingRateSchema) }),
});

export const buyLabelBodySchema = z.object({
  orderId: refnumSchema,
  parcel: parcelNameSchema,
  service: shippingServiceSchema,
});
export type BuyLabelBody = z.infer<typeof buyLabelBodySchema>;

export const shippingLabelSchema = z.object({
  trackingNumber: z.string(),
  /** The label's PDF (4×6 in), for the order's seller: GET it with the access token. */
  labelUrl: z.string(),
  amount: centsSchema,
});
export type ShippingLabel = z.infer<typeof shippingLabelSchema>;

export const buyLabelCall = defineCall({
  method: 'POST',
  path: '/shipping/label',
  auth: 'required',
  summary:
    "The order's seller buys its shipping label: the order is shipped in the same transaction; a retry with the same Idempotency-Key answers the same label, any other second purchase 409",
  body: buyLabelBodySchema,
  response: shippingLabelSchema,
});

export const shippingLabelOfCall = defineCall({
  method: 'GET',
  path: '/shipping/label',
  auth: 'required',
  summary: 'The label already bought for an order (its seller only), to print it again; 404 before one is bought',
  query: z.object({ orderId: refnumSchema }),
  response: shippingLabelSchema,
});

export const trackingEventSchema = z.object({
  status: parcelStatusSchema,
  at: isoDateTimeSchema,
  description: z.string(),
});

export const trackingSchema = z.object({
  trackingNumber: z.string(),
  status: parcelStatusSchema,
  expectedAt: isoDateTimeSchema.nullable(),
  events: z.array(trackingEventSchema),
});
export type Tracking = z.infer<typeof trackingSchema>;

export const trackingCall = defineCall({
  method: 'GET',
  path: '/orders/{orderId}/tracking',
  auth: 'required',
  summary: 'The parcel of a shipped order, oldest event first: its buyer and its seller only',
  query: z.object({ orderId: refnumSchema }),
  response: trackingSchema,
});

export const confirmReceivedCall = defineCall({
  method: 'POST',
  path: '/orders/confirm-received',
  auth: 'required',
  summary:
    "The buyer confirms the parcel arrived (as /orders/confirm-delivery): the order is delivered and the seller's share released",
  body: z.object({ orderId: refnumSchema }),
  response: orderDetailSchema,
});

export const orderOfListingCall = defineCall({
  method: 'GET',
  path: '/orders/of-listing',
  auth: 'required',
  summary:
    "The caller's live order of a listing, as its buyer or seller (the shipping and tracking pages are addressed by listing)",
  query: z.object({ listingRefnum: refnumSchema }),
  response: z.object({ orderId: refnumSchema }),
});

export const shippingCalls = {
  rates: shippingRatesCall,
  buyLabel: buyLabelCall,
  label: shippingLabelOfCall,
  tracking: trackingCall,
  confirmReceived: confirmReceivedCall,
  orderOfListing: orderOfListingCall,
} as const;
