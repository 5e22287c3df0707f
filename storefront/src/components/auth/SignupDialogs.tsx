import { useStore } from '@nanostores/react';
import {
  completeProgressiveSignupCall,
  easySignupCall,
  signupBodySchema,
  verifyEmailCall,
} from '@yardly/shared/contract';
import { authMessages, emailDomain } from '@yardly/shared/rules';
import { useEffect } from 'react';
import { AUTH_TEXTS } from '../../lib/auth-texts';
import { completeAccount, easySignUp, resendVerificationCode, signUp, verifyEmail } from '../../stores/auth';
import {
  type AuthDialog,
  type B2BSignup,
  closeAuthDialog,
  closeAuthDialogs,
  landingSignup,
  openAuthDialog,
  type SignupFlow,
  switchAuthDialog,
} from '../../stores/auth-dialog';
import { enterFlowAfterSignup } from '../../stores/organisation-flow';
import { forgetSignupState, keepSignupState } from '../../stores/pending-flows';
import { $session } from '../../stores/session';
import { $signupRefusal, attemptSignup, refusedAsTaken } from '../../stores/signup-refusal';
import { showToast } from '../../stores/toast';
import { AuthDialogFrame } from './AuthDialogFrame';
import {
  CodeField,
  EmailField,
  FooterLink,
  FormAlert,
  FormNotice,
  NameFields,
  PasswordField,
  ResendCodeFooter,
  SubmitButton,
  TextField,
  UsernameHint,
} from './fields';
import { SocialSignIn } from './SocialSignIn';
import { bodySchema, type FieldProps, useAuthForm, useSideAction } from './use-auth-form';

/**
 * A sign-up refused with the signup state's errorCode 409 (an account has this email, as typed
 * still) comes with the way to log in with it, the refusal said again there.
 */
function EmailTakenAction({ email }: { email: FieldProps }) {
  const refusal = useStore($signupRefusal);
  if (!email.error || !refusedAsTaken(refusal, email.value)) return null;
  return (
    <button
      type="button"
      className="link-button"
      onClick={() => switchAuthDialog({ name: 'login', email: email.value.trim(), notice: authMessages.emailTaken })}
    >
      Log in
    </button>
  );
}

/**
 * The sign-up's fields and button (the header's dialog, an organisation's landing). From a B2B
 * landing (`b2b`, the signup state's isB2B and orgName) the email must be a work email there,
 * and verifying it leads the new member into the organisation's flow.
 */
export function SignupForm({
  notice,
  b2b,
  atItsDomainsOnly = false,
}: {
  notice?: string;
  b2b?: B2BSignup | null;
  /** The header's dialog on a landing: a B2B sign-up only for an address at the organisation's domains. */
  atItsDomainsOnly?: boolean;
}) {
  const joins = (address: string) => (b2b ? !atItsDomainsOnly || b2b.domains.includes(emailDomain(address)) : false);
  const form = useAuthForm({
    schema: signupBodySchema,
    initial: { nameFirst: '', nameLast: '', email: '', password: '', zip: '' },
    // The zip is optional: empty means not given.
    prepare: ({ zip, ...rest }) => ({
      ...(zip ? { ...rest, zip } : rest),
      ...(b2b && joins(rest.email) ? { isB2B: true, orgName: b2b.orgName } : {}),
    }),
  });
  const email = form.field('email');

  const onSubmit = form.onSubmit(async (body) => {
    const rewardMessage = await attemptSignup(body.email, () => signUp(body));
    const signup = body.isB2B && b2b ? b2b : undefined;
    openAuthDialog({ name: 'verify', email: body.email, flow: 'signup', rewardMessage, b2b: signup });
  });

  return (
    <form className="auth-form" onSubmit={onSubmit} noValidate>
      <FormNotice>{notice}</FormNotice>
      <NameFields first={form.field('nameFirst')} last={form.field('nameLast')} />
      <EmailField field={email} hint={b2b?.emailHint} errorAction={<EmailTakenAction email={email} />} />
      <PasswordField field={form.field('password')} isNew />
      <TextField
        label="Zip code"
        optional
        autoComplete="postal-code"
        inputMode="numeric"
        maxLength={5}
        filter={(text) => text.replace(/\D/g, '')}
        field={form.field('zip')}
      />
      <FormAlert message={form.formError} />
      <SubmitButton pending={form.pending}>Sign up</SubmitButton>
    </form>
  );
}

export function SignupDialog({ notice }: { notice?: string }) {
  return (
    <AuthDialogFrame name="signup" title="Sign up">
      <SignupForm notice={notice} b2b={landingSignup()} atItsDomainsOnly />
      <SocialSignIn verb="Sign up" />
      <p className="auth-dialog__footer">
        Already have an account?{' '}
        <button type="button" className="link-button" onClick={() => switchAuthDialog('login')}>
          Log in
        </button>
        <br />
        <button type="button" className="link-button" onClick={() => switchAuthDialog('easySignup')}>
          Sign up with just your email
        </button>
      </p>
    </AuthDialogFrame>
  );
}

