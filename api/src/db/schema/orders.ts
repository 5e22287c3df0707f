import { OPEN_ORDER_STATES, ORDER_STATES } from '@yardly/shared/rules';

const ENDED_ORDER_STATES = ORDER_STATES.filter((state) => !(OPEN_ORDER_STATES as readonly string[]).includes(state));

import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgEnum, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { addresses } from './account';
import { at, id, reference } from './columns';
import { listings } from './listings';
import { offers } from './offers';
import { users } from './users';

/** Where an order is in its life (`shared/src/rules/order-process.ts`); only the process layer changes it. */
export const orderState = pgEnum('order_state', ORDER_STATES);
export const deliveryMethod = pgEnum('delivery_method', ['ship', 'pickup']);

/**
 * A checkout the api started (`POST /svc/payment/createPI`): the payment intent and the amount the
 * api computed for it, so placing the order compares the provider's intent with what the api
 * asked for, never with anything the client says. One per buyer and Idempotency-Key.
 */
export const checkouts = pgTable(
  'checkouts',
  {
    id: id(),
    /** The provider's intent id (the wire's paymentIntentId); a checkout paid wholly by rewards has its own `rewards_…` id. */
    paymentIntentId: text('payment_intent_id').notNull().unique(),
    provider: text('provider').notNull(),
    buyerId: reference('buyer_id', () => users.id).notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    listingId: reference('listing_id', () => listings.id).notNull(),
    /** The accepted offer paid for; null for Buy Now. */
    offerId: reference('offer_id', () => offers.id),
    deliveryMethod: deliveryMethod('delivery_method').notNull(),
    addressId: reference('address_id', () => addresses.id, { onDelete: 'set null' }),
    itemPriceCents: integer('item_price_cents').notNull(),
    shippingCents: integer('shipping_cents').notNull(),
    totalCents: integer('total_cents').notNull(),
    /** The buyer asked to keep the card that pays: it is saved in the transaction that places the order. */
    saveCard: boolean('save_card').notNull().default(false),
    /**
     * The saved card the buyer chose to pay with (its refnum as sent, so a retried request is
     * recognised even once the card is deleted); null when a card was typed.
     */
    paymentCardRefnum: text('payment_card_refnum'),
    /** The buyer asked to spend their rewards first (createPI's useRewards; part of what a reused Idempotency-Key must repeat). */
    useRewards: boolean('use_rewards').notNull().default(true),
    /**
     * The buyer's rewards this checkout spends before the card (taken from the ledger when the
     * order is placed); the card pays `total_cents - rewards_cents`. Equal to the total: no card,
     * `provider` is 'rewards' and `payment_intent_id` the rewards payment's own id.
     */
    rewardsCents: integer('rewards_cents').notNull().default(0),
    /** When the buyer lost the item to another order: the authorisation was released. */
    lostAt: at('lost_at'),
    /** Why, in the words the buyer read then (placing it again answers the same). */
    lostMessage: text('lost_message'),
    /**
     * When the sweep of abandoned checkouts (orders/abandoned.ts) last asked the provider about
     * this one: it visits the least recently asked first, and a lost one only until it has seen it released.
     */
    sweptAt: at('swept_at'),
    createdAt: at('created_at').notNull(),
  },
  (t) => [
    uniqueIndex('checkouts_buyer_key_idx').on(t.buyerId, t.idempotencyKey),
    index('checkouts_created_idx').on(t.createdAt),
  ],
);

/**
 * An order: one listing bought by one buyer, placed in the transaction that sold the listing.
 * The wire's orderId is `refnum`. A partial unique index keeps one order in progress per
 * listing, whatever the code above it does.
 */
export const orders = pgTable(
  'orders',
  {
    id: id(),
    refnum: text('refnum').notNull().unique(),
    checkoutId: reference('checkout_id', () => checkouts.id)
      .notNull()
      .unique(),
    buyerId: reference('buyer_id', () => users.id).notNull(),
    sellerId: reference('seller_id', () => users.id).notNull(),
    listingId: reference('listing_id', () => listings.id).notNull(),
    state: orderState('state').notNull(),
    deliveryMethod: deliveryMethod('delivery_method').notNull(),
    /** The address as it was when the order was placed (a later edit of the saved one does not move a parcel). */
    shipTo: jsonb('ship_to').$type<Record<string, string | null>>(),
    itemPriceCents: integer('item_price_cents').notNull(),
    shippingCents: integer('shipping_cents').notNull(),
    totalCents: integer('total_cents').notNull(),
    /** What the buyer's rewards paid of the total (the card paid the rest); given back to their rewards by a refund. */
    rewardsCents: integer('rewards_cents').notNull().default(0),
    /** What the sale charged: 0 when its organisation waived it (issue 23). The ledger and payouts read this, never recompute it. */
    commissionCents: integer('commission_cents').notNull(),
    /** The commission waived (issue 23): what it would have charged, when the listing's organisation waives it between members. */
    commissionWaivedCents: integer('commission_waived_cents').notNull().default(0),
    paymentIntentId: text('payment_intent_id').notNull().unique(),
    /** The local buyer's 6-digit code, shown only to them; the seller enters it at the handoff. */
    pickupCode: text('pickup_code'),
    pickupAttempts: integer('pickup_attempts').notNull().default(0),
    /** When the platform cancels it unless it was shipped or handed over (three business days). */
    shipBy: at('ship_by').notNull(),
    createdAt: at('created_at').notNull(),
    updatedAt: at('updated_at').notNull(),
  },
  (t) => [
    index('orders_buyer_idx').on(t.buyerId, t.createdAt.desc()),
    index('orders_seller_idx').on(t.sellerId, t.createdAt.desc()),
    // Price guidance (issue 37): a listing's completed sales (migration 0053).
    index('orders_delivered_listing_idx').on(t.listingId).where(sql`${t.state} = 'delivered'`),
    // One order in progress per listing; a completed (or returned) sale does not stop the seller
    // relisting it and selling it again. Written as the states that are not in progress: the
    // newer ones ('arrived', 'returning') cannot be named in the migration that adds the enum's values.
    uniqueIndex('orders_one_live_per_listing_idx')
      .on(t.listingId)
      .where(sql.raw(`state not in (${ENDED_ORDER_STATES.map((state) => `'${state}'`).join(', ')})`)),
    check(
      'orders_amounts',
      sql`${t.totalCents} = ${t.itemPriceCents} + ${t.shippingCents} and ${t.itemPriceCents} > 0`,
    ),
    check('orders_rewards', sql`${t.rewardsCents} >= 0 and ${t.rewardsCents} <= ${t.totalCents}`),
  ],
);

/** What an order bought (spec section 3): the listing, the accepted offer it was paid at, and that price. */
export const orderLineItems = pgTable('order_line_items', {
  id: id(),
  orderId: reference('order_id', () => orders.id).notNull(),
  listingId: reference('listing_id', () => listings.id).notNull(),
  offerId: reference('offer_id', () => offers.id),
  /** The wire's orderLineItemPrice, in cents. */
  priceCents: integer('price_cents').notNull(),
});
