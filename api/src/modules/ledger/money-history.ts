import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/connect';
import { checkLedger } from './check';

/** One invariant of the money's history: how many things it looked at, and those that break it. */
export interface Invariant {
  name: string;
  checked: number;
  broken: string[];
}

async function rows<T>(db: Db, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** An invariant read by a query answering the rows that break it, beside a count of what it looked at. */
async function invariant(db: Db, name: string, checked: SQL, broken: SQL): Promise<Invariant> {
  const [count] = await rows<{ n: number }>(db, checked);
  const found = await rows<Record<string, unknown>>(db, broken);
  return { name, checked: Number(count?.n ?? 0), broken: found.map((row) => JSON.stringify(row)) };
}

/**
 * Checks a history of money (issue 34 item 10) from the database: the ledger, the orders, the
 * payouts, and, with the built-in payment provider, what it did (its intents, refunds, transfers
 * and payouts, kept in the same database; with Stripe they are read from Stripe's side instead:
 * bench/money-stand-in-invariants.ts). Read after the jobs have run: what a request
 * acknowledged is there, and nothing is half done.
 */
export async function checkMoneyHistory(db: Db, provider: 'test' | 'stripe' = 'test'): Promise<Invariant[]> {
  const ledger = await checkLedger(db);
  const seller = sql`(select refnum from users u where u.id = p.seller_id)`;
  const books = [
    {
      name: 'every ledger transaction sums to zero',
      checked: ledger.transactions,
      broken: ledger.unbalanced.map((row) => JSON.stringify(row)),
    },
    {
      name: "no seller's or rewards balance below zero",
      checked: ledger.accounts,
      broken: ledger.negative.map((row) => JSON.stringify(row)),
    },
    await invariant(
      db,
      'at most one sale per listing (orders not cancelled or returned)',
      sql`select count(distinct listing_id)::int as n from orders`,
      sql`select listing_id, count(*)::int as sales from orders where state not in ('cancelled', 'returned')
          group by listing_id having count(*) > 1`,
    ),
    await invariant(
      db,
      'one capture per order (one card payment posted)',
      sql`select count(*)::int as n from orders`,
      sql`select order_id, count(*)::int as payments from ledger_transactions where kind = 'payment' and order_id is not null
          group by order_id having count(*) > 1`,
    ),
    await invariant(
      db,
      "every refund the ledger owes a card is a card refund not yet made, and every one made names the provider's refund (or Stripe's own)",
      sql`select count(*)::int as n from card_refunds`,
      sql`select * from (
            select o.refnum as order,
              (select coalesce(sum(e.amount_cents), 0) from ledger_entries e join ledger_transactions t on t.id = e.transaction_id
                where t.order_id = o.id and e.account = 'refunds_owed')::int as owed,
              (select coalesce(sum(c.amount_cents), 0) from card_refunds c
                where c.order_id = o.id and c.status in ('sending', 'pending', 'failed'))::int as unmade,
              (select count(*) from card_refunds c
                where c.order_id = o.id and c.status = 'succeeded' and c.provider_refund_id is null and c.failure is null)::int as nameless
            from orders o
          ) r where r.owed <> r.unmade or r.nameless > 0`,
    ),
  ];
  if (provider === 'stripe') return books;
  return [
    ...books,
    await invariant(
      db,
      'every captured payment has exactly one order, or is refunded',
      sql`select count(*)::int as n from test_payment_intents where status = 'succeeded'`,
      sql`select i.id, i.amount_cents, count(o.id)::int as orders,
            coalesce((select sum(r.amount_cents) from test_payment_refunds r where r.intent_id = i.id), 0)::int as refunded
          from test_payment_intents i
          left join checkouts c on c.payment_intent_id = i.id
          left join orders o on o.checkout_id = c.id
          where i.status = 'succeeded'
          group by i.id, i.amount_cents
          having count(o.id) > 1
            or (count(o.id) = 0 and coalesce((select sum(r.amount_cents) from test_payment_refunds r where r.intent_id = i.id), 0) < i.amount_cents)`,
    ),
    await invariant(
      db,
      "what the provider refunded of each order's payment is what the ledger gave back",
      sql`select count(*)::int as n from orders o join test_payment_intents i on i.id = o.payment_intent_id
          where i.status = 'succeeded'`,
      sql`select * from (
            select o.refnum as order, o.state,
              (select coalesce(sum(r.amount_cents), 0) from test_payment_refunds r where r.intent_id = o.payment_intent_id)::int as provider,
              (select coalesce(sum(e.amount_cents), 0) from ledger_entries e join ledger_transactions t on t.id = e.transaction_id
                where t.order_id = o.id and e.account = 'refunds')::int as ledger
            from orders o join test_payment_intents i on i.id = o.payment_intent_id where i.status = 'succeeded'
          ) r where r.provider <> r.ledger`,
    ),
    await invariant(
      db,
      "each payout's money transferred to a connected account at most once",
      sql`select count(*)::int as n from seller_payouts`,
      sql`select metadata->>'payoutId' as payout, count(*)::int as transfers from test_payouts where kind = 'transfer'
          group by 1 having count(*) > 1`,
    ),
    await invariant(
      db,
      'no payout paid to a bank twice',
      sql`select count(*)::int as n from seller_payouts`,
      sql`select metadata->>'payoutId' as payout, count(*)::int as paid from test_payouts where kind = 'payout' and status <> 'failed'
          group by 1 having count(*) > 1`,
    ),
    await invariant(
      db,
      "no connected balance below zero (a seller's transfers less their payouts not refused)",
      sql`select count(distinct account)::int as n from test_payouts`,
      sql`select account, sum(case when kind = 'transfer' then amount_cents when status = 'failed' then 0 else -amount_cents end)::int as balance
          from test_payouts group by account
          having sum(case when kind = 'transfer' then amount_cents when status = 'failed' then 0 else -amount_cents end) < 0`,
    ),
    await invariant(
      db,
      "transferred ≤ earned: no seller's transfers exceed what the ledger holds for them",
      sql`select count(distinct seller_id)::int as n from seller_payouts`,
      sql`select p.refnum as seller, p.transferred, p.earned from (
            select u.refnum,
              (select coalesce(sum(t.amount_cents), 0) from test_payouts t where t.kind = 'transfer' and t.account = u.refnum)::int as transferred,
              (select coalesce(sum(e.amount_cents), 0) from ledger_entries e where e.account like 'seller:' || u.id || ':%')::int as earned
            from users u where exists (select 1 from seller_payouts s where s.seller_id = u.id)
          ) p where p.transferred > p.earned`,
    ),
    await invariant(
      db,
      "a paid payout's money left the ledger's transferred once (paid ≤ paid_out)",
      sql`select count(*)::int as n from seller_payouts where status = 'paid'`,
      sql`select ${seller} as seller, sum(p.amount_cents)::int as paid,
            (select coalesce(sum(e.amount_cents), 0) from ledger_entries e where e.account = 'seller:' || p.seller_id || ':paid_out')::int as paid_out
          from seller_payouts p where p.status = 'paid' group by p.seller_id
          having sum(p.amount_cents) > (select coalesce(sum(e.amount_cents), 0) from ledger_entries e where e.account = 'seller:' || p.seller_id || ':paid_out')`,
    ),
  ];
}

/** The report's lines, as `pnpm check:money` prints them. */
export function describeInvariants(invariants: Invariant[]): string[] {
  return invariants.flatMap((inv) => [
    `${inv.broken.length === 0 ? 'held  ' : 'BROKEN'} ${inv.name} (${inv.checked} checked${inv.broken.length ? `, ${inv.broken.length} broken` : ''})`,
    ...inv.broken.slice(0, 10).map((row) => `         ${row}`),
  ]);
}
