import { AUTH_LIMITS, type RateLimit } from '@yardly/shared/rules';

/**
 * The limits this installation applies: AUTH_LIMITS, with each limit counted per client address
 * multiplied by ADDRESS_LIMIT_FACTOR (config.ts). Those per account or email never change.
 */
export function limitsInForce(addressFactor: number) {
  const perAddress = (limit: RateLimit): RateLimit => ({ ...limit, max: limit.max * addressFactor });
  return {
    ...AUTH_LIMITS,
    loginFailuresPerAddress: perAddress(AUTH_LIMITS.loginFailuresPerAddress),
    codeMailsPerAddress: perAddress(AUTH_LIMITS.codeMailsPerAddress),
    signupsPerAddress: perAddress(AUTH_LIMITS.signupsPerAddress),
    userLookupsPerAddress: perAddress(AUTH_LIMITS.userLookupsPerAddress),
  };
}

export type LimitsInForce = ReturnType<typeof limitsInForce>;
