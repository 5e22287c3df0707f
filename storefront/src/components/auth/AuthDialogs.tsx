import { useStore } from '@nanostores/react';
import { $authDialogs, type AuthDialog } from '../../stores/auth-dialog';
import { AuthDialogPlace } from './AuthDialogFrame';
import { LoginDialog, LoginWithCodeDialog } from './LoginDialogs';
import { ChangePasswordDialog, ForgotPasswordDialog, ResetPasswordDialog } from './PasswordDialogs';
import {
  CompleteAccountDialog,
  EasySignupDialog,
  SignupDialog,
  VerifiedDialog,
  VerifyEmailDialog,
} from './SignupDialogs';
import { SelectSocialDialog, SocialEmailCodeDialog, SocialEmailDialog } from './SocialDialogs';
import { WorkEmailCodeDialog, WorkEmailDialog } from './WorkEmailDialogs';

/**
 * The sign-in dialogs of spec section 2, as many open as `$authDialogs` holds, each over the
 * one before (only the top one in use). The header loads this island part only when a dialog
 * opens: it brings the api client and zod.
 */
export default function AuthDialogs() {
  const stack = useStore($authDialogs);
  // Keyed by opening: each dialog starts with fresh fields, and keeps them while one sits over it.
  return stack.map((open, index) => (
    <AuthDialogPlace key={open.id} open={open} onTop={index === stack.length - 1}>
      <AuthDialogBody dialog={open.dialog} />
    </AuthDialogPlace>
  ));
}

function AuthDialogBody({ dialog }: { dialog: AuthDialog }) {
  switch (dialog.name) {
    case 'login':
      return <LoginDialog email={dialog.email} notice={dialog.notice} returnTo={dialog.returnTo} />;
    case 'signup':
      return <SignupDialog notice={dialog.notice} />;
    case 'verify':
      return (
        <VerifyEmailDialog
          email={dialog.email}
          flow={dialog.flow}
          notice={dialog.notice}
          rewardMessage={dialog.rewardMessage}
          b2b={dialog.b2b}
        />
      );
    case 'verified':
      return <VerifiedDialog flow={dialog.flow} />;
    case 'loginWithCode':
      return <LoginWithCodeDialog email={dialog.email} returnTo={dialog.returnTo} />;
    case 'forgotPassword':
      return <ForgotPasswordDialog email={dialog.email} />;
    case 'resetPassword':
      return <ResetPasswordDialog email={dialog.email} />;
    case 'easySignup':
      return <EasySignupDialog email={dialog.email} />;
    case 'completeAccount':
      return <CompleteAccountDialog />;
    case 'changePassword':
      return <ChangePasswordDialog />;
    case 'workEmail':
      return <WorkEmailDialog />;
    case 'workEmailCode':
      return <WorkEmailCodeDialog workEmail={dialog.workEmail} organizationName={dialog.organizationName} />;
    case 'selectSocial':
      return <SelectSocialDialog verb={dialog.verb} />;
    case 'socialEmail': {
      const { name, ...proof } = dialog;
      return <SocialEmailDialog {...proof} />;
    }
    case 'socialEmailCode': {
      const { name, ...proof } = dialog;
      return <SocialEmailCodeDialog {...proof} />;
    }
  }
}
