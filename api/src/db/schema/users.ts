import { sql } from 'drizzle-orm';
import { bigint, boolean, index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { organizations } from './organisations';
import { zipCodes } from './zip-codes';

export const users = pgTable(
  'users',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    refnum: text('refnum').notNull().unique(),
    email: text('email').notNull(),
    nameFirst: text('name_first').notNull(),
    nameLast: text('name_last').notNull(),
    passwordHash: text('password_hash'),
    roles: text('roles').array().notNull().default(sql`'{ROLE_USER}'::text[]`),
    zip: text('zip').references(() => zipCodes.zip),
    picturePath: text('picture_path'),
    organizationId: bigint('organization_id', { mode: 'number' }).references(() => organizations.id),
    isProfessionVerified: boolean('is_profession_verified').notNull().default(false),
    /** A verified work address (its domain decided organizationId). */
    workEmail: text('work_email'),
    /** Easy sign-up: an email only, limited access until completed. */
    isProgressive: boolean('is_progressive').notNull().default(false),
    /** Blocked by an admin: every session ends and no login is accepted until unblocked. */
    blockedAt: timestamp('blocked_at', { withTimezone: true }),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('users_email_lower_idx').on(sql`lower(${t.email})`), index('users_org_idx').on(t.organizationId)],
);
