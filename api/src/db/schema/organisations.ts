import { ORGANISATION_KINDS } from '@yardly/shared/rules';
import { bigint, boolean, pgEnum, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

export const companyStatus = pgEnum('company_status', ['VERIFIED', 'IN_REVIEW', 'REJECTED']);
/** A company, or a charity whose verified members may request donations (issue 21). */
export const organizationKind = pgEnum('organization_kind', ORGANISATION_KINDS);

/** Companies: their people verify a work email; the console reviews them. */
export const organizations = pgTable('organizations', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  refnum: text('refnum').notNull().unique(),
  name: text('name').notNull(),
  status: companyStatus('status').notNull().default('IN_REVIEW'),
  isB2B: boolean('is_b2b').notNull().default(false),
  kind: organizationKind('kind').notNull().default('company'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Work-email domains (admin data): a verified work address's domain names its organisation. */
export const workEmailDomains = pgTable('work_email_domains', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  domain: text('domain').notNull().unique(),
  organizationId: bigint('organization_id', { mode: 'number' })
    .notNull()
    .references(() => organizations.id, { onDelete: 'cascade' }),
});
