import { ApiError, GENERIC_ERROR_MESSAGE } from '@yardly/shared/client';
import { type ReactNode, useState } from 'react';
import { showToast } from '../stores/toast';
import '../styles/selling.css';
import { logFailure } from '../lib/log-failure';

interface ProcessActionsProps<Action extends string, Answer> {
  /** The thing's title, in the section's name: "Manage <title>". */
  title: string;
  /** The badge line for the thing's state, if any. */
  status: string | null;
  /** The process events the owner may press now; `delete` is asked to be confirmed first. */
  actions: readonly Action[];
  label: (action: Action) => string;
  /** What the owner is told when an action is done. */
  done: Record<Action, string>;
  /** Calls the api for one action. */
  run: (action: Action) => Promise<Answer>;
  onChanged?: (answer: Answer) => void;
  /** Links shown before the buttons (messages, edit, ...). */
  links?: ReactNode;
  /** Who no longer sees a deleted thing, in the confirmation: "Buyers", "Tenants". */
  deleteAudience: string;
  /** The noun in the logged cause: "a listing", "a rental". */
  logNoun: string;
}

/**
 * An owner's process buttons for one listing or rental, each with its loading, error and
 * success, and a confirmation before deleting. Shared by the seller's and landlord's lists.
 */
export function ProcessActions<Action extends string, Answer>({
  title,
  status,
  actions,
  label,
  done,
  run,
  onChanged,
  links,
  deleteAudience,
  logNoun,
}: ProcessActionsProps<Action, Answer>) {
  const [working, setWorking] = useState<Action | null>(null);
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const deleteAction = actions.find((action) => action === 'delete');

  async function perform(action: Action) {
    setWorking(action);
    setConfirmingDelete(false);
    try {
      const answer = await run(action);
      showToast(done[action], 'success');
      onChanged?.(answer);
    } catch (cause) {
      logFailure(`Could not ${action} ${logNoun}`, cause);
      showToast(cause instanceof ApiError ? cause.message : GENERIC_ERROR_MESSAGE, 'error');
    } finally {
      setWorking(null);
    }
  }

  return (
    <section className="seller-actions" aria-label={`Manage ${title}`}>
      {status && <p className="seller-actions__status">{status}</p>}
      <div className="seller-actions__row">
        {links}
        {actions
          .filter((action) => action !== 'delete')
          .map((action) => (
            <button
              key={action}
              type="button"
              className="button button--small"
              disabled={working !== null}
              aria-busy={working === action || undefined}
              onClick={() => void perform(action)}
            >
              {working === action ? 'Working…' : label(action)}
            </button>
          ))}
        {deleteAction !== undefined && !confirmingDelete && (
          <button
            type="button"
            className="button button--small button--danger"
            disabled={working !== null}
            onClick={() => setConfirmingDelete(true)}
          >
            {working === deleteAction ? 'Working…' : label(deleteAction)}
          </button>
        )}
      </div>
      {deleteAction !== undefined && confirmingDelete && (
        <div className="seller-actions__confirm" role="alertdialog" aria-label="Delete this listing?">
          <p>Delete this listing? {deleteAudience} will no longer see it.</p>
          <button
            type="button"
            className="button button--small button--danger"
            onClick={() => void perform(deleteAction)}
          >
            Yes, delete
          </button>
          <button
            type="button"
            className="button button--small button--secondary"
            onClick={() => setConfirmingDelete(false)}
          >
            Keep it
          </button>
        </div>
      )}
    </section>
  );
}
