import { updateEmailCall, verifyUpdatableEmailCall } from '@yardly/shared/contract';
import { settingsMessages } from '@yardly/shared/rules';
import { useState } from 'react';
import { changeEmail, sendChangeEmailCode } from '../../stores/auth';
import { showToast } from '../../stores/toast';
import { CodeField, EmailField, FormAlert, FormNotice, SubmitButton } from '../auth/fields';
import { bodySchema, useAuthForm } from '../auth/use-auth-form';
import { Modal } from './Modal';

/** Change email with the identity flow: a code to the new address, then the code moves the account. */
export function ChangeEmailDialog({ onDone, onClose }: { onDone: () => void; onClose: () => void }) {
  const [sentTo, setSentTo] = useState<string | null>(null);
  return (
    <Modal title="Change email" onRequestClose={onClose}>
      {sentTo === null ? <NewEmailStep onSent={setSentTo} /> : <CodeStep email={sentTo} onDone={onDone} />}
    </Modal>
  );
}

function NewEmailStep({ onSent }: { onSent: (email: string) => void }) {
  const form = useAuthForm({ schema: bodySchema(updateEmailCall), initial: { email: '' } });
  return (
    <form
      className="auth-form"
      noValidate
      onSubmit={form.onSubmit(async ({ email }) => {
        await sendChangeEmailCode(email);
        onSent(email);
      })}
    >
      <EmailField field={form.field('email')} />
      <FormAlert message={form.formError} />
      <SubmitButton pending={form.pending}>Send code</SubmitButton>
    </form>
  );
}

function CodeStep({ email, onDone }: { email: string; onDone: () => void }) {
  const form = useAuthForm({ schema: bodySchema(verifyUpdatableEmailCall), initial: { email, code: '' } });
  return (
    <form
      className="auth-form"
      noValidate
      onSubmit={form.onSubmit(async (body) => {
        await changeEmail(body);
        showToast(settingsMessages.emailChanged, 'success');
        onDone();
      })}
    >
      <FormNotice>
        {settingsMessages.emailCodeSent}: {email}
      </FormNotice>
      <CodeField field={form.field('code')} />
      <FormAlert message={form.formError} />
      <SubmitButton pending={form.pending}>Change email</SubmitButton>
    </form>
  );
}
