import { z } from 'zod';
import { type OrganisationEvent, organisationProcess } from '../rules/back-office-processes';
import { emailSchema } from '../rules/email';
import { ORGANISATION_KINDS, ORGANISATION_STATUSES, organisationConsoleMessages } from '../rules/organisation';
import { codeSchema, loginDataSchema } from './auth';
import { defineCall } from './call';
import { actionsOf, isoDateTimeSchema, refnumSchema } from './common';

const workEmailBody = z.object({ workEmail: emailSchema });

export const verifyProfessionCall = defineCall({
  method: 'POST',
  path: '/users/verify-profession',
  auth: 'required',
  summary: 'Send a 6-digit code to a work email; its domain names the organisation',
  body: workEmailBody,
  response: z.object({ sent: z.literal(true), organizationName: z.string() }),
});

export const verifyProfessionCodeCall = defineCall({
  method: 'POST',
  path: '/users/verify-profession-code',
  auth: 'required',
  summary: "Confirm the work email with its code; answers fresh login data and the organisation's status message",
  body: workEmailBody.extend({ code: codeSchema }),
  response: loginDataSchema.extend({
    organizationName: z.string(),
    /** The IN_REVIEW or REJECTED message of spec section 4; null when VERIFIED. */
    companyReviewMessage: z.string().nullable(),
  }),
});

/** Work-email verification (the client shows them under `auth`). */
export const organisationCalls = {
  verifyProfession: verifyProfessionCall,
  verifyProfessionCode: verifyProfessionCodeCall,
} as const;

// ---- The console's organisations and work-email domains (`/svc/admin/organizations`, `/svc/admin/work-email-domains`) ----

/** A domain as people type it in an email address, lowercased. */
export const domainSchema = z
  .string()
  .trim()
  .toLowerCase()
  .regex(
    /^(?=.{3,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/,
    organisationConsoleMessages.domainInvalid,
  );

export const workEmailDomainInputSchema = z.object({
  domain: domainSchema,
  organizationId: refnumSchema,
});
export const workEmailDomainSchema = workEmailDomainInputSchema.extend({ id: z.number().int() });
export type WorkEmailDomainRecord = z.infer<typeof workEmailDomainSchema>;

/**
 * An organisation's name is also its `/client/{orgName}` address: letters, digits, spaces and
 * hyphens (a space becomes a hyphen in the address), unique without regard to case.
 */
export const organisationNameSchema = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9][A-Za-z0-9 -]{0,58}[A-Za-z0-9]$/, organisationConsoleMessages.organisationNameInvalid);

/** The `/client/{orgName}` form of a name: lowercase, words joined by hyphens. */
export function organisationSlug(name: string): string {
  return name
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '-');
}

/** The organisation process's events an admin takes on one (`by: ['admin']` in rules/back-office-processes.ts). */
export const ADMIN_ORGANISATION_EVENTS = ['verify', 'reject', 'review'] as const satisfies readonly OrganisationEvent[];

export const organizationInputSchema = z.object({
  name: organisationNameSchema,
  status: z.enum(ORGANISATION_STATUSES),
  isB2B: z.boolean(),
  /** A charity's verified members may request donations (issue 21); absent is a company. */
  kind: z.enum(ORGANISATION_KINDS).default('company'),
  /** The console's buttons name the event they take; `status` is then left as it is (ADR 0070). */
  event: z.enum(ADMIN_ORGANISATION_EVENTS).optional(),
});
export const organizationSchema = organizationInputSchema.omit({ event: true }).extend({
  id: refnumSchema,
  slug: z.string(),
  memberCount: z.number().int(),
  /** The organisation events the table allows an admin now (verify, reject, back to review). */
  actions: actionsOf(organisationProcess),
  createdAt: isoDateTimeSchema,
});
export type OrganizationRecord = z.infer<typeof organizationSchema>;
