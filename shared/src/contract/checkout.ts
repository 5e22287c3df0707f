import { z } from 'zod';
import { ORDER_STATES, orderMessages } from '../rules/order-process';
import { defineCall } from './call';
import { centsSchema, flagSchema, refnumSchema } from './common';
import { paymentIntentIdSchema } from './test-provider';

/** A payment intent's status, in Stripe's words (the built-in test provider uses the same). */
export const paymentIntentStatusSchema = z.enum([
  'requires_payment_method',
  'requires_confirmation',
  'requires_action',
  'processing',
  'requires_capture',
  'succeeded',
  'canceled',
]);
export type PaymentIntentStatus = z.infer<typeof paymentIntentStatusSchema>;

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

/**
 * What a checkout costs, computed by the api: the item (its price or the accepted offer's),
 * shipping, the buyer's rewards applied before the card, and the total the card pays:
 * `total = itemPrice + shipping - rewards` (0: the rewards pay it all and no card is needed).
 */
export const checkoutAmountSchema = z.object({
  itemPrice: centsSchema,
  shipping: centsSchema,
  rewards: centsSchema,
  total: centsSchema,
});
export type CheckoutAmount = z.infer<typeof checkoutAmountSchema>;

export const createPaymentIntentCall = defineCall({
  method: 'POST',
  path: '/payment/createPI',
  bodyInQuery: true,
  auth: 'required',
  summary:
    'Start paying for a listing (Buy Now) or your accepted offer: send an Idempotency-Key header; the same key answers the same intent. The amount is the api’s: your rewards come off before the card (useRewards, default true).',
  body: z.object({
    listingRefnum: refnumSchema,
    offerRefnum: refnumSchema.optional(),
    deliveryMethod: deliveryMethodSchema,
    /** One of the caller's saved addresses (its id); required to ship. */
    addressId: refnumSchema.optional(),
    /** Keep the card that pays for later (saved when the order is placed): `GET /svc/payment/cards`. */
    saveCard: flagSchema.optional(),
    /**
     * Pay with one of the caller's saved cards (its id): the api confirms the intent with it, so
     * the answer's status is already `requires_capture` unless the bank asks the buyer
     * (`requires_action`, Stripe.js handles it) or declines (402 with the bank's words).
     */
    paymentCardId: refnumSchema.optional(),
    /**
     * Spend the caller's rewards balance first (default true), up to the total; what is left is
     * the card's. All of it paid by rewards: no card, the answer's intent is a rewards payment
     * (status `requires_capture`, nothing to confirm) that `orders/place` takes as it is.
     */
    useRewards: flagSchema.default(true),
  }),
  response: z.object({
    /** The card provider's intent; for a checkout paid wholly by rewards, the rewards payment's id (`rewards_…`). */
    paymentIntentId: paymentIntentIdSchema,
    clientSecret: z.string(),
    amount: checkoutAmountSchema,
    /** The intent's status: `requires_payment_method` until a card confirms it, `requires_capture` once authorised. */
    status: paymentIntentStatusSchema,
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
      message: orderMessages.payOfferOrListing,
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
