import { useStore } from '@nanostores/react';
import { $checkout, placeWithRewards } from '../../stores/checkout';

/** The payment when the buyer's rewards pay it all: no card form, a "Place order" button. */
export function RewardsOrderButton() {
  const checkout = useStore($checkout);
  const busy = checkout.status === 'paying' || checkout.status === 'placed';
  return (
    <div className="card-form">
      <p className="card-form__note">Your rewards pay for all of it: no card is needed.</p>
      <button
        type="button"
        className="button"
        disabled={checkout.status !== 'ready' || busy}
        aria-busy={busy || undefined}
        onClick={() => void placeWithRewards()}
      >
        {busy ? 'Placing your order…' : 'Place order'}
      </button>
    </div>
  );
}
