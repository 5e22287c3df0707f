/**
 * The flows waiting on an emailed code, kept in this browser's storage while their dialog is
 * open (spec section 4: "pending password-reset or update flags in storage trigger an action";
 * section 3: the session's work-email update flag, the signup state):
 * a page left or reloaded before the code was entered (the mail read in another tab, a phone
 * that dropped the page) opens that dialog again at start, for as long as the code lives.
 */
export const PENDING_FLOW_KEYS = {
  /** A reset code sent: `{ email, until }`. */
  passwordReset: 'yardly.pendingPasswordReset',
  /** The signup state (spec section 3) while its email is verified: `{ email, signupType, ..., until }`. */
  signup: 'yardly.signup',
  /** A signed-in person's work email being updated, its code sent: `{ workEmail, organizationName, until }`. */
  workEmailUpdate: 'yardly.workEmailUpdate',
} as const;
