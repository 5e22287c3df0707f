import type { RentalCard } from '@yardly/shared/contract';
import { RENTAL_LISTED_STATES, type RentalState, rentalMessages } from '@yardly/shared/rules';
import { and, asc, desc, eq, inArray, ne, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/connect';
import { rentals, users } from '../../db/schema/index';
import { AppError } from '../../errors';
import type { Caller } from '../../http/caller';
import { selectRentalCards, toRentalCard } from './cards';

interface PageQuery {
  page: number;
  size: number;
}

/** What a landlord's public profile shows: places on the market and those already rented ('Rented'). */
const ON_PUBLIC_PROFILE: readonly RentalState[] = ['available', 'rented'];

/** When it went on the market, or was written when it never did (a draft): what "newest" means. */
const listedOrCreated = sql`coalesce(${rentals.listedAt}, ${rentals.createdAt})`;

async function cardPage(
  db: Db,
  where: SQL | undefined,
  newest: SQL | typeof rentals.listedAt,
  order: 'asc' | 'desc',
  { page, size }: PageQuery,
): Promise<{ docs: RentalCard[]; totalElements: number; number: number; size: number }> {
  const by = order === 'asc' ? asc : desc;
  const [rows, [total]] = await Promise.all([
    selectRentalCards(db)
      .where(where)
      .orderBy(by(newest), by(rentals.id))
      .limit(size)
      .offset(page * size),
    db.select({ n: sql<number>`count(*)::int` }).from(rentals).where(where),
  ]);
  return { docs: rows.map(toRentalCard), totalElements: total?.n ?? 0, number: page, size };
}

/**
 * A landlord's listings, newest first (orderBy 14, the only order the spec names; `asc` turns
 * it). The public sees the available and rented ones; the landlord also their drafts and
 * deactivated ones, never the deleted.
 */
export async function rentalsByUser(
  db: Db,
  caller: Caller | null,
  query: PageQuery & { userRefnum: string; asc: boolean },
) {
  const [landlord] = await db.select({ id: users.id }).from(users).where(eq(users.refnum, query.userRefnum));
  if (!landlord) throw AppError.notFound(rentalMessages.notFound);
  const own = caller?.userId === landlord.id;
  const visible = own ? ne(rentals.state, 'deleted') : inArray(rentals.state, [...ON_PUBLIC_PROFILE]);
  const where = and(eq(rentals.landlordId, landlord.id), visible);
  return cardPage(db, where, listedOrCreated, query.asc ? 'asc' : 'desc', query);
}

/** The newest places on the market (every one has been listed: publishing stamps `listed_at`). */
export function recentRentals(db: Db, query: PageQuery) {
  return cardPage(db, inArray(rentals.state, [...RENTAL_LISTED_STATES]), rentals.listedAt, 'desc', query);
}
