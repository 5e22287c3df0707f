import { authMessages } from '@yardly/shared/rules';
import type { Db } from '../../db/connect';
import { AppError } from '../../errors';
import type { Caller } from '../../http/caller';
import type { AccessTokens } from './access-tokens';
import { companyStatusOf, findUserById, isVerifiedProfessional } from './users';

/**
 * A bearer token to the caller. Expired: 488, so the client refreshes. The account is read
 * on every call, so a role change or a password change (other sessions end) counts at once.
 */
export function callerResolver(db: Db, access: AccessTokens) {
  return async (token: string): Promise<Caller> => {
    const check = await access.check(token);
    if (!check.ok) {
      throw check.reason === 'expired'
        ? new AppError(488, 'The access token has expired')
        : new AppError(401, authMessages.loginRequired);
    }
    const user = await findUserById(db, check.claims.userId);
    // Blocked by an admin: refused from the very next call, whatever the token's age.
    if (user?.blockedAt) throw new AppError(401, authMessages.accountBlocked);
    const validAfter = user?.sessionsValidAfter ? Math.floor(user.sessionsValidAfter.getTime() / 1000) : 0;
    if (!user || user.refnum !== check.claims.userRefnum || check.claims.issuedAt < validAfter) {
      throw new AppError(401, authMessages.sessionExpired);
    }
    const companyStatus = await companyStatusOf(db, user);
    return {
      userId: user.id,
      userRefnum: user.refnum,
      roles: user.roles,
      isProgressive: user.isProgressive,
      isProfessionVerified: isVerifiedProfessional(user, companyStatus),
      companyStatus,
    };
  };
}
