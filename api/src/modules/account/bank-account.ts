import type { BankAccount } from '@yardly/shared/contract';
import { maskAccountNumber } from '@yardly/shared/rules';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/connect';
import { payoutAccounts } from '../../db/schema/index';
import { type TextSealer, textSealer } from '../auth/secrets';

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
  };
}

export function bankAccountService(db: Db, cipher: AccountNumberCipher) {
  return {
    async get(userId: number): Promise<BankAccount | null> {
      const [row] = await db.select().from(payoutAccounts).where(eq(payoutAccounts.userId, userId));
      return row ? toBankAccount(row) : null;
    },
    async save(userId: number, input: { accountHolder: string; routingNumber: string; accountNumber: string }) {
      const values = {
        accountHolder: input.accountHolder,
        routingNumber: input.routingNumber,
        accountNumberCipher: cipher.seal(input.accountNumber),
        accountNumberLast4: input.accountNumber.slice(-4),
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
