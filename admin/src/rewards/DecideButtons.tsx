import type { AdminRewardRecord } from '@yardly/shared/contract';
import type { RewardDecision } from '@yardly/shared/rules';
import { useState } from 'react';
import { Button, Confirm, useCanAccess, useNotify, useRecordContext, useRefresh, useUpdate } from 'react-admin';
import { DECISION_WORDS, decisionsFor } from './decide';

/** Approve or refuse a reward held for review, void one held 72 hours: ROLE_ADMIN only; the api's adapter audit-logs it. */
export function DecideButtons() {
  const record = useRecordContext<AdminRewardRecord>();
  const { canAccess } = useCanAccess({ resource: 'rewards', action: 'edit' });
  const [deciding, setDeciding] = useState<RewardDecision | null>(null);
  const [update, { isPending }] = useUpdate();
  const notify = useNotify();
  const refresh = useRefresh();
  const decisions = decisionsFor(record, canAccess === true);
  if (!record || decisions.length === 0) return null;
  const confirm = () => {
    if (!deciding) return;
    update(
      'rewards',
      { id: record.id, data: { decision: deciding }, previousData: record },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => {
          notify(DECISION_WORDS[deciding].done, { type: 'success' });
          setDeciding(null);
          refresh();
        },
        onError: (error) => {
          setDeciding(null);
          notify((error as Error).message, { type: 'error' });
        },
      },
    );
  };
  return (
    <>
      {decisions.map((decision) => (
        <Button
          key={decision}
          label={DECISION_WORDS[decision].button}
          onClick={() => setDeciding(decision)}
          disabled={isPending}
        />
      ))}
      <Confirm
        isOpen={deciding !== null}
        loading={isPending}
        title={deciding ? `${DECISION_WORDS[deciding].button}: reward ${record.id}` : ''}
        content={deciding ? DECISION_WORDS[deciding].content : ''}
        confirm={deciding ? DECISION_WORDS[deciding].button : 'Confirm'}
        onConfirm={confirm}
        onClose={() => setDeciding(null)}
      />
    </>
  );
}
