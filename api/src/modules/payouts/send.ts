import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import type { Db } from '../../db/connect';
import { payoutAccounts, sellerPayouts, users } from '../../db/schema/index';
import { AppError } from '../../errors';
import { defineJob } from '../../jobs/job';
import type { Jobs } from '../../jobs/runner';
import { postPayoutReturned, postPayoutSent, postPayoutStarted, postTransferRefused } from '../ledger/payout-postings';
import { notify } from '../notifications/notify';
import type { PaymentProvider, ProviderPayout } from '../payments/provider';
import { type AccountNumberCipher, openIndividual } from './bank-account';
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
 * available → transferred, and queues its sending, in one transaction. The seller's bank account
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
  await postPayoutStarted(tx, payout, now);
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

const FAILED_AT_STRIPE = (failure: string) =>
  `A payout to your bank failed (${failure}): the money is kept in your Stripe account and sent again at the next daily payout. Check your bank account.`;
const NOT_TRANSFERRED = (failure: string) =>
  `A payout to your bank failed (${failure}): the money is in your available balance. Check your bank account.`;

/**
 * Records what the provider said of a try (docs/decisions/0046): sent (pending or paid: the money
 * leaves the connected account, transferred → paid_out, once per try); paid; failed after it was
 * sent (paid_out → transferred: Stripe returns it to the connected account); refused before it
 * was sent (the money stays in transferred). Failed tries tell the seller. A try already settled
 * (but a paid one that fails after all), or superseded by a retry, is left alone.
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
    // The try's payout left the connected account when the provider first named it pending or paid.
    const wasSent = payout.providerPayoutId !== null;
    const failure = failed ? (outcome.failure ?? 'refused by the bank') : null;
    await tx
      .update(sellerPayouts)
      .set({
        status: failed ? 'failed' : outcome.status,
        providerPayoutId: outcome.id || payout.providerPayoutId,
        failure,
        updatedAt: now,
      })
      .where(eq(sellerPayouts.id, payout.id));
    if (!failed && !wasSent) await postPayoutSent(tx, payout, now);
    if (failure) {
      if (wasSent) await postPayoutReturned(tx, payout, failure, now);
      await notify(tx, [payout.sellerId], FAILED_AT_STRIPE(failure), '/settings/bank-account');
    }
  });
}

/**
 * The transfer to the seller's connected account was refused (nothing moved) or could not be
 * made (no bank account): the try fails and its money is available again.
 */
async function recordTransferRefused(db: Db, which: SendPayload, failure: string, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const payout = await openTry(tx, which, true);
    if (!payout || payout.transferId) return;
    await tx
      .update(sellerPayouts)
      .set({ status: 'failed', failure, updatedAt: now })
      .where(eq(sellerPayouts.id, payout.id));
    await postTransferRefused(tx, payout, failure, now);
    await notify(tx, [payout.sellerId], NOT_TRANSFERRED(failure), '/settings/bank-account');
  });
}

/** Remembers the payout's transfer, so no try of it transfers again. */
async function recordTransferred(db: Db, payoutId: number, transferId: string, now: Date): Promise<void> {
  await db
    .update(sellerPayouts)
    .set({ transferId, updatedAt: now })
    .where(and(eq(sellerPayouts.id, payoutId), isNull(sellerPayouts.transferId)));
}

/** Remembers the transfer that replaced the payout's first (the seller's new connected account), once. */
async function recordTransferMoved(db: Db, payoutId: number, from: string, to: string, now: Date): Promise<void> {
  await db
    .update(sellerPayouts)
    .set({ transferId: to, updatedAt: now })
    .where(and(eq(sellerPayouts.id, payoutId), eq(sellerPayouts.transferId, from)));
}

