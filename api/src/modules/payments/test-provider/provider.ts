import { and, eq, sql } from 'drizzle-orm';
import type { Clock } from '../../../clock/clock';
import type { Db } from '../../../db/connect';
import { testPaymentIntents, testPaymentRefunds, testPayouts } from '../../../db/schema/index';
import { AppError } from '../../../errors';
import { CARD_NOT_FOUND } from '../cards';
import { type IntentStatus, InvalidWebhookError, type PaymentProvider, type ProviderIntent } from '../provider';
import { findIntent, type TestIntentRow, TestProviderError, testId, toIntent } from './intents';
import { FAILING_TEST_BANK_ACCOUNTS } from './test-cards';

/**
 * The built-in payment provider (issue 18), the default: it keeps intents, refunds and payouts in
 * our own database (they survive a restart) and moves them as Stripe would: created →
 * authorised by the card form (`confirm.ts`) → captured or cancelled → refunded. No money exists.
 */
export function createTestProvider(deps: { db: Db; clock: Clock }): PaymentProvider {
  const { db, clock } = deps;

  async function intent(intentId: string): Promise<TestIntentRow> {
    const row = await findIntent(db, intentId);
    if (!row) throw new TestProviderError(`No such payment_intent: '${intentId}'`, 'resource_missing');
    return row;
  }

  /** Moves an intent from one of `from` to `to` (locked, one transaction); the same status again is a no-op. */
  async function move(intentId: string, from: IntentStatus[], to: IntentStatus): Promise<ProviderIntent> {
    return db.transaction(async (tx) => {
      const row = await findIntent(tx, intentId, true);
      if (!row) throw new TestProviderError(`No such payment_intent: '${intentId}'`, 'resource_missing');
      if (row.status === to) return toIntent(row);
      if (!from.includes(row.status as IntentStatus)) {
        throw new TestProviderError(
          `This PaymentIntent's status is ${row.status}: it cannot become ${to}`,
          'payment_intent_unexpected_state',
        );
      }
      const [moved] = await tx
        .update(testPaymentIntents)
        .set({ status: to, updatedAt: clock.now() })
        .where(eq(testPaymentIntents.id, intentId))
        .returning();
      return toIntent(moved as TestIntentRow);
    });
  }

  /**
   * A saved card's token names the card an earlier intent was confirmed with: it authorises at
   * once (a declining test number never confirmed one, so it has no token to pay with).
   */
  async function savedCard(token: string) {
    const [row] = await db
      .select({ card: testPaymentIntents.card })
      .from(testPaymentIntents)
      .where(sql`${testPaymentIntents.card}->>'token' = ${token}`)
      .limit(1);
    // A token no payment of this provider made cannot pay: the card is unknown here, as at Stripe.
    if (!row?.card) throw new AppError(404, CARD_NOT_FOUND, { reason: 'card_not_found' });
    return row.card;
  }

  return {
    name: 'test',
    browser: { provider: 'test' },

    async createIntent({ amountCents, idempotencyKey, metadata, savedCardToken }) {
      const card = savedCardToken ? await savedCard(savedCardToken) : null;
      const id = testId('pi_test');
      const now = clock.now();
      await db
        .insert(testPaymentIntents)
        .values({
          id,
          clientSecret: `${id}_secret_${testId('cs').slice(3)}`,
          idempotencyKey,
          amountCents,
          status: card ? 'requires_capture' : 'requires_payment_method',
          metadata,
          card,
          createdAt: now,
          updatedAt: now,
        })
        .onConflictDoNothing({ target: testPaymentIntents.idempotencyKey });
      const [row] = await db
        .select()
        .from(testPaymentIntents)
        .where(eq(testPaymentIntents.idempotencyKey, idempotencyKey));
      return toIntent(row as TestIntentRow);
    },

    async retrieveIntent(intentId) {
      return toIntent(await intent(intentId));
    },

    capture: (intentId) => move(intentId, ['requires_capture'], 'succeeded'),

    cancel: (intentId) =>
      move(
        intentId,
        ['requires_payment_method', 'requires_confirmation', 'requires_action', 'requires_capture'],
        'canceled',
      ),

    async refund({ intentId, amountCents, idempotencyKey, reason }) {
      return db.transaction(async (tx) => {
        const [done] = await tx
          .select()
          .from(testPaymentRefunds)
          .where(eq(testPaymentRefunds.idempotencyKey, idempotencyKey));
        if (done) return { id: done.id, amountCents: done.amountCents, status: 'succeeded' as const };
        const row = await findIntent(tx, intentId, true);
        if (!row) throw new TestProviderError(`No such payment_intent: '${intentId}'`, 'resource_missing');
        if (row.status !== 'succeeded') {
          throw new TestProviderError(
            `This PaymentIntent's status is ${row.status}: only a captured payment is refunded`,
            'payment_intent_unexpected_state',
          );
        }
        const [refunded] = await tx
          .select({ total: sql<number>`coalesce(sum(${testPaymentRefunds.amountCents}), 0)::int` })
          .from(testPaymentRefunds)
          .where(and(eq(testPaymentRefunds.intentId, intentId)));
        const left = row.amountCents - (refunded?.total ?? 0);
        const amount = amountCents ?? left;
        if (amount <= 0 || amount > left) {
          throw new TestProviderError(
            `Refund amount ${amount} is more than the ${left} left to refund`,
            'amount_too_large',
          );
        }
        const id = testId('re_test');
        await tx
          .insert(testPaymentRefunds)
          .values({ id, intentId, idempotencyKey, amountCents: amount, reason, createdAt: clock.now() });
        return { id, amountCents: amount, status: 'succeeded' as const };
      });
    },

    async payout({ amountCents, bankAccount, idempotencyKey, metadata }) {
      const failure = FAILING_TEST_BANK_ACCOUNTS[bankAccount.accountNumber];
      if (failure) return { id: testId('po_test'), amountCents, status: 'failed', failure };
      await db
        .insert(testPayouts)
        .values({
          id: testId('po_test'),
          idempotencyKey,
          amountCents,
          accountLast4: bankAccount.accountNumber.slice(-4),
          metadata,
          createdAt: clock.now(),
        })
        .onConflictDoNothing({ target: testPayouts.idempotencyKey });
      const [row] = await db.select().from(testPayouts).where(eq(testPayouts.idempotencyKey, idempotencyKey));
      return { id: row?.id ?? '', amountCents: row?.amountCents ?? amountCents, status: 'paid', failure: null };
    },

    // Its payouts need no verified seller: nothing to verify, so no onboarding page either.
    payoutAccountStatus: async () => ({ status: 'not_needed', requirements: [] }),

    readWebhook() {
      throw new InvalidWebhookError('The built-in test provider sends no webhooks');
    },
  };
}
