import { authMessages } from './auth';

/** Sign in with Google, Facebook or LinkedIn: the providers, their names and what a failed sign-in says. */
export const SOCIAL_PROVIDERS = ['google', 'facebook', 'linkedin'] as const;
export type SocialProvider = (typeof SOCIAL_PROVIDERS)[number];

export const SOCIAL_PROVIDER_LABELS: Record<SocialProvider, string> = {
  google: 'Google',
  facebook: 'Facebook',
  linkedin: 'LinkedIn',
};

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
export type SocialErrorCode = (typeof SOCIAL_ERROR_CODES)[number];

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

/** What a sign-in's return page and its ticket calls refuse. */
export const socialTicketMessages = {
  returnPathInvalid: 'redirect_uri must be a Yardly sign-in page such as /oauth2/redirect',
  ticketInvalid: 'This sign-in link has expired or was already used; please sign in again',
} as const;
