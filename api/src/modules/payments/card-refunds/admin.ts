import {
  type AdminCardRefundRecord,
  adminCardRefundRecordSchema,
  adminCardRefundRetrySchema,
} from '@yardly/shared/contract';
import { eq, sql } from 'drizzle-orm';
import type { Clock } from '../../../clock/clock';
import type { Db } from '../../../db/connect';
import { cardRefunds, orders, users } from '../../../db/schema/index';
import { defineResource, textFilter } from '../../../http/console/define-resource';
import type { Jobs } from '../../../jobs/runner';
import { retryCardRefund } from './send';

/**
 * The console's card refunds (issue 34): every refund the ledger owes or gave a buyer's card,
 * newest first; one Stripe holds (its balance cannot cover it) or failed shows why, and a failed
 * one can be sent again once the balance allows.
 */
export function cardRefundsResource(deps: { jobs: Jobs; clock: Clock }) {
  return defineResource({
    name: 'card-refunds',
    record: adminCardRefundRecordSchema,
    id: { column: cardRefunds.id, kind: 'numeric' },
    select: (db: Db) =>
      db
        .select({
          id: cardRefunds.id,
          orderId: orders.refnum,
          buyerEmail: users.email,
          amount: cardRefunds.amountCents,
          status: cardRefunds.status,
          failure: cardRefunds.failure,
          reason: cardRefunds.reason,
          attempts: cardRefunds.attempts,
          providerRefundId: cardRefunds.providerRefundId,
          createdAt: cardRefunds.createdAt,
          updatedAt: cardRefunds.updatedAt,
        })
        .from(cardRefunds)
        .innerJoin(orders, eq(orders.id, cardRefunds.orderId))
        .innerJoin(users, eq(users.id, orders.buyerId)),
    sortable: {
      createdAt: cardRefunds.createdAt,
      updatedAt: cardRefunds.updatedAt,
      amount: cardRefunds.amountCents,
      status: cardRefunds.status,
    },
    filters: {
      status: textFilter((status) => sql`${cardRefunds.status}::text = ${status}`),
      orderId: textFilter((refnum) => eq(orders.refnum, refnum)),
    },
    toRecord: (row): AdminCardRefundRecord => ({
      ...row,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    }),
    update: {
      input: adminCardRefundRetrySchema,
      async run(tx, id) {
        await retryCardRefund(tx, deps.jobs, Number(id), deps.clock.now());
      },
    },
  });
}
