import { contactBodySchema } from '@yardly/shared/contract';
import { CONTACT_LIMITS } from '@yardly/shared/rules';
import { useId, useState } from 'react';
import { browserApi } from '../../lib/api';
import { EmailField, FormAlert, SubmitButton, TextField } from '../auth/fields';
import { type FieldProps, useAuthForm } from '../auth/use-auth-form';

const EMPTY = { name: '', email: '', subject: '', message: '' };

/** The contact-us form: checked with the api's own schema, sent to /svc/contact. */
export function ContactForm() {
  const form = useAuthForm({ schema: contactBodySchema, initial: EMPTY });
  const [confirmation, setConfirmation] = useState<string | null>(null);

  if (confirmation) {
    return (
      <p className="form-status" role="status">
        {confirmation}
      </p>
    );
  }

  return (
    <form
      className="contact-form"
      noValidate
      onSubmit={form.onSubmit(async (body) => {
        const answer = await browserApi.content.contact(body);
        setConfirmation(answer.message);
      })}
    >
      <TextField label="Your name" autoComplete="name" maxLength={CONTACT_LIMITS.name} field={form.field('name')} />
      <EmailField field={form.field('email')} />
      <TextField label="Subject" maxLength={CONTACT_LIMITS.subject} field={form.field('subject')} />
      <MessageField field={form.field('message')} />
      <FormAlert message={form.formError} />
      <SubmitButton pending={form.pending}>Send message</SubmitButton>
    </form>
  );
}

function MessageField({ field }: { field: FieldProps }) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className="form-field">
      <label htmlFor={id}>Message</label>
      <textarea
        id={id}
        name={field.name}
        maxLength={CONTACT_LIMITS.message}
        value={field.value}
        aria-invalid={field.error ? true : undefined}
        aria-describedby={field.error ? errorId : undefined}
        onChange={(event) => field.onChange(event.target.value)}
        onBlur={field.onBlur}
      />
      {field.error && (
        <p id={errorId} className="field-error" role="alert">
          {field.error}
        </p>
      )}
    </div>
  );
}
