import { ApiError, GENERIC_ERROR_MESSAGE } from '@yardly/shared/client';
import type { ReturnDetail } from '@yardly/shared/contract';
import { returnMessages } from '@yardly/shared/rules';
import { useState } from 'react';
import { browserApi } from '../../lib/api';
import { logFailure } from '../../lib/log-failure';
import { showToast } from '../../stores/toast';
import { ConfirmDialog } from '../account/ConfirmDialog';
import { RETURN_PROMPTS, type ReturnAction, returnActionLabel, returnActionsFor } from './return-view';

/** The seller's Accept return / Dispute return, as the return process allows them now (each asked first). */
export function ReturnActions({ detail, onChanged }: { detail: ReturnDetail; onChanged: (d: ReturnDetail) => void }) {
  const actions = returnActionsFor(detail);
  const [asking, setAsking] = useState<ReturnAction | null>(null);
  const [working, setWorking] = useState(false);
  if (actions.length === 0) return null;

  async function answer(action: ReturnAction) {
    setWorking(true);
    try {
      const query = { returnId: detail.returnId };
      const changed =
        action === 'accept' ? await browserApi.returns.accept(query) : await browserApi.returns.dispute(query);
      showToast(
        action === 'accept' ? 'Return accepted: the buyer gets a prepaid label' : returnMessages.disputed,
        'success',
      );
      onChanged(changed);
    } catch (cause) {
      logFailure(`Could not ${action} a return`, cause);
      showToast(cause instanceof ApiError ? cause.message : GENERIC_ERROR_MESSAGE, 'error');
    } finally {
      setWorking(false);
      setAsking(null);
    }
  }

  return (
    <div className="order-card__actions">
      {actions.map((action) => (
        <button
          key={action}
          type="button"
          className={action === 'accept' ? 'button button--small' : 'button button--small button--secondary'}
          disabled={working}
          onClick={() => setAsking(action)}
        >
          {returnActionLabel(action)}
        </button>
      ))}
      {asking && (
        <ConfirmDialog
          message={RETURN_PROMPTS[asking]}
          pending={working}
          onYes={() => void answer(asking)}
          onNo={() => setAsking(null)}
        />
      )}
    </div>
  );
}
