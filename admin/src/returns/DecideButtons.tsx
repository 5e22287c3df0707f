import type { AdminReturnRecord } from '@yardly/shared/contract';
import type { ReturnDecision } from '@yardly/shared/rules';
import { useId, useState } from 'react';
import { Button, Confirm, useCanAccess, useNotify, useRecordContext, useRefresh, useUpdate } from 'react-admin';
import { DECISION_WORDS, decisionNoteProblem, showsDecision } from './decide';

/** Decide a disputed return for the buyer or the seller, with a note the audit log keeps: ROLE_ADMIN only. */
export function DecideButtons() {
  const record = useRecordContext<AdminReturnRecord>();
  const { canAccess } = useCanAccess({ resource: 'returns', action: 'edit' });
  const [deciding, setDeciding] = useState<ReturnDecision | null>(null);
  const [note, setNote] = useState('');
  const [problem, setProblem] = useState<string>();
  const [update, { isPending }] = useUpdate();
  const notify = useNotify();
  const refresh = useRefresh();
  const fieldId = useId();
  if (!record || !showsDecision(record, canAccess === true)) return null;
  const close = () => {
    setDeciding(null);
    setProblem(undefined);
  };
  const confirm = () => {
    if (!deciding) return;
    const wrong = decisionNoteProblem(deciding, note);
    setProblem(wrong);
    if (wrong) return;
    update(
      'returns',
      { id: record.id, data: { decision: deciding, decisionNote: note.trim() }, previousData: record },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => {
          notify(DECISION_WORDS[deciding].done, { type: 'success' });
          setNote('');
          close();
          refresh();
        },
        onError: (error) => notify((error as Error).message, { type: 'error' }),
      },
    );
  };
  return (
    <>
      {(['buyer', 'seller'] as const).map((decision) => (
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
        title={deciding ? `${DECISION_WORDS[deciding].button}: return ${record.id}` : ''}
        content={
          <>
            <p>{deciding && DECISION_WORDS[deciding].content}</p>
            <label htmlFor={fieldId}>Why (kept in the audit log)</label>
            <textarea
              id={fieldId}
              value={note}
              rows={3}
              style={{ display: 'block', width: '100%' }}
              aria-invalid={problem ? true : undefined}
              aria-describedby={problem ? `${fieldId}-problem` : undefined}
              onChange={(event) => setNote(event.target.value)}
            />
            {problem && (
              <p id={`${fieldId}-problem`} role="alert">
                {problem}
              </p>
            )}
          </>
        }
        confirm="Decide"
        onConfirm={confirm}
        onClose={close}
      />
    </>
  );
}
