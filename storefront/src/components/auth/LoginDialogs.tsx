import { ApiError } from '@yardly/shared/client';
import { type LoginData, loginCall, loginWithCodeCall, verifyLoginCodeCall } from '@yardly/shared/contract';
import { authMessages } from '@yardly/shared/rules';
import { useEffect, useRef, useState } from 'react';
import { AUTH_TEXTS } from '../../lib/auth-texts';
import { login, loginWithCode, sendLoginCode } from '../../stores/auth';
import {
  type AuthDialog,
  closeAuthDialogs,
  goBackToAuthDialog,
  openAuthDialog,
  switchAuthDialog,
} from '../../stores/auth-dialog';
import { showToast } from '../../stores/toast';
import { AuthDialogFrame, focusFirstField } from './AuthDialogFrame';
import {
  CodeField,
  EmailField,
  FooterLink,
  FormAlert,
  FormNotice,
  PasswordField,
  ResendCodeFooter,
  SubmitButton,
} from './fields';
import { SocialSignIn } from './SocialSignIn';
import { bodySchema, useAuthForm, useSideAction } from './use-auth-form';

/** Signed in: close, greet, and go on to where the guest was going, if anywhere. */
function finishLogin(data: LoginData, returnTo: string | undefined): void {
  closeAuthDialogs();
  showToast(AUTH_TEXTS.welcomeBack(data.nameFirst), 'success');
  if (returnTo) window.location.assign(returnTo);
}

export function LoginDialog({ email = '', notice, returnTo }: Omit<Extract<AuthDialog, { name: 'login' }>, 'name'>) {
  const form = useAuthForm({ schema: bodySchema(loginCall), initial: { email, password: '' } });

  const onSubmit = form.onSubmit(async (body) => {
    try {
      finishLogin(await login(body), returnTo);
    } catch (cause) {
      // Signed up but never verified: the api has just sent a new code.
      if (cause instanceof ApiError && cause.message === authMessages.emailNotVerified) {
        openAuthDialog({ name: 'verify', email: body.email, flow: 'signup', notice: cause.message });
        return;
      }
      throw cause;
    }
  });

  return (
    <AuthDialogFrame name="login" title="Log in">
      <form className="auth-form" onSubmit={onSubmit} noValidate>
        <FormNotice>{notice}</FormNotice>
        <EmailField field={form.field('email')} />
        <PasswordField field={form.field('password')} />
        <button
          type="button"
          className="link-button auth-form__aside"
          onClick={() => openAuthDialog({ name: 'forgotPassword', email: form.values.email })}
        >
          Forgot password?
        </button>
        <FormAlert message={form.formError} />
        <SubmitButton pending={form.pending}>Log in</SubmitButton>
        <button
          type="button"
          className="button button--secondary button--block"
          onClick={() => openAuthDialog({ name: 'loginWithCode', email: form.values.email, returnTo })}
        >
          Log in without password
        </button>
      </form>
      <SocialSignIn verb="Log in" />
      <FooterLink lead="New to Yardly?" onClick={() => switchAuthDialog('signup')}>
        Sign up
      </FooterLink>
    </AuthDialogFrame>
  );
}

/** Log in with a 6-digit code sent to the email instead of a password (spec section 2). */
export function LoginWithCodeDialog({
  email = '',
  returnTo,
}: Omit<Extract<AuthDialog, { name: 'loginWithCode' }>, 'name'>) {
  const [sentTo, setSentTo] = useState<string | null>(null);
  const codeStep = useRef<HTMLFormElement>(null);
  const emailForm = useAuthForm({ schema: bodySchema(loginWithCodeCall), initial: { email } });
  const codeForm = useAuthForm({
    schema: bodySchema(verifyLoginCodeCall),
    initial: { code: '' },
    prepare: (values) => ({ email: sentTo ?? '', code: values.code }),
  });
  const resend = useSideAction(async () => {
    await sendLoginCode(sentTo ?? '');
    return AUTH_TEXTS.codeResent(sentTo ?? '');
  });

  useEffect(() => {
    if (sentTo) focusFirstField(codeStep.current);
  }, [sentTo]);

  const onSendCode = emailForm.onSubmit(async ({ email: address }) => {
    await sendLoginCode(address);
    codeForm.setValue('code', '');
    setSentTo(address);
  });
  const onLogin = codeForm.onSubmit(async (body) => finishLogin(await loginWithCode(body), returnTo));

  if (!sentTo) {
    return (
      <AuthDialogFrame name="loginWithCode" title="Log in without password" lead="We will email you a 6-digit code.">
        <form className="auth-form" onSubmit={onSendCode} noValidate>
          <EmailField field={emailForm.field('email')} />
          <FormAlert message={emailForm.formError} />
          <SubmitButton pending={emailForm.pending}>Send code</SubmitButton>
        </form>
        <FooterLink onClick={() => goBackToAuthDialog({ name: 'login', returnTo })}>Log in with password</FooterLink>
      </AuthDialogFrame>
    );
  }

  return (
    <AuthDialogFrame
      name="loginWithCode"
      title="Log in without password"
      lead={
        <>
          {authMessages.codeSent}: <strong>{sentTo}</strong>
        </>
      }
    >
      <form ref={codeStep} className="auth-form" onSubmit={onLogin} noValidate>
        <FormNotice>{resend.message}</FormNotice>
        <CodeField field={codeForm.field('code')} />
        <FormAlert message={codeForm.formError ?? resend.error} />
        <SubmitButton pending={codeForm.pending}>Log in</SubmitButton>
      </form>
      <ResendCodeFooter pending={resend.pending} onResend={resend.trigger}>
        {' · '}
        <button type="button" className="link-button" onClick={() => setSentTo(null)}>
          Use another email
        </button>
      </ResendCodeFooter>
    </AuthDialogFrame>
  );
}
