import type { AdminRentalEvent, AdminRentalRecord } from '@yardly/shared/contract';
import { Button, useNotify, useRecordContext, useRefresh, useUpdate } from 'react-admin';
import { RENTAL_MODERATION_DONE, rentalModerationEvents, rentalModerationRequest } from './moderation';

/** One button per event the rental process allows a moderator in the rental's state; a refusal shows the api's words. */
export function RentalModerationButtons() {
  const record = useRecordContext<AdminRentalRecord>();
  const [update, { isPending }] = useUpdate();
  const notify = useNotify();
  const refresh = useRefresh();
  if (!record) return null;
  const take = (event: AdminRentalEvent) => (click: React.MouseEvent) => {
    click.stopPropagation();
    update(
      'rentals',
      { id: record.id, data: rentalModerationRequest(event), previousData: record },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => {
          notify(RENTAL_MODERATION_DONE[event], { type: 'success' });
          refresh();
        },
        onError: (error: unknown) => {
          notify((error as Error).message, { type: 'error' });
          refresh();
        },
      },
    );
  };
  return (
    <>
      {rentalModerationEvents(record).map(({ event, label }) => (
        <Button key={event} label={label} onClick={take(event)} disabled={isPending} />
      ))}
    </>
  );
}
