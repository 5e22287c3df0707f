import { z } from 'zod';
import { MAX_WELCOME_CREDIT_CENTS, organisationFlowMessages } from '../rules/organisation-flow';
import { defineCall } from './call';
import { centsSchema, isoDateTimeSchema, refnumSchema } from './common';

/**
 * Organisation marketplaces (issue 23): a B2B organisation's landing page, its members' private
 * marketplace under `/client/{orgName}`, and the employee benefits the console sets.
 */

/** `#rrggbb`: the organisation's colour on its landing page and in its flow's header. */
export const brandColorSchema = z
  .string()
  .trim()
  .regex(/^#[0-9a-fA-F]{6}$/, organisationFlowMessages.colourInvalid);

export const DEFAULT_BRAND_COLOR = '#1f6f43';

/** What a guest sees at `/client/{orgName}` (server-rendered): who it is and how to join. */
export const organisationHomeSchema = z.object({
  orgName: z.string(),
  orgRefnum: refnumSchema,
  /** The organisation's name as people read it ('Acme Corp'). */
  name: z.string(),
  welcomeText: z.string(),
  brandColor: brandColorSchema,
  /** The logo's address (served by the api), or null when none was uploaded. */
  logoUrl: z.string().nullable(),
  /** The work-email domains that make a member ('acme.com'): the landing says which address to use. */
  domains: z.array(z.string()),
  /** Employee benefit: no commission on sales between members (the sell form's payout says so). */
  commissionWaived: z.boolean().default(false),
});
export type OrganisationHome = z.infer<typeof organisationHomeSchema>;

export const organisationHomeCall = defineCall({
  method: 'GET',
  path: '/client/{orgName}',
  auth: 'none',
  summary: "A B2B organisation's landing page; 404 for an unknown name or an organisation without a marketplace",
  query: z.object({ orgName: z.string().max(60) }),
  response: organisationHomeSchema,
});

export const organisationMarketplaceCalls = { home: organisationHomeCall } as const;

/**
 * The organisation fields of the login data (spec section 3, Organisation info): the member's
 * B2B organisation, or nulls and false. The browser keeps isSelectedB2BFlow as `isB2BFlow`.
 */
export const organisationInfoFields = {
  /** The member's organisation's orgName (its `/client/{orgName}` segment) when it is B2B and they are a member. */
  orgName: z.string().nullable().default(null),
  orgRefnum: refnumSchema.nullable().default(null),
  /** A verified member of a VERIFIED B2B organisation: may enter its marketplace. */
  isOrganizationB2B: z.boolean().default(false),
};

/** The sign-up from a B2B landing (spec section 3, signup state isB2B, orgName). */
export const b2bSignupFields = {
  /** Signing up from `/client/{orgName}`: the email must be at one of its domains; verifying it joins the organisation. */
  isB2B: z.boolean().optional(),
  orgName: z.string().max(60).optional(),
};

/** The console's `/b2b`: a B2B organisation's marketplace (`/svc/admin/b2b`); `id` is the organisation's refnum. */
export const b2bMarketplaceInputSchema = z.object({
  welcomeText: z.string().trim().max(2000, organisationFlowMessages.welcomeTextTooLong).default(''),
  brandColor: brandColorSchema.default(DEFAULT_BRAND_COLOR),
});
export const b2bMarketplaceRecordSchema = b2bMarketplaceInputSchema.extend({
  id: refnumSchema,
  name: z.string(),
  orgName: z.string(),
  status: z.string(),
  logoUrl: z.string().nullable(),
  domains: z.array(z.string()),
  memberCount: z.number().int(),
  listingCount: z.number().int(),
});
export type B2BMarketplaceRecord = z.infer<typeof b2bMarketplaceRecordSchema>;

/** `/employee_benefit` (`/svc/admin/employee-benefit`): what a B2B organisation gives its members. */
export const employeeBenefitInputSchema = z.object({
  /** No commission on sales between members of the organisation. */
  commissionWaived: z.boolean().default(false),
  /** Cents each newly verified member gets as a reward, paid by the organisation's promotions account. */
  welcomeCreditCents: z
    .number(organisationFlowMessages.welcomeCreditRange)
    .int(organisationFlowMessages.welcomeCreditRange)
    .min(0, organisationFlowMessages.welcomeCreditRange)
    .max(MAX_WELCOME_CREDIT_CENTS, organisationFlowMessages.welcomeCreditRange)
    .default(0),
});
export const employeeBenefitRecordSchema = employeeBenefitInputSchema.extend({
  id: refnumSchema,
  name: z.string(),
  orgName: z.string(),
  updatedAt: isoDateTimeSchema.nullable(),
});
export type EmployeeBenefitRecord = z.infer<typeof employeeBenefitRecordSchema>;

/** One month of one organisation's benefit cost (`/svc/admin/employee-benefit-report`, read only). */
export const employeeBenefitReportSchema = z.object({
  /** `{orgRefnum}-{YYYY-MM}`. */
  id: z.string(),
  orgRefnum: refnumSchema,
  name: z.string(),
  /** 'YYYY-MM', in UTC. */
  month: z.string(),
  /** Sales between members with the commission waived, and the commission they would have paid. */
  waivedSales: z.number().int(),
  commissionWaivedCents: centsSchema,
  /** Welcome credits granted to newly verified members. */
  welcomeCredits: z.number().int(),
  welcomeCreditCents: centsSchema,
  /** What the benefit cost that month: waived commission plus credits. */
  totalCents: centsSchema,
});
export type EmployeeBenefitReport = z.infer<typeof employeeBenefitReportSchema>;
