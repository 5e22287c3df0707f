import { socialEmailCall, socialEmailVerifyCall } from '@yardly/shared/contract';
import { AUTH_TEXTS } from '../../lib/auth-texts';
import { finishSocialSignInWithEmail, sendSocialEmailCode } from '../../stores/auth';
import { type AuthDialog, goBackToAuthDialog, openAuthDialog, type SocialVerb } from '../../stores/auth-dialog';
import { AuthDialogFrame } from './AuthDialogFrame';
import { CodeField, EmailField, FooterLink, FormAlert, FormNotice, ResendCodeFooter, SubmitButton } from './fields';
import { ProviderLink, useOfferedProviders } from './SocialSignIn';
import { bodySchema, useAuthForm, useSideAction } from './use-auth-form';

/** Select social: every provider offered, and the way back to the email forms. */
export function SelectSocialDialog({ verb }: { verb: SocialVerb }) {
  const providers = useOfferedProviders();
  const back = verb === 'Log in' ? 'login' : 'signup';
  return (
    <AuthDialogFrame
      name="selectSocial"
      title={`${verb} with a social account`}
      lead="We only learn your name and email from the provider, and never post anything."
    >
      <div className="social-sign-in">
        {providers.map((provider) => (
          <ProviderLink key={provider} provider={provider} verb={verb} />
        ))}
      </div>
      <FooterLink onClick={() => goBackToAuthDialog(back)}>{verb} with your email instead</FooterLink>
    </AuthDialogFrame>
  );
}

type Proof = Omit<Extract<AuthDialog, { name: 'socialEmail' }>, 'name'>;

/**
 * The provider shared no email it had verified ("linkedin verify" in the spec): the person
 * gives the email to use, and proves it with a code.
 */
export function SocialEmailDialog(proof: Proof) {
  const form = useAuthForm({
    schema: bodySchema(socialEmailCall),
    initial: { email: proof.email ?? '' },
    prepare: ({ email }) => ({ token: proof.ticket, email }),
  });

  const onSubmit = form.onSubmit(async (body) => {
    await sendSocialEmailCode(body);
    openAuthDialog({ name: 'socialEmailCode', ...proof, email: body.email });
  });

  return (
    <AuthDialogFrame
      name="socialEmail"
      title="Confirm your email"
      lead={`${proof.providerLabel} did not share a verified email address. Tell us the email to use with Yardly and we will send it a code.`}
    >
      <form className="auth-form" onSubmit={onSubmit} noValidate>
        <EmailField field={form.field('email')} />
        <FormAlert message={form.formError} />
        <SubmitButton pending={form.pending}>Send code</SubmitButton>
      </form>
    </AuthDialogFrame>
  );
}

/** The code sent to that email ("linkedin email verify"): then signed in, as after any social sign-in. */
export function SocialEmailCodeDialog(proof: Proof & { email: string }) {
  const form = useAuthForm({
    schema: bodySchema(socialEmailVerifyCall),
    initial: { code: '' },
    prepare: ({ code }) => ({ token: proof.ticket, email: proof.email, code }),
  });
  const resend = useSideAction(async () => {
    await sendSocialEmailCode({ token: proof.ticket, email: proof.email });
    return AUTH_TEXTS.codeResent(proof.email);
  });

  const onSubmit = form.onSubmit(async (body) => {
    const data = await finishSocialSignInWithEmail(body);
    window.location.replace(`${proof.home}?q=${data.isNewUser ? 'signup' : 'login'}`);
  });

  return (
    <AuthDialogFrame name="socialEmailCode" title="Enter the code" lead={AUTH_TEXTS.codeSentTo(proof.email)}>
      <form className="auth-form" onSubmit={onSubmit} noValidate>
        <FormNotice>{resend.message}</FormNotice>
        <CodeField field={form.field('code')} />
        <FormAlert message={form.formError ?? resend.error} />
        <SubmitButton pending={form.pending}>Verify</SubmitButton>
      </form>
      <ResendCodeFooter pending={resend.pending} onResend={resend.trigger}>
        {' · '}
        <button
          type="button"
          className="link-button"
          onClick={() => goBackToAuthDialog({ name: 'socialEmail', ...proof })}
        >
          Use another email
        </button>
      </ResendCodeFooter>
    </AuthDialogFrame>
  );
}