/**
 * Sends one try of a payout: the payout's money is transferred to the seller's connected account
 * once (its key is the payout's, the ledger amount's, not the try's), then paid out from it (the
 * try's key). The answers are recorded as they come, so a crash between them resumes there.
 */
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
    if (payout.transferId)
      await recordPayoutOutcome(db, which, { id: '', status: 'failed', failure: 'no bank account' }, now);
    else await recordTransferRefused(db, which, 'no bank account', now);
    return;
  }
  const input = {
    amountCents: payout.amountCents,
    bankAccount: {
      owner: account.seller,
      routingNumber: account.account.routingNumber,
      accountNumber: deps.cipher.open(account.account.accountNumberCipher),
      holderName: account.account.accountHolder,
      individual: openIndividual(deps.cipher, account.account.individualCipher),
    },
    metadata: { payoutId: String(payout.id), seller: account.seller },
  };
  if (!payout.transferId) {
    const transfer = await deps.payments
      .transfer({ ...input, idempotencyKey: `transfer:payout:${payout.id}` })
      .catch(refusedAs(['transfer_refused', 'payout_refused']));
    if ('refused' in transfer) {
      await recordTransferRefused(db, which, transfer.refused, now);
      return;
    }
    await recordTransferred(db, payout.id, transfer.id, now);
  } else if (deps.payments.moveTransfer) {
    // A retry: the seller may have changed bank account since the money was transferred (issue 34).
    // The new transfer's key names the try: Stripe answers a key's refusal (no balance) the same
    // for ever, and a new try follows only a recorded failure, when no transfer was made under the
    // last try's key (one made is recorded as moved, and the next try finds it in place).
    const moved = await deps.payments
      .moveTransfer({
        ...input,
        transferId: payout.transferId,
        idempotencyKey: `transfer:payout:${payout.id}:after:${payout.transferId}:${which.attempt}`,
      })
      .catch(refusedAs(['payout_refused']));
    if ('refused' in moved) {
      await recordPayoutOutcome(db, which, { id: '', status: 'failed', failure: moved.refused }, now);
      return;
    }
    if (moved.id !== payout.transferId) await recordTransferMoved(db, payout.id, payout.transferId, moved.id, now);
  }
  const sent = await deps.payments
    .payout({ ...input, idempotencyKey: `payout:${payout.id}:${which.attempt}` })
    .catch(refusedAs(['payout_refused']));
  const outcome = 'refused' in sent ? { id: '', status: 'failed' as const, failure: sent.refused } : sent;
  await recordPayoutOutcome(db, which, outcome, now);
}

/**
 * A provider's refusal (Stripe's: a seller it has not verified yet, a balance too low) is a
 * failed try, not an outage: the same key would be answered the same refusal, so trying again
 * is the next run's or the console's. Anything else is thrown for the job to retry.
 */
function refusedAs(reasons: string[]) {
  return (error: unknown): { refused: string } => {
    if (error instanceof AppError && reasons.includes(error.reason ?? '')) return { refused: error.message };
    throw error;
  };
}

/** Sends a try; a provider that cannot be reached is tried again later (the payout stays pending). */
export function sendPayoutJob(deps: { payments: PaymentProvider; cipher: AccountNumberCipher }) {
  return defineJob<SendPayload>({
    name: SEND_PAYOUT_JOB,
    maxAttempts: 20,
    run: (payload, { db, now }) => sendPayout({ ...deps, db }, payload, now),
  });
}

/**
 * Sends a failed payout again (the console's retry, or the daily run for one whose money is at
 * the seller's connected account): a payout whose transfer was made is paid out again from the
 * connected account (a new try, never a new transfer); one whose transfer was refused takes its
 * money from available once more.
 */
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
  if (!payout.transferId) {
    // A refused payout's money may have been paid by a later run since: then there is nothing to send again.
    if ((await payableCents(tx, payout.sellerId, now)) < payout.amountCents) return 'money_gone';
    await postPayoutStarted(tx, payout, now);
  }
  const attempt = payout.attempts + 1;
  await tx
    .update(sellerPayouts)
    // The new try has no provider payout yet: a late event about the last one must not reach it.
    .set({ status: 'pending', attempts: attempt, failure: null, providerPayoutId: null, updatedAt: now })
    .where(eq(sellerPayouts.id, payout.id));
  await jobs.enqueue(tx, SEND_PAYOUT_JOB, { payoutId: payout.id, attempt } satisfies SendPayload);
  return 'retried';
}

/** The failed payouts whose money is at the seller's connected account: the daily run pays them out again. */
export async function failedTransferredPayouts(db: Db): Promise<number[]> {
  const rows = await db
    .select({ id: sellerPayouts.id })
    .from(sellerPayouts)
    .where(and(eq(sellerPayouts.status, 'failed'), isNotNull(sellerPayouts.transferId)))
    .orderBy(sellerPayouts.id);
  return rows.map((row) => row.id);
}

/** Retries one failed payout in its own transaction (the daily run); false when it has moved on or cannot be sent. */
export function retryFailedPayout(db: Db, jobs: Jobs, payoutId: number, now: Date): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [payout] = await tx.select().from(sellerPayouts).where(eq(sellerPayouts.id, payoutId)).for('update');
    if (payout?.status !== 'failed') return false;
    return (await retryPayout(tx, jobs, payout, now)) === 'retried';
  });
}
