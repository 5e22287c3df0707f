import { useStore } from '@nanostores/react';
import type { StripeCardElement } from '@stripe/stripe-js';
import type { PaymentConfig, SavedCard } from '@yardly/shared/contract';
import { formatCents } from '@yardly/shared/rules';
import { useCallback, useState } from 'react';
import { browserApi } from '../../lib/api';
import { $checkout, type CardChoice, chooseCard, editCard, payWith } from '../../stores/checkout';
import { type CardCollector, stripeCardCollector, testCardCollector } from './card-collector';
import { type CardInput, initialCardChoice } from './card-form-view';
import { SavedCardChoice } from './SavedCardChoice';
import { StripeCardField } from './StripeCardField';
import { TestCardFields, TestModeNote } from './TestCardFields';
import { useStripe } from './use-stripe';

/** Said when Stripe.js could not be loaded (blocked, or offline): nothing can pay until it is. */
export const STRIPE_UNAVAILABLE = 'The card form could not be loaded. Check your connection and reload the page.';

interface CardFormProps {
  payment: PaymentConfig;
  /** The buyer's saved cards (the current provider's), or null when they could not be read. */
  savedCards: readonly SavedCard[] | null;
}

/**
 * The payment: a saved card or a new one (typed into the test provider's form, or Stripe's card
 * element when Stripe takes the payments), "Save this card for next time", and Pay. The page's
 * logic is the same for both providers: the form hands the checkout a card collector.
 */
export function CardForm({ payment, savedCards }: CardFormProps) {
  const checkout = useStore($checkout);
  const cards = savedCards ?? [];
  const [choice, setChoice] = useState<CardChoice>(() => initialCardChoice($checkout.get().choice, cards));
  const [card, setCard] = useState<CardInput>({ number: '', exp: '', cvc: '' });
  const stripe = useStripe(payment);
  const [element, setElement] = useState<StripeCardElement | null>(null);
  const busy = checkout.status === 'paying' || checkout.status === 'placed';
  const newCard = choice.kind === 'new';
  const collectorReady = stripe.status === 'ready' && (!newCard || !stripe.stripe || element !== null);
  const payable = checkout.status === 'ready' && checkout.amount !== null && (checkout.authorised || collectorReady);
  const edited = useCallback(() => editCard('number'), []);

  function collector(): CardCollector {
    if (stripe.status === 'ready' && stripe.stripe) return stripeCardCollector(stripe.stripe, element);
    return testCardCollector(card, (body) => browserApi.checkout.confirm(body));
  }

  function choose(next: CardChoice) {
    setChoice(next);
    chooseCard();
  }

  return (
    <form
      className="card-form"
      aria-label="Card"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void payWith(collector(), choice, new Date());
      }}
    >
      {payment.provider === 'test' && <TestModeNote />}
      {checkout.authorised ? (
        <p className="card-form__note">Your card has authorised this payment.</p>
      ) : (
        <>
          {cards.length > 0 && <SavedCardChoice cards={cards} value={choice} disabled={busy} onChange={choose} />}
          {savedCards === null && (
            <p className="state-message">Your saved cards could not be loaded: pay with a new card.</p>
          )}
          {newCard && stripe.status === 'ready' && stripe.stripe && (
            <StripeCardField stripe={stripe.stripe} onElement={setElement} onEdit={edited} />
          )}
          {newCard && stripe.status === 'loading' && <p className="state-message">Loading the card form…</p>}
          {newCard && stripe.status === 'failed' && (
            <p className="state-message state-message--error" role="alert">
              {STRIPE_UNAVAILABLE}
            </p>
          )}
          {newCard && payment.provider === 'test' && (
            <TestCardFields
              card={card}
              errors={checkout.cardErrors}
              onChange={(typed, field) => {
                setCard(typed);
                editCard(field);
              }}
            />
          )}
          {newCard && (
            <label className="checkbox card-form__save">
              <input
                type="checkbox"
                name="saveCard"
                checked={choice.save}
                disabled={busy}
                onChange={(event) => setChoice({ kind: 'new', save: event.target.checked })}
              />
              <span>Save this card for next time</span>
            </label>
          )}
        </>
      )}
      {checkout.decline && (
        <p className="field-error card-form__decline" role="alert">
          {checkout.decline}
        </p>
      )}
      <button type="submit" className="button" disabled={!payable || busy} aria-busy={busy || undefined}>
        {busy ? 'Paying…' : checkout.amount ? `Pay ${formatCents(checkout.amount.total)}` : 'Pay'}
      </button>
    </form>
  );
}
