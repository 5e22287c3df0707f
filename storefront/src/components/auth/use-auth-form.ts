import { ApiError, GENERIC_ERROR_MESSAGE } from '@yardly/shared/client';
import { type FormEvent, useRef, useState } from 'react';
import { logFailure } from '../../lib/log-failure';

/**
 * What the form needs of a zod schema from the contract. Written out because zod is the
 * shared package's dependency, not the storefront's.
 */
export interface FormSchema<Out> {
  safeParse(
    input: unknown,
  ):
    | { success: true; data: Out }
    | { success: false; error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] } };
}

/** The first message per field of a schema's answer to these values; {} when they pass. */
export function fieldErrors<F extends string>(schema: FormSchema<unknown>, input: unknown, fields: readonly F[]) {
  const result = schema.safeParse(input);
  const errors: Partial<Record<F, string>> = {};
  if (result.success) return errors;
  for (const issue of result.error.issues) {
    const field = issue.path[0];
    if (typeof field === 'string' && (fields as readonly string[]).includes(field)) {
      errors[field as F] ??= issue.message;
    }
  }
  return errors;
}

export interface FieldProps {
  name: string;
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
  onBlur: () => void;
}

export interface AuthForm<F extends string, Out> {
  values: Record<F, string>;
  /** What a field shows: the server's word on it, else the rule it breaks once touched (spec section 5). */
  field(name: F): FieldProps;
  setValue(name: F, value: string): void;
  /** An error that belongs to no field of this form. */
  formError: string | null;
  pending: boolean;
  /** Checks every field, then runs the action; the api's field errors land on their fields. */
  onSubmit(action: (data: Out) => Promise<void>): (event: FormEvent<HTMLFormElement>) => void;
}

/**
 * A dialog's form checked with the contract's own zod schema (CONVENTIONS #4). `prepare`
 * turns the text fields into the schema's input (an empty optional field becomes absent).
 */
export function useAuthForm<F extends string, Out>(options: {
  schema: FormSchema<Out>;
  initial: Record<F, string>;
  prepare?: (values: Record<F, string>) => unknown;
}): AuthForm<F, Out> {
  const { schema, initial, prepare = (values) => values } = options;
  const fields = Object.keys(initial) as F[];
  const [values, setValues] = useState(initial);
  const [touched, setTouched] = useState<Partial<Record<F, boolean>>>({});
  const [serverErrors, setServerErrors] = useState<Partial<Record<F, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  // A double click must not send twice, even before React re-renders with `pending`.
  const busy = useRef(false);

  const ruleErrors = fieldErrors(schema, prepare(values), fields);

  function setValue(name: F, value: string) {
    setValues((current) => ({ ...current, [name]: value }));
    setServerErrors((current) => (current[name] ? { ...current, [name]: undefined } : current));
  }

  function field(name: F): FieldProps {
    return {
      name,
      value: values[name],
      error: serverErrors[name] ?? (touched[name] ? ruleErrors[name] : undefined),
      onChange: (value) => setValue(name, value),
      onBlur: () => setTouched((current) => (current[name] ? current : { ...current, [name]: true })),
    };
  }

  function onSubmit(action: (data: Out) => Promise<void>) {
    return (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault();
      const form = event.currentTarget;
      if (busy.current) return;
      setTouched(Object.fromEntries(fields.map((name) => [name, true])) as Record<F, boolean>);
      const parsed = schema.safeParse(prepare(values));
      if (!parsed.success) {
        focusFirstInvalid(form);
        return;
      }
      busy.current = true;
      setPending(true);
      setFormError(null);
      action(parsed.data)
        .catch((cause: unknown) => {
          const { onFields, other } = splitApiError(cause, fields);
          setServerErrors(onFields);
          setFormError(other);
          if (Object.keys(onFields).length) focusFirstInvalid(form);
        })
        .finally(() => {
          busy.current = false;
          setPending(false);
        });
    };
  }

  return { values, field, setValue, formError, pending, onSubmit };
}

/** An action's failure as this form shows it: messages for its fields, and the rest. */
export function splitApiError<F extends string>(
  cause: unknown,
  fields: readonly F[],
): { onFields: Partial<Record<F, string>>; other: string | null } {
  if (!(cause instanceof ApiError)) {
    logFailure('use-auth-form: a call failed', cause);
    return { onFields: {}, other: GENERIC_ERROR_MESSAGE };
  }
  const onFields: Partial<Record<F, string>> = {};
  let other: string | null = null;
  for (const { field, message } of cause.errors) {
    if ((fields as readonly string[]).includes(field)) onFields[field as F] ??= message;
    else other ??= message;
  }
  if (!cause.errors.length) other = cause.message;
  return { onFields, other };
}

function focusFirstInvalid(form: HTMLFormElement) {
  // After React has rendered the errors (aria-invalid).
  requestAnimationFrame(() => form.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
}

/** A call's body schema from the contract (every call a dialog makes has one). */
export function bodySchema<B extends FormSchema<unknown>>(call: { path: string; body?: B }): B {
  if (!call.body) throw new Error(`${call.path} has no body schema`);
  return call.body;
}

/**
 * A secondary action beside a form, such as 'Resend code': its own pending state, what it
 * says when done, and its error.
 */
export function useSideAction(run: () => Promise<string>) {
  const [pending, setPending] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  async function trigger() {
    if (pending) return;
    setPending(true);
    setMessage(null);
    setError(null);
    try {
      setMessage(await run());
    } catch (cause) {
      setError(splitApiError(cause, []).other);
    } finally {
      setPending(false);
    }
  }
  return { pending, message, error, trigger };
}
