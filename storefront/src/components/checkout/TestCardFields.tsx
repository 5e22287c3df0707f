import { cardMessages, formatCardExpiry } from '@yardly/shared/rules';
import { TextField } from '../auth/fields';
import type { FieldProps } from '../auth/use-auth-form';
import { type CardErrors, type CardField, type CardInput, formatCardNumber, typedBrand } from './card-form-view';

/** Stripe's public test numbers the built-in provider answers to (issue 18). */
const TEST_CARDS = [
  { number: '4242 4242 4242 4242', outcome: 'succeeds' },
  { number: '4000 0000 0000 0002', outcome: 'is declined' },
  { number: '4000 0000 0000 9995', outcome: 'is declined for insufficient funds' },
] as const;

const FORMAT: Record<CardField, (typed: string) => string> = {
  number: formatCardNumber,
  exp: formatCardExpiry,
  cvc: (typed) => typed.replace(/\D/g, '').slice(0, 4),
};

/** The plain notice that no real card is charged, with the test numbers to use. */
export function TestModeNote() {
  return (
    <div className="test-mode" role="note" aria-label="Test mode">
      <p>{cardMessages.testMode}</p>
      <ul>
        {TEST_CARDS.map((test) => (
          <li key={test.number}>
            <span className="test-mode__number">{test.number}</span> {test.outcome}
          </li>
        ))}
      </ul>
    </div>
  );
}

interface TestCardFieldsProps {
  card: CardInput;
  errors: CardErrors;
  onChange: (card: CardInput, field: CardField) => void;
}

/**
 * The built-in test provider's card fields (the part Stripe's card element plays for Stripe):
 * number with its brand, expiry typed as MM/YY (spec section 5), CVC.
 */
export function TestCardFields({ card, errors, onChange }: TestCardFieldsProps) {
  const brand = typedBrand(card.number);

  function field(name: CardField): FieldProps {
    return {
      name,
      value: card[name],
      error: errors[name],
      onChange: (typed) => onChange({ ...card, [name]: FORMAT[name](typed) }, name),
      onBlur: () => undefined,
    };
  }

  return (
    <>
      <TextField
        label="Card number"
        field={field('number')}
        autoComplete="cc-number"
        inputMode="numeric"
        maxLength={23}
        hint={brand ? `Brand: ${brand}` : undefined}
      />
      <div className="card-form__row">
        <TextField
          label="Expiry (MM/YY)"
          field={field('exp')}
          autoComplete="cc-exp"
          inputMode="numeric"
          maxLength={5}
        />
        <TextField label="CVC" field={field('cvc')} autoComplete="cc-csc" inputMode="numeric" maxLength={4} />
      </div>
    </>
  );
}
