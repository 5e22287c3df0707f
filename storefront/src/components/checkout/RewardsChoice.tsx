import { formatCents } from '@yardly/shared/rules';

interface RewardsChoiceProps {
  /** The buyer's rewards balance, in cents (more than 0: the choice shows only then). */
  balance: number;
  checked: boolean;
  disabled: boolean;
  onChange: (useRewards: boolean) => void;
}

/** "Use my rewards": on by default; the api takes them off the total before the card (createPI's useRewards). */
export function RewardsChoice({ balance, checked, disabled, onChange }: RewardsChoiceProps) {
  return (
    <label className="checkbox checkout-rewards">
      <input
        type="checkbox"
        name="useRewards"
        checked={checked}
        disabled={disabled}
        onChange={(event) => onChange(event.target.checked)}
      />
      <span>Use my rewards ({formatCents(balance)} available)</span>
    </label>
  );
}
