import { organisationFlowMessages } from '@yardly/shared/rules';
import type { Db } from '../../db/connect';
import { AppError } from '../../errors';
import type { Caller } from '../../http/caller';
import { marketplaceMembership } from '../organisation-marketplace/membership';

const notMember = () => new AppError(403, organisationFlowMessages.notMember, { field: 'orgRefnum' });

/**
 * The organisation whose marketplace a new listing is made in (issue 23): the one `orgRefnum`
 * names, when the caller is its verified member now; null (the public marketplace) without it.
 * Anyone else, a member of another organisation or of one IN_REVIEW included, is refused (403).
 */
export async function marketplaceToListIn(
  db: Db,
  caller: Caller,
  orgRefnum: string | undefined,
): Promise<number | null> {
  if (!orgRefnum) return null;
  const membership = await marketplaceMembership(db, caller.userId);
  if (membership?.orgRefnum !== orgRefnum) throw notMember();
  return membership.organizationId;
}

/**
 * A listing keeps the marketplace it was made in; saving one of an organisation's (an edit, a
 * draft published) needs its membership still: a seller who left may not put it back on sale there.
 */
export async function assertMayListIn(db: Db, caller: Caller, organizationId: number | null): Promise<void> {
  if (organizationId === null) return;
  if ((await marketplaceMembership(db, caller.userId))?.organizationId !== organizationId) throw notMember();
}
