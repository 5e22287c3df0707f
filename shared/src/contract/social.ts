import { z } from 'zod';
import { authMessages } from '../rules/auth';
import { emailSchema } from '../rules/email';
import { codeSchema, loginDataSchema } from './auth';
import { defineCall } from './call';

/**
 * Sign in with Google, Facebook or LinkedIn (OpenID Connect, authorization code + PKCE).
 * The browser goes to `/oauth2/authorize/{provider}?redirect_uri=<page>`, the provider sends it
 * back to the api's callback, and the api sends it to `<page>?token=<ticket>&mode=signup|login`
 * (or `?error=<code>&errorMessage=<text>`); the page trades the ticket for the login data.
 */
export const SOCIAL_PROVIDERS = ['google', 'facebook', 'linkedin'] as const;
export const socialProviderSchema = z.enum(SOCIAL_PROVIDERS);
export type SocialProvider = z.infer<typeof socialProviderSchema>;

export const SOCIAL_PROVIDER_LABELS: Record<SocialProvider, string> = {
  google: 'Google',
  facebook: 'Facebook',
  linkedin: 'LinkedIn',
};

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
    .enum(SOCIAL_RETURN_PATHS, { error: 'redirect_uri must be a Yardly sign-in page such as /oauth2/redirect' })
    .default('/oauth2/redirect'),
});

/** Where the sign-in buttons point. */
export function socialAuthorizePath(provider: SocialProvider, returnPath: SocialReturnPath = '/oauth2/redirect') {
  return `/oauth2/authorize/${provider}?redirect_uri=${encodeURIComponent(returnPath)}`;
}

export const SOCIAL_ERROR_CODES = [
  'provider_not_offered',
  'provider_unavailable',
  'access_denied',
  'provider_error',
  'invalid_state',
  'token_exchange_failed',
  'invalid_id_token',
  'email_missing',
  'email_not_verified',
  'account_exists',
  'admin_needs_password',
  'server_error',
] as const;
export const socialErrorCodeSchema = z.enum(SOCIAL_ERROR_CODES);
export type SocialErrorCode = z.infer<typeof socialErrorCodeSchema>;

/** The `errorMessage` sent with each `error` code: what happened and what to do. */
export const socialErrorMessages: Record<SocialErrorCode, string> = {
  provider_not_offered: authMessages.providerNotOffered,
  provider_unavailable: 'This sign-in provider cannot be reached right now; try again later or use your email',
  access_denied: 'The sign-in was cancelled; try again, or use your email',
  provider_error: 'The provider could not sign you in; please try again',
  invalid_state: 'This sign-in has expired or was already used; please start again',
  token_exchange_failed: 'The provider did not confirm your sign-in; please try again',
  invalid_id_token: 'The answer from the provider could not be verified; please try again',
  email_missing: 'The provider did not share your email address; allow it, or sign up with your email',
  email_not_verified: 'The provider has not verified your email address; verify it there, or sign up with your email',
  account_exists:
    'An account with this email already exists: log in with your email and password (or an emailed code) instead',
  admin_needs_password: authMessages.adminNeedsPassword,
  server_error: 'Something went wrong on our side, please try again in a moment',
};

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

export const socialTicketMessages = {
  ticketInvalid: 'This sign-in link has expired or was already used; please sign in again',
} as const;

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
