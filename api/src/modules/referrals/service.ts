import { createHash } from 'node:crypto';
import { referrerRefnumOf, signUpRewardMessage } from '@yardly/shared/rules';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/connect';
import { referrals, users } from '../../db/schema/index';
import { AppError } from '../../errors';

async function referrerNamedBy(db: Db, segment: string) {
  const refnum = referrerRefnumOf(segment);
  if (!refnum) return undefined;
  const [user] = await db
    .select({ id: users.id, refnum: users.refnum, nameFirst: users.nameFirst, verifiedAt: users.emailVerifiedAt })
    .from(users)
    .where(eq(users.refnum, refnum));
  // Only a person who finished signing up can invite.
  return user?.verifiedAt ? user : undefined;
}

/** The person a /refer-a-friend/:referer_name link names, for the landing page to greet with. */
export async function referrerOf(db: Db, segment: string) {
  const user = await referrerNamedBy(db, segment);
  if (!user) throw AppError.notFound('This invitation link is not valid any more');
  return { userRefnum: user.refnum, nameFirst: user.nameFirst };
}

/**
 * Records that `referredId` signed up from `referralCode`'s link, from the client `address`
 * (kept as a SHA-256 for the console's farming view, issue 34). A code naming nobody, or the
 * person themselves, is ignored: a stale link must never stop a sign-up. Referred once only.
 * Answers the sign-up's signUpRewardMessage (issue 22) when this link's person is the one who
 * referred them, else null.
 */
export async function recordReferral(
  db: Db,
  referredId: number,
  referralCode: string,
  address: string,
): Promise<string | null> {
  const referrer = await referrerNamedBy(db, referralCode);
  if (!referrer || referrer.id === referredId) return null;
  const signupAddressHash = createHash('sha256').update(address.toLowerCase()).digest('hex');
  await db.insert(referrals).values({ referrerId: referrer.id, referredId, signupAddressHash }).onConflictDoNothing();
  const [kept] = await db
    .select({ referrerId: referrals.referrerId })
    .from(referrals)
    .where(eq(referrals.referredId, referredId));
  return kept?.referrerId === referrer.id ? signUpRewardMessage(referrer.nameFirst || 'A friend') : null;
}