/** Continue with email (easy sign-up): an email only, a code, and a limited account to complete later. */
export function EasySignupDialog({ email = '' }: { email?: string }) {
  const form = useAuthForm({ schema: bodySchema(easySignupCall), initial: { email } });
  const field = form.field('email');

  const onSubmit = form.onSubmit(async ({ email: address }) => {
    const rewardMessage = await attemptSignup(address, () => easySignUp(address));
    openAuthDialog({ name: 'verify', email: address, flow: 'easy', rewardMessage });
  });

  return (
    <AuthDialogFrame
      name="easySignup"
      title="Continue with email"
      lead="Start with just your email: we send you a code, and you can add your name and a password later."
    >
      <form className="auth-form" onSubmit={onSubmit} noValidate>
        <EmailField field={field} errorAction={<EmailTakenAction email={field} />} />
        <FormAlert message={form.formError} />
        <SubmitButton pending={form.pending}>Continue</SubmitButton>
      </form>
      <FooterLink lead="Already have an account?" onClick={() => switchAuthDialog('login')}>
        Log in
      </FooterLink>
    </AuthDialogFrame>
  );
}

/** The 6-digit code sent at sign-up (or at a log-in before the email was verified). */
export function VerifyEmailDialog({
  email,
  flow,
  notice,
  rewardMessage,
  b2b,
}: Omit<Extract<AuthDialog, { name: 'verify' }>, 'name'>) {
  // The signup state while its code is awaited: a page left meanwhile opens this again, and the
  // signupType says what follows the code (pending-flows.ts).
  useEffect(() => {
    keepSignupState({ email, signupType: flow, rewardMessage, b2b });
    return () => forgetSignupState();
  }, [email, flow, rewardMessage, b2b]);
  const form = useAuthForm({
    schema: bodySchema(verifyEmailCall),
    initial: { code: '' },
    prepare: ({ code }) => ({ email, code }),
  });
  const resend = useSideAction(async () => {
    await resendVerificationCode(email);
    return AUTH_TEXTS.codeResent(email);
  });

  const onSubmit = form.onSubmit(async (body) => {
    const data = await verifyEmail(body);
    // A B2B landing's sign-up: a member now, into the organisation's own marketplace.
    if (b2b && enterFlowAfterSignup(data)) {
      closeAuthDialogs();
      return;
    }
    // Verified: the sign-up under this dialog is done too; the whole stack gives way.
    closeAuthDialogs({ name: 'verified', flow });
  });

  return (
    <AuthDialogFrame name="verify" title="Verify your email" lead={notice ? undefined : AUTH_TEXTS.codeSentTo(email)}>
      {/* What a friend's invitation will bring them (the sign-up's signUpRewardMessage). */}
      {rewardMessage && <p className="form-notice form-notice--reward">{rewardMessage}</p>}
      <form className="auth-form" onSubmit={onSubmit} noValidate>
        <FormNotice>{resend.message ?? notice}</FormNotice>
        <CodeField field={form.field('code')} />
        <FormAlert message={form.formError ?? resend.error} />
        <SubmitButton pending={form.pending}>Verify</SubmitButton>
      </form>
      <ResendCodeFooter pending={resend.pending} onResend={resend.trigger} />
    </AuthDialogFrame>
  );
}

/** After verifying: signed in. An easy sign-up is invited to complete the account. */
export function VerifiedDialog({ flow }: { flow: SignupFlow }) {
  const session = useStore($session);
  const welcome = AUTH_TEXTS.welcome(session?.nameFirst ?? '');
  if (flow === 'easy') {
    return (
      <AuthDialogFrame
        name="verified"
        title="Your email is verified"
        lead={`${welcome} You are logged in. Add your name and a password to sell, see your rewards and change your settings.`}
      >
        <div className="auth-form">
          <button type="button" className="button button--block" onClick={() => switchAuthDialog('completeAccount')}>
            Complete account
          </button>
          <button
            type="button"
            className="button button--secondary button--block"
            onClick={() => closeAuthDialog('verified')}
          >
            Later
          </button>
        </div>
      </AuthDialogFrame>
    );
  }
  return (
    <AuthDialogFrame name="verified" title="Your email is verified" lead={`${welcome} You are logged in.`}>
      <div className="auth-form">
        <button type="button" className="button button--block" onClick={() => closeAuthDialog('verified')}>
          Start exploring
        </button>
      </div>
    </AuthDialogFrame>
  );
}

/** A progressive (easy sign-up) account gets its names and a password. */
export function CompleteAccountDialog() {
  const session = useStore($session);
  const form = useAuthForm({
    schema: bodySchema(completeProgressiveSignupCall),
    initial: { nameFirst: '', nameLast: '', password: '' },
  });

  const onSubmit = form.onSubmit(async (body) => {
    await completeAccount(body);
    closeAuthDialog('completeAccount');
    showToast(AUTH_TEXTS.accountComplete, 'success');
  });

  return (
    <AuthDialogFrame
      name="completeAccount"
      title="Complete your account"
      lead="Add your name and a password to use everything Yardly offers."
    >
      <form className="auth-form" onSubmit={onSubmit} noValidate>
        <UsernameHint email={session?.email} />
        <NameFields first={form.field('nameFirst')} last={form.field('nameLast')} />
        <PasswordField field={form.field('password')} isNew />
        <FormAlert message={form.formError} />
        <SubmitButton pending={form.pending}>Complete account</SubmitButton>
      </form>
    </AuthDialogFrame>
  );
}
