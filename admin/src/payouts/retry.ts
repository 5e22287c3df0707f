import type { AdminPayoutRecord } from '@yardly/shared/contract';
import { payoutProcess } from '@yardly/shared/rules';
import { allowedButtons, type ProcessRequest } from '../process-actions';

/** The payout event the console takes: send a failed payout again. */
export type ConsolePayoutEvent = 'retry';

/** Retry, where the record's `actions` (the payout table, for an admin) allow it: on a failed payout. */
export function payoutButtons(record: Pick<AdminPayoutRecord, 'actions'>) {
  return allowedButtons<ConsolePayoutEvent>(record.actions, ['retry'], (event) => payoutProcess.events[event].label);
}

/** The PUT a Retry sends (the api's one change to a payout). */
export function retryRequest(): ProcessRequest {
  return { method: 'PUT', data: { retry: true } };
}

/** What the console says once the payout was sent again. */
export const RETRY_DONE = 'Payout sent again';
