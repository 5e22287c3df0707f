import { z } from 'zod';
import { zipCodeSchema } from '../rules/address';
import { authMessages, CODE_LENGTH } from '../rules/auth';
import { emailSchema } from '../rules/email';
import { distinctNames, nameFields } from '../rules/names';
import { passwordMessages, passwordSchema } from '../rules/password';
import { USER_ROLES } from '../rules/roles';
import { defineCall } from './call';
import { isoDateTimeSchema, refnumSchema, successSchema } from './common';
import { companyStatusSchema } from './listings';
import { b2bSignupFields, organisationInfoFields } from './organisation-marketplace';

/** A 6-digit emailed code. */
export const codeSchema = z
  .string({ error: authMessages.codeFormat })
  .trim()
  .regex(new RegExp(`^\\d{${CODE_LENGTH}}$`), authMessages.codeFormat);

/** Where the client is (spec section 3 device headers), sent on auth calls. */
export const DEVICE_HEADERS = { id: 'device_id', client: 'client_name', version: 'client_version' } as const;

/**
 * The login data of spec section 3: `token` (access), `refreshToken` with `expirationTime`,
 * `userRefnum`, `userRoles`; plus what the header and the access gates need.
 */
export const loginDataSchema = z.object({
  token: z.string(),
  refreshToken: z.string(),
  /** When the refresh token (the login) ends at the latest. */
  expirationTime: isoDateTimeSchema,
  userRefnum: refnumSchema,
  userRoles: z.array(z.string()),
  nameFirst: z.string(),
  email: z.string(),
  isProgressive: z.boolean(),
  isProfessionVerified: z.boolean(),
  companyStatus: companyStatusSchema.nullable(),
  /** The place saved on the account, which a browser without one adopts at sign-in. */
  zip: z.string().nullable().default(null),
  /** A member of a VERIFIED charity by a verified work email: may request donations (issue 21). */
  isDonationRecipient: z.boolean().default(false),
  /** Issue 23: the member's B2B organisation (spec section 3, Organisation info). */
  ...organisationInfoFields,
});
export type LoginData = z.infer<typeof loginDataSchema>;

const emailBody = z.object({ email: emailSchema });
const emailCodeBody = z.object({ email: emailSchema, code: codeSchema });
const sent = z.object({ sent: z.literal(true) });

/**
 * What a sign-up answers to the browser that made it (docs/decisions/0047): presented with the
 * emailed code, it proves the code is entered where the password was chosen. A long random token.
 */
export const signupTicketSchema = z.string().min(16).max(128);

export const isUserExistCall = defineCall({
  method: 'POST',
  path: '/users/isUserExist',
  auth: 'none',
  summary: 'Whether an account uses this email (checked before sign-up)',
  body: emailBody,
  response: z.object({ exists: z.boolean() }),
});

/** What a person who came through a friend's link will get (issue 22); absent without one. */
const signUpRewardMessageSchema = z.string().optional();

export const signupBodySchema = z
  .object({
    email: emailSchema,
    password: passwordSchema,
    ...nameFields,
    zip: zipCodeSchema.optional(),
    referralCode: z.string().max(64).optional(),
    ...b2bSignupFields,
  })
  .superRefine(distinctNames('nameFirst', 'nameLast'));

export const signupCall = defineCall({
  method: 'POST',
  path: '/users/signup',
  auth: 'none',
  summary: 'Create an account; a 6-digit code goes to the email to verify it',
  body: signupBodySchema,
  response: z.object({
    userRefnum: refnumSchema,
    nameFirst: z.string(),
    email: z.string(),
    verificationSent: z.literal(true),
    signUpRewardMessage: signUpRewardMessageSchema,
    /** Pass it to verify-email (and to verify/resend): only this sign-up's code verifies it with its password. */
    signupTicket: signupTicketSchema,
  }),
});

export const easySignupCall = defineCall({
  method: 'POST',
  path: '/users/easy-signup',
  auth: 'none',
  summary: 'Start with an email only: a progressive account with limited access, verified by a code',
  body: emailBody.extend({ referralCode: z.string().max(64).optional(), ...b2bSignupFields }),
  response: z.object({
    email: z.string(),
    verificationSent: z.literal(true),
    signUpRewardMessage: signUpRewardMessageSchema,
  }),
});

export const verifyEmailCall = defineCall({
  method: 'POST',
  path: '/users/verify-email',
  /** Section 7's `POST /users/verify` (query): the verify dialog's call under its other name. */
  alsoAt: ['/users/verify'],
  bodyInQuery: true,
  auth: 'none',
  summary:
    "Verify a new account with its emailed code and the sign-up's ticket; answers the login data (without the ticket the mailbox is verified, but no password is set)",
  body: emailCodeBody.extend({ signupTicket: signupTicketSchema.optional() }),
  response: loginDataSchema,
});

export const resendVerificationCall = defineCall({
  method: 'POST',
  path: '/users/verify/resend',
  auth: 'none',
  summary:
    "Send a new verification code (the same answer whether or not it was sent); with the sign-up's ticket, a new code of that sign-up",
  body: emailBody.extend({ signupTicket: signupTicketSchema.optional() }),
  response: sent,
});

export const loginCall = defineCall({
  method: 'POST',
  path: '/users/login',
  auth: 'none',
  summary: 'Log in with email and password; answers the login data',
  body: z.object({ email: emailSchema, password: z.string().min(1, passwordMessages.required).max(256) }),
  response: loginDataSchema,
});

export const loginWithCodeCall = defineCall({
  method: 'POST',
  path: '/users/login-with-code',
  auth: 'none',
  summary: 'Ask for a 6-digit log-in code by email (the same answer whether or not the account exists)',
  body: emailBody,
  response: sent,
});

