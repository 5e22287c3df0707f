import { z } from 'zod';
import { emailSchema } from '../rules/email';
import { codeSchema, loginDataSchema } from './auth';
import { defineCall } from './call';

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
