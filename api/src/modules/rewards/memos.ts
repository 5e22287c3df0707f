import { type RewardSide, truncate } from '@yardly/shared/rules';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/connect';
import { users } from '../../db/schema/index';

/** A friend as another person reads them: first name and last initial ('Bo K.'). */
export function friendNameOf(nameFirst: string, nameLast: string): string {
  const initial = nameLast.trim().charAt(0).toUpperCase();
  return initial ? `${nameFirst} ${initial}.` : nameFirst;
}

export async function friendNameById(tx: Db, friendId: number): Promise<string> {
  const [friend] = await tx
    .select({ nameFirst: users.nameFirst, nameLast: users.nameLast })
    .from(users)
    .where(eq(users.id, friendId));
  return friend ? friendNameOf(friend.nameFirst, friend.nameLast) : 'your friend';
}

/**
 * The ledger memo of a reward, which /myrewards shows as its history line: what it was for, as
 * a person reads it, with the reward's refnum for whoever traces the ledger.
 */
export function rewardMemo(side: RewardSide, friendName: string, refnum: string): string {
  return side === 'inviter'
    ? `Reward for inviting ${friendName} (${refnum})`
    : `Reward for your first listing (${refnum})`;
}

export function reversalMemo(refnum: string): string {
  return `Reward reversed: the first listing was removed after a report (${refnum})`;
}

/** The reward's refnum a memo ends with, for the ledger's tracers: not for the person's eyes. */
const TRAILING_REFNUM = /\s*\([A-Z][0-9A-Z]{11}\)$/;

/**
 * A rewards history line as the person reads it on /myrewards: what earned or spent the money,
 * with the listing's title for an order (never an order's or a reward's internal id). The
 * ledger's own memo, ids included, stays as it is for the console.
 */
export function rewardHistoryLine(entry: { kind: string; memo: string; listingTitle: string | null }): string {
  const item = entry.listingTitle ? `\u201c${truncate(entry.listingTitle)}\u201d` : 'an order';
  switch (entry.kind) {
    case 'reward_spent':
      return `Spent on ${item}`;
    case 'refund':
      return `Given back: refund of ${item}`;
    default:
      return entry.memo.replace(TRAILING_REFNUM, '');
  }
}