export const verifyLoginCodeCall = defineCall({
  method: 'POST',
  path: '/users/verify-login-code',
  /** Section 7's `POST /users/verifyCode`: the code of "login without password (with code verification)". */
  alsoAt: ['/users/verifyCode'],
  auth: 'none',
  summary: 'Log in with an emailed code; answers the login data',
  body: emailCodeBody,
  response: loginDataSchema,
});

export const forgotPasswordCall = defineCall({
  method: 'POST',
  path: '/users/forgotPswd',
  auth: 'none',
  summary: 'Send a password reset code (the same answer whether or not the account exists)',
  body: emailBody,
  response: sent,
});

export const setPasswordCall = defineCall({
  method: 'POST',
  path: '/users/setPswd',
  auth: 'none',
  summary: 'Set a new password with a reset code; every session of the account ends',
  body: emailCodeBody.extend({ password: passwordSchema }),
  response: successSchema,
});

export const refreshTokenCall = defineCall({
  method: 'POST',
  path: '/users/refreshToken',
  auth: 'none',
  summary: 'Trade a refresh token for new tokens (rotation); 499 when the session is dead',
  body: z.object({ refreshToken: z.string().min(1).max(512) }),
  response: z.object({ accessToken: z.string(), refreshToken: z.string(), expirationTime: isoDateTimeSchema }),
});

export const logoutCall = defineCall({
  method: 'POST',
  path: '/users/logout',
  auth: 'none',
  summary: 'End this login: its refresh token family is revoked',
  body: z.object({ refreshToken: z.string().min(1).max(512) }),
  response: successSchema,
});

export const completeProgressiveSignupCall = defineCall({
  method: 'POST',
  path: '/users/complete-progressive-signup',
  auth: 'required',
  summary: 'Complete an easy sign-up account with names and a password',
  body: z.object({ ...nameFields, password: passwordSchema }).superRefine(distinctNames('nameFirst', 'nameLast')),
  response: loginDataSchema,
});

export const changePasswordCall = defineCall({
  method: 'POST',
  path: '/account/changePswd',
  /** Section 7's `POST /account/updatePassword` (params): the same change, the fields in the query. */
  alsoAt: ['/account/updatePassword'],
  bodyInQuery: true,
  auth: 'required',
  summary: 'Change the password; other sessions end, this one gets new tokens',
  body: z.object({
    currentPassword: z.string().min(1, passwordMessages.required).max(256),
    newPassword: passwordSchema,
  }),
  response: loginDataSchema,
});

export const updateEmailCall = defineCall({
  method: 'POST',
  path: '/account/updateEmail',
  bodyInQuery: true,
  auth: 'required',
  summary: 'Send a code to a new email address to move the account to it',
  body: emailBody,
  response: sent,
});

export const verifyUpdatableEmailCall = defineCall({
  method: 'POST',
  path: '/account/verifyUpdatableEmail',
  /** Also the landing of the email-update link (`/settings-email-update?email=&code=`), which sends its query. */
  bodyInQuery: true,
  auth: 'required',
  summary: 'Move the account to the new email with the code sent there',
  body: emailCodeBody,
  response: loginDataSchema,
});

export const createPasswordCall = defineCall({
  method: 'POST',
  path: '/account/setPassword',
  auth: 'required',
  summary:
    'Give a password to an account that has none (joined by an emailed code or social sign-in); other sessions end, this one gets new tokens',
  body: z.object({ newPassword: passwordSchema }),
  response: loginDataSchema,
});

export const verifyUserCall = defineCall({
  method: 'POST',
  path: '/account/verifyUser',
  bodyInQuery: true,
  auth: 'required',
  summary:
    'Confirm it is the signed-in person: their password (params), before a sensitive change; wrong tries count as failed log-ins',
  body: z.object({
    password: z.string({ error: passwordMessages.required }).min(1, passwordMessages.required).max(256),
  }),
  response: z.object({ verified: z.literal(true) }),
});

/** Signing up and in, codes, tokens. */
export const authCalls = {
  isUserExist: isUserExistCall,
  signup: signupCall,
  easySignup: easySignupCall,
  verifyEmail: verifyEmailCall,
  resendVerification: resendVerificationCall,
  login: loginCall,
  loginWithCode: loginWithCodeCall,
  verifyLoginCode: verifyLoginCodeCall,
  forgotPassword: forgotPasswordCall,
  setPassword: setPasswordCall,
  refreshToken: refreshTokenCall,
  logout: logoutCall,
  completeProgressiveSignup: completeProgressiveSignupCall,
} as const;

/** A signed-in person's credentials: password and sign-in email (the client shows them under `account`). */
export const credentialCalls = {
  changePassword: changePasswordCall,
  updateEmail: updateEmailCall,
  verifyUpdatableEmail: verifyUpdatableEmailCall,
  createPassword: createPasswordCall,
  verifyUser: verifyUserCall,
} as const;

/** A person as the console's users resource shows and edits them (`/svc/admin/users`): roles and blocking only. */
export const userInputSchema = z.object({
  roles: z.array(z.enum(USER_ROLES)).transform((roles) => [...new Set(['ROLE_USER' as const, ...roles])]),
  blocked: z.boolean(),
});
export const userSchema = z.object({
  id: refnumSchema,
  email: z.string(),
  nameFirst: z.string(),
  nameLast: z.string(),
  roles: z.array(z.string()),
  blocked: z.boolean(),
  organizationId: refnumSchema.nullable(),
  createdAt: isoDateTimeSchema,
});
export type UserRecord = z.infer<typeof userSchema>;
