import type { SavedAddress } from '@yardly/shared/contract';
import { addressPrompts, addressToasts, findUsState, formatPhone } from '@yardly/shared/rules';
import { useCallback, useEffect, useState } from 'react';
import { browserApi } from '../../lib/api';
import { logFailure } from '../../lib/log-failure';
import { Spinner } from '../Spinner';
import { AddressForm } from './AddressForm';
import { ConfirmDialog } from './ConfirmDialog';
import { useConfirmedDelete } from './use-confirmed-delete';

type Editing = { mode: 'add' } | { mode: 'edit'; address: SavedAddress } | null;

/** Saved addresses: list, add, edit and delete (spec sections 2 and 8). */
export function AddressBook() {
  const [addresses, setAddresses] = useState<SavedAddress[] | null>(null);
  const [fetchFailed, setFetchFailed] = useState(false);
  const [editing, setEditing] = useState<Editing>(null);

  const reload = useCallback(async () => {
    try {
      setAddresses(await browserApi.account.fetchAddresses());
      setFetchFailed(false);
    } catch (cause) {
      // The list could not be read: say so where it goes, never "no saved addresses" (spec section 8).
      logFailure('AddressBook: a call failed', cause);
      setFetchFailed(true);
    }
  }, []);

  useEffect(() => {
    void reload();
  }, [reload]);

  const { deleting, setDeleting, pending, confirmDelete } = useConfirmedDelete<SavedAddress>({
    remove: (a) => browserApi.account.deleteAddress({ addressId: a.id }),
    toasts: addressToasts,
    failure: 'AddressBook: a call failed',
    reload,
  });

  const close = useCallback(() => setEditing(null), []);

  return (
    <section className="settings-section" aria-labelledby="addresses-title">
      <div className="settings-section__head">
        <h2 id="addresses-title">Saved addresses</h2>
        <button type="button" className="button button--secondary" onClick={() => setEditing({ mode: 'add' })}>
          Add New Address
        </button>
      </div>
      {fetchFailed ? (
        <p className="state-message state-message--error" role="alert">
          {addressToasts.fetchErrorShort}
        </p>
      ) : addresses === null ? (
        <Spinner label="Loading addresses" />
      ) : addresses.length === 0 ? (
        <p className="state-message">You have no saved addresses yet.</p>
      ) : (
        <ul className="address-list">
          {addresses.map((a) => (
            <li key={a.id} className="address-card" aria-label={`${a.firstName} ${a.lastName}, ${a.line1}`}>
              <p className="address-card__name">
                {a.firstName} {a.lastName}
                {a.primary && <span className="label">Primary</span>}
              </p>
              <p>
                {a.line1}
                {a.line2 ? `, ${a.line2}` : ''}
              </p>
              <p>
                {a.city}, {findUsState(a.state)?.abbreviation ?? a.state} {a.zip}
              </p>
              <p>{formatPhone(a.phoneNo)}</p>
              <div className="address-card__actions">
                <button type="button" className="link-button" onClick={() => setEditing({ mode: 'edit', address: a })}>
                  Edit
                </button>
                <button type="button" className="link-button" onClick={() => setDeleting(a)}>
                  Delete
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
      {editing && (
        <AddressForm
          address={editing.mode === 'edit' ? editing.address : undefined}
          isFirst={!addresses?.length}
          onSaved={() => void reload()}
          onClose={close}
        />
      )}
      {deleting && (
        <ConfirmDialog
          message={addressPrompts.confirmDelete}
          pending={pending}
          onYes={() => void confirmDelete()}
          onNo={() => setDeleting(null)}
        />
      )}
    </section>
  );
}
