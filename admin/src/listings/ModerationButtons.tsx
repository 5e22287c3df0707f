import type { AdminListingEvent, AdminListingRecord } from '@yardly/shared/contract';
import { Button, useDelete, useNotify, useRecordContext, useRefresh, useUpdate } from 'react-admin';
import { moderationEvents, moderationRequest } from './moderation';

/** One button per event the listing process allows a moderator in the listing's state. */
export function ModerationButtons() {
  const record = useRecordContext<AdminListingRecord>();
  const [update, { isPending: updating }] = useUpdate();
  const [remove, { isPending: removing }] = useDelete();
  const notify = useNotify();
  const refresh = useRefresh();
  if (!record) return null;
  const done = {
    mutationMode: 'pessimistic' as const,
    onSuccess: () => {
      notify('Listing updated', { type: 'success' });
      refresh();
    },
    onError: (error: unknown) => notify((error as Error).message, { type: 'error' }),
  };
  const take = (event: AdminListingEvent) => (click: React.MouseEvent) => {
    click.stopPropagation();
    const request = moderationRequest(event, record);
    if (request.method === 'DELETE') remove('listings', { id: record.id, previousData: record }, done);
    else update('listings', { id: record.id, data: request.data, previousData: record }, done);
  };
  return (
    <>
      {moderationEvents(record).map(({ event, label }) => (
        <Button key={event} label={label} onClick={take(event)} disabled={updating || removing} />
      ))}
    </>
  );
}
