import { Button } from '@mui/material';
import { useCanAccess, useNotify, useRecordContext, useRefresh, useUpdate } from 'react-admin';

/** Retry shows on a failed record, to an admin the role matrix lets edit its resource (the api refuses regardless). */
export function retryable(record: { status: string }, mayEdit: boolean): boolean {
  return mayEdit && record.status === 'failed';
}

/**
 * Sends a failed card refund again (`PUT {retry: true}`): the api starts a new try with
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
  // MUI's button keeps its words on a phone (react-admin's shows only an icon there, and this has none).
  return (
    <Button size="small" onClick={retry} disabled={isPending}>
      Retry
    </Button>
  );
}
