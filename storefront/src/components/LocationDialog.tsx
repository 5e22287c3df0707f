import { useStore } from '@nanostores/react';
import { ApiError } from '@yardly/shared/client';
import { locationMessages, zipSchema } from '@yardly/shared/rules';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { browserApi } from '../lib/api';
import { $location, forgetLocation, rememberLocation } from '../stores/location';
import { showToast } from '../stores/toast';

interface LocationDialogProps {
  onClose: () => void;
}

/**
 * 'Your location': type a US zip, it is looked up and kept in this browser. Loaded only
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
    setPending(true);
    setError(null);
    try {
      const { address } = await browserApi.location.byZip(parsed.data);
      const stored = rememberLocation(address);
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
