import { type UserRecord, userInputSchema, userSchema } from '@yardly/shared/contract';
import { userConsoleMessages } from '@yardly/shared/rules';
import { arrayContains, eq, ilike, isNotNull, isNull, or, sql } from 'drizzle-orm';
import type { Clock } from '../../clock/clock';
import type { Db } from '../../db/connect';
import { organizations, users } from '../../db/schema/index';
import { AppError } from '../../errors';
import { boolFilter, defineResource, textFilter } from '../../http/console/define-resource';
import { containing } from '../../http/console/rest-adapter';
import type { AuthService } from './service';

/** People: search, roles, block and unblock. A block ends every session at once. */
export const usersResource = (deps: { clock: Clock; auth: Pick<AuthService, 'endAllSessions'> }) =>
  defineResource({
    name: 'users',
    record: userSchema,
    id: { column: users.refnum, kind: 'refnum' },
    select: (db: Db) =>
      db
        .select({
          id: users.refnum,
          email: users.email,
          nameFirst: users.nameFirst,
          nameLast: users.nameLast,
          roles: users.roles,
          blockedAt: users.blockedAt,
          organizationId: organizations.refnum,
          createdAt: users.createdAt,
        })
        .from(users)
        .leftJoin(organizations, eq(organizations.id, users.organizationId)),
    sortable: {
      email: users.email,
      nameFirst: users.nameFirst,
      nameLast: users.nameLast,
      createdAt: users.createdAt,
      blocked: users.blockedAt,
    },
    filters: {
      q: textFilter((q) => {
        const like = containing(q);
        return or(
          ilike(users.email, like),
          ilike(users.nameFirst, like),
          ilike(users.nameLast, like),
          ilike(sql`${users.nameFirst} || ' ' || ${users.nameLast}`, like),
        );
      }),
      role: textFilter((role) => arrayContains(users.roles, [role])),
      blocked: boolFilter((blocked) => (blocked ? isNotNull(users.blockedAt) : isNull(users.blockedAt))),
      organizationId: textFilter((refnum) => eq(organizations.refnum, refnum)),
    },
    toRecord: ({ blockedAt, createdAt, ...row }): UserRecord => ({
      ...row,
      blocked: blockedAt !== null,
      createdAt: createdAt.toISOString(),
    }),
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
          throw new AppError(400, userConsoleMessages.ownAdminRole, { field: input.blocked ? 'blocked' : 'roles' });
        }
        const blocking = input.blocked && !before.blockedAt;
        await tx
          .update(users)
          .set({
            roles: input.roles,
            blockedAt: input.blocked ? (before.blockedAt ?? deps.clock.now()) : null,
          })
          .where(eq(users.id, before.id));
        if (blocking) await deps.auth.endAllSessions(before.id, tx);
      },
    },
  });
