import type { PayoutAccountAnswer } from '@yardly/shared/contract';
import { type PayoutAccountStatus, payoutAccountMessage, payoutAccountMessages } from '@yardly/shared/rules';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/connect';
import { payoutAccounts, users } from '../../db/schema/index';
import { AppError } from '../../errors';
import type { PaymentProvider, PayoutBankAccount } from '../payments/provider';
import { type AccountNumberCipher, openIndividual } from './bank-account';

interface Deps {
  db: Db;
  payments: PaymentProvider;
  cipher: AccountNumberCipher;
  /** The storefront's origin: Stripe sends the seller back to its bank-account settings. */
  publicUrl: string;
}

const answer = (status: PayoutAccountStatus, requirements: string[] = []): PayoutAccountAnswer => ({
  status,
  requirements,
  message: payoutAccountMessage(status),
});

/**
 * The seller's side of Stripe Connect (docs/decisions/0025): whether their payouts can reach
 * their bank, and the Stripe page where they verify who they are. Always about the caller's own
 * bank account, so no one can ask about, or be sent to, another seller's account.
 */
export function payoutAccountService(deps: Deps) {
  const { db, payments } = deps;

  /** The caller's bank account, its number unsealed for the provider; null when none is saved. */
  async function bankAccountOf(userId: number): Promise<PayoutBankAccount | null> {
    const [row] = await db
      .select({ account: payoutAccounts, refnum: users.refnum })
      .from(payoutAccounts)
      .innerJoin(users, eq(users.id, payoutAccounts.userId))
      .where(eq(payoutAccounts.userId, userId));
    if (!row) return null;
    return {
      owner: row.refnum,
      routingNumber: row.account.routingNumber,
      accountNumber: deps.cipher.open(row.account.accountNumberCipher),
      holderName: row.account.accountHolder,
      individual: openIndividual(deps.cipher, row.account.individualCipher),
    };
  }

  return {
    /** `GET /svc/payouts/account`. */
    async status(userId: number): Promise<PayoutAccountAnswer> {
      // A provider without an onboarding page has nothing to verify (the built-in one).
      if (!payments.payoutAccountStatus || !payments.onboardingLink) return answer('not_needed');
      const account = await bankAccountOf(userId);
      if (!account) return answer('no_bank_account');
      const provider = await payments.payoutAccountStatus(account);
      return answer(provider.status, provider.requirements);
    },

    /** `POST /svc/payouts/account/onboarding`: a Stripe Account Link for the caller's connected account. */
    async onboarding(userId: number): Promise<{ url: string }> {
      if (!payments.onboardingLink) {
        throw new AppError(409, payoutAccountMessages.nothingToVerify, { reason: 'nothing_to_verify' });
      }
      const account = await bankAccountOf(userId);
      if (!account) throw new AppError(409, payoutAccountMessages.noBankAccount, { reason: 'no_bank_account' });
      const back = `${deps.publicUrl}/settings/bank-account?onboarding=`;
      const url = await payments.onboardingLink({
        bankAccount: account,
        returnUrl: `${back}return`,
        refreshUrl: `${back}refresh`,
      });
      return { url };
    },
  };
}
