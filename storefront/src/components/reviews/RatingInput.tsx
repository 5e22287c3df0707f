import { RATING, RATING_CHOICES } from '@yardly/shared/rules';
import { useId } from 'react';

interface RatingInputProps {
  value: number | null;
  onChange: (value: number) => void;
  /** The message under the stars when the rating is refused. */
  error?: string | null;
}

/**
 * Half-star rating as a radio group: ten radios (0.5 to 5), each the left or the right half of a
 * star; arrow keys move through them as through any radio group, and each is named "4.5 stars".
 */
export function RatingInput({ value, onChange, error }: RatingInputProps) {
  const name = useId();
  return (
    <fieldset className="rating-input" aria-describedby={error ? `${name}-error` : undefined}>
      <legend>Your rating</legend>
      <div className="rating-input__stars">
        {RATING_CHOICES.map((choice) => {
          const half = Number.isInteger(choice) ? 'right' : 'left';
          const on = value !== null && choice <= value;
          return (
            <label key={choice} className={`rating-input__half rating-input__half--${half}${on ? ' is-on' : ''}`}>
              <input
                type="radio"
                name={name}
                value={choice}
                checked={value === choice}
                onChange={() => onChange(choice)}
                className="visually-hidden"
              />
              <span className="visually-hidden">{choice === 1 ? '1 star' : `${choice} stars`}</span>
              <span className="rating-input__glyph" aria-hidden="true">
                ★
              </span>
            </label>
          );
        })}
        <span className="rating-input__value" aria-hidden="true">
          {value === null ? 'Choose' : `${value} / ${RATING.max}`}
        </span>
      </div>
      {error && (
        <p id={`${name}-error`} className="field-error" role="alert">
          {error}
        </p>
      )}
    </fieldset>
  );
}
