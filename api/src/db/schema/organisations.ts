import { ORGANISATION_KINDS } from '@yardly/shared/rules';
import { boolean, integer, pgEnum, pgTable, text } from 'drizzle-orm/pg-core';
import { at, createdAt, id, reference } from './columns';

export const companyStatus = pgEnum('company_status', ['VERIFIED', 'IN_REVIEW', 'REJECTED']);
/** A company, or a charity whose verified members may request donations (issue 21). */
export const organizationKind = pgEnum('organization_kind', ORGANISATION_KINDS);

/** Companies: their people verify a work email; the console reviews them. */
export const organizations = pgTable('organizations', {
  id: id(),
  refnum: text('refnum').notNull().unique(),
  name: text('name').notNull(),
  status: companyStatus('status').notNull().default('IN_REVIEW'),
  isB2B: boolean('is_b2b').notNull().default(false),
  kind: organizationKind('kind').notNull().default('company'),
  // Issue 23: a B2B organisation's marketplace (`/client/{orgName}`) and its employee benefits.
  welcomeText: text('welcome_text').notNull().default(''),
  brandColor: text('brand_color').notNull().default('#1f6f43'),
  /** The logo's stored file (the photo store's key), or null. */
  logoPath: text('logo_path'),
  /** No commission on sales between members. */
  commissionWaived: boolean('commission_waived').notNull().default(false),
  /** Cents each newly verified member gets, paid by the organisation's promotions account. */
  welcomeCreditCents: integer('welcome_credit_cents').notNull().default(0),
  benefitsUpdatedAt: at('benefits_updated_at'),
  createdAt: createdAt(),
});

/** Work-email domains (admin data): a verified work address's domain names its organisation. */
export const workEmailDomains = pgTable('work_email_domains', {
  id: id(),
  domain: text('domain').notNull().unique(),
  organizationId: reference('organization_id', () => organizations.id, { onDelete: 'cascade' }).notNull(),
});
