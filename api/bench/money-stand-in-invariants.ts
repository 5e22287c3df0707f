// The invariants of a history of money read from Stripe's side (issue 34 item 10): the stand-in's
// own records (its intents, refunds, transfers, reversals, payouts, balances, and every request
// it was sent), beside the ledger where the two books must agree. Read after the history's end,
// every payout answered by its bank and every event delivered.
import { sql } from 'drizzle-orm';
import type { Db } from '../src/db/connect';
import type { Invariant } from '../src/modules/ledger/money-history';
import { requestProblems } from '../test/stripe-openapi/published-api';
import type { StripeSide } from './money-stripe-side';

type StripeObject = Record<string, unknown>;

async function rows<T>(db: Db, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

const sum = (objects: StripeObject[], field = 'amount') => objects.reduce((total, o) => total + Number(o[field]), 0);

export async function checkStandIn(db: Db, { standIn, reserveCents }: StripeSide): Promise<Invariant[]> {
  const intents = standIn.objects('pi');
  const refunds = standIn.objects('re');
  const transfers = standIn.objects('tr');
  const reversals = standIn.objects('trr');
  const payouts = standIn.objects('po');
  const accounts = standIn.objects('acct');
  const exchanges = standIn.exchanges();
  // What Stripe refunded is what it made: a refund it holds (pending) or failed gave the card nothing yet.
  const made = refunds.filter((re) => re.status === 'succeeded');
  const refundedOf = (intentId: unknown) => sum(made.filter((re) => re.payment_intent === intentId));
  // A held refund has left the balance already (Stripe lets it go negative), not yet the ledger's refunds.
  const heldAtStripe = sum(refunds.filter((re) => re.status === 'pending'));

  const orderRows = await rows<{
    refnum: string;
    id: number;
    seller: string;
    intent: string;
    card: number;
    state: string;
    refunded: number;
  }>(
    db,
    sql`select o.refnum, o.id::int as id, u.refnum as seller, o.payment_intent_id as intent,
          (o.total_cents - o.rewards_cents)::int as card, o.state,
          (select coalesce(sum(e.amount_cents), 0) from ledger_entries e join ledger_transactions t on t.id = e.transaction_id
            where t.order_id = o.id and e.account = 'refunds')::int as refunded
        from orders o join users u on u.id = o.seller_id`,
  );
  const ordersOf = new Map<string, typeof orderRows>();
  for (const order of orderRows) ordersOf.set(order.intent, [...(ordersOf.get(order.intent) ?? []), order]);
  const captured = intents.filter((pi) => Number(pi.amount_received) > 0);

  // The sellers' connected accounts (the account's metadata names its seller) and what the ledger holds as transferred.
  const sellerOf = new Map(accounts.map((acct) => [String(acct.id), String((acct.metadata as StripeObject)?.seller)]));
  const transferred = await rows<{ seller: string; cents: number }>(
    db,
    sql`select u.refnum as seller, sum(e.amount_cents)::int as cents from ledger_entries e
        join users u on e.account = 'seller:' || u.id || ':transferred' group by u.refnum`,
  );
  const atStripe = new Map<string, number>();
  for (const acct of accounts) {
    const seller = sellerOf.get(String(acct.id)) ?? '';
    atStripe.set(seller, (atStripe.get(seller) ?? 0) + standIn.balance(String(acct.id)));
  }
  const sellers = new Set([...atStripe.keys(), ...transferred.map((row) => row.seller)]);
  const payoutRows = await rows<{ id: string; amount: number }>(
    db,
    sql`select id::text as id, amount_cents::int as amount from seller_payouts`,
  );
  const transfersOf = new Map<string, StripeObject[]>();
  for (const tr of transfers) {
    const payout = String((tr.metadata as StripeObject)?.payoutId);
    transfersOf.set(payout, [...(transfersOf.get(payout) ?? []), tr]);
  }
  /** Stripe's last refusal of a refund of the intent, to say why the books differ. */
  const refusedRefund = (intentId: string) => {
    const refused = exchanges.filter(
      (x) => x.path === '/v1/refunds' && x.method === 'POST' && x.status !== 200 && x.body.includes(intentId),
    );
    const last = refused.at(-1);
    return last ? ` (${refused.length} refunds refused: ${JSON.stringify(last.answer)})` : '';
  };
  const payoutRequests = exchanges.filter((x) => x.method === 'POST' && x.path === '/v1/payouts');

  const [held] = await rows<{ cents: number }>(
    db,
    sql`select coalesce(-sum(amount_cents), 0)::int as cents from ledger_entries
        where account in ('buyer_payments', 'refunds') or account like 'seller:%:transferred' or account like 'seller:%:paid_out'`,
  );
  const platform = standIn.balance() - reserveCents + heldAtStripe;

  return [
    {
      // The refunds Stripe holds are added back to its balance: they left it, not yet the ledger's refunds.
      name: "Stripe: the platform's balance at Stripe (less its reserve) is the money the ledger holds on the platform",
      checked: 1,
      broken: platform === held?.cents ? [] : [`${platform} at Stripe, ${held?.cents} in the ledger`],
    },
    {
      name: 'Stripe: every captured payment has exactly one order, or is refunded in full',
      checked: captured.length,
      broken: captured
        .filter((pi) => {
          const orders = ordersOf.get(String(pi.id)) ?? [];
          return orders.length > 1 || (orders.length === 0 && refundedOf(pi.id) < Number(pi.amount_received));
        })
        .map(
          (pi) =>
            `${pi.id}: ${ordersOf.get(String(pi.id))?.length ?? 0} orders, refunded ${refundedOf(pi.id)} of ${pi.amount_received}`,
        ),
    },
    {
      name: "Stripe: one capture per order, of the order's card amount (none for an order cancelled before it)",
      checked: orderRows.length,
      broken: orderRows
        .map((order) => ({
          order,
          captured: Number(intents.find((pi) => pi.id === order.intent)?.amount_received ?? 0),
        }))
        .filter(({ order, captured }) => captured !== order.card && !(captured === 0 && order.state === 'cancelled'))
        .map(
          ({ order, captured }) =>
            `order ${order.refnum} (${order.state}): captured ${captured}, card part ${order.card}`,
        ),
    },
    {
      name: "Stripe: what Stripe refunded of each order's payment is what the ledger gave back",
      checked: orderRows.filter((order) => Number(intents.find((pi) => pi.id === order.intent)?.amount_received) > 0)
        .length,
      broken: orderRows
        .filter((order) => Number(intents.find((pi) => pi.id === order.intent)?.amount_received) > 0)
        .filter((order) => refundedOf(order.intent) !== order.refunded)
        .map(
          (order) =>
            `order ${order.refnum} (${order.state}): Stripe refunded ${refundedOf(order.intent)}, the ledger ${order.refunded}${refusedRefund(order.intent)}`,
        ),
    },
    {
      name: 'Stripe: each ledger amount (payout) transferred to a connected account at most once',
      checked: transfersOf.size,
      broken: [...transfersOf].flatMap(([payoutId, made]) => {
        const kept = made.filter((tr) => Number(tr.amount_reversed) < Number(tr.amount));
        const net = sum(made) - sum(made, 'amount_reversed');
        const amount = payoutRows.find((row) => row.id === payoutId)?.amount ?? 0;
        return kept.length > 1 || net > amount
          ? [`payout ${payoutId} of ${amount}: ${made.length} transfers, ${kept.length} not reversed, ${net} kept`]
          : [];
      }),
    },
    {
      name: 'Stripe: no payout asked beyond the connected balance, no balance below zero',
      checked: payoutRequests.length,
      broken: [
        ...payoutRequests
          .filter((x) => JSON.stringify(x.answer).includes('balance_insufficient'))
          .map((x) => `POST /v1/payouts ${x.body} refused: balance_insufficient`),
        ...accounts
          .filter((acct) => standIn.balance(String(acct.id)) < 0)
          .map((acct) => `${acct.id}: ${standIn.balance(String(acct.id))}`),
      ],
    },
    {
      name: "Stripe: a failed payout is back in the connected balance, which is the ledger's transferred",
      checked: sellers.size,
      broken: [...sellers]
        .map((seller) => ({
          seller,
          stripe: atStripe.get(seller) ?? 0,
          ledger: transferred.find((row) => row.seller === seller)?.cents ?? 0,
        }))
        .filter(({ stripe, ledger }) => stripe !== ledger)
        .map(
          ({ seller, stripe, ledger }) => `seller ${seller}: ${stripe} at Stripe, ${ledger} transferred in the ledger`,
        ),
    },
    {
      name: "Stripe: the money moved adds up (transfers less reversals less payouts not failed is each account's balance)",
      checked: accounts.length,
      broken: accounts.flatMap((acct) => {
        const id = String(acct.id);
        const mine = transfers.filter((tr) => tr.destination === id);
        const back = reversals.filter((trr) => mine.some((tr) => tr.id === trr.transfer));
        const out = payouts.filter((po) => po.account === id && po.status !== 'failed');
        const expected = sum(mine) - sum(back) - sum(out);
        return expected === standIn.balance(id) ? [] : [`${id}: balance ${standIn.balance(id)}, moved ${expected}`];
      }),
    },
    {
      name: 'Stripe: every connected account pays out only when Yardly asks (manual payouts), none automatic',
      checked: accounts.length,
      broken: [
        ...accounts
          .filter(
            (acct) =>
              (acct.settings as { payouts: { schedule: { interval: string } } }).payouts.schedule.interval !== 'manual',
          )
          .map((acct) => `${acct.id} pays out ${JSON.stringify(acct.settings)}`),
        ...payouts.filter((po) => po.automatic).map((po) => `${po.id} was automatic`),
      ],
    },
    {
      name: "Stripe: every request Yardly sent has the shape Stripe's published API gives it",
      checked: exchanges.length,
      broken: exchanges.flatMap((x) => requestProblems(x).map((problem) => `${x.method} ${x.path}: ${problem}`)),
    },
  ];
}
