import { z } from 'zod';
import { emailSchema } from '../rules/email';
import { SOCIAL_ERROR_CODES, SOCIAL_PROVIDERS, type SocialProvider, socialTicketMessages } from '../rules/social';
import { codeSchema, loginDataSchema } from './auth';
import { defineCall } from './call';

/**
 * Sign in with Google, Facebook or LinkedIn (OpenID Connect, authorization code + PKCE).
 * The browser goes to `/oauth2/authorize/{provider}?redirect_uri=<page>`, the provider sends it
 * back to the api's callback, and the api sends it to `<page>?token=<ticket>&mode=signup|login`
 * (or `?error=<code>&errorMessage=<text>`); the page trades the ticket for the login data.
 */
export const socialProviderSchema = z.enum(SOCIAL_PROVIDERS);

/** The only pages a sign-in may return to (same site; `/rentals` when the rentals site was open). */
export const SOCIAL_RETURN_PATHS = [
  '/oauth2/redirect',
  '/oauth2/redirect/signup',
  '/oauth2/redirect/login',
  '/rentals/oauth2/redirect',
  '/rentals/oauth2/redirect/signup',
  '/rentals/oauth2/redirect/login',
] as const;
export type SocialReturnPath = (typeof SOCIAL_RETURN_PATHS)[number];

export const socialAuthorizeQuerySchema = z.object({
  redirect_uri: z
    .enum(SOCIAL_RETURN_PATHS, { error: socialTicketMessages.returnPathInvalid })
    .default('/oauth2/redirect'),
});

/** Where the sign-in buttons point. */
export function socialAuthorizePath(provider: SocialProvider, returnPath: SocialReturnPath = '/oauth2/redirect') {
  return `/oauth2/authorize/${provider}?redirect_uri=${encodeURIComponent(returnPath)}`;
}

export const socialErrorCodeSchema = z.enum(SOCIAL_ERROR_CODES);

/**
 * The query of the page a sign-in returns to: a ticket and a mode, or an error. Mode
 * `verifyEmail`: the provider did not vouch for an email, so the ticket lets the person prove one
 * by code (the "linkedin verify" and "linkedin email verify" dialogs); `email` is the provider's
 * unverified address, offered as a start.
 */
export const socialRedirectQuerySchema = z.object({
  token: z.string().min(1).max(256).optional(),
  mode: z.enum(['signup', 'login', 'verifyEmail']).optional(),
  provider: socialProviderSchema.optional().catch(undefined),
  email: z.string().max(254).optional(),
  error: z.string().max(64).optional(),
  errorMessage: z.string().max(500).optional(),
});
export type SocialRedirectQuery = z.infer<typeof socialRedirectQuerySchema>;

export const socialLoginDataSchema = loginDataSchema.extend({ isNewUser: z.boolean() });
export type SocialLoginData = z.infer<typeof socialLoginDataSchema>;

const ticketSchema = z
  .string({ error: socialTicketMessages.ticketInvalid })
  .min(1, socialTicketMessages.ticketInvalid)
  .max(256, socialTicketMessages.ticketInvalid);

export const socialAuthCall = defineCall({
  method: 'POST',
  path: '/users/socialauth',
  bodyInQuery: true,
  auth: 'none',
  summary: 'Trade the one-time ticket of a social sign-in for the login data (single use, 2 minutes)',
  body: z.object({ token: ticketSchema }),
  response: socialLoginDataSchema,
});

export const socialEmailCall = defineCall({
  method: 'POST',
  path: '/users/socialauth/email',
  auth: 'none',
  summary: 'Send a code to the email a person chose when the provider did not vouch for one',
  body: z.object({ token: ticketSchema, email: emailSchema }),
  response: z.object({ sent: z.literal(true) }),
});

export const socialEmailVerifyCall = defineCall({
  method: 'POST',
  path: '/users/socialauth/verify-email',
  /** Section 7's `POST /users/verify-email-code`: the "linkedin email verify" dialog's call. */
  alsoAt: ['/users/verify-email-code'],
  auth: 'none',
  summary: 'Prove the chosen email with its code and finish the social sign-in; answers the login data',
  body: z.object({ token: ticketSchema, email: emailSchema, code: codeSchema }),
  response: socialLoginDataSchema,
});

export const socialProvidersCall = defineCall({
  method: 'GET',
  path: '/users/social-providers',
  auth: 'none',
  summary: 'The sign-in providers this installation offers (a provider without configuration is not offered)',
  response: z.object({ providers: z.array(socialProviderSchema) }),
});

/** Social sign-in's /svc calls (the client shows them under `auth`). */
export const socialCalls = {
  socialAuth: socialAuthCall,
  socialProviders: socialProvidersCall,
  socialEmail: socialEmailCall,
  socialEmailVerify: socialEmailVerifyCall,
} as const;
