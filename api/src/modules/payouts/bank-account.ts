import type { BankAccount } from '@yardly/shared/contract';
import { individualMessages, maskAccountNumber, parseDateOfBirth } from '@yardly/shared/rules';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/connect';
import { payoutAccounts } from '../../db/schema/index';
import { AppError } from '../../errors';
import { type TextSealer, textSealer } from '../../secrets/secrets';
import type { PaymentProvider, PayoutIndividual } from '../payments/provider';

/**
 * Account numbers at rest, sealed with a key derived from the server secret, so a copy of the
 * database alone does not reveal them. Only payouts would ever open one.
 */
export function accountNumberCipher(secret: Uint8Array): TextSealer {
  return textSealer(secret, 'yardly payout account number');
}

export type AccountNumberCipher = ReturnType<typeof accountNumberCipher>;

function toBankAccount(row: typeof payoutAccounts.$inferSelect): BankAccount {
  return {
    accountHolder: row.accountHolder,
    routingNumber: row.routingNumber,
    accountNumberMasked: maskAccountNumber(row.accountNumberLast4),
    individualGiven: row.individualCipher !== null,
  };
}

/** The individual's details as the payment provider takes them, from the sealed column; undefined when never given. */
export function openIndividual(cipher: AccountNumberCipher, sealed: string | null): PayoutIndividual | undefined {
  return sealed ? (JSON.parse(cipher.open(sealed)) as PayoutIndividual) : undefined;
}

/** The date of birth and the SSN's last 4 sealed together; both or neither (400 naming the missing one). */
function individualOf(input: { dob?: string; idNumber?: string }): PayoutIndividual | undefined {
  if (input.dob === undefined && input.idNumber === undefined) return undefined;
  const dob = input.dob === undefined ? null : parseDateOfBirth(input.dob);
  if (!dob) throw AppError.badRequest(individualMessages.dobInvalid, 'dob');
  if (!input.idNumber) throw AppError.badRequest(individualMessages.idNumberInvalid, 'idNumber');
  return { dob, ssnLast4: input.idNumber };
}

export function bankAccountService(db: Db, cipher: AccountNumberCipher, payments?: PaymentProvider) {
  return {
    async get(userId: number): Promise<BankAccount | null> {
      const [row] = await db.select().from(payoutAccounts).where(eq(payoutAccounts.userId, userId));
      return row ? toBankAccount(row) : null;
    },
    async save(
      caller: { userId: number; userRefnum: string },
      input: { accountHolder: string; routingNumber: string; accountNumber: string; dob?: string; idNumber?: string },
    ) {
      const { userId } = caller;
      const individual = individualOf(input);
      // Given after the connected account was made: the provider is told first, so a refusal saves nothing.
      if (individual && payments?.payoutIndividualChanged) {
        await payments.payoutIndividualChanged({
          owner: caller.userRefnum,
          routingNumber: input.routingNumber,
          accountNumber: input.accountNumber,
          holderName: input.accountHolder,
          individual,
        });
      }
      const individualCipher = individual && cipher.seal(JSON.stringify(individual));
      const values = {
        accountHolder: input.accountHolder,
        routingNumber: input.routingNumber,
        accountNumberCipher: cipher.seal(input.accountNumber),
        accountNumberLast4: input.accountNumber.slice(-4),
        // Saved again without them: the details given before stay.
        ...(individualCipher && { individualCipher }),
        updatedAt: new Date(),
      };
      const [row] = await db
        .insert(payoutAccounts)
        .values({ userId, ...values })
        .onConflictDoUpdate({ target: payoutAccounts.userId, set: values })
        .returning();
      if (!row) throw new Error('payout account not written');
      return toBankAccount(row);
    },
    async remove(userId: number) {
      await db.delete(payoutAccounts).where(eq(payoutAccounts.userId, userId));
      return { success: true as const };
    },
  };
}
