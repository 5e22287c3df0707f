import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import type { BankAccount } from '@yardly/shared/contract';
import { maskAccountNumber } from '@yardly/shared/rules';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/connect';
import { payoutAccounts } from '../../db/schema/index';

/**
 * Account numbers at rest: AES-256-GCM with a key derived from the server secret, so a copy of
 * the database alone does not reveal them. Only payouts would ever decrypt one.
 */
export function accountNumberCipher(secret: Uint8Array) {
  const key = Buffer.from(hkdfSync('sha256', secret, Buffer.alloc(0), 'yardly payout account number', 32));
  return {
    seal(plain: string): string {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return [iv, cipher.getAuthTag(), data].map((b) => b.toString('base64url')).join('.');
    },
    open(sealed: string): string {
      const [iv, tag, data] = sealed.split('.').map((part) => Buffer.from(part, 'base64url'));
      if (!iv || !tag || !data) throw new Error('malformed sealed account number');
      const decipher = createDecipheriv('aes-256-gcm', key, iv);
      decipher.setAuthTag(tag);
      return Buffer.concat([decipher.update(data), decipher.final()]).toString('utf8');
    },
  };
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
