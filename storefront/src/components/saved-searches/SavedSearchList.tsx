import { useStore } from '@nanostores/react';
import { formatDate, savedSearchMessages } from '@yardly/shared/rules';
import { useEffect, useState } from 'react';
import { $savedSearches, deleteSavedSearch, loadSavedSearches } from '../../stores/saved-searches';
import { restoreSession } from '../../stores/session';
import { showToast } from '../../stores/toast';
import { Spinner } from '../Spinner';
import '../../styles/saved-searches.css';
import { logFailure } from '../../lib/log-failure';

/**
 * The person's saved searches (issue 37), newest first: each opens its results and can be
 * deleted. `kind` narrows them to the rentals' (on /rentalsnotify) or the marketplace's.
 */
export function SavedSearchList({ kind, empty }: { kind?: 'sale' | 'rental'; empty: string }) {
  const searches = useStore($savedSearches);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    // A guest has none to list (the page sends them away): never ask the api without a login.
    restoreSession()
      .then((session) => session && loadSavedSearches(kind))
      .catch((cause: unknown) => {
        logFailure('Could not load the saved searches', cause);
        setFailed(true);
      });
  }, [kind]);

  async function remove(id: string) {
    try {
      await deleteSavedSearch(id);
      showToast(savedSearchMessages.deleted, 'success');
    } catch (cause) {
      logFailure('Could not delete the saved search', cause);
      showToast('Could not delete the saved search, please try again', 'error');
    }
  }

  if (failed) return <p role="alert">Could not load your saved searches. Please reload the page.</p>;
  if (searches === null) return <Spinner />;
  const shown = kind ? searches.filter((search) => search.kind === kind) : searches;
  if (shown.length === 0) return <p className="saved-searches__empty">{empty}</p>;
  return (
    <ul className="saved-searches">
      {shown.map((search) => (
        <li key={search.id} className="saved-searches__item">
          <a href={search.url} className="saved-searches__name">
            {search.name}
          </a>
          <span className="saved-searches__meta">
            {search.kind === 'rental' ? 'Rentals' : 'Marketplace'} · saved {formatDate(search.createdAt)}
          </span>
          <button
            type="button"
            className="button button--secondary saved-searches__delete"
            aria-label={`Delete the saved search ${search.name}`}
            onClick={() => void remove(search.id)}
          >
            Delete
          </button>
        </li>
      ))}
    </ul>
  );
}
