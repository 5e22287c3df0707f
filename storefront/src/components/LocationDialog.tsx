import { useStore } from '@nanostores/react';
import { ApiError } from '@yardly/shared/client';
import { locationMessages, zipSchema } from '@yardly/shared/rules';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { $location, forgetLocation, type StoredLocation } from '../stores/location';
import { chooseBrowserLocation, chooseZip } from '../stores/location-actions';
import { showToast } from '../stores/toast';

interface LocationDialogProps {
  onClose: () => void;
}

/**
 * 'Your location': type a US zip or use the browser's position (the nearest zip); it is
 * kept in this browser, and on the account when signed in. Loaded only
 * when opened, so the header island stays small on every page.
 */
export default function LocationDialog({ onClose }: LocationDialogProps) {
  const current = useStore($location);
  const [zip, setZip] = useState(current?.zip ?? '');
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const dialog = useRef<HTMLDialogElement>(null);
  const inputId = useId();
  const errorId = useId();

  useEffect(() => {
    dialog.current?.showModal();
  }, []);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const parsed = zipSchema.safeParse(zip);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? locationMessages.fetchError);
      return;
    }
    await choose(() => chooseZip(parsed.data));
  }

  async function choose(how: () => Promise<StoredLocation>) {
    setPending(true);
    setError(null);
    try {
      const stored = await how();
      showToast(`Your location is ${stored.formattedAddress}`, 'success');
      onClose();
    } catch (cause) {
      // The api says 'Error fetching location details' for a zip it does not know.
      setError(cause instanceof ApiError ? cause.message : locationMessages.fetchError);
    } finally {
      setPending(false);
    }
  }

  return (
    <dialog ref={dialog} className="location-dialog" aria-labelledby={`${inputId}-title`} onClose={onClose}>
      <form onSubmit={onSubmit} noValidate>
        <h2 id={`${inputId}-title`}>Your location</h2>
        <p className="location-dialog__current">
          {current ? `Showing items near ${current.formattedAddress}` : 'Showing items from everywhere'}
        </p>
        <label htmlFor={inputId}>Zip code</label>
        <input
          id={inputId}
          name="zip"
          inputMode="numeric"
          autoComplete="postal-code"
          maxLength={5}
          value={zip}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          onChange={(event) => setZip(event.target.value.replace(/\D/g, ''))}
        />
        <button
          type="button"
          className="button button--secondary location-dialog__here"
          disabled={pending}
          onClick={() => void choose(chooseBrowserLocation)}
        >
          Use my current location
        </button>
        {error && (
          <p id={errorId} className="field-error" role="alert">
            {error}
          </p>
        )}
        <div className="location-dialog__actions">
          {current && (
            <button
              type="button"
              className="button button--secondary"
              onClick={() => {
                forgetLocation();
                onClose();
              }}
            >
              Clear
            </button>
          )}
          <button type="button" className="button button--secondary" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="button" disabled={pending}>
            {pending ? 'Looking up…' : 'Save'}
          </button>
        </div>
      </form>
    </dialog>
  );
}
