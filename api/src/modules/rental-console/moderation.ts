import type { RentalEvent, RentalState } from '@yardly/shared/rules';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/connect';
import { rentals } from '../../db/schema/index';
import { AppError } from '../../errors';
import { takeRentalEvent } from '../rentals/process';

/**
 * A moderator takes `event` on a rental, locked `for update` so that two presses at once leave
 * one winner: the second reads the state the first left and the process refuses it (409 with
 * its words), as it refuses anything its table does not allow an admin.
 */
export async function moderateRental(
  tx: Db,
  rentalId: number,
  event: RentalEvent,
  adminId: number,
  now: Date,
): Promise<RentalState> {
  const [rental] = await tx
    .select({ id: rentals.id, state: rentals.state })
    .from(rentals)
    .where(eq(rentals.id, rentalId))
    .for('update');
  if (!rental) throw AppError.notFound('There is no such record in rentals');
  return (await takeRentalEvent(tx, rental, event, { userId: adminId, role: 'admin' }, now)).to;
}

/** A report upheld: the rental is removed unless its landlord or a moderator already deleted it. */
export async function removeReportedRental(tx: Db, rentalId: number, adminId: number, now: Date): Promise<void> {
  const [rental] = await tx
    .select({ state: rentals.state })
    .from(rentals)
    .where(eq(rentals.id, rentalId))
    .for('update');
  if (rental && rental.state !== 'deleted') await moderateRental(tx, rentalId, 'remove', adminId, now);
}
