import type { SavedAddress } from '@yardly/shared/contract';
import { DONATION_OPEN_STATES, DONATION_STATES } from '@yardly/shared/rules';
import { sql } from 'drizzle-orm';
import { bigint, boolean, index, jsonb, pgEnum, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { addresses } from './account';
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
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    refnum: text('refnum').notNull().unique(),
    listingId: bigint('listing_id', { mode: 'number' })
      .notNull()
      .references(() => listings.id),
    donorId: bigint('donor_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    recipientId: bigint('recipient_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    organizationId: bigint('organization_id', { mode: 'number' })
      .notNull()
      .references(() => organizations.id),
    state: donationState('state').notNull(),
    /** The donor's saved address chosen for the pickup; the address as it was then is kept beside it. */
    pickupAddressId: bigint('pickup_address_id', { mode: 'number' }).references(() => addresses.id, {
      onDelete: 'set null',
    }),
    /** The chosen address as confirmed: the console still reads it if the donor later edits or deletes theirs. */
    pickupAddress: jsonb('pickup_address').$type<SavedAddress>(),
    conversationId: bigint('conversation_id', { mode: 'number' })
      .notNull()
      .references(() => conversations.id),
    /** When a requested order lapses unless the donor confirms (seven days). */
    confirmBy: timestamp('confirm_by', { withTimezone: true }).notNull(),
    /** When a representative should have contacted the donor by (3 business days after the confirmation). */
    contactBy: timestamp('contact_by', { withTimezone: true }),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    pickedUpAt: timestamp('picked_up_at', { withTimezone: true }),
    receivedAt: timestamp('received_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    /** The latest representative contact (a console contact note). */
    contactedAt: timestamp('contacted_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
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
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    orderId: bigint('order_id', { mode: 'number' })
      .notNull()
      .references(() => donationOrders.id, { onDelete: 'cascade' }),
    /** The stored file's key: what the picture calls name it by. */
    resourcePath: text('resource_path').notNull().unique(),
    uploaderId: bigint('uploader_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    saved: boolean('saved').notNull().default(false),
    /** The conversation line it goes with, when any. */
    messageRef: text('message_ref'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('donation_pictures_order_idx').on(t.orderId, t.createdAt)],
);

/** A representative's notes of their contacts with the donor (the console), kept with who wrote them. */
export const donationContactNotes = pgTable(
  'donation_contact_notes',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    orderId: bigint('order_id', { mode: 'number' })
      .notNull()
      .references(() => donationOrders.id, { onDelete: 'cascade' }),
    adminId: bigint('admin_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    note: text('note').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (t) => [index('donation_contact_notes_order_idx').on(t.orderId, t.at)],
);
