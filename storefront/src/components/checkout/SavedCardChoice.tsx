import type { SavedCard } from '@yardly/shared/contract';
import type { CardChoice } from '../../stores/checkout';
import { ChoiceRadio } from './ChoiceRadio';
import { SavedCardName } from './SavedCardName';

interface SavedCardChoiceProps {
  cards: readonly SavedCard[];
  value: CardChoice;
  disabled: boolean;
  onChange: (choice: CardChoice) => void;
}

/** The buyer's saved cards (an expired one shown, not selectable) and 'Use a new card'. */
export function SavedCardChoice({ cards, value, disabled, onChange }: SavedCardChoiceProps) {
  return (
    <fieldset className="checkout-choice">
      <legend>Pay with</legend>
      {cards.map((card) => (
        <ChoiceRadio
          key={card.id}
          name="paymentCard"
          value={card.id}
          checked={value.kind === 'saved' && value.cardId === card.id}
          disabled={disabled || card.expired}
          onSelect={() => onChange({ kind: 'saved', cardId: card.id })}
          className={card.expired ? 'saved-card saved-card--expired' : 'saved-card'}
        >
          <SavedCardName card={card} />
        </ChoiceRadio>
      ))}
      <ChoiceRadio
        name="paymentCard"
        value="new"
        checked={value.kind === 'new'}
        disabled={disabled}
        onSelect={() => onChange({ kind: 'new', save: false })}
      >
        Use a new card
      </ChoiceRadio>
    </fieldset>
  );
}
