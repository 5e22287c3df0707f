import type { Notification } from '@yardly/shared/contract';
import { formatDate } from '@yardly/shared/rules';
import { useEffect, useState } from 'react';
import { requireSignedIn } from '../lib/access-gates';
import { browserApi } from '../lib/api';
import { currentPushState, type PushState, turnOnPush } from '../lib/web-push';
import { refreshUnreadNotifications } from '../stores/unread';
import { markedRead, pushControl, unreadSummary } from './notification-view';
import { Spinner } from './Spinner';

type State =
  | { state: 'loading' }
  | { state: 'ok'; items: Notification[]; unreadCount: number }
  | { state: 'error'; message: string };

const messageOf = (cause: unknown) => (cause instanceof Error ? cause.message : String(cause));

/** The signed-in person's notifications: offers' steps and messages with their links, read or not. */
export function NotificationList() {
  const [result, setResult] = useState<State>({ state: 'loading' });
  const [actionError, setActionError] = useState<string | null>(null);

  useEffect(() => {
    void requireSignedIn().then(async (session) => {
      if (!session) return;
      try {
        const page = await browserApi.notifications.list({ page: 0, size: 50 });
        setResult({ state: 'ok', items: page.notifications.content, unreadCount: page.unreadCount });
      } catch (cause) {
        console.error('Notifications failed to load', cause);
        setResult({ state: 'error', message: messageOf(cause) });
      }
    });
  }, []);

  async function markRead(ids?: number[]) {
    if (result.state !== 'ok') return;
    try {
      const { unreadCount } = await browserApi.notifications.markRead(ids ? { ids } : {});
      setResult({ state: 'ok', items: markedRead(result.items, ids), unreadCount });
      setActionError(null);
      void refreshUnreadNotifications(); // the menu's count
    } catch (cause) {
      console.error('Marking notifications read failed', cause);
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
      <PushToggle />
      <div className="notification-head">
        <p>{unreadSummary(result.unreadCount)}</p>
        {result.unreadCount > 0 && (
          <button type="button" className="button button--secondary" onClick={() => void markRead()}>
            Mark all as read
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
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

/** 'Turn on notifications' for this browser: asks nothing until clicked. */
function PushToggle() {
  const [state, setState] = useState<PushState | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    currentPushState()
      .then(setState)
      .catch((cause: unknown) => {
        console.error('Reading the push state failed', cause);
        setState('unsupported');
      });
  }, []);
  if (state === null) return null;
  const control = pushControl(state);
  return (
    <section className="push-toggle" aria-label="Browser notifications">
      {control.note && <p>{control.note}</p>}
      {control.button && (
        <button
          type="button"
          className="button"
          onClick={() =>
            void turnOnPush()
              .then((next) => {
                setState(next);
                setError(null);
              })
              .catch((cause: unknown) => {
                console.error('Turning notifications on failed', cause);
                setError(messageOf(cause));
              })
          }
        >
          {control.button}
        </button>
      )}
      {error && <p role="alert">{error}</p>}
    </section>
  );
}
