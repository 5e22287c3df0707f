import { eq } from 'drizzle-orm';
import type { Db } from '../../db/connect';
import { payoutAccounts, sellerPayouts, users } from '../../db/schema/index';
import { AppError } from '../../errors';
import { defineJob } from '../../jobs/job';
import type { Jobs } from '../../jobs/runner';
import type { AccountNumberCipher } from '../account/bank-account';
import { postPayoutReturned, postPayoutSent } from '../ledger/payout-postings';
import { notify } from '../notifications/notify';
import type { PaymentProvider, ProviderPayout } from '../payments/provider';
import { payableCents } from './payable';

export const SEND_PAYOUT_JOB = 'payouts.send';

export type PayoutRow = typeof sellerPayouts.$inferSelect;

/** One try of a payout: the provider's idempotency key is the payout's and the try's, so a job run twice pays once. */
export interface SendPayload {
  payoutId: number;
  attempt: number;
}

/**
 * Writes a payout of everything the seller may be paid now, with its ledger transaction
 * available → paid_out, and queues its sending, in one transaction. The seller's bank account
 * row is locked first, so two runs at once pay once (the second finds nothing payable).
 * No bank account, nothing payable: nothing is written (null).
 */
export function startPayout(db: Db, jobs: Jobs, sellerId: number, now: Date): Promise<number | null> {
  return db.transaction((tx) => startPayoutIn(tx, jobs, sellerId, now));
}

/**
 * startPayout in the caller's transaction (a rewards cash-out pays at once, in the transaction
 * that moved the rewards to the person's available money).
 */
export async function startPayoutIn(tx: Db, jobs: Jobs, sellerId: number, now: Date): Promise<number | null> {
  const [account] = await tx
    .select({ userId: payoutAccounts.userId })
    .from(payoutAccounts)
    .where(eq(payoutAccounts.userId, sellerId))
    .for('update');
  if (!account) return null;
  const amountCents = await payableCents(tx, sellerId, now);
  if (amountCents <= 0) return null;
  const [payout] = await tx
    .insert(sellerPayouts)
    .values({ sellerId, amountCents, status: 'pending', createdAt: now, updatedAt: now })
    .returning();
  if (!payout) throw new Error('a payout just written is missing');
  await postPayoutSent(tx, payout, now);
  await jobs.enqueue(tx, SEND_PAYOUT_JOB, { payoutId: payout.id, attempt: payout.attempts } satisfies SendPayload);
  return payout.id;
}

/** The try `attempt` of a payout, locked, when it is still the one waiting for the provider. */
async function waitingTry(tx: Db, { payoutId, attempt }: SendPayload): Promise<PayoutRow | undefined> {
  const [payout] = await tx.select().from(sellerPayouts).where(eq(sellerPayouts.id, payoutId)).for('update');
  return payout?.status === 'pending' && payout.attempts === attempt ? payout : undefined;
}

/**
 * The try an outcome may still change, locked: one waiting for the provider; or, for a failure,
 * one already paid (the bank may return a payout after the provider said it was paid: Stripe then
 * sends `payout.failed` after `payout.paid`). A failure is final, so it is never undone by a late 'paid'.
 */
async function openTry(tx: Db, which: SendPayload, failed: boolean): Promise<PayoutRow | undefined> {
  const [payout] = await tx.select().from(sellerPayouts).where(eq(sellerPayouts.id, which.payoutId)).for('update');
  if (!payout || payout.attempts !== which.attempt) return undefined;
  return payout.status === 'pending' || (failed && payout.status === 'paid') ? payout : undefined;
}

/**
 * Records what the provider said of a try: paid; still pending (a provider that answers later:
 * its id is kept for the webhook); failed, with the money back in available and the seller told.
 * A try already settled (but a paid one that fails after all), or superseded by a retry, is left alone.
 */
