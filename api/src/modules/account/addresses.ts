import type { SavedAddress } from '@yardly/shared/contract';
import { normalizePhone } from '@yardly/shared/rules';
import { and, desc, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/connect';
import { newRefnum } from '../../db/refnum';
import { addresses, users } from '../../db/schema/index';
import { AppError } from '../../errors';

export type AddressRow = typeof addresses.$inferSelect;
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface AddressInput {
  id?: string;
  firstName: string;
  lastName: string;
  line1: string;
  line2?: string;
  city: string;
  state: string;
  zip: string;
  phoneNo: string;
  primary: boolean;
}

export const ADDRESS_NOT_FOUND = 'This address was not found in your account';

export function toAddress(row: AddressRow, userRefnum: string): SavedAddress {
  return {
    id: row.refnum,
    userId: userRefnum,
    firstName: row.firstName,
    lastName: row.lastName,
    line1: row.line1,
    line2: row.line2,
    city: row.city,
    state: row.state,
    zip: row.zip,
    phoneNo: row.phone,
    primary: row.primary,
  };
}

/** Serialises one person's address changes, so two at once cannot leave two primaries or none. */
async function lockOwner(tx: Tx, userId: number): Promise<string> {
  const [owner] = await tx.select({ refnum: users.refnum }).from(users).where(eq(users.id, userId)).for('update');
  if (!owner) throw new AppError(401, 'Please log in again');
  return owner.refnum;
}

export function addressService(db: Db) {
  return {
    async list(userId: number): Promise<SavedAddress[]> {
      const rows = await db
        .select({ address: addresses, userRefnum: users.refnum })
        .from(addresses)
        .innerJoin(users, eq(users.id, addresses.userId))
        .where(eq(addresses.userId, userId))
        .orderBy(desc(addresses.primary), desc(addresses.createdAt), desc(addresses.id));
      return rows.map((r) => toAddress(r.address, r.userRefnum));
    },

    /**
     * Adds, or edits one of the caller's own; the first address is primary, and a primary cannot be
     * unset. `limit` refuses a new address once the caller has that many (counted under the owner's
     * lock, so two adds at once cannot pass it together).
     */
    async save(
      userId: number,
      input: AddressInput,
      options: { limit?: { max: number; refusal: () => AppError } } = {},
    ): Promise<SavedAddress> {
      const fields = {
        firstName: input.firstName,
        lastName: input.lastName,
        line1: input.line1,
        line2: input.line2 || null,
        city: input.city,
        state: input.state,
        zip: input.zip,
        phone: normalizePhone(input.phoneNo) ?? input.phoneNo,
      };
      return db.transaction(async (tx) => {
        const userRefnum = await lockOwner(tx, userId);
        const [count] = await tx
          .select({ n: sql<number>`count(*)::int` })
          .from(addresses)
          .where(eq(addresses.userId, userId));
        const { limit } = options;
        if (limit && !input.id && (count?.n ?? 0) >= limit.max) throw limit.refusal();
        let existing: AddressRow | undefined;
        if (input.id) {
          [existing] = await tx
            .select()
            .from(addresses)
            .where(and(eq(addresses.refnum, input.id), eq(addresses.userId, userId)));
          if (!existing) throw AppError.notFound(ADDRESS_NOT_FOUND);
        }
        const primary = input.primary || existing?.primary === true || (count?.n ?? 0) === 0;
        if (primary) {
          await tx
            .update(addresses)
            .set({ primary: false })
            .where(and(eq(addresses.userId, userId), existing ? ne(addresses.id, existing.id) : undefined));
        }
        const [row] = existing
          ? await tx
              .update(addresses)
              .set({ ...fields, primary, updatedAt: new Date() })
              .where(eq(addresses.id, existing.id))
              .returning()
          : await tx
              .insert(addresses)
              .values({ ...fields, primary, userId, refnum: newRefnum('address') })
              .returning();
        if (!row) throw new Error('address not written');
        return toAddress(row, userRefnum);
      });
    },

    /** Deletes one of the caller's own; when it was primary, the newest other one becomes primary. */
    async remove(userId: number, refnum: string) {
      await db.transaction(async (tx) => {
        await lockOwner(tx, userId);
        const [gone] = await tx
          .delete(addresses)
          .where(and(eq(addresses.refnum, refnum), eq(addresses.userId, userId)))
          .returning();
        if (!gone) throw AppError.notFound(ADDRESS_NOT_FOUND);
        if (!gone.primary) return;
        const [next] = await tx
          .select({ id: addresses.id })
          .from(addresses)
          .where(eq(addresses.userId, userId))
          .orderBy(desc(addresses.createdAt), desc(addresses.id))
          .limit(1);
        if (next) await tx.update(addresses).set({ primary: true }).where(eq(addresses.id, next.id));
      });
      return { success: true as const };
    },
  };
}
