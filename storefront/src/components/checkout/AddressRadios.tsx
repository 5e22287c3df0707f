import type { SavedAddress } from '@yardly/shared/contract';
import { addressLine } from '../orders/order-view';
import { ChoiceRadio } from './ChoiceRadio';

/** Saved addresses as radios of the group `name`, one line each, the one whose id is `value` checked. */
export function AddressRadios({
  name,
  addresses,
  value,
  disabled,
  onChange,
}: {
  name: string;
  addresses: readonly SavedAddress[];
  value: string | null;
  disabled: boolean;
  onChange: (addressId: string) => void;
}) {
  return addresses.map((address) => (
    <ChoiceRadio
      key={address.id}
      name={name}
      value={address.id}
      checked={value === address.id}
      disabled={disabled}
      onSelect={() => onChange(address.id)}
    >
      {addressLine(address)}
    </ChoiceRadio>
  ));
}
