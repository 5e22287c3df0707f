/** Sign-up and log-in: codes, sessions and their texts (the spec leaves these texts to us). No zod: light pages import these. */

export const CODE_LENGTH = 6;
export const CODE_TTL_MINUTES = 10;
/** Wrong tries of one code from one client address: then that address may not try it again. */
export const CODE_MAX_ATTEMPTS = 5;
/**
 * Wrong tries of one code from all addresses together (issue 34: wrong guesses from elsewhere
 * burnt the code just mailed). Past it the code is dead; below it the owner's right code works.
 */
export const CODE_MAX_ATTEMPTS_ALL = 50;

/** A limit: at most `max` events in a window of `windowMinutes` (a lock, when it has one, lasts the window too). */
export interface RateLimit {
  max: number;
  windowMinutes: number;
}

/**
 * Every limit of signing up and in, in one place (docs/decisions/0018 says why these numbers).
 * "Address" is the client address the api sees (TRUST_PROXY): behind a shared NAT that is
 * many people, so nothing counted per address alone locks a person out of their own account.
 */
export const AUTH_LIMITS = {
  /** Wrong passwords for one account from one origin (an address, or a device the account knows): then that pair is locked. */
  loginFailuresPerAccountOrigin: { max: 5, windowMinutes: 15 },
  /** Wrong passwords from one address, any accounts: then only devices an account knows may try a password from it. */
  loginFailuresPerAddress: { max: 30, windowMinutes: 15 },
  /** Wrong passwords for one account, any addresses: then only devices the account knows may try its password. */
  loginFailuresPerAccount: { max: 50, windowMinutes: 15 },
  /** Codes asked for one email and one purpose (log-in, reset, verification... each its own budget). */
  codesPerEmailPerPurpose: { max: 5, windowMinutes: 60 },
  /** Code mails asked from one address (log-in, reset, resend, change of email, work email, social). */
  codeMailsPerAddress: { max: 30, windowMinutes: 60 },
  /** Sign-ups and easy sign-ups from one address. */
  signupsPerAddress: { max: 20, windowMinutes: 60 },
  /** Account look-ups (isUserExist) from one address. */
  userLookupsPerAddress: { max: 30, windowMinutes: 15 },
} as const satisfies Record<string, RateLimit>;

/** How long a device that signed in to an account stays known to it (it passes the shared ceilings). */
export const KNOWN_DEVICE_DAYS = 90;

export const authMessages = {
  codeFormat: 'Enter the 6-digit code from the email',
  codeWrong: 'That code is not correct',
  codeExpired: 'That code has expired or was used; ask for a new one',
  codeTooManyTries: 'Too many wrong codes; ask for a new one',
  credentialsWrong: 'The email or password is not correct',
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
  passwordAlreadySet: 'Your account already has a password: change it with your current password',
  noPasswordYet: 'Your account has no password yet: set one in Account Settings',
  providerNotOffered: 'This sign-in provider is not available',
} as const;

const inMinutes = (minutes: number) => `${minutes} ${minutes === 1 ? 'minute' : 'minutes'}`;

/** What a limit says, with the whole minutes until it opens again. */
export const limitMessages = {
  tooManyLogins: (minutes: number) => `Too many failed attempts; try again in ${inMinutes(minutes)}`,
  /** No code was sent: the address's code mails are used up. */
  tooManyCodes: (minutes: number) => `Too many codes requested. Try again in ${inMinutes(minutes)}.`,
  /**
   * No code was sent: the email's budget for this purpose is used up, whoever asked (issue 34).
   * The newest code already mailed keeps working until then; the same words whether or not the
   * email has an account.
   */
  tooManyCodesForEmail: (minutes: number) =>
    `Too many codes requested. Try again in ${inMinutes(minutes)}, or use the newest code already sent to this email: it works until then.`,
  tooManySignups: (minutes: number) => `Too many sign-ups from this network. Try again in ${inMinutes(minutes)}.`,
  tooManyLookups: (minutes: number) => `Too many requests from this network. Try again in ${inMinutes(minutes)}.`,
} as const;
