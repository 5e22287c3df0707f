import { rentalMessages } from '@yardly/shared/rules';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/connect';
import { rentals } from '../../db/schema/index';
import { AppError } from '../../errors';
import type { Caller } from '../../http/caller';

export type RentalRow = typeof rentals.$inferSelect;

/**
 * The caller's own rental, locked for the rest of the transaction when `lock` is set: 404 when
 * there is none (or it is gone), 403 when it is someone else's.
 */
export async function ownRental(db: Db, caller: Caller, refnum: string, lock = false): Promise<RentalRow> {
  const query = db.select().from(rentals).where(eq(rentals.refnum, refnum));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw AppError.notFound(rentalMessages.notFound);
  if (row.landlordId !== caller.userId) throw AppError.forbidden(rentalMessages.notYours);
  return row;
}

/** The landlord in the process's words (spec: the landlord maps to selling). */
export const landlordActor = (caller: Caller) => ({ userId: caller.userId, role: 'seller' as const });
