import { formatDate } from '@yardly/shared/rules';
import { useCallback, useEffect, useState } from 'react';
import { requireSignedIn } from '../../lib/access-gates';
import { browserApi } from '../../lib/api';
import { refreshUnreadNotifications } from '../../stores/unread';
import { markedRead, unreadSummary } from '../notification-view';
import { Spinner } from '../Spinner';
import { RENTALS_HOME } from './rental-paths';

type Item = Awaited<ReturnType<typeof browserApi.rentalNotifications.list>>['notifications']['content'][number];
type State =
  | { state: 'loading' }
  | { state: 'ok'; items: Item[]; unreadCount: number }
  | { state: 'error'; message: string };

const messageOf = (cause: unknown) => (cause instanceof Error ? cause.message : String(cause));

/** /rentalsnotify: the rentals notifications (messages about places), read or not; mark read and delete. */
export function RentalNotifications() {
  const [result, setResult] = useState<State>({ state: 'loading' });
  const [actionError, setActionError] = useState<string | null>(null);

  const load = useCallback(async () => {
    try {
      const page = await browserApi.rentalNotifications.list({ page: 0, size: 50 });
      setResult({ state: 'ok', items: page.notifications.content, unreadCount: page.unreadCount });
    } catch (cause) {
      console.error('Rentals notifications failed to load', cause);
      setResult({ state: 'error', message: messageOf(cause) });
    }
  }, []);

  useEffect(() => {
    void requireSignedIn(RENTALS_HOME).then((session) => {
      if (session) void load();
    });
  }, [load]);

  async function markRead(ids?: number[]) {
    if (result.state !== 'ok') return;
    try {
      const { unreadCount } = await browserApi.rentalNotifications.read(ids ? { ids } : {});
      setResult({ state: 'ok', items: markedRead(result.items, ids), unreadCount });
      setActionError(null);
      void refreshUnreadNotifications();
    } catch (cause) {
      console.error('Marking rentals notifications read failed', cause);
      setActionError(messageOf(cause));
    }
  }

  async function remove(ids?: number[]) {
    if (result.state !== 'ok') return;
    try {
      const { unreadCount } = await browserApi.rentalNotifications.remove(ids ? { ids } : {});
      setResult({
        state: 'ok',
        items: ids ? result.items.filter((n) => !ids.includes(n.id)) : [],
        unreadCount,
      });
      setActionError(null);
      void refreshUnreadNotifications();
    } catch (cause) {
      console.error('Deleting rentals notifications failed', cause);
      setActionError(messageOf(cause));
    }
  }

  async function open(event: React.MouseEvent<HTMLAnchorElement>, n: Item) {
    if (n.read || !n.link) return;
    // Read before leaving, so the count is right on the next page.
    event.preventDefault();
    await markRead([n.id]);
    window.location.assign(n.link);
  }

  if (result.state === 'loading') return <Spinner />;
  if (result.state === 'error') return <p role="alert">{result.message}</p>;
  return (
    <>
      <div className="notification-head">
        <p>{unreadSummary(result.unreadCount)}</p>
        {result.unreadCount > 0 && (
          <button type="button" className="button button--secondary" onClick={() => void markRead()}>
            Mark all as read
          </button>
        )}
        {result.items.length > 0 && (
          <button type="button" className="button button--secondary" onClick={() => void remove()}>
            Delete all
          </button>
        )}
      </div>
      {actionError && <p role="alert">{actionError}</p>}
      {result.items.length === 0 ? (
        <p>You have no notifications yet.</p>
      ) : (
        <ul className="notification-list">
          {result.items.map((n) => (
            <li key={n.id} className={n.read ? 'is-read' : 'is-unread'}>
              <p>
                {!n.read && <span className="visually-hidden">Unread: </span>}
                {n.link ? (
                  <a href={n.link} onClick={(e) => void open(e, n)}>
                    {n.text}
                  </a>
                ) : (
                  n.text
                )}
              </p>
              <time dateTime={n.createdAt}>{formatDate(n.createdAt)}</time>
              <button
                type="button"
                className="link-button"
                aria-label={`Delete notification: ${n.text}`}
                onClick={() => void remove([n.id])}
              >
                Delete
              </button>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
