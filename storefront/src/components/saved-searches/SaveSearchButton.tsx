import { useStore } from '@nanostores/react';
import { ApiError } from '@yardly/shared/client';
import type { SaveSearchBody } from '@yardly/shared/contract';
import { SAVED_SEARCH_LIMITS, savedSearchMessages } from '@yardly/shared/rules';
import { useId, useState } from 'react';
import { promptGuest } from '../../stores/auth-dialog';
import { saveSearch } from '../../stores/saved-searches';
import { $session, GUEST_PROMPTS } from '../../stores/session';
import { showToast } from '../../stores/toast';
import '../../styles/saved-searches.css';
import { logFailure } from '../../lib/log-failure';

interface SaveSearchButtonProps {
  kind: SaveSearchBody['kind'];
  /** The search's filters, in the search call's own names (no page or size). */
  filters: SaveSearchBody['filters'];
  /** The name the form starts with, from the query ("bike near 10001"). */
  suggestedName: string;
}

/**
 * "Save this search" on a results page (issue 37): asks a name, prefilled from the query, and
 * keeps the search's filters so the person is told when something new matches. Guests are asked
 * to sign up or log in.
 */
export function SaveSearchButton({ kind, filters, suggestedName }: SaveSearchButtonProps) {
  const session = useStore($session);
  const [open, setOpen] = useState(false);
  const [name, setName] = useState(suggestedName);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const inputId = useId();

  function start() {
    if (!session) {
      promptGuest(GUEST_PROMPTS.saveSearch);
      return;
    }
    setName(suggestedName.slice(0, SAVED_SEARCH_LIMITS.nameMax));
    setError(null);
    setOpen(true);
  }

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await saveSearch({ name, kind, filters } as SaveSearchBody);
      setOpen(false);
      showToast(savedSearchMessages.saved, 'success');
    } catch (cause) {
      logFailure('Could not save the search', cause);
      setError(cause instanceof ApiError ? (cause.errors[0]?.message ?? cause.message) : 'Could not save the search');
    } finally {
      setBusy(false);
    }
  }

  if (!open) {
    return (
      <button type="button" className="button button--secondary save-search__open" onClick={start}>
        Save this search
      </button>
    );
  }
  return (
    <form className="save-search" onSubmit={submit} aria-label="Save this search">
      <div className="form-field">
        <label htmlFor={inputId}>Name this search</label>
        <input
          id={inputId}
          value={name}
          maxLength={SAVED_SEARCH_LIMITS.nameMax}
          required
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${inputId}-error` : undefined}
          onChange={(e) => setName(e.target.value)}
        />
        {error && (
          <p id={`${inputId}-error`} className="field-error" role="alert">
            {error}
          </p>
        )}
      </div>
      <div className="save-search__actions">
        <button type="submit" className="button" disabled={busy} aria-busy={busy || undefined}>
          Save
        </button>
        <button type="button" className="button button--secondary" onClick={() => setOpen(false)}>
          Cancel
        </button>
      </div>
    </form>
  );
}
