import type { Notification } from '@yardly/shared/contract';
import { formatDate } from '@yardly/shared/rules';
import { useEffect, useState } from 'react';
import { requireSignedIn } from '../lib/access-gates';
import { browserApi } from '../lib/api';
import { Spinner } from './Spinner';

type State = { state: 'loading' } | { state: 'ok'; items: Notification[] } | { state: 'error'; message: string };

/** The signed-in person's notices (a report resolved, their organisation's status changed). */
export function NotificationList() {
  const [result, setResult] = useState<State>({ state: 'loading' });

  useEffect(() => {
    void requireSignedIn().then(async (session) => {
      if (!session) return;
      try {
        setResult({ state: 'ok', items: await browserApi.notifications.list() });
      } catch (cause) {
        console.error('Notifications failed to load', cause);
        setResult({ state: 'error', message: cause instanceof Error ? cause.message : String(cause) });
      }
    });
  }, []);

  if (result.state === 'loading') return <Spinner />;
  if (result.state === 'error') return <p role="alert">{result.message}</p>;
  if (result.items.length === 0) return <p>You have no notifications yet.</p>;
  return (
    <ul className="notification-list">
      {result.items.map((n) => (
        <li key={n.id}>
          <p>{n.link ? <a href={n.link}>{n.text}</a> : n.text}</p>
          <time dateTime={n.createdAt}>{formatDate(n.createdAt)}</time>
        </li>
      ))}
    </ul>
  );
}
