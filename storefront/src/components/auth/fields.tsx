import { CODE_LENGTH, keepNameCharacters, PASSWORD_MAX, PASSWORD_MIN } from '@yardly/shared/rules';
import { type HTMLAttributes, type ReactNode, useId } from 'react';
import type { FieldProps } from './use-auth-form';

interface TextFieldProps {
  label: string;
  field: FieldProps;
  type?: 'text' | 'email' | 'password';
  autoComplete?: string;
  inputMode?: HTMLAttributes<HTMLInputElement>['inputMode'];
  maxLength?: number;
  /** Drops what the input does not accept as it is typed (names: letters, spaces and dots). */
  filter?: (text: string) => string;
  hint?: string;
  optional?: boolean;
  className?: string;
  /** Shown after the error, e.g. a 'Log in' link under 'this email already has an account'. */
  errorAction?: ReactNode;
}

/** A labelled input with its error under it, announced and tied to the input. */
export function TextField({
  label,
  field,
  type = 'text',
  autoComplete,
  inputMode,
  maxLength,
  filter,
  hint,
  optional = false,
  className,
  errorAction,
}: TextFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [field.error && errorId, hint && hintId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={className ? `form-field ${className}` : 'form-field'}>
      <label htmlFor={id}>
        {label}
        {optional && <span className="form-field__optional"> (optional)</span>}
      </label>
      <input
        id={id}
        name={field.name}
        type={type}
        autoComplete={autoComplete}
        inputMode={inputMode}
        maxLength={maxLength}
        value={field.value}
        aria-invalid={field.error ? true : undefined}
        aria-describedby={describedBy}
        onChange={(event) => field.onChange(filter ? filter(event.target.value) : event.target.value)}
        onBlur={field.onBlur}
      />
      {hint && !field.error && (
        <p id={hintId} className="form-field__hint">
          {hint}
        </p>
      )}
      {field.error && (
        <p id={errorId} className="field-error" role="alert">
          {field.error} {errorAction}
        </p>
      )}
    </div>
  );
}

export function EmailField({
  field,
  errorAction,
  hint,
}: {
  field: FieldProps;
  errorAction?: ReactNode;
  hint?: string;
}) {
  return (
    <TextField
      label="Email"
      type="email"
      autoComplete="email"
      inputMode="email"
      maxLength={254}
      field={field}
      hint={hint}
      errorAction={errorAction}
    />
  );
}

const PASSWORD_HINT = `Use ${PASSWORD_MIN} to ${PASSWORD_MAX} characters with an uppercase and a lowercase letter, a number and a special character.`;

/** A password; a new one shows the rules of spec section 5 until it breaks one of them. */
export function PasswordField({
  label = 'Password',
  field,
  isNew = false,
}: {
  label?: string;
  field: FieldProps;
  isNew?: boolean;
}) {
  return (
    <TextField
      label={label}
      type="password"
      autoComplete={isNew ? 'new-password' : 'current-password'}
      // No cut at 32: a longer password is told the length rule instead of being trimmed silently.
      maxLength={256}
      hint={isNew ? PASSWORD_HINT : undefined}
      field={field}
    />
  );
}

/** The 6-digit code from the email: digits only. */
export function CodeField({ field }: { field: FieldProps }) {
  return (
    <TextField
      label="6-digit code"
      autoComplete="one-time-code"
      inputMode="numeric"
      maxLength={CODE_LENGTH}
      filter={(text) => text.replace(/\D/g, '')}
      className="form-field--code"
      field={field}
    />
  );
}

/** First and last name side by side; the inputs accept only letters, spaces and dots. */
export function NameFields({ first, last }: { first: FieldProps; last: FieldProps }) {
  return (
    <div className="form-row">
      <TextField label="First name" autoComplete="given-name" filter={keepNameCharacters} field={first} />
      <TextField label="Last name" autoComplete="family-name" filter={keepNameCharacters} field={last} />
    </div>
  );
}

/** The form's button: disabled with a spinner while the call runs. */
export function SubmitButton({ pending, children }: { pending: boolean; children: ReactNode }) {
  return (
    <button type="submit" className="button button--block" disabled={pending} aria-busy={pending || undefined}>
      {pending && <span className="button__spinner" aria-hidden="true" />}
      {children}
    </button>
  );
}

/** An error that belongs to no field (wrong password, too many tries, no connection). */
export function FormAlert({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <p className="form-alert" role="alert">
      {message}
    </p>
  );
}

/** Why the dialog opened, or what just happened (a code was sent). */
export function FormNotice({ children }: { children: ReactNode }) {
  if (!children) return null;
  return (
    <p className="form-notice" role="status">
      {children}
    </p>
  );
}

/**
 * The account's email for password managers, beside a password-only form (change password,
 * complete account): they file the new password under it. Not shown.
 */
export function UsernameHint({ email }: { email: string | undefined }) {
  if (!email) return null;
  return <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />;
}

/** A dialog's footer offering one way elsewhere, after an optional question ("New to Yardly? Sign up"). */
export function FooterLink({ lead, onClick, children }: { lead?: string; onClick: () => void; children: ReactNode }) {
  return (
    <p className="auth-dialog__footer">
      {lead && `${lead} `}
      <button type="button" className="link-button" onClick={onClick}>
        {children}
      </button>
    </p>
  );
}

/** "Didn't get it? Resend code" under a code form, with room for another way out. */
export function ResendCodeFooter({
  pending,
  onResend,
  children,
}: {
  pending: boolean;
  onResend: () => void;
  children?: ReactNode;
}) {
  return (
    <p className="auth-dialog__footer">
      Didn't get it?{' '}
      <button type="button" className="link-button" disabled={pending} onClick={onResend}>
        Resend code
      </button>
      {children}
    </p>
  );
}
