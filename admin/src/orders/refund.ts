import { type AdminOrderRecord, adminOrderRefundSchema } from '@yardly/shared/contract';
import { CONSOLE_REFUND_EVENTS, formatCents } from '@yardly/shared/rules';
import type { ProcessAsk, ProcessButton, ProcessRequest } from '../process-actions';

/** The reason field's problem, in the api's words (the same schema the api checks), or undefined when it will do. */
export function refundReasonProblem(reason: string): string | undefined {
  const parsed = adminOrderRefundSchema.safeParse({ refundReason: reason });
  return parsed.success ? undefined : parsed.error.issues[0]?.message;
}

/** The console's one order button: a refund in full, the cancel or the undone sale the api picks. */
export type ConsoleOrderEvent = 'refund';

/**
 * Refund, where the record's `actions` (the order table, for an admin) hold one of the events a
 * console refund takes: a cancel before the item moved, or the sale undone after it.
 */
export function refundButtons(record: Pick<AdminOrderRecord, 'actions'>): ProcessButton<ConsoleOrderEvent>[] {
  const refundable = CONSOLE_REFUND_EVENTS.some((event) => record.actions.includes(event));
  return refundable ? [{ event: 'refund', label: 'Refund' }] : [];
}

/** Refund asks first, with the reason the audit log keeps. */
export function refundAsk(record: Pick<AdminOrderRecord, 'id' | 'total'>): ProcessAsk {
  return {
    title: `Refund order ${record.id}`,
    content: `The buyer gets the whole payment back (${formatCents(record.total)}).`,
    confirm: 'Refund',
    field: { label: 'Reason (kept in the audit log)', problem: refundReasonProblem },
  };
}

/** The PUT a refund sends: the reason, trimmed as the api keeps it. */
export function refundRequest(reason: string): ProcessRequest {
  return { method: 'PUT', data: { refundReason: reason.trim() } };
}

/** What the console says once the order was refunded. */
export const REFUND_DONE = 'Refunded in full; buyer and seller were notified';

/** A ledger amount with its direction: '+$17.00' reaches the account, '−$17.00' leaves it. */
export function signedCents(cents: number): string {
  return `${cents < 0 ? '−' : '+'}${formatCents(Math.abs(cents))}`;
}
