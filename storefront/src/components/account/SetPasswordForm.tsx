import { createPasswordCall } from '@yardly/shared/contract';
import { useState } from 'react';
import { AUTH_TEXTS } from '../../lib/auth-texts';
import { createPassword } from '../../stores/auth';
import { showToast } from '../../stores/toast';
import { FormAlert, PasswordField, SubmitButton } from '../auth/fields';
import { bodySchema, useAuthForm } from '../auth/use-auth-form';

/**
 * Settings, Sign-in: a person who joined by an emailed code or social sign-in has no password;
 * 'Set a password' gives them one (POST /svc/account/setPassword, spec section 7).
 */
export function SetPasswordForm({ onDone }: { onDone: () => void }) {
  const [open, setOpen] = useState(false);
  const form = useAuthForm({ schema: bodySchema(createPasswordCall), initial: { newPassword: '' } });

  if (!open) {
    return (
      <button type="button" className="button button--secondary" onClick={() => setOpen(true)}>
        Set a password
      </button>
    );
  }
  return (
    <form
      className="auth-form settings-form"
      aria-label="Set a password"
      noValidate
      onSubmit={form.onSubmit(async (body) => {
        await createPassword(body);
        showToast(AUTH_TEXTS.passwordSet, 'success');
        setOpen(false);
        onDone();
      })}
    >
      <PasswordField label="New password" field={form.field('newPassword')} isNew />
      <FormAlert message={form.formError} />
      <SubmitButton pending={form.pending}>Set password</SubmitButton>
    </form>
  );
}
