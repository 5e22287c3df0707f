import { donationMessages } from '@yardly/shared/rules';
import type { Db } from '../../db/connect';
import { AppError } from '../../errors';
import type { Caller } from '../../http/caller';
import { findUserById, mayReceiveDonations, organisationOf } from '../auth/users';

/** The charity a caller requests donations for; null when they are not a recipient (LoginData's `isDonationRecipient`). */
export async function recipientCharity(db: Db, caller: Caller) {
  const user = await findUserById(db, caller.userId);
  if (!user) return null;
  const organisation = await organisationOf(db, user);
  return organisation && mayReceiveDonations(user, organisation) ? organisation : null;
}

/** Refuses (403) anyone but a member, by a verified work email, of a VERIFIED charity. */
export async function assertRecipient(db: Db, caller: Caller) {
  const charity = await recipientCharity(db, caller);
  if (!charity) throw new AppError(403, donationMessages.notRecipient, { reason: 'not_recipient' });
  return charity;
}
