import type { Stripe, StripeCardElement } from '@stripe/stripe-js';
import { useEffect, useRef } from 'react';

interface StripeCardFieldProps {
  stripe: Stripe;
  /** The mounted card element (null until it is ready, and again once it is gone). */
  onElement: (element: StripeCardElement | null) => void;
  /** The card changed: an earlier decline or error goes. */
  onEdit: () => void;
}

/**
 * Stripe's card element (number, expiry, CVC in Stripe's own frame): the card never passes
 * through Yardly's page or api. Stripe shows its own field errors inside it; a decline shows
 * beside the card as the test form's does.
 */
export function StripeCardField({ stripe, onElement, onEdit }: StripeCardFieldProps) {
  const host = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!host.current) return;
    const element = stripe.elements().create('card', {
      hidePostalCode: true,
      style: { base: { fontSize: '16px', color: '#1f1f1f', '::placeholder': { color: '#5f6368' } } },
    });
    element.mount(host.current);
    element.on('ready', () => onElement(element));
    element.on('change', () => onEdit());
    return () => {
      onElement(null);
      element.destroy();
    };
  }, [stripe, onElement, onEdit]);

  return (
    <fieldset className="form-field stripe-card-field">
      <legend className="form-field__label">Card</legend>
      <div ref={host} className="stripe-card" />
    </fieldset>
  );
}
