import type { ReactNode } from 'react';

interface ChoiceRadioProps {
  name: string;
  value: string;
  checked: boolean;
  disabled: boolean;
  onSelect: () => void;
  className?: string;
  children: ReactNode;
}

/** One choice of a checkout fieldset (a delivery method, an address): a radio and what it says. */
export function ChoiceRadio({ name, value, checked, disabled, onSelect, className, children }: ChoiceRadioProps) {
  return (
    <label className={className ? `check ${className}` : 'check'}>
      <input type="radio" name={name} value={value} checked={checked} disabled={disabled} onChange={onSelect} />
      <span>{children}</span>
    </label>
  );
}
