import { type AdminOrderRecord, adminOrderRefundSchema } from '@yardly/shared/contract';
import { formatCents } from '@yardly/shared/rules';

/** The reason field's problem, in the api's words (the same schema the api checks), or undefined when it will do. */
export function refundReasonProblem(reason: string): string | undefined {
  const parsed = adminOrderRefundSchema.safeParse({ refundReason: reason });
  return parsed.success ? undefined : parsed.error.issues[0]?.message;
}

/** Refund shows where the order allows it and the role matrix lets this admin edit orders (the api refuses regardless). */
export function showsRefund(record: Pick<AdminOrderRecord, 'refundable'> | undefined, mayEdit: boolean): boolean {
  return Boolean(record?.refundable && mayEdit);
}

/** A ledger amount with its direction: '+$17.00' reaches the account, '−$17.00' leaves it. */
export function signedCents(cents: number): string {
  return `${cents < 0 ? '−' : '+'}${formatCents(Math.abs(cents))}`;
}
