import { Button, useCanAccess, useNotify, useRecordContext, useRefresh, useUpdate } from 'react-admin';

/** Retry shows on a failed record, to an admin the role matrix lets edit its resource (the api refuses regardless). */
export function retryable(record: { status: string }, mayEdit: boolean): boolean {
  return mayEdit && record.status === 'failed';
}

/**
 * Sends a failed payout or card refund again (`PUT {retry: true}`): the api starts a new try with
 * its own key, and answers 409 if it is no longer failed (another admin was first).
 */
export function RetryButton({ resource, done }: { resource: 'payouts' | 'card-refunds'; done: string }) {
  const record = useRecordContext<{ id: number; status: string }>();
  const { canAccess } = useCanAccess({ resource, action: 'edit' });
  const [update, { isPending }] = useUpdate();
  const notify = useNotify();
  const refresh = useRefresh();
  if (!record || !retryable(record, canAccess === true)) return null;
  const retry = (event: React.MouseEvent) => {
    event.stopPropagation();
    update(
      resource,
      { id: record.id, data: { retry: true }, previousData: record },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => {
          notify(done, { type: 'success' });
          refresh();
        },
        onError: (error) => notify((error as Error).message, { type: 'error' }),
      },
    );
  };
  return <Button label="Retry" onClick={retry} disabled={isPending} />;
}
