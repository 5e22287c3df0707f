import type { SavedCard } from '@yardly/shared/contract';
import { browserApi } from '../../lib/api';
import { useLoaded } from '../../lib/use-loaded';
import { SavedCardName } from '../checkout/SavedCardName';
import { Spinner } from '../Spinner';
import { ConfirmDialog } from './ConfirmDialog';
import { useConfirmedDelete } from './use-confirmed-delete';

/** The section's words, as the address book's are put (spec section 8's style). */
export const paymentCardTexts = {
  empty: 'You have no saved payment cards. Tick “Save this card for next time” when you pay to keep one here.',
  fetchError: 'There was an error fetching your payment cards, please try again',
  confirmDelete: 'Are you sure you want to delete this card? You can save it again the next time you pay.',
  deleted: 'Successfully deleted card',
  deleteError: 'Error deleting card, please try again',
} as const;

/**
 * Saved payment cards (spec section 1, "saved addresses, payment cards"), beside the saved
 * addresses: brand, last 4 digits and expiry, each with Delete (asked first). Cards are saved at
 * checkout; nothing here adds one.
 */
export function PaymentCards() {
  const cards = useLoaded(() => browserApi.cards.list(), [], { failure: 'Could not read the saved cards' });
  // Read again after a delete or on 'Try again': what shows stays until the answer.
  const reload = () => cards.reload({ quietly: true });

  const { deleting, setDeleting, pending, confirmDelete } = useConfirmedDelete<SavedCard>({
    remove: (card) => browserApi.cards.remove({ cardId: card.id }),
    toasts: paymentCardTexts,
    failure: 'Could not delete a saved card',
    reload,
  });

  return (
    <section className="settings-section" aria-labelledby="payment-cards-title">
      <h2 id="payment-cards-title">Payment cards</h2>
      {cards.state === 'loading' && <Spinner label="Loading payment cards" />}
      {cards.state === 'failed' && (
        <div role="alert">
          <p className="state-message state-message--error">{paymentCardTexts.fetchError}</p>
          <button type="button" className="button button--secondary" onClick={() => void reload()}>
            Try again
          </button>
        </div>
      )}
      {cards.state === 'ready' && cards.data.length === 0 && <p className="state-message">{paymentCardTexts.empty}</p>}
      {cards.state === 'ready' && cards.data.length > 0 && (
        <ul className="address-list">
          {cards.data.map((card) => (
            <li key={card.id} className="address-card payment-card">
              <p className="payment-card__name">
                <SavedCardName card={card} />
              </p>
              <div className="address-card__actions">
                <button
                  type="button"
                  className="link-button"
                  aria-label={`Delete ${card.brand} ending in ${card.last4}`}
                  onClick={() => setDeleting(card)}
                >
                  Delete
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
      {deleting && (
        <ConfirmDialog
          message={paymentCardTexts.confirmDelete}
          pending={pending}
          onYes={() => void confirmDelete()}
          onNo={() => setDeleting(null)}
        />
      )}
    </section>
  );
}
