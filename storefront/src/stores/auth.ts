import { ApiError } from '@yardly/shared/client';
import type {
  CallBody,
  changePasswordCall,
  completeProgressiveSignupCall,
  createPasswordCall,
  LoginData,
  loginCall,
  SocialLoginData,
  setPasswordCall,
  signupCall,
  socialEmailCall,
  socialEmailVerifyCall,
  verifyEmailCall,
  verifyLoginCodeCall,
  verifyProfessionCodeCall,
} from '@yardly/shared/contract';
import { authMessages, type SocialProvider } from '@yardly/shared/rules';
import { browserApi } from '../lib/api';
import { adoptAccountLocation } from './location-actions';
import { forgetReferral, rememberedReferral } from './referral';
import { loadBrowserSession } from './session';

/*
 * The sign-in actions the dialogs call (spec section 4, sign-up flow). Each one that answers
 * login data keeps it in the browser session, which `$session` mirrors. Failures are the
 * api's ApiError (field errors included) for the dialog to show. This module brings the api
 * client and zod: only the lazily loaded dialogs import it.
 */

/** Keeps new login data, through the loader so that `$session` follows the session from now on. */
async function keep(data: LoginData): Promise<LoginData> {
  (await loadBrowserSession()).signIn(data);
  void adoptAccountLocation(data.zip);
  return data;
}

/**
 * The sign-up's ticket (docs/decisions/0047), kept in this browser by email until the code is
 * used: verify-email and resend present it, so only this sign-up's code verifies it with the
 * password typed here (also when the code is asked for again by a log-in before verifying).
 */
const TICKET_KEY = 'yardly.signupTickets';

function storedTickets(): Record<string, string> {
  try {
    return JSON.parse(globalThis.localStorage?.getItem(TICKET_KEY) ?? '{}') as Record<string, string>;
  } catch {
    return {};
  }
}

function keepTicket(email: string, ticket: string | undefined): void {
  const tickets = storedTickets();
  if (ticket) tickets[email.trim().toLowerCase()] = ticket;
  else delete tickets[email.trim().toLowerCase()];
  globalThis.localStorage?.setItem(TICKET_KEY, JSON.stringify(tickets));
}

/** The ticket this browser's sign-up of `email` was given, if any. */
export function signupTicketOf(email: string): string | undefined {
  return storedTickets()[email.trim().toLowerCase()];
}

export async function login(body: CallBody<typeof loginCall>): Promise<LoginData> {
  return keep(await browserApi.auth.login(body));
}

/**
 * Checks the email first (spec: check email, then sign up); a 6-digit code goes to it. Answers
 * the signUpRewardMessage when the person came through a friend's link (issue 22).
 */
export async function signUp(body: CallBody<typeof signupCall>): Promise<string | undefined> {
  const { exists } = await browserApi.auth.isUserExist({ email: body.email });
  if (exists) {
    throw new ApiError({
      code: 409,
      status: 409,
      message: authMessages.emailTaken,
      errors: [{ field: 'email', message: authMessages.emailTaken }],
    });
  }
  const answer = await browserApi.auth.signup({ referralCode: rememberedReferral(), ...body });
  forgetReferral();
  keepTicket(body.email, answer?.signupTicket);
  return answer?.signUpRewardMessage;
}

/** Easy sign-up: an email only; the account is progressive (limited) until completed. Answers as signUp. */
export async function easySignUp(email: string): Promise<string | undefined> {
  const answer = await browserApi.auth.easySignup({ email, referralCode: rememberedReferral() });
  forgetReferral();
  return answer?.signUpRewardMessage;
}

export async function verifyEmail(body: CallBody<typeof verifyEmailCall>): Promise<LoginData> {
  const signupTicket = body.signupTicket ?? signupTicketOf(body.email);
  const data = await browserApi.auth.verifyEmail(signupTicket ? { ...body, signupTicket } : body);
  keepTicket(body.email, undefined);
  return keep(data);
}

export async function resendVerificationCode(email: string): Promise<void> {
  const signupTicket = signupTicketOf(email);
  await browserApi.auth.resendVerification(signupTicket ? { email, signupTicket } : { email });
}

export async function sendLoginCode(email: string): Promise<void> {
  await browserApi.auth.loginWithCode({ email });
}

export async function loginWithCode(body: CallBody<typeof verifyLoginCodeCall>): Promise<LoginData> {
  return keep(await browserApi.auth.verifyLoginCode(body));
}

export async function sendPasswordResetCode(email: string): Promise<void> {
  await browserApi.auth.forgotPassword({ email });
}

/** Sets a new password with the emailed code; every session of the account ends, so log in again. */
export async function resetPassword(body: CallBody<typeof setPasswordCall>): Promise<void> {
  await browserApi.auth.setPassword(body);
}

export async function completeAccount(body: CallBody<typeof completeProgressiveSignupCall>): Promise<LoginData> {
  return keep(await browserApi.auth.completeProgressiveSignup(body));
}

/** Other sessions end; this one continues with the new tokens the answer carries. */
export async function changePassword(body: CallBody<typeof changePasswordCall>): Promise<LoginData> {
  return keep(await browserApi.account.changePassword(body));
}

/** A first password for an account made by an emailed code or social sign-in; this session goes on. */
export async function createPassword(body: CallBody<typeof createPasswordCall>): Promise<LoginData> {
  return keep(await browserApi.account.createPassword(body));
}

/** The sign-in providers this installation offers (none until configured). */
export async function offeredSocialProviders(): Promise<SocialProvider[]> {
  return (await browserApi.auth.socialProviders()).providers;
}

/** Trades the one-time ticket of a social sign-in (the /oauth2/redirect page) for a session. */
export async function finishSocialSignIn(ticket: string): Promise<SocialLoginData> {
  const data = await browserApi.auth.socialAuth({ token: ticket });
  await keep(data);
  return data;
}

/** A code goes to the work email; its domain names the organisation. */
/** The provider vouched for no email: mail a code to the one the person chose. */
export async function sendSocialEmailCode(body: CallBody<typeof socialEmailCall>): Promise<void> {
  await browserApi.auth.socialEmail(body);
}

/** The chosen email's code: the social sign-in finishes, signed in. */
export async function finishSocialSignInWithEmail(
  body: CallBody<typeof socialEmailVerifyCall>,
): Promise<SocialLoginData> {
  const data = await browserApi.auth.socialEmailVerify(body);
  await keep(data);
  return data;
}

export async function sendWorkEmailCode(workEmail: string): Promise<string> {
  return (await browserApi.auth.verifyProfession({ workEmail })).organizationName;
}

/** Confirms the work email; the session learns the organisation's status. */
export async function confirmWorkEmail(body: CallBody<typeof verifyProfessionCodeCall>) {
  const result = await browserApi.auth.verifyProfessionCode(body);
  await keep(result);
  return result;
}

/** Settings, change email: a code goes to the new address. */
export async function sendChangeEmailCode(email: string): Promise<void> {
  await browserApi.account.updateEmail({ email });
}

/** Settings, change email: the code moves the account to the new address (new login data). */
export async function changeEmail(body: { email: string; code: string }): Promise<LoginData> {
  return keep(await browserApi.account.verifyUpdatableEmail(body));
}
