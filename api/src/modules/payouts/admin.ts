import {
  type AdminForeignPayoutRecord,
  type AdminPayoutRecord,
  adminForeignPayoutRecordSchema,
  adminPayoutRecordSchema,
  adminPayoutRetrySchema,
} from '@yardly/shared/contract';
import { eventsFor, payoutMessages, payoutProcess } from '@yardly/shared/rules';
import { and, eq, inArray, notExists, sql } from 'drizzle-orm';
import type { Clock } from '../../clock/clock';
import type { Db } from '../../db/connect';
import { paymentEvents, sellerPayouts, users } from '../../db/schema/index';
import { AppError } from '../../errors';
import { defineResource, textFilter } from '../../http/console/define-resource';
import type { Jobs } from '../../jobs/runner';
import { retryPayout } from './send';

/** The console's payouts: every sending of a seller's money, newest first; a failed one can be sent again. */
export function payoutsResource(deps: { jobs: Jobs; clock: Clock }) {
  return defineResource({
    name: 'payouts',
    record: adminPayoutRecordSchema,
    id: { column: sellerPayouts.id, kind: 'numeric' },
    select: (db: Db) =>
      db
        .select({
          id: sellerPayouts.id,
          sellerId: users.refnum,
          sellerEmail: users.email,
          amount: sellerPayouts.amountCents,
          status: sellerPayouts.status,
          failure: sellerPayouts.failure,
          attempts: sellerPayouts.attempts,
          providerPayoutId: sellerPayouts.providerPayoutId,
          createdAt: sellerPayouts.createdAt,
          updatedAt: sellerPayouts.updatedAt,
        })
        .from(sellerPayouts)
        .innerJoin(users, eq(users.id, sellerPayouts.sellerId)),
    sortable: {
      createdAt: sellerPayouts.createdAt,
      updatedAt: sellerPayouts.updatedAt,
      amount: sellerPayouts.amountCents,
      status: sellerPayouts.status,
    },
    filters: {
      status: textFilter((status) => sql`${sellerPayouts.status}::text = ${status}`),
      sellerId: textFilter((refnum) => eq(users.refnum, refnum)),
    },
    toRecord: (row): AdminPayoutRecord => ({
      ...row,
      actions: eventsFor(payoutProcess, row.status, 'admin', {}),
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    }),
    update: {
      input: adminPayoutRetrySchema,
      async run(tx, id) {
        const [payout] = await tx
          .select()
          .from(sellerPayouts)
          .where(eq(sellerPayouts.id, Number(id)))
          .for('update');
        if (!payout) throw AppError.notFound('There is no such record in payouts');
        if (payout.status !== 'failed') throw new AppError(409, payoutMessages.notFailed, { reason: 'not_failed' });
        const outcome = await retryPayout(tx, deps.jobs, payout, deps.clock.now());
        if (outcome === 'no_bank_account') {
          throw new AppError(409, payoutMessages.noBankAccount, { reason: 'no_bank_account' });
        }
        if (outcome === 'money_gone') throw new AppError(409, payoutMessages.moneyGone, { reason: 'money_gone' });
      },
    },
  });
}

/** The payout events naming no seller payout of ours, as a derived table (the console adds its own conditions). */
function foreignPayoutEvents(db: Db) {
  return db
    .select({
      id: sql<string>`replace(${paymentEvents.eventId}, '_', '-')`.as('id'),
      eventId: paymentEvents.eventId,
      type: paymentEvents.type,
      providerPayoutId: paymentEvents.objectId,
      account: paymentEvents.account,
      receivedAt: paymentEvents.appliedAt,
    })
    .from(paymentEvents)
    .where(
      and(
        inArray(paymentEvents.type, ['payout.paid', 'payout.failed']),
        notExists(
          db
            .select({ id: sellerPayouts.id })
            .from(sellerPayouts)
            .where(eq(sellerPayouts.providerPayoutId, paymentEvents.objectId)),
        ),
      ),
    )
    .as('foreign_payouts');
}

/**
 * The console's payouts Yardly did not make (issue 34): `payout.paid` and `payout.failed` events
 * naming no seller payout of ours (Stripe's automatic payouts of an account not yet switched to
 * manual, one made in Stripe's dashboard). They were recorded and moved no money; read only.
 */
export function foreignPayoutsResource(db: Db) {
  const foreign = foreignPayoutEvents(db);
  return defineResource({
    name: 'foreign-payouts',
    record: adminForeignPayoutRecordSchema,
    id: { column: sql.raw('"foreign_payouts"."id"'), kind: 'key' },
    select: (db: Db) => db.select().from(foreign),
    sortable: { receivedAt: foreign.receivedAt },
    toRecord: (row): AdminForeignPayoutRecord => ({ ...row, receivedAt: row.receivedAt.toISOString() }),
  });
}
