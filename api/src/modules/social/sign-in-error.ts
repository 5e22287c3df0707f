import type { SocialErrorCode } from '@yardly/shared/rules';

/**
 * A social sign-in that cannot go on. The browser gets only the code and its fixed message;
 * `reason` is for the log (never sent: it may name the provider's answer).
 */
export class SignInError extends Error {
  override name = 'SignInError';
  constructor(
    readonly code: SocialErrorCode,
    readonly reason?: string,
  ) {
    super(reason ?? code);
  }
}
