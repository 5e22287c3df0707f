import { z } from 'zod';
import { BUY_FILTER_ORDER_STATES, orderMessages, orderProcess, SELL_FILTER_ORDER_STATES } from '../rules/order-process';
import { PARCEL_NAMES } from '../rules/parcels';
import { addressSchemaOut } from './account';
import { defineCall } from './call';
import { checkoutAmountSchema, deliveryMethodSchema, orderStateSchema } from './checkout';
import { actionsOf, centsSchema, contentPageOf, isoDateTimeSchema, pageQuerySchema, refnumSchema } from './common';
import { listingCardSchema } from './listings';
import { conversationPartySchema } from './messages';

const ORDER_FILTERS = [
  ...new Set([...Object.keys(BUY_FILTER_ORDER_STATES), ...Object.keys(SELL_FILTER_ORDER_STATES)]),
] as [string, ...string[]];

/** One order as a party sees it in a list: the listing's card, the other party, its status and amounts (cents). */
export const orderSummarySchema = z.object({
  orderId: refnumSchema,
  /** The caller's side of it. */
  role: z.enum(['buying', 'selling']),
  status: orderStateSchema,
  /** The status as a person reads it ('Paid, to be shipped'). */
  statusLabel: z.string(),
  listing: listingCardSchema,
  otherParty: conversationPartySchema,
  deliveryMethod: deliveryMethodSchema,
  amount: checkoutAmountSchema,
  /** The line item (spec section 3): the accepted offer it was paid at, or null for Buy Now, and that price. */
  offerRefnum: refnumSchema.nullable(),
  orderLineItemPrice: centsSchema,
  createdAt: isoDateTimeSchema,
  /** When the platform cancels it unless it was shipped or handed over. */
  shipBy: isoDateTimeSchema,
});
export type OrderSummary = z.infer<typeof orderSummarySchema>;

/** An order's detail: the buyer and seller, the seller's share, its history, what the caller may do; the pickup code only to its buyer. */
export const orderDetailSchema = orderSummarySchema.extend({
  buyer: conversationPartySchema,
  seller: conversationPartySchema,
  /** The commission kept by Yardly (COMMISSION_SCHEDULE) and what the seller receives. */
  commission: centsSchema,
  sellerReceives: centsSchema,
  /** Shown to the buyer of a local order, null to everyone else. */
  pickupCode: z.string().nullable(),
  /** The address it ships to (the buyer's and seller's view); null for pickup. */
  shipTo: addressSchemaOut
    .pick({ firstName: true, lastName: true, line1: true, line2: true, city: true, state: true, zip: true })
    .nullable(),
  history: z.array(z.object({ event: z.string(), status: orderStateSchema, at: isoDateTimeSchema })),
  /** The order events the caller may take now (order-process.ts), e.g. ['confirmPickup', 'cancel'] for its seller. */
  actions: actionsOf(orderProcess),
  /** The smallest parcel the item fits in by the listing's weight (`parcelFor`): the label page's first choice; null for pickup. */
  parcel: z.enum(PARCEL_NAMES).nullable(),
});
export type OrderDetail = z.infer<typeof orderDetailSchema>;

export const ordersCall = defineCall({
  method: 'GET',
  path: '/orders',
  auth: 'required',
  summary: "The caller's orders on one side, newest first, by the dashboard's buy or sell filter (spec section 4)",
  query: pageQuerySchema.extend({
    side: z.enum(['buying', 'selling']),
    filter: z.enum(ORDER_FILTERS).optional(),
  }),
  response: z.object({
    orders: contentPageOf(orderSummarySchema).extend({ totalPages: z.number().int() }),
  }),
});

const orderIdBody = z.object({ orderId: refnumSchema });

export const orderCall = defineCall({
  method: 'GET',
  path: '/orders/{orderId}',
  auth: 'required',
  summary: 'One order: only its buyer, its seller or an admin; the pickup code only to its buyer',
  query: orderIdBody,
  response: orderDetailSchema,
});

export const cancelOrderCall = defineCall({
  method: 'POST',
  path: '/orders/cancel',
  auth: 'required',
  summary:
    'The seller cancels an order before it is shipped or picked up: the buyer is refunded in full (a buyer cannot cancel)',
  body: orderIdBody,
  response: orderDetailSchema,
});

export const confirmPickupCall = defineCall({
  method: 'POST',
  path: '/orders/confirm-pickup',
  auth: 'required',
  summary: "The seller enters the buyer's 6-digit code at the handoff: the order is delivered (5 wrong codes lock it)",
  body: orderIdBody.extend({ code: z.string().regex(/^\d{6}$/, orderMessages.pickupCodeFormat) }),
  response: orderDetailSchema,
});

export const confirmDeliveryCall = defineCall({
  method: 'POST',
  path: '/orders/confirm-delivery',
  auth: 'required',
  summary:
    "The buyer confirms a shipped order arrived: it is delivered and the seller's share becomes available (after the payout hold)",
  body: orderIdBody,
  response: orderDetailSchema,
});

export const orderCalls = {
  list: ordersCall,
  detail: orderCall,
  cancel: cancelOrderCall,
  confirmPickup: confirmPickupCall,
  confirmDelivery: confirmDeliveryCall,
} as const;
