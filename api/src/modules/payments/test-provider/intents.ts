import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/connect';
import { testPaymentIntents } from '../../../db/schema/index';
import type { IntentStatus, ProviderIntent } from '../provider';

export type TestIntentRow = typeof testPaymentIntents.$inferSelect;

/** A provider-style id: a prefix and 24 random characters. */
export function testId(prefix: string): string {
  return `${prefix}_${randomBytes(18).toString('base64url')}`;
}

export function toIntent(row: TestIntentRow): ProviderIntent {
  return {
    id: row.id,
    clientSecret: row.clientSecret,
    amountCents: row.amountCents,
    status: row.status as IntentStatus,
    metadata: row.metadata,
    lastError: row.lastError,
    card: row.card ?? null,
  };
}

/** The intent row, locked for the caller's transaction when `lock` is set; null when there is none. */
export async function findIntent(db: Db, intentId: string, lock = false): Promise<TestIntentRow | null> {
  const query = db.select().from(testPaymentIntents).where(eq(testPaymentIntents.id, intentId));
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

/** A request the provider refuses (Stripe answers these with a 4xx): an intent in the wrong status, too large a refund. */
export class TestProviderError extends Error {
  override name = 'TestProviderError';
  constructor(
    message: string,
    readonly code: 'resource_missing' | 'payment_intent_unexpected_state' | 'amount_too_large',
  ) {
    super(message);
  }
}
