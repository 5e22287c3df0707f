import { useStore } from '@nanostores/react';
import { $authDialog } from '../../stores/auth-dialog';
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
 * The sign-in dialogs of spec section 2, one open at a time as `$authDialog` says. The
 * header loads this island part only when a dialog opens: it brings the api client and zod.
 */
export default function AuthDialogs() {
  const dialog = useStore($authDialog);
  if (!dialog) return null;
  // Keyed by name: each dialog starts with fresh fields.
  switch (dialog.name) {
    case 'login':
      return <LoginDialog key="login" email={dialog.email} notice={dialog.notice} returnTo={dialog.returnTo} />;
    case 'signup':
      return <SignupDialog key="signup" notice={dialog.notice} />;
    case 'verify':
      return (
        <VerifyEmailDialog
          key={`verify-${dialog.email}`}
          email={dialog.email}
          flow={dialog.flow}
          notice={dialog.notice}
          rewardMessage={dialog.rewardMessage}
          b2b={dialog.b2b}
        />
      );
    case 'verified':
      return <VerifiedDialog key="verified" flow={dialog.flow} />;
    case 'loginWithCode':
      return <LoginWithCodeDialog key="loginWithCode" email={dialog.email} returnTo={dialog.returnTo} />;
    case 'forgotPassword':
      return <ForgotPasswordDialog key="forgotPassword" email={dialog.email} />;
    case 'resetPassword':
      return <ResetPasswordDialog key={`reset-${dialog.email}`} email={dialog.email} />;
    case 'easySignup':
      return <EasySignupDialog key="easySignup" email={dialog.email} />;
    case 'completeAccount':
      return <CompleteAccountDialog key="completeAccount" />;
    case 'changePassword':
      return <ChangePasswordDialog key="changePassword" />;
    case 'workEmail':
      return <WorkEmailDialog key="workEmail" />;
    case 'workEmailCode':
      return (
        <WorkEmailCodeDialog
          key={`workEmailCode-${dialog.workEmail}`}
          workEmail={dialog.workEmail}
          organizationName={dialog.organizationName}
        />
      );
    case 'selectSocial':
      return <SelectSocialDialog key="selectSocial" verb={dialog.verb} />;
    case 'socialEmail': {
      const { name, ...proof } = dialog;
      return <SocialEmailDialog key="socialEmail" {...proof} />;
    }
    case 'socialEmailCode': {
      const { name, ...proof } = dialog;
      return <SocialEmailCodeDialog key={`socialEmailCode-${proof.email}`} {...proof} />;
    }
  }
}
