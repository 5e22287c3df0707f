import {
  type AdminPromotionRecord,
  type AdminPromotionTotal,
  adminPromotionRecordSchema,
  adminPromotionTotalSchema,
} from '@yardly/shared/contract';
import { PROMOTION_MOVEMENT_LABELS, PROMOTION_MOVEMENTS, type PromotionMovement } from '@yardly/shared/rules';
import { eq, like, sql } from 'drizzle-orm';
import type { Db } from '../../db/connect';
import { ledgerEntries, ledgerTransactions, orders, users } from '../../db/schema/index';
import { defineResource, searchFilter, textFilter } from '../../http/console/define-resource';
import type { ResourceDef } from '../../http/console/rest-adapter';
import type { LedgerKind } from '../ledger/ledger';

/** The ledger transaction kind of each movement of people's rewards (a refund gives spent rewards back). */
const KIND_OF: Record<PromotionMovement, LedgerKind> = {
  granted: 'reward',
  reversed: 'reward_reversed',
  spent: 'reward_spent',
  returned: 'refund',
  cashed_out: 'reward_cashout',
};

function movementOf(kind: string): PromotionMovement {
  const found = PROMOTION_MOVEMENTS.find((movement) => KIND_OF[movement] === kind);
  if (!found) throw new Error(`a rewards entry of kind ${kind} has no movement`);
  return found;
}

/** Entries on people's rewards accounts (`rewards:<user id>`), each with its person: the join keeps no other account. */
const onRewardsAccount = eq(ledgerEntries.account, sql`'rewards:' || ${users.id}`);

function selectMovements(db: Db) {
  return db
    .select({
      id: ledgerEntries.id,
      kind: ledgerTransactions.kind,
      amount: ledgerEntries.amountCents,
      userEmail: users.email,
      memo: ledgerTransactions.memo,
      orderRefnum: orders.refnum,
      at: ledgerTransactions.at,
    })
    .from(ledgerEntries)
    .innerJoin(users, onRewardsAccount)
    .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
    .leftJoin(orders, eq(orders.id, ledgerTransactions.orderId));
}

type MovementRow = Awaited<ReturnType<typeof selectMovements>>[number];

function toPromotionRecord(row: MovementRow): AdminPromotionRecord {
  const movement = movementOf(row.kind);
  return {
    id: row.id,
    movement,
    movementLabel: PROMOTION_MOVEMENT_LABELS[movement],
    amount: row.amount,
    userEmail: row.userEmail,
    memo: row.memo,
    orderRefnum: row.orderRefnum,
    at: row.at.toISOString(),
  };
}

/**
 * The console's promotion list (issue 22, spec section 3): every movement of people's rewards,
 * read from the ledger (granted by the promotions account, reversed, spent at checkout, given
 * back by a refund, cashed out), newest first, by movement or person. Read-only: it changes
 * nothing, so nothing is audit-logged; the money moves only through the calls that own it.
 */
export const promotionsResource = defineResource({
  name: 'promotions',
  record: adminPromotionRecordSchema,
  id: { column: ledgerEntries.id, kind: 'numeric' },
  select: selectMovements,
  sortable: { at: ledgerTransactions.at, amount: ledgerEntries.amountCents },
  filters: {
    q: searchFilter({ contains: [users.email] }),
    movement: textFilter((movement) => {
      const kind = KIND_OF[movement as PromotionMovement];
      return kind ? eq(ledgerTransactions.kind, kind) : sql`false`;
    }),
  },
  toRecord: toPromotionRecord,
});

/**
 * The promotion list's totals, one row a movement (how many, how much as a positive sum) and
 * `outstanding`: what people hold in rewards now (the programme's debt to them) and how many
 * people hold some.
 */
export async function promotionTotals(db: Db): Promise<AdminPromotionTotal[]> {
  const rows = await db
    .select({
      kind: ledgerTransactions.kind,
      count: sql<number>`count(*)::int`,
      amount: sql<string>`coalesce(sum(abs(${ledgerEntries.amountCents})), 0)`,
      net: sql<string>`coalesce(sum(${ledgerEntries.amountCents}), 0)`,
    })
    .from(ledgerEntries)
    .innerJoin(users, onRewardsAccount)
    .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
    .groupBy(ledgerTransactions.kind);
  const byKind = new Map(rows.map((row) => [row.kind, row]));
  const totals: AdminPromotionTotal[] = PROMOTION_MOVEMENTS.map((movement) => {
    const row = byKind.get(KIND_OF[movement]);
    return {
      id: movement,
      label: PROMOTION_MOVEMENT_LABELS[movement],
      count: row?.count ?? 0,
      amount: Number(row?.amount ?? 0),
    };
  });
  const holders = db
    .select({ account: ledgerEntries.account })
    .from(ledgerEntries)
    .where(like(ledgerEntries.account, 'rewards:%'))
    .groupBy(ledgerEntries.account)
    .having(sql`sum(${ledgerEntries.amountCents}) > 0`)
    .as('holders');
  const [people] = await db.select({ n: sql<number>`count(*)::int` }).from(holders);
  totals.push({
    id: 'outstanding',
    label: PROMOTION_MOVEMENT_LABELS.outstanding,
    count: people?.n ?? 0,
    amount: rows.reduce((sum, row) => sum + Number(row.net), 0),
  });
  return totals;
}

/** `/svc/admin/promotion-totals`: the totals above as a read-only list the promotion list shows beside itself. */
export const promotionTotalsResource: ResourceDef<AdminPromotionTotal> = {
  name: 'promotion-totals',
  record: adminPromotionTotalSchema,
  parseId: (raw) => raw,
  async list(db) {
    const rows = await promotionTotals(db);
    return { rows, total: rows.length };
  },
  async one(db, id) {
    return (await promotionTotals(db)).find((row) => row.id === id);
  },
};
