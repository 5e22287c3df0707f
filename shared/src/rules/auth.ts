/** Sign-up and log-in: codes, sessions and their texts (the spec leaves these texts to us). No zod: light pages import these. */

export const CODE_LENGTH = 6;
export const CODE_TTL_MINUTES = 10;
export const CODE_MAX_ATTEMPTS = 5;
export const CODES_PER_EMAIL_PER_HOUR = 5;

export const authMessages = {
  codeFormat: 'Enter the 6-digit code from the email',
  codeWrong: 'That code is not correct',
  codeExpired: 'That code has expired or was used; ask for a new one',
  codeTooManyTries: 'Too many wrong codes; ask for a new one',
  tooManyCodes: 'Too many codes asked for this email; try again in an hour',
  credentialsWrong: 'The email or password is not correct',
  tooManyLogins: 'Too many failed attempts; try again in 15 minutes',
  emailTaken: 'An account with this email already exists; log in instead',
  emailNotVerified: 'Please verify your email first: we sent you a 6-digit code',
  codeSent: 'If that email has an account, we sent it a 6-digit code',
  adminNeedsPassword: 'Admin accounts log in with their password',
  loginRequired: 'Please log in to continue',
  sessionExpired: 'Your session has ended; please log in again',
  accountBlocked: 'This account is blocked; contact support if you think this is a mistake',
  currentPasswordWrong: 'Your current password is not correct',
  samePassword: 'The new password must differ from the current one',
  progressiveOnly: 'This account is already complete',
  providerNotOffered: 'This sign-in provider is not available',
} as const;
