import type { SavedAddress } from '@yardly/shared/contract';
import { orderMessages } from '@yardly/shared/rules';
import { useState } from 'react';
import { AddressForm } from '../account/AddressForm';
import { AddressRadios } from './AddressRadios';

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
      <AddressRadios name="addressId" addresses={addresses} value={value} disabled={disabled} onChange={onChange} />
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
