import { limitMessages } from '@yardly/shared/rules';
import { AppError } from '../../errors';
import type { LimitsInForce } from './limits-in-force';
import { minutesUntil, type RateLimits } from './rate-limits';

/** A password attempt: for which account, from which address, and the device's hash when the account knows it. */
export interface LoginAttempt {
  email: string;
  address: string;
  knownDevice?: string;
}

/**
 * Failed password logins (docs/decisions/0018). The lock is per account and origin: the
 * address, or, for a device the account knows, that device. So a stranger's wrong passwords
 * lock only the stranger's pair, never the owner elsewhere, nor a neighbour behind the same NAT.
 * Two shared ceilings slow a sweep, one address trying many accounts and many addresses trying
 * one account: past them only known devices may try a password (others are refused before
 * their password is checked, so a sweep learns nothing), and everyone still has the emailed code.
 */
export function loginThrottle(limits: RateLimits, rules: LimitsInForce) {
  const origin = (attempt: LoginAttempt) =>
    attempt.knownDevice ? `device:${attempt.knownDevice}` : `address:${attempt.address.toLowerCase()}`;
  const keys = (attempt: LoginAttempt) => {
    const email = attempt.email.trim().toLowerCase();
    return {
      pair: `login-pair:${email}|${origin(attempt)}`,
      address: `login-address:${attempt.address.toLowerCase()}`,
      account: `login-account:${email}`,
    };
  };

  return {
    /** Refuses (429, saying for how long) before the password is checked while the attempt is locked out. */
    async assertOpen(attempt: LoginAttempt): Promise<void> {
      const key = keys(attempt);
      const waits = [await limits.lockedFor(key.pair)];
      if (!attempt.knownDevice) waits.push(await limits.lockedFor(key.address), await limits.lockedFor(key.account));
      const waitMs = Math.max(0, ...waits.map((wait) => wait ?? 0));
      if (waitMs > 0) throw new AppError(429, limitMessages.tooManyLogins(minutesUntil(waitMs)));
    },

    async recordFailure(attempt: LoginAttempt): Promise<void> {
      const key = keys(attempt);
      await limits.fail(key.pair, rules.loginFailuresPerAccountOrigin);
      await limits.fail(key.address, rules.loginFailuresPerAddress);
      await limits.fail(key.account, rules.loginFailuresPerAccount);
    },

    /** The pair starts over; the shared ceilings do not (one success must not reopen a sweep). */
    async recordSuccess(attempt: LoginAttempt): Promise<void> {
      await limits.clear(keys(attempt).pair);
    },
  };
}

export type LoginThrottle = ReturnType<typeof loginThrottle>;
