import { useStore } from '@nanostores/react';
import { changePasswordCall, forgotPasswordCall, setPasswordCall } from '@yardly/shared/contract';
import { useEffect } from 'react';
import { AUTH_TEXTS } from '../../lib/auth-texts';
import { changePassword, resetPassword, sendPasswordResetCode } from '../../stores/auth';
import { closeAuthDialog, closeAuthDialogs, goBackToAuthDialog, openAuthDialog } from '../../stores/auth-dialog';
import { forgetPendingReset, keepPendingReset } from '../../stores/pending-flows';
import { $session } from '../../stores/session';
import { showToast } from '../../stores/toast';
import { AuthDialogFrame } from './AuthDialogFrame';
import {
  CodeField,
  EmailField,
  FooterLink,
  FormAlert,
  FormNotice,
  PasswordField,
  ResendCodeFooter,
  SubmitButton,
  UsernameHint,
} from './fields';
import { bodySchema, useAuthForm, useSideAction } from './use-auth-form';

/** Forgot password: a reset code goes to the email (the answer is the same whether or not it has an account). */
export function ForgotPasswordDialog({ email = '' }: { email?: string }) {
  const form = useAuthForm({ schema: bodySchema(forgotPasswordCall), initial: { email } });

  const onSubmit = form.onSubmit(async ({ email: address }) => {
    await sendPasswordResetCode(address);
    openAuthDialog({ name: 'resetPassword', email: address });
  });

  return (
    <AuthDialogFrame
      name="forgotPassword"
      title="Forgot password"
      lead="Enter your email and we will send you a code to set a new password."
    >
      <form className="auth-form" onSubmit={onSubmit} noValidate>
        <EmailField field={form.field('email')} />
        <FormAlert message={form.formError} />
        <SubmitButton pending={form.pending}>Send code</SubmitButton>
      </form>
      <FooterLink onClick={() => goBackToAuthDialog({ name: 'login', email })}>Back to log in</FooterLink>
    </AuthDialogFrame>
  );
}

/** Reset password: the emailed code and a new password; then log in with it. */
export function ResetPasswordDialog({ email }: { email: string }) {
  // While it is open the reset is pending: a page left meanwhile opens it again (pending-flows.ts).
  useEffect(() => {
    keepPendingReset(email);
    return () => forgetPendingReset();
  }, [email]);
  const form = useAuthForm({
    schema: bodySchema(setPasswordCall),
    initial: { code: '', password: '' },
    prepare: (values) => ({ email, ...values }),
  });
  const resend = useSideAction(async () => {
    await sendPasswordResetCode(email);
    return AUTH_TEXTS.codeResent(email);
  });

  const onSubmit = form.onSubmit(async (body) => {
    await resetPassword(body);
    // The reset is done: forgot password and the old login give way to a login with the new password.
    closeAuthDialogs({ name: 'login', email, notice: AUTH_TEXTS.passwordReset });
  });

  return (
    <AuthDialogFrame name="resetPassword" title="Reset password" lead={AUTH_TEXTS.codeSentTo(email)}>
      <form className="auth-form" onSubmit={onSubmit} noValidate>
        <FormNotice>{resend.message}</FormNotice>
        <CodeField field={form.field('code')} />
        <PasswordField label="New password" field={form.field('password')} isNew />
        <FormAlert message={form.formError ?? resend.error} />
        <SubmitButton pending={form.pending}>Set password</SubmitButton>
      </form>
      <ResendCodeFooter pending={resend.pending} onResend={resend.trigger} />
    </AuthDialogFrame>
  );
}

/** Change password while signed in: other sessions end, this one goes on. */
export function ChangePasswordDialog() {
  const session = useStore($session);
  const form = useAuthForm({
    schema: bodySchema(changePasswordCall),
    initial: { currentPassword: '', newPassword: '' },
  });

  const onSubmit = form.onSubmit(async (body) => {
    await changePassword(body);
    closeAuthDialog('changePassword');
    showToast(AUTH_TEXTS.passwordChanged, 'success');
  });

  return (
    <AuthDialogFrame
      name="changePassword"
      title="Change password"
      lead="You stay logged in here; your other devices are logged out."
    >
      <form className="auth-form" onSubmit={onSubmit} noValidate>
        <UsernameHint email={session?.email} />
        <PasswordField label="Current password" field={form.field('currentPassword')} />
        <PasswordField label="New password" field={form.field('newPassword')} isNew />
        <FormAlert message={form.formError} />
        <SubmitButton pending={form.pending}>Change password</SubmitButton>
      </form>
    </AuthDialogFrame>
  );
}
