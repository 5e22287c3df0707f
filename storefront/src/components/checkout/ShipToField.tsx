import type { SavedAddress } from '@yardly/shared/contract';
import { findUsState, orderMessages } from '@yardly/shared/rules';
import { useState } from 'react';
import { AddressForm } from '../account/AddressForm';

interface ShipToFieldProps {
  addresses: readonly SavedAddress[];
  value: string | null;
  disabled: boolean;
  onChange: (addressId: string) => void;
  /** An address was added with the account's form: the list is read again. */
  onAdded: () => void;
}

/** Where a shipped item goes: one of the buyer's saved addresses, or a new one added with the account's address form. */
export function ShipToField({ addresses, value, disabled, onChange, onAdded }: ShipToFieldProps) {
  const [adding, setAdding] = useState(false);
  return (
    <fieldset className="checkout-panel checkout-choice">
      <legend>Ship to</legend>
      {addresses.length === 0 && <p className="state-message">{orderMessages.addressRequired}: add one first.</p>}
      {addresses.map((address) => (
        <label key={address.id} className="check checkout-address">
          <input
            type="radio"
            name="addressId"
            value={address.id}
            checked={value === address.id}
            disabled={disabled}
            onChange={() => onChange(address.id)}
          />
          <span>
            {address.firstName} {address.lastName}, {address.line1}
            {address.line2 ? `, ${address.line2}` : ''}, {address.city},{' '}
            {findUsState(address.state)?.abbreviation ?? address.state} {address.zip}
          </span>
        </label>
      ))}
      <button
        type="button"
        className="button button--secondary button--small"
        disabled={disabled}
        onClick={() => setAdding(true)}
      >
        Add New Address
      </button>
      {adding && <AddressForm isFirst={addresses.length === 0} onSaved={onAdded} onClose={() => setAdding(false)} />}
    </fieldset>
  );
}
