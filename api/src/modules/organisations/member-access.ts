import { type MemberAction, memberActionRefusal } from '@yardly/shared/rules';
import { AppError } from '../../errors';
import type { Caller } from '../../http/caller';

/**
 * Refuses (403, with the status's message of spec section 4) a member whose company's status
 * forbids the action: a REJECTED company's members may not favourite, message, offer or buy, or sell.
 */
export function assertMemberMay(caller: Caller, action: MemberAction): void {
  const refusal = memberActionRefusal(caller.companyStatus, action);
  if (refusal) throw AppError.forbidden(refusal);
}
