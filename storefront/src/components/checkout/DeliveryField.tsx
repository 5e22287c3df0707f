import type { CheckoutDeliveryOption, DeliveryMethod } from '@yardly/shared/contract';
import { formatCents } from '@yardly/shared/rules';

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
        <label key={option.method} className="check">
          <input
            type="radio"
            name="deliveryMethod"
            value={option.method}
            checked={value === option.method}
            disabled={disabled}
            onChange={() => onChange(option.method)}
          />
          <span>
            {option.label}
            {option.priceCents > 0 && <strong> {formatCents(option.priceCents)}</strong>}
          </span>
        </label>
      ))}
    </fieldset>
  );
}
