import type { CheckoutDeliveryOption, DeliveryMethod } from '@yardly/shared/contract';
import { formatCents } from '@yardly/shared/rules';
import { ChoiceRadio } from './ChoiceRadio';

interface DeliveryFieldProps {
  options: readonly CheckoutDeliveryOption[];
  value: DeliveryMethod | null;
  disabled: boolean;
  onChange: (method: DeliveryMethod) => void;
}

/** The listing's ways to the buyer (GET /svc/listing/deliveryoptions): shipping with its price, and/or local pickup. */
export function DeliveryField({ options, value, disabled, onChange }: DeliveryFieldProps) {
  return (
    <fieldset className="checkout-panel checkout-choice">
      <legend>Delivery</legend>
      {options.map((option) => (
        <ChoiceRadio
          key={option.method}
          name="deliveryMethod"
          value={option.method}
          checked={value === option.method}
          disabled={disabled}
          onSelect={() => onChange(option.method)}
        >
          {option.label}
          {option.priceCents > 0 && <strong> {formatCents(option.priceCents)}</strong>}
        </ChoiceRadio>
      ))}
    </fieldset>
  );
}
