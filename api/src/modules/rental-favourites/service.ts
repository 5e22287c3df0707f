import { RENTAL_OPEN_STATES, rentalMessages } from '@yardly/shared/rules';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/connect';
import { rentalFavourites, rentals } from '../../db/schema/index';
import { AppError } from '../../errors';
import type { Caller } from '../../http/caller';
import { selectRentalCards, toRentalCard } from '../rentals/cards';

/**
 * Saved rentals (`/svc/rental/fav`, issue 20), as the sale favourites are: a person saves a
 * place someone else lets and finds it on /rentalsfav. A place that is rented or deactivated
 * stays in the list with its card saying so (`available: false`); drafts and deleted places are
 * nobody's to see.
 */
const opened = inArray(rentals.state, [...RENTAL_OPEN_STATES]);

/** A place anyone may open by its link, or 404 with the spec's words. */
async function openRental(db: Db, refnum: string) {
  const [rental] = await db
    .select({ id: rentals.id, landlordId: rentals.landlordId })
    .from(rentals)
    .where(and(eq(rentals.refnum, refnum), opened));
  if (!rental) throw AppError.notFound(rentalMessages.notFound);
  return rental;
}

/** Save a place someone else lets; saving it twice changes nothing. */
export async function addRentalFavourite(db: Db, caller: Caller, refnum: string) {
  const rental = await openRental(db, refnum);
  if (rental.landlordId === caller.userId) throw AppError.badRequest(rentalMessages.cannotFavouriteOwn, 'refnum');
  await db.insert(rentalFavourites).values({ userId: caller.userId, rentalId: rental.id }).onConflictDoNothing();
  return { refnum, favourite: true };
}

/** Forget a saved place; forgetting one not saved changes nothing. */
export async function removeRentalFavourite(db: Db, caller: Caller, refnum: string) {
  const rental = await openRental(db, refnum);
  await db
    .delete(rentalFavourites)
    .where(and(eq(rentalFavourites.userId, caller.userId), eq(rentalFavourites.rentalId, rental.id)));
  return { refnum, favourite: false };
}

/** The refnums of the caller's saved places, so every card shows the right heart. */
export async function rentalFavouriteRefnums(db: Db, caller: Caller) {
  const rows = await db
    .select({ refnum: rentals.refnum })
    .from(rentalFavourites)
    .innerJoin(rentals, eq(rentals.id, rentalFavourites.rentalId))
    .where(and(eq(rentalFavourites.userId, caller.userId), opened))
    .orderBy(desc(rentalFavourites.createdAt), desc(rentals.id));
  return { favRefnums: rows.map((r) => r.refnum) };
}

/** The caller's saved places, newest saved first. */
export async function listRentalFavourites(db: Db, caller: Caller, query: { page: number; size: number }) {
  const mine = and(eq(rentalFavourites.userId, caller.userId), opened);
  const [rows, [total]] = await Promise.all([
    selectRentalCards(db)
      .innerJoin(rentalFavourites, eq(rentalFavourites.rentalId, rentals.id))
      .where(mine)
      .orderBy(desc(rentalFavourites.createdAt), desc(rentals.id))
      .limit(query.size)
      .offset(query.page * query.size),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(rentalFavourites)
      .innerJoin(rentals, eq(rentals.id, rentalFavourites.rentalId))
      .where(mine),
  ]);
  const totalElements = total?.n ?? 0;
  return {
    data: rows.map(toRentalCard),
    number: query.page,
    size: query.size,
    totalElements,
    totalPages: Math.ceil(totalElements / query.size),
  };
}
