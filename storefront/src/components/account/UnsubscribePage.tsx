import type { CommunicationPreferences } from '@yardly/shared/contract';
import { communicationMessages, MAIL_LIST_LABELS, MAIL_LISTS, type MailList } from '@yardly/shared/rules';
import { useEffect, useState } from 'react';
import { browserApi } from '../../lib/api';
import { Spinner } from '../Spinner';

type State =
  | { kind: 'loading' }
  | { kind: 'bad' }
  | { kind: 'ready'; email: string; preferences: CommunicationPreferences; done: boolean };

function isMailList(value: string | null): value is MailList {
  return (MAIL_LISTS as readonly string[]).includes(value ?? '');
}

/**
 * /unsubscribe?id=...&list=...: works logged out (the id is a long random token). Nothing
 * changes on opening the link (mail scanners open links); the button does it.
 */
export function UnsubscribePage() {
  const [state, setState] = useState<State>({ kind: 'loading' });
  const [pending, setPending] = useState(false);
  const params = new URLSearchParams(typeof window === 'undefined' ? '' : window.location.search);
  const id = params.get('id') ?? '';
  const listParam = params.get('list');
  const list = isMailList(listParam) ? listParam : null;

  useEffect(() => {
    browserApi.account
      .unsubscribeInfo({ id })
      .then((info) => setState({ kind: 'ready', ...info, done: false }))
      .catch(() => setState({ kind: 'bad' }));
  }, [id]);

  async function apply(changes: Partial<CommunicationPreferences>) {
    setPending(true);
    try {
      const info = await browserApi.account.unsubscribe({ id, ...changes });
      setState({ kind: 'ready', ...info, done: true });
    } catch {
      setState({ kind: 'bad' });
    } finally {
      setPending(false);
    }
  }

  if (state.kind === 'loading') return <Spinner label="Loading" />;
  if (state.kind === 'bad')
    return <p className="state-message state-message--error">{communicationMessages.badLink}</p>;
  const allOff = Object.fromEntries(MAIL_LISTS.map((l) => [l, false])) as CommunicationPreferences;
  return (
    <div className="unsubscribe">
      <p>
        Email choices for <strong>{state.email}</strong>
      </p>
      {state.done && (
        <p className="form-notice" role="status">
          {communicationMessages.unsubscribed}
        </p>
      )}
      <ul className="toggle-list">
        {MAIL_LISTS.map((l) => (
          <li key={l}>
            <label className="checkbox">
              <input
                type="checkbox"
                name={l}
                checked={state.preferences[l]}
                disabled={pending}
                onChange={(event) => void apply({ [l]: event.target.checked })}
              />
              {MAIL_LIST_LABELS[l]}
            </label>
          </li>
        ))}
      </ul>
      <div className="dialog-actions">
        {list && state.preferences[list] && (
          <button type="button" className="button" disabled={pending} onClick={() => void apply({ [list]: false })}>
            Unsubscribe from {MAIL_LIST_LABELS[list]}
          </button>
        )}
        <button
          type="button"
          className="button button--secondary"
          disabled={pending}
          onClick={() => void apply(allOff)}
        >
          Unsubscribe from all
        </button>
      </div>
    </div>
  );
}
