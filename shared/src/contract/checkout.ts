import { z } from 'zod';
import { ORDER_STATES } from '../rules/order-process';
import { defineCall } from './call';
import { centsSchema, refnumSchema } from './common';
import { paymentIntentIdSchema } from './test-provider';

export const deliveryMethodSchema = z.enum(['ship', 'pickup']);
export type DeliveryMethod = z.infer<typeof deliveryMethodSchema>;
export const orderStateSchema = z.enum(ORDER_STATES);

/** One way to get the item: shipped (its price by weight class; 'Free Shipping' when the seller pays) or picked up. */
export const deliveryOptionSchema = z.object({
  method: deliveryMethodSchema,
  /** 'Shipping (3 to 10 lbs)', 'Free Shipping' or 'Local pickup'. */
  label: z.string(),
  priceCents: centsSchema,
});
export type CheckoutDeliveryOption = z.infer<typeof deliveryOptionSchema>;

export const deliveryOptionsCall = defineCall({
  method: 'GET',
  path: '/listing/deliveryoptions',
  auth: 'optional',
  summary:
    "A listing's delivery choices at checkout: shipping with its price, and/or local pickup, as the listing allows",
  query: z.object({ listingRefnum: refnumSchema }),
  response: z.object({ listingRefnum: refnumSchema, options: z.array(deliveryOptionSchema) }),
});

/** What a checkout costs, computed by the api: the item (its price or the accepted offer's), shipping, the total. */
export const checkoutAmountSchema = z.object({ itemPrice: centsSchema, shipping: centsSchema, total: centsSchema });
export type CheckoutAmount = z.infer<typeof checkoutAmountSchema>;

export const createPaymentIntentCall = defineCall({
  method: 'POST',
  path: '/payment/createPI',
  auth: 'required',
  summary:
    'Start paying for a listing (Buy Now) or your accepted offer: send an Idempotency-Key header; the same key answers the same intent. The amount is the api’s.',
  body: z.object({
    listingRefnum: refnumSchema,
    offerRefnum: refnumSchema.optional(),
    deliveryMethod: deliveryMethodSchema,
    /** One of the caller's saved addresses (its id); required to ship. */
    addressId: refnumSchema.optional(),
  }),
  response: z.object({
    paymentIntentId: paymentIntentIdSchema,
    clientSecret: z.string(),
    amount: checkoutAmountSchema,
  }),
});

/** An order just placed: where the confirmation page goes (`/orderconfirmation?listingRefnum=&orderId=`). */
export const placedOrderSchema = z.object({
  orderId: refnumSchema,
  listingRefnum: refnumSchema,
  status: orderStateSchema,
});

export const placeOrderCall = defineCall({
  method: 'POST',
  path: '/orders/place',
  auth: 'required',
  summary:
    'Place the order of an authorised payment intent: the listing is sold to the caller in one transaction; repeating it answers the same order; a buyer who lost the item gets 409 and their authorisation is released',
  body: z.object({ paymentIntentId: paymentIntentIdSchema }),
  response: placedOrderSchema,
});

export const payAndPickupCall = defineCall({
  method: 'POST',
  path: '/offer/pay-and-pickup',
  auth: 'required',
  summary:
    'Pay now and pick up in person: the authorised intent of a pickup checkout (createPI with deliveryMethod pickup) places the order, which carries a 6-digit pickup code for the buyer',
  body: z
    .object({
      offerRefnum: refnumSchema.optional(),
      listingRefnum: refnumSchema.optional(),
      paymentIntentId: paymentIntentIdSchema,
    })
    .refine((b) => (b.offerRefnum === undefined) !== (b.listingRefnum === undefined), {
      message: 'Name either the offer or the listing to pay for',
      path: ['offerRefnum'],
    }),
  response: placedOrderSchema.extend({ pickupCode: z.string().regex(/^\d{6}$/) }),
});

export const checkoutCalls = {
  deliveryOptions: deliveryOptionsCall,
  createPaymentIntent: createPaymentIntentCall,
  placeOrder: placeOrderCall,
  payAndPickup: payAndPickupCall,
} as const;
