import type { SavedCard } from '@yardly/shared/contract';

/**
 * A saved card as the buyer sees it, 'Visa •••• 4242, exp. 04/30' ('expired 01/24' once past);
 * a screen reader hears 'Visa ending in 4242' instead of the bullets.
 */
export function SavedCardName({ card }: { card: Pick<SavedCard, 'brand' | 'last4' | 'exp' | 'expired'> }) {
  return (
    <>
      {card.brand} <span aria-hidden="true">••••</span>
      <span className="visually-hidden">ending in</span> {card.last4},{' '}
      <span className={card.expired ? 'saved-card__exp saved-card__exp--past' : 'saved-card__exp'}>
        {card.expired ? 'expired' : 'exp.'} {card.exp}
      </span>
    </>
  );
}
