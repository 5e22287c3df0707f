import type { AdminDonationRecord } from '@yardly/shared/contract';
import { useState } from 'react';
import { Button, Confirm, useCanAccess, useNotify, useRecordContext, useRefresh, useUpdate } from 'react-admin';
import {
  CANCEL_CONFIRMATION,
  type ConsoleDonationEvent,
  DONATION_CHANGE_DONE,
  donationStatusChanges,
  statusChangeRequest,
} from './process';

/**
 * One button per status change the record's `actions` allow the console now (ROLE_ADMIN on
 * process-donations only; the api refuses anyone else regardless). Cancelling asks first; a
 * refusal (409: someone moved it meanwhile) shows the api's words and the fresh record.
 */
export function DonationStatusButtons({ variant = 'text' }: { variant?: 'text' | 'contained' }) {
  const record = useRecordContext<AdminDonationRecord>();
  const { canAccess } = useCanAccess({ resource: 'process-donations', action: 'edit' });
  const [update, { isPending }] = useUpdate();
  const [confirmingCancel, setConfirmingCancel] = useState(false);
  const notify = useNotify();
  const refresh = useRefresh();
  const buttons = donationStatusChanges(record, canAccess === true);
  if (!record || buttons.length === 0) return null;

  const send = (event: ConsoleDonationEvent) => {
    update(
      'process-donations',
      { id: record.id, data: statusChangeRequest(event), previousData: record },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => {
          setConfirmingCancel(false);
          notify(DONATION_CHANGE_DONE[event], { type: 'success' });
          refresh();
        },
        onError: (error: unknown) => {
          setConfirmingCancel(false);
          notify((error as Error).message, { type: 'error' });
          refresh();
        },
      },
    );
  };

  return (
    <>
      {buttons.map(({ event, label }) => (
        <Button
          key={event}
          label={label}
          variant={variant}
          disabled={isPending}
          onClick={(click: React.MouseEvent) => {
            click.stopPropagation(); // in a list row: the click is not the row's
            if (event === 'cancel') setConfirmingCancel(true);
            else send(event);
          }}
        />
      ))}
      <Confirm
        isOpen={confirmingCancel}
        loading={isPending}
        title={`Cancel donation ${record.id}?`}
        content={CANCEL_CONFIRMATION}
        confirm="Cancel donation"
        cancel="Keep it"
        onConfirm={() => send('cancel')}
        onClose={() => setConfirmingCancel(false)}
      />
    </>
  );
}