export async function recordPayoutOutcome(
  db: Db,
  which: SendPayload,
  outcome: Pick<ProviderPayout, 'id' | 'status' | 'failure'>,
  now: Date,
): Promise<void> {
  await db.transaction(async (tx) => {
    const failed = outcome.status === 'failed';
    const payout = await openTry(tx, which, failed);
    if (!payout) return;
    const failure = failed ? (outcome.failure ?? 'refused by the bank') : null;
    await tx
      .update(sellerPayouts)
      .set({
        status: failed ? 'failed' : outcome.status,
        providerPayoutId: outcome.id || null,
        failure,
        updatedAt: now,
      })
      .where(eq(sellerPayouts.id, payout.id));
    if (failure) {
      await postPayoutReturned(tx, payout, failure, now);
      await notify(
        tx,
        [payout.sellerId],
        `A payout to your bank failed (${failure}): the money is in your available balance. Check your bank account.`,
        '/settings/bank-account',
      );
    }
  });
}

/** Sends one try of a payout to the seller's bank account through the provider and records the answer. */
export async function sendPayout(
  deps: { db: Db; payments: PaymentProvider; cipher: AccountNumberCipher },
  which: SendPayload,
  now: Date,
): Promise<void> {
  const { db } = deps;
  const payout = await waitingTry(db, which);
  if (!payout) return;
  const [account] = await db
    .select({ account: payoutAccounts, seller: users.refnum })
    .from(payoutAccounts)
    .innerJoin(users, eq(users.id, payoutAccounts.userId))
    .where(eq(payoutAccounts.userId, payout.sellerId));
  if (!account) {
    await recordPayoutOutcome(db, which, { id: '', status: 'failed', failure: 'no bank account' }, now);
    return;
  }
  const outcome = await deps.payments
    .payout({
      amountCents: payout.amountCents,
      bankAccount: {
        owner: account.seller,
        routingNumber: account.account.routingNumber,
        accountNumber: deps.cipher.open(account.account.accountNumberCipher),
        holderName: account.account.accountHolder,
      },
      idempotencyKey: `payout:${payout.id}:${which.attempt}`,
      metadata: { payoutId: String(payout.id), seller: account.seller },
    })
    .catch(refusedAsFailed);
  await recordPayoutOutcome(db, which, outcome, now);
}

/**
 * A provider's refusal (Stripe's `payout_refused`: a seller it has not verified yet) is a failed
 * try, not an outage: the same key would be answered the same refusal, so trying again is the
 * next run's (a new payout, new keys) or the console's. Anything else is thrown for the job to retry.
 */
function refusedAsFailed(error: unknown): Pick<ProviderPayout, 'id' | 'status' | 'failure'> {
  if (error instanceof AppError && error.reason === 'payout_refused') {
    return { id: '', status: 'failed', failure: error.message };
  }
  throw error;
}

/** Sends a try; a provider that cannot be reached is tried again later (the payout stays pending). */
export function sendPayoutJob(deps: { payments: PaymentProvider; cipher: AccountNumberCipher }) {
  return defineJob<SendPayload>({
    name: SEND_PAYOUT_JOB,
    maxAttempts: 20,
    run: (payload, { db, now }) => sendPayout({ ...deps, db }, payload, now),
  });
}

/** Sends a failed payout again (the console's retry): its money leaves available once more, a new try is queued. */
export async function retryPayout(
  tx: Db,
  jobs: Jobs,
  payout: PayoutRow,
  now: Date,
): Promise<'retried' | 'no_bank_account' | 'money_gone'> {
  const [account] = await tx
    .select({ userId: payoutAccounts.userId })
    .from(payoutAccounts)
    .where(eq(payoutAccounts.userId, payout.sellerId))
    .for('update');
  if (!account) return 'no_bank_account';
  // A failed payout's money may have been paid by a later run since: then there is nothing to send again.
  if ((await payableCents(tx, payout.sellerId, now)) < payout.amountCents) return 'money_gone';
  const attempt = payout.attempts + 1;
  await tx
    .update(sellerPayouts)
    // The new try has no provider payout yet: a late event about the last one must not reach it.
    .set({ status: 'pending', attempts: attempt, failure: null, providerPayoutId: null, updatedAt: now })
    .where(eq(sellerPayouts.id, payout.id));
  await postPayoutSent(tx, payout, now);
  await jobs.enqueue(tx, SEND_PAYOUT_JOB, { payoutId: payout.id, attempt } satisfies SendPayload);
  return 'retried';
}
