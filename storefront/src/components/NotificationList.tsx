import { useEffect, useState } from 'react';
import { browserApi } from '../lib/api';
import { logFailure } from '../lib/log-failure';
import { currentPushState, type PushState, turnOnPush } from '../lib/web-push';
import { messageOf, type NotificationCalls, NotificationInbox } from './NotificationInbox';
import { pushControl } from './notification-view';

const marketCalls: NotificationCalls = {
  list: (query) => browserApi.notifications.list(query),
  markRead: (body) => browserApi.notifications.markRead(body),
};

/** The signed-in person's notifications: offers' steps and messages with their links, read or not. */
export function NotificationList() {
  return <NotificationInbox calls={marketCalls} header={<PushToggle />} logName="Notifications" />;
}

/** 'Turn on notifications' for this browser: asks nothing until clicked. */
function PushToggle() {
  const [state, setState] = useState<PushState | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    currentPushState()
      .then(setState)
      .catch((cause: unknown) => {
        logFailure('Reading the push state failed', cause);
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
                logFailure('Turning notifications on failed', cause);
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
