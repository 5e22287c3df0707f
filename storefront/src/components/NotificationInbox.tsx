import type { Notification } from '@yardly/shared/contract';
import { formatDate } from '@yardly/shared/rules';
import { type ReactNode, useEffect, useState } from 'react';
import { requireSignedIn } from '../lib/access-gates';
import { logFailure } from '../lib/log-failure';
import { refreshUnreadNotifications } from '../stores/unread';
import { markedRead, unreadSummary } from './notification-view';
import { Spinner } from './Spinner';
import { useLiveEvent } from './use-live-event';

type Ids = { ids?: number[] };

/** A section's notification calls: the marketplace's, or the rentals'. */
export interface NotificationCalls {
  list: (query: { page: number; size: number }) => Promise<{
    notifications: { content: Notification[] };
    unreadCount: number;
  }>;
  markRead: (body: Ids) => Promise<{ unreadCount: number }>;
  /** Where the section lets a person delete notifications: Delete all, and Delete on each. */
  remove?: (body: Ids) => Promise<{ unreadCount: number }>;
}

interface NotificationInboxProps {
  calls: NotificationCalls;
  /** Where a signed-out person is sent. */
  home?: string;
  /** Shown above the list once it has loaded (the browser push switch). */
  header?: ReactNode;
  /** Names the list in logged causes: "Notifications", "Rentals notifications". */
  logName: string;
}

type State =
  | { state: 'loading' }
  | { state: 'ok'; items: Notification[]; unreadCount: number }
  | { state: 'error'; message: string };

export const messageOf = (cause: unknown) => (cause instanceof Error ? cause.message : String(cause));

/** The signed-in person's notifications with their links, read or not; mark read, and delete where the section allows. */
export function NotificationInbox({ calls, home, header, logName }: NotificationInboxProps) {
  const [result, setResult] = useState<State>({ state: 'loading' });
  const [actionError, setActionError] = useState<string | null>(null);
  const { remove } = calls;
  const lowerName = logName.charAt(0).toLowerCase() + logName.slice(1);

  async function load() {
    try {
      const page = await calls.list({ page: 0, size: 50 });
      setResult({ state: 'ok', items: page.notifications.content, unreadCount: page.unreadCount });
    } catch (cause) {
      logFailure(`${logName} failed to load`, cause);
      setResult({ state: 'error', message: messageOf(cause) });
    }
  }

  // biome-ignore lint/correctness/useExhaustiveDependencies: loads once per page; the calls and names are fixed per page.
  useEffect(() => {
    void requireSignedIn(home).then(async (session) => {
      if (session) await load();
    });
  }, []);

  // A new notice (a saved search's match, a price drop, a message) shows without a reload.
  useLiveEvent('notification', () => void load());

  async function markRead(ids?: number[]) {
    if (result.state !== 'ok') return;
    try {
      const { unreadCount } = await calls.markRead(ids ? { ids } : {});
      setResult({ state: 'ok', items: markedRead(result.items, ids), unreadCount });
      setActionError(null);
      void refreshUnreadNotifications(); // the menu's count
    } catch (cause) {
      logFailure(`Marking ${lowerName} read failed`, cause);
      setActionError(messageOf(cause));
    }
  }

  async function removeSome(ids?: number[]) {
    if (result.state !== 'ok' || !remove) return;
    try {
      const { unreadCount } = await remove(ids ? { ids } : {});
      setResult({
        state: 'ok',
        items: ids ? result.items.filter((n) => !ids.includes(n.id)) : [],
        unreadCount,
      });
      setActionError(null);
      void refreshUnreadNotifications();
    } catch (cause) {
      logFailure(`Deleting ${lowerName} failed`, cause);
      setActionError(messageOf(cause));
    }
  }

  async function open(event: React.MouseEvent<HTMLAnchorElement>, n: Notification) {
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
      {header}
      <div className="notification-head">
        <p>{unreadSummary(result.unreadCount)}</p>
        {result.unreadCount > 0 && (
          <button type="button" className="button button--secondary" onClick={() => void markRead()}>
            Mark all as read
          </button>
        )}
        {remove && result.items.length > 0 && (
          <button type="button" className="button button--secondary" onClick={() => void removeSome()}>
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
              {remove && (
                <button
                  type="button"
                  className="link-button"
                  aria-label={`Delete notification: ${n.text}`}
                  onClick={() => void removeSome([n.id])}
                >
                  Delete
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
