import { normaliseEmail, type ReferralBlock } from '@yardly/shared/rules';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/connect';
import { knownDevices, payoutAccounts, users } from '../../db/schema/index';
import type { AccountNumberCipher } from '../payouts/bank-account';

/**
 * Why a friend is really their inviter under another account, or null when nothing says so:
 * the same address once Gmail's dots and +tags are set aside, the same payout bank account, or
 * a device (the device_id header, remembered hashed at sign-in) both signed in from.
 */
export async function referralBlockOf(
  tx: Db,
  cipher: AccountNumberCipher,
  inviterId: number,
  friendId: number,
): Promise<ReferralBlock | null> {
  const people = await tx
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(inArray(users.id, [inviterId, friendId]));
  const emailOf = (id: number) => normaliseEmail(people.find((p) => p.id === id)?.email ?? `${id}`);
  if (emailOf(inviterId) === emailOf(friendId)) return 'same_email';

  const banks = await tx
    .select()
    .from(payoutAccounts)
    .where(inArray(payoutAccounts.userId, [inviterId, friendId]));
  const [a, b] = banks;
  if (
    a &&
    b &&
    a.routingNumber === b.routingNumber &&
    a.accountNumberLast4 === b.accountNumberLast4 &&
    cipher.open(a.accountNumberCipher) === cipher.open(b.accountNumberCipher)
  ) {
    return 'same_bank_account';
  }

  const inviterDevices = tx
    .select({ hash: knownDevices.deviceHash })
    .from(knownDevices)
    .where(eq(knownDevices.userId, inviterId));
  const [shared] = await tx
    .select({ hash: knownDevices.deviceHash })
    .from(knownDevices)
    .where(and(eq(knownDevices.userId, friendId), inArray(knownDevices.deviceHash, inviterDevices)))
    .limit(1);
  return shared ? 'same_device' : null;
}
