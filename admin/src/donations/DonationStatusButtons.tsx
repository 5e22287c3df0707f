import type { AdminDonationRecord } from '@yardly/shared/contract';
import { ProcessActions } from '../ProcessActions';
import {
  type ConsoleDonationEvent,
  DONATION_CHANGE_DONE,
  donationStatusChanges,
  statusChange,
  statusChangeAsk,
} from './process';

/**
 * The donation's status buttons, in a queue row and on its processing page: the console's one
 * ProcessActions on process-donations (ROLE_ADMIN; the limited admin sees none).
 */
export function DonationStatusButtons({ variant }: { variant?: 'text' | 'contained' }) {
  return (
    <ProcessActions<AdminDonationRecord, ConsoleDonationEvent>
      resource="process-donations"
      actions={donationStatusChanges}
      ask={statusChangeAsk}
      request={statusChange}
      done={(event) => DONATION_CHANGE_DONE[event]}
      variant={variant}
    />
  );
}
