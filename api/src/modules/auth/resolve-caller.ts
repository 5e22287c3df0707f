import { authMessages } from '@yardly/shared/rules';
import { and, eq, getTableColumns } from 'drizzle-orm';
import type { Clock } from '../../clock/clock';
import type { Db } from '../../db/connect';
import { sessions, users } from '../../db/schema/index';
import { AppError } from '../../errors';
import type { Caller } from '../../http/caller';
import type { AccessTokens } from './access-tokens';
import { sessionIsOpen } from './open-sessions';
import { companyStatusOf, isVerifiedProfessional } from './users';

/** The answer for a token whose session is dead: 488, so the client refreshes, and the refresh answers 499. */
const sessionEnded = (message: string) => new AppError(488, message);

/**
 * A bearer token to the caller. Expired: 488, so the client refreshes. The account and the
 * token's session are read on every call (one query, by primary keys), so a role change counts
 * at once, and a session that ended (log-out, a replayed refresh token, a password change or
 * reset, a block) refuses its access tokens at once: 488, then 499 on the refresh.
 */
export function callerResolver(db: Db, access: AccessTokens, clock: Clock) {
  return async (token: string): Promise<Caller> => {
    const check = await access.check(token);
    if (!check.ok) {
      throw check.reason === 'expired'
        ? new AppError(488, 'The access token has expired')
        : new AppError(401, authMessages.loginRequired);
    }
    const { userId, userRefnum, sessionId } = check.claims;
    const [row] = await db
      .select({
        user: getTableColumns(users),
        // A column never null first: drizzle reads a left-joined object as absent when its first field is null.
        session: { id: sessions.id, expiresAt: sessions.expiresAt, revokedAt: sessions.revokedAt },
      })
      .from(users)
      .leftJoin(sessions, and(eq(sessions.id, sessionId), eq(sessions.userId, users.id)))
      .where(eq(users.id, userId));
    const user = row?.user;
    if (!user || user.refnum !== userRefnum) throw new AppError(401, authMessages.sessionExpired);
    // Blocked by an admin: refused from the very next call, whatever the token's age.
    if (user.blockedAt) throw sessionEnded(authMessages.accountBlocked);
    if (!sessionIsOpen(row.session, clock.now())) throw sessionEnded(authMessages.sessionExpired);
    const companyStatus = await companyStatusOf(db, user);
    return {
      userId: user.id,
      userRefnum: user.refnum,
      sessionId,
      roles: user.roles,
      isProgressive: user.isProgressive,
      isProfessionVerified: isVerifiedProfessional(user, companyStatus),
      companyStatus,
    };
  };
}
