import { REPORT_STATUSES } from '@yardly/shared/contract';
import { Button, SelectInput, useNotify, useRecordContext, useRefresh, useUpdate } from 'react-admin';

/**
 * What the item and rental report queues share: the status choices, the open/resolved filter and
 * the buttons that resolve an open report.
 */

export const STATUS_CHOICES = REPORT_STATUSES.map((id) => ({ id, name: id.replace('_', ' ') }));

export const statusFilter = (
  <SelectInput
    key="status"
    source="status"
    alwaysOn
    choices={[
      { id: 'open', name: 'open' },
      { id: 'resolved', name: 'resolved' },
    ]}
  />
);

/** Resolve an open report: remove its listing or rental, or take no action. The reporter is notified. */
export function ResolveButtons({ resource, removeLabel }: { resource: string; removeLabel: string }) {
  const record = useRecordContext<{ id: number; status: string }>();
  const [update, { isPending }] = useUpdate();
  const notify = useNotify();
  const refresh = useRefresh();
  if (record?.status !== 'open') return null;
  const resolve = (status: 'listing_removed' | 'no_action') => (event: React.MouseEvent) => {
    event.stopPropagation();
    update(
      resource,
      { id: record.id, data: { status }, previousData: record },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => {
          notify('Report resolved; the reporter was notified', { type: 'success' });
          refresh();
        },
        onError: (error) => notify((error as Error).message, { type: 'error' }),
      },
    );
  };
  return (
    <>
      <Button label={removeLabel} onClick={resolve('listing_removed')} disabled={isPending} />
      <Button label="No action" onClick={resolve('no_action')} disabled={isPending} />
    </>
  );
}
