import type { SavedAddress } from '@yardly/shared/contract';
import { DONATION_OPEN_STATES, DONATION_STATES } from '@yardly/shared/rules';
import { sql } from 'drizzle-orm';
import { boolean, index, jsonb, pgEnum, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { addresses } from './account';
import { at, id, reference } from './columns';
import { listings } from './listings';
import { conversations } from './messages';
import { organizations } from './organisations';
import { users } from './users';

/** Where a donation order is in its life (`shared/src/rules/donation-process.ts`); only the process layer changes it. */
export const donationState = pgEnum('donation_state', DONATION_STATES);

/**
 * A charity member's request for a donation listing (issue 21); the wire's donationOrderId is
 * `refnum`. The donor is the listing's seller, the recipient the member who asked, for their
 * organisation. A listing has at most one open order (the partial unique index): two requests at
 * once leave one winner, the other is refused.
 */
export const donationOrders = pgTable(
  'donation_orders',
  {
    id: id(),
    refnum: text('refnum').notNull().unique(),
    listingId: reference('listing_id', () => listings.id).notNull(),
    donorId: reference('donor_id', () => users.id).notNull(),
    recipientId: reference('recipient_id', () => users.id).notNull(),
    organizationId: reference('organization_id', () => organizations.id).notNull(),
    state: donationState('state').notNull(),
    /** The donor's saved address chosen for the pickup; the address as it was then is kept beside it. */
    pickupAddressId: reference('pickup_address_id', () => addresses.id, {
      onDelete: 'set null',
    }),
    /** The chosen address as confirmed: the console still reads it if the donor later edits or deletes theirs. */
    pickupAddress: jsonb('pickup_address').$type<SavedAddress>(),
    conversationId: reference('conversation_id', () => conversations.id).notNull(),
    /** When a requested order lapses unless the donor confirms (seven days). */
    confirmBy: at('confirm_by').notNull(),
    /** When a representative should have contacted the donor by (3 business days after the confirmation). */
    contactBy: at('contact_by'),
    confirmedAt: at('confirmed_at'),
    pickedUpAt: at('picked_up_at'),
    receivedAt: at('received_at'),
    cancelledAt: at('cancelled_at'),
    /** The latest representative contact (a console contact note). */
    contactedAt: at('contacted_at'),
    createdAt: at('created_at').notNull(),
    updatedAt: at('updated_at').notNull(),
  },
  (t) => [
    uniqueIndex('donation_orders_one_open_per_listing_idx')
      .on(t.listingId)
      .where(sql.raw(`state in (${DONATION_OPEN_STATES.map((state) => `'${state}'`).join(', ')})`)),
    index('donation_orders_listing_idx').on(t.listingId, t.createdAt),
    index('donation_orders_state_idx').on(t.state, t.createdAt),
    index('donation_orders_donor_idx').on(t.donorId),
    index('donation_orders_recipient_idx').on(t.recipientId),
  ],
);

/**
 * Photos documenting a handover, uploaded by the donor or the recipient. Unsaved until
 * `picture/save` keeps them on the order (at most four saved).
 */
export const donationPictures = pgTable(
  'donation_pictures',
  {
    id: id(),
    orderId: reference('order_id', () => donationOrders.id, { onDelete: 'cascade' }).notNull(),
    /** The stored file's key: what the picture calls name it by. */
    resourcePath: text('resource_path').notNull().unique(),
    uploaderId: reference('uploader_id', () => users.id).notNull(),
    saved: boolean('saved').notNull().default(false),
    /** The conversation line it goes with, when any. */
    messageRef: text('message_ref'),
    createdAt: at('created_at').notNull(),
  },
  (t) => [index('donation_pictures_order_idx').on(t.orderId, t.createdAt)],
);

/** A representative's notes of their contacts with the donor (the console), kept with who wrote them. */
export const donationContactNotes = pgTable(
  'donation_contact_notes',
  {
    id: id(),
    orderId: reference('order_id', () => donationOrders.id, { onDelete: 'cascade' }).notNull(),
    adminId: reference('admin_id', () => users.id).notNull(),
    note: text('note').notNull(),
    at: at('at').notNull(),
  },
  (t) => [index('donation_contact_notes_order_idx').on(t.orderId, t.at)],
);
