import { useId } from 'react';

/** A price typed in dollars (the offer and counter forms), with its error read out beside it. */
export function DollarField(props: {
  label: string;
  value: string;
  error: string | null;
  onChange(value: string): void;
}) {
  const inputId = useId();
  const errorId = useId();
  return (
    <>
      <label htmlFor={inputId}>{props.label}</label>
      <input
        id={inputId}
        type="text"
        inputMode="decimal"
        autoComplete="off"
        value={props.value}
        onChange={(event) => props.onChange(event.target.value)}
        aria-invalid={props.error !== null || undefined}
        aria-describedby={props.error ? errorId : undefined}
      />
      {props.error && (
        <p id={errorId} className="field-error">
          {props.error}
        </p>
      )}
    </>
  );
}
