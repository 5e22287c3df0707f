import type { AdminPayoutRecord } from '@yardly/shared/contract';

/** Retry shows on a failed payout, to an admin the role matrix lets edit payouts (the api refuses regardless). */
export function retryable(record: Pick<AdminPayoutRecord, 'status'>, mayEdit: boolean): boolean {
  return mayEdit && record.status === 'failed';
}
