import type { RewardSide } from '@yardly/shared/rules';
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
