import { useStore } from '@nanostores/react';
import { cardMessages, formatCardExpiry, formatCents } from '@yardly/shared/rules';
import { useState } from 'react';
import { $checkout, editCard, payWithCard } from '../../stores/checkout';
import { TextField } from '../auth/fields';
import type { FieldProps } from '../auth/use-auth-form';
import { type CardField, type CardInput, formatCardNumber, typedBrand } from './card-form-view';

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

/**
 * The built-in test provider's card form (the part Stripe.js plays for Stripe): number with its
 * brand, expiry typed as MM/YY (spec section 5), CVC, a plain test-mode notice, and Pay. The
 * decline of a test card shows beside the card; another card may be tried on the same payment.
 */
export function CardForm() {
  const checkout = useStore($checkout);
  const [card, setCard] = useState<CardInput>({ number: '', exp: '', cvc: '' });
  const brand = typedBrand(card.number);
  const busy = checkout.status === 'paying' || checkout.status === 'placed';
  const payable = checkout.status === 'ready' && checkout.intent !== null;

  function field(name: CardField): FieldProps {
    return {
      name,
      value: card[name],
      error: checkout.cardErrors[name],
      onChange: (typed) => {
        setCard((now) => ({ ...now, [name]: FORMAT[name](typed) }));
        editCard(name);
      },
      onBlur: () => undefined,
    };
  }

  return (
    <form
      className="card-form"
      aria-label="Card"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void payWithCard(card, new Date());
      }}
    >
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
      {!checkout.authorised && (
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
      )}
      {checkout.authorised && <p className="card-form__note">Your card has authorised this payment.</p>}
      {checkout.decline && (
        <p className="field-error card-form__decline" role="alert">
          {checkout.decline}
        </p>
      )}
      <button type="submit" className="button" disabled={!payable || busy} aria-busy={busy || undefined}>
        {busy ? 'Paying…' : checkout.intent ? `Pay ${formatCents(checkout.intent.amount.total)}` : 'Pay'}
      </button>
    </form>
  );
}
