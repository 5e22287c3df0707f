import type { AdminOrderRecord } from '@yardly/shared/contract';
import { formatCents } from '@yardly/shared/rules';
import { useId, useState } from 'react';
import { Button, Confirm, useCanAccess, useNotify, useRecordContext, useRefresh, useUpdate } from 'react-admin';
import { refundReasonProblem, showsRefund } from './refund';

/** Refund in full, with a reason the audit log keeps: only where the order allows it and the admin may edit orders. */
export function RefundButton() {
  const record = useRecordContext<AdminOrderRecord>();
  const { canAccess } = useCanAccess({ resource: 'orders', action: 'edit' });
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string>();
  const [update, { isPending }] = useUpdate();
  const notify = useNotify();
  const refresh = useRefresh();
  const fieldId = useId();
  if (!record || !showsRefund(record, canAccess === true)) return null;
  const confirm = () => {
    const wrong = refundReasonProblem(reason);
    setProblem(wrong);
    if (wrong) return;
    update(
      'orders',
      { id: record.id, data: { refundReason: reason.trim() }, previousData: record },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => {
          setOpen(false);
          setReason('');
          notify('Refunded in full; buyer and seller were notified', { type: 'success' });
          refresh();
        },
        onError: (error) => notify((error as Error).message, { type: 'error' }),
      },
    );
  };
  return (
    <>
      <Button label="Refund" onClick={() => setOpen(true)} disabled={isPending} />
      <Confirm
        isOpen={open}
        loading={isPending}
        title={`Refund order ${record.id}`}
        content={
          <>
            <p>The buyer gets the whole payment back ({formatCents(record.total)}).</p>
            <label htmlFor={fieldId}>Reason (kept in the audit log)</label>
            <textarea
              id={fieldId}
              value={reason}
              rows={3}
              style={{ display: 'block', width: '100%' }}
              aria-invalid={problem ? true : undefined}
              aria-describedby={problem ? `${fieldId}-problem` : undefined}
              onChange={(event) => setReason(event.target.value)}
            />
            {problem && (
              <p id={`${fieldId}-problem`} role="alert">
                {problem}
              </p>
            )}
          </>
        }
        confirm="Refund"
        onConfirm={confirm}
        onClose={() => setOpen(false)}
      />
    </>
  );
}
