import { and, eq, sql } from 'drizzle-orm';
import type { Clock } from '../../../clock/clock';
import type { Db } from '../../../db/connect';
import { testPaymentIntents, testPaymentRefunds, testPayouts } from '../../../db/schema/index';
import { AppError } from '../../../errors';
import { CARD_NOT_FOUND } from '../cards';
import {
  type IntentStatus,
  InvalidWebhookError,
  type PaymentProvider,
  type PayoutInput,
  type ProviderIntent,
} from '../provider';
import { findIntent, type TestIntentRow, TestProviderError, testId, toIntent } from './intents';
import { FAILING_TEST_BANK_ACCOUNTS } from './test-cards';

type TestPayoutRow = typeof testPayouts.$inferSelect;

/** A seller's connected balance at the built-in provider: transferred in, less payouts the bank did not refuse. */
async function connectedBalance(db: Db, owner: string): Promise<number> {
  const [row] = await db
    .select({
      total: sql<number>`coalesce(sum(case when ${testPayouts.kind} = 'transfer' then ${testPayouts.amountCents} when ${testPayouts.status} = 'failed' then 0 else -${testPayouts.amountCents} end), 0)::int`,
    })
    .from(testPayouts)
    .where(eq(testPayouts.account, owner));
  return row?.total ?? 0;
}

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

  /** Writes a transfer or payout once per idempotency key; the row under that key either way. */
  async function movement(
    input: PayoutInput & { kind: 'transfer' | 'payout'; status?: 'paid' | 'failed' },
    tx: Db = db,
  ): Promise<TestPayoutRow> {
    await tx
      .insert(testPayouts)
      .values({
        id: testId(input.kind === 'transfer' ? 'tr_test' : 'po_test'),
        idempotencyKey: input.idempotencyKey,
        kind: input.kind,
        account: input.bankAccount.owner,
        status: input.status ?? 'paid',
        amountCents: input.amountCents,
        accountLast4: input.bankAccount.accountNumber.slice(-4),
        metadata: input.metadata,
        createdAt: clock.now(),
      })
      .onConflictDoNothing({ target: testPayouts.idempotencyKey });
    const [row] = await tx.select().from(testPayouts).where(eq(testPayouts.idempotencyKey, input.idempotencyKey));
    if (!row) throw new Error('a test transfer or payout just written is missing');
    return row;
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
        if (done) {
          return { id: done.id, intentId, amountCents: done.amountCents, status: 'succeeded' as const, failure: null };
        }
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
          // As Stripe refuses it: the request was read and will not be done (nothing moved).
          throw new AppError(
            409,
            `The payment service refused the refund: ${amount} is more than the ${left} left to refund`,
            {
              reason: 'refund_refused',
            },
          );
        }
        const id = testId('re_test');
        await tx
          .insert(testPaymentRefunds)
          .values({ id, intentId, idempotencyKey, amountCents: amount, reason, createdAt: clock.now() });
        return { id, intentId, amountCents: amount, status: 'succeeded' as const, failure: null };
      });
    },

    async retrieveRefund(refundId) {
      const [row] = await db.select().from(testPaymentRefunds).where(eq(testPaymentRefunds.id, refundId));
      if (!row) throw new TestProviderError(`No such refund: '${refundId}'`, 'resource_missing');
      // The built-in provider makes every refund at once.
      return { id: row.id, intentId: row.intentId, amountCents: row.amountCents, status: 'succeeded', failure: null };
    },

    // Connect as Stripe keeps it (docs/decisions/0046): a transfer reaches the seller's connected
    // balance once per key; a payout needs that balance, and a failed one leaves it there.
    async transfer({ amountCents, bankAccount, idempotencyKey, metadata }) {
      const row = await movement({ kind: 'transfer', amountCents, bankAccount, idempotencyKey, metadata });
      return { id: row.id };
    },

    async payout(input) {
      const failure = FAILING_TEST_BANK_ACCOUNTS[input.bankAccount.accountNumber];
      const row = await db.transaction(async (tx) => {
        // The seller's connected balance, counted under a lock on the seller's movements.
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`test-connect:${input.bankAccount.owner}`}))`);
        const [done] = await tx.select().from(testPayouts).where(eq(testPayouts.idempotencyKey, input.idempotencyKey));
        if (done) return done;
        if (input.amountCents > (await connectedBalance(tx, input.bankAccount.owner))) {
          throw new AppError(502, 'The payout was refused: the seller’s account does not hold that much', {
            reason: 'payout_refused',
          });
        }
        return movement({ ...input, kind: 'payout', status: failure ? 'failed' : 'paid' }, tx);
      });
      const failed = row.status === 'failed';
      return {
        id: row.id,
        amountCents: row.amountCents,
        status: failed ? 'failed' : 'paid',
        failure: failed ? (failure ?? 'refused by the bank') : null,
      };
    },

    async refundedCents(intentId) {
      const [row] = await db
        .select({ total: sql<number>`coalesce(sum(${testPaymentRefunds.amountCents}), 0)::int` })
        .from(testPaymentRefunds)
        .where(eq(testPaymentRefunds.intentId, intentId));
      return row?.total ?? 0;
    },

    // It makes every refund at once: none is ever held.
    heldRefundCents: async () => 0,

    // Its payouts need no verified seller: nothing to verify, so no onboarding page either.
    payoutAccountStatus: async () => ({ status: 'not_needed', requirements: [] }),

    readWebhook() {
      throw new InvalidWebhookError('The built-in test provider sends no webhooks');
    },
  };
}
