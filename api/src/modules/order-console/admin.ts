import { adminOrderRecordSchema, adminOrderRefundSchema } from '@yardly/shared/contract';
import { type AnyColumn, eq, ilike, or, sql } from 'drizzle-orm';
import type { Clock } from '../../clock/clock';
import { listings, orders } from '../../db/schema/index';
import { defineResource, searchFilter, textFilter } from '../../http/console/define-resource';
import { containing } from '../../http/console/rest-adapter';
import { buyers, type OrderConsoleRow, selectOrders, sellers, toOrderRecords } from './records';
import { type RefundDeps, refundOrder } from './refund';

/** A person by refnum or a piece of their email. */
const person = (table: { refnum: AnyColumn; email: AnyColumn }, text: string) =>
  or(eq(table.refnum, text), ilike(table.email, containing(text)));

/**
 * The console's orders (`/cqorders` leads here): search by order, listing or person; each with
 * payment, ledger entries and status history; Refund is an edit (ROLE_ADMIN only by the role
 * matrix), so the adapter writes it to the audit log with the order before and after.
 */
export function ordersResource(deps: RefundDeps & { clock: Clock }) {
  return defineResource({
    name: 'orders',
    record: adminOrderRecordSchema,
    id: { column: orders.refnum, kind: 'refnum' },
    select: selectOrders,
    sortable: {
      createdAt: orders.createdAt,
      updatedAt: orders.updatedAt,
      total: orders.totalCents,
      status: orders.state,
    },
    filters: {
      q: textFilter((text) =>
        or(
          eq(orders.refnum, text),
          eq(listings.refnum, text),
          ilike(listings.title, containing(text)),
          person(buyers, text),
          person(sellers, text),
        ),
      ),
      listingId: searchFilter({ equals: [listings.refnum], contains: [listings.title] }),
      personId: textFilter((text) => or(person(buyers, text), person(sellers, text))),
      status: textFilter((status) => sql`${orders.state}::text = ${status}`),
    },
    toRecords: (db, rows: OrderConsoleRow[]) => toOrderRecords(db, rows),
    update: {
      input: adminOrderRefundSchema,
      run: (tx, id, input, ctx) =>
        refundOrder(
          tx,
          deps,
          { refnum: String(id), reason: input.refundReason, actorId: ctx.actorId },
          deps.clock.now(),
        ),
    },
  });
}
