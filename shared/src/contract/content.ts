import { z } from 'zod';
import { CONTACT_LIMITS, contactMessages } from '../rules/contact';
import { emailSchema } from '../rules/email';
import { genericMessages } from '../rules/messages';
import { defineCall } from './call';
import { refnumSchema } from './common';

/** The contact-us form; the same schema checks it in the browser and on the server. */
export const contactBodySchema = z.object({
  name: z
    .string({ error: contactMessages.name })
    .trim()
    .min(1, contactMessages.name)
    .max(CONTACT_LIMITS.name, contactMessages.nameTooLong),
  email: emailSchema,
  subject: z
    .string({ error: contactMessages.subject })
    .trim()
    .min(1, contactMessages.subject)
    .max(CONTACT_LIMITS.subject, contactMessages.subjectTooLong),
  message: z
    .string({ error: contactMessages.messageTooShort })
    .trim()
    .min(CONTACT_LIMITS.messageMin, contactMessages.messageTooShort)
    .max(CONTACT_LIMITS.message, contactMessages.messageTooLong),
});
export type ContactBody = z.infer<typeof contactBodySchema>;

export const contactCall = defineCall({
  method: 'POST',
  path: '/contact',
  auth: 'none',
  summary: 'Send a message to support from the contact-us page (stored, and mailed to support)',
  body: contactBodySchema,
  response: z.object({ received: z.literal(true), message: z.string() }),
});

export const referrerCall = defineCall({
  method: 'GET',
  path: '/referral/referrer',
  auth: 'none',
  summary: 'Who a /refer-a-friend/:referer_name link names: their first name (404 when nobody)',
  query: z.object({ name: z.string().min(1).max(120) }),
  response: z.object({ userRefnum: refnumSchema, nameFirst: z.string() }),
});

export const contactCalls = { contact: contactCall } as const;

export const referralCalls = { referrer: referrerCall } as const;

/** What `GET /svc/static?name=` serves: reference data the pages share (spec section 7). */
export const STATIC_DATA_NAMES = ['states', 'commission'] as const;

export const staticDataCall = defineCall({
  method: 'GET',
  path: '/static',
  auth: 'none',
  summary:
    'Reference data by name: `states` (the 50 US states, name and abbreviation) or `commission` (the commission schedule by price, in cents)',
  query: z.object({ name: z.enum(STATIC_DATA_NAMES, { error: genericMessages.staticDataName }) }),
  response: z.object({
    states: z.array(z.object({ name: z.string(), abbreviation: z.string() })).optional(),
    commission: z
      .array(z.object({ fromCents: z.number().int(), toCents: z.number().int().nullable(), rate: z.number() }))
      .optional(),
  }),
});

export const staticDataCalls = { staticData: staticDataCall } as const;
