import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { at, createdAt, id, reference } from './columns';
import { organizations } from './organisations';
import { zipCodes } from './zip-codes';

export const users = pgTable(
  'users',
  {
    id: id(),
    refnum: text('refnum').notNull().unique(),
    email: text('email').notNull(),
    nameFirst: text('name_first').notNull(),
    nameLast: text('name_last').notNull(),
    passwordHash: text('password_hash'),
    roles: text('roles').array().notNull().default(sql`'{ROLE_USER}'::text[]`),
    zip: text('zip').references(() => zipCodes.zip),
    picturePath: text('picture_path'),
    organizationId: reference('organization_id', () => organizations.id),
    isProfessionVerified: boolean('is_profession_verified').notNull().default(false),
    /** A verified work address (its domain decided organizationId). */
    workEmail: text('work_email'),
    /** Easy sign-up: an email only, limited access until completed. */
    isProgressive: boolean('is_progressive').notNull().default(false),
    /** Blocked by an admin: every session ends and no login is accepted until unblocked. */
    blockedAt: at('blocked_at'),
    emailVerifiedAt: at('email_verified_at'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('users_email_lower_idx').on(sql`lower(${t.email})`), index('users_org_idx').on(t.organizationId)],
);
