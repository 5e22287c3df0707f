import { adminMessages, type UserRecord, userInputSchema, userSchema } from '@yardly/shared/contract';
import { and, arrayContains, eq, ilike, inArray, isNotNull, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/connect';
import { organizations, refreshTokens, users } from '../../db/schema/index';
import { AppError } from '../../errors';
import {
  containing,
  filterBool,
  filterText,
  type ListParams,
  pageRows,
  type ResourceDef,
  refnumId,
} from './rest-adapter';

type Input = z.output<typeof userInputSchema>;

const fields = {
  id: users.refnum,
  email: users.email,
  nameFirst: users.nameFirst,
  nameLast: users.nameLast,
  roles: users.roles,
  blockedAt: users.blockedAt,
  organizationId: organizations.refnum,
  createdAt: users.createdAt,
};
const SORTABLE = {
  id: users.id,
  email: users.email,
  nameFirst: users.nameFirst,
  nameLast: users.nameLast,
  createdAt: users.createdAt,
  blocked: users.blockedAt,
};

function select(db: Db) {
  return db.select(fields).from(users).leftJoin(organizations, eq(organizations.id, users.organizationId));
}

function toRecord({ blockedAt, createdAt, ...row }: Awaited<ReturnType<typeof select>>[number]): UserRecord {
  return { ...row, blocked: blockedAt !== null, createdAt: createdAt.toISOString() };
}

async function oneUser(db: Db, refnum: string | number) {
  const [row] = await select(db).where(eq(users.refnum, String(refnum)));
  return row ? toRecord(row) : undefined;
}

/** People: search, roles, block and unblock. A block ends every session at once. */
export const usersResource: ResourceDef<UserRecord, Input> = {
  name: 'users',
  record: userSchema,
  parseId: refnumId,
  async list(db: Db, p: ListParams) {
    const where: (SQL | undefined)[] = [];
    const q = filterText(p, 'q');
    if (q) {
      const like = containing(q);
      where.push(
        or(
          ilike(users.email, like),
          ilike(users.nameFirst, like),
          ilike(users.nameLast, like),
          ilike(sql`${users.nameFirst} || ' ' || ${users.nameLast}`, like),
        ),
      );
    }
    const role = filterText(p, 'role');
    if (role) where.push(arrayContains(users.roles, [role]));
    const blocked = filterBool(p, 'blocked');
    if (blocked !== undefined) where.push(blocked ? isNotNull(users.blockedAt) : isNull(users.blockedAt));
    const org = filterText(p, 'organizationId');
    if (org) where.push(eq(organizations.refnum, org));
    if (p.ids) where.push(inArray(users.refnum, p.ids.map(String)));
    const { rows, total } = await pageRows(db, p, {
      query: select(db).$dynamic(),
      where,
      sortable: SORTABLE,
      tiebreak: users.id,
    });
    return { rows: rows.map(toRecord), total };
  },
  one: oneUser,
  update: {
    input: userInputSchema,
    async run(tx, id, input, ctx) {
      const [before] = await tx
        .select()
        .from(users)
        .where(eq(users.refnum, String(id)));
      if (!before) throw AppError.notFound('There is no such record in users');
      // An admin locking themselves out would leave the console without its keeper.
      if (before.id === ctx.actorId && (input.blocked || !input.roles.includes('ROLE_ADMIN'))) {
        throw new AppError(400, adminMessages.ownAdminRole, { field: input.blocked ? 'blocked' : 'roles' });
      }
      const blocking = input.blocked && !before.blockedAt;
      await tx
        .update(users)
        .set({
          roles: input.roles,
          blockedAt: input.blocked ? (before.blockedAt ?? sql`now()`) : null,
          ...(blocking && { sessionsValidAfter: sql`now()` }),
        })
        .where(eq(users.id, before.id));
      if (blocking) {
        await tx
          .update(refreshTokens)
          .set({ revokedAt: sql`now()` })
          .where(and(eq(refreshTokens.userId, before.id), isNull(refreshTokens.revokedAt)));
      }
      const record = await oneUser(tx, before.refnum);
      if (!record) throw new Error('user vanished');
      return record;
    },
  },
};
