import { and, count, eq, gt, isNull, lt, lte, notExists, notInArray, or, sql } from 'drizzle-orm';
import { addMs } from '../../clock/clock';
import type { Db } from '../../db/connect';
import { checkouts, orders } from '../../db/schema/index';
import { defineJob } from '../../jobs/job';
import type { PaymentProvider } from '../payments/provider';
import type { CompleteCheckout, Completion } from './complete';
import type { CheckoutRow } from './place';

export const ABANDONED_CHECKOUTS_JOB = 'orders.complete-abandoned';
/** How often the sweep looks. */
export const ABANDONED_SWEEP_EVERY_MINUTES = 5;
/** A checkout whose page has not placed its authorised intent after this long was left (a tab closed). */
export const ABANDONED_AFTER_MINUTES = 15;
/**
 * Older checkouts are not asked about: Stripe lets an uncaptured authorisation lapse after about
 * seven days, and a sweep every few minutes has long completed any before then.
 */
const ABANDONED_WITHIN_DAYS = 7;
/** Checkouts asked about per batch. */
const SWEEP_BATCH = 100;
/**
 * Batches per run at most: a run goes on while checkouts it has not asked about are due, so a
 * crowd of checkouts (1,400 once, 300 of them one account's) is through in one run, not fourteen.
 */
const SWEEP_BATCHES_PER_RUN = 20;

/** The provider's checkouts with no order, started between fifteen minutes and seven days ago, not a lost one already seen released. */
function due(db: Db, provider: string, now: Date) {
  return and(
    eq(checkouts.provider, provider),
    lte(checkouts.createdAt, addMs(now, -ABANDONED_AFTER_MINUTES * 60_000)),
    gt(checkouts.createdAt, addMs(now, -ABANDONED_WITHIN_DAYS * 24 * 60 * 60_000)),
    notExists(db.select({ id: orders.id }).from(orders).where(eq(orders.checkoutId, checkouts.id))),
    or(isNull(checkouts.lostAt), isNull(checkouts.sweptAt), lt(checkouts.sweptAt, checkouts.lostAt)),
  );
}

/**
 * The checkouts to ask the provider about next, fairly: those never asked come before those asked
 * already (least recently asked first); within each, every person's oldest comes before anyone's
 * second (one account's many checkouts cannot hold the others back), then the oldest first.
 * `skip`: the ones this run has already asked about, or failed to.
 */
export function dueCheckouts(
  db: Db,
  provider: string,
  now: Date,
  options: { limit?: number; skip?: number[] } = {},
): Promise<CheckoutRow[]> {
  const { limit = SWEEP_BATCH, skip = [] } = options;
  return db
    .select()
    .from(checkouts)
    .where(
      and(
        due(db, provider, now),
        or(isNull(checkouts.sweptAt), lt(checkouts.sweptAt, now)),
        skip.length ? notInArray(checkouts.id, skip) : undefined,
      ),
    )
    .orderBy(
      sql`${checkouts.sweptAt} is not null`,
      sql`row_number() over (partition by ${checkouts.buyerId}, ${checkouts.sweptAt} is null order by ${checkouts.sweptAt} asc nulls first, ${checkouts.createdAt} asc, ${checkouts.id} asc)`,
      sql`${checkouts.sweptAt} asc nulls first`,
      sql`${checkouts.createdAt} asc`,
      sql`${checkouts.id} asc`,
    )
    .limit(limit);
}

/**
 * How many checkouts of the provider's a person has open: not placed, not lost, not yet asked
 * about by the sweep, started within the days the sweep looks back.
 */
export async function openCheckoutsOf(db: Db, buyerId: number, provider: string, now: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(checkouts)
    .where(
      and(
        eq(checkouts.buyerId, buyerId),
        eq(checkouts.provider, provider),
        isNull(checkouts.lostAt),
        isNull(checkouts.sweptAt),
        gt(checkouts.createdAt, addMs(now, -ABANDONED_WITHIN_DAYS * 24 * 60 * 60_000)),
        notExists(db.select({ id: orders.id }).from(orders).where(eq(orders.checkoutId, checkouts.id))),
      ),
    );
  return row?.n ?? 0;
}

/**
 * One abandoned checkout: an authorised intent is completed as the webhook completes it (the
 * order placed if the buyer may still have the item, else the authorisation released; the buyer
 * told either way), in one transaction, the provider written to after it commits. An intent
 * released elsewhere (Stripe's lapse) is marked lost; one never authorised needs nothing now. The
 * checkout is marked asked only once the provider has done what it was asked: a release that did
 * not reach it is tried again next run.
 */
async function sweepOne(
  deps: { payments: PaymentProvider; complete: CompleteCheckout },
  db: Db,
  checkout: CheckoutRow,
  now: Date,
): Promise<Completion> {
  // Read outside the transaction: the built-in provider reads its own tables through the database.
  const intent = await deps.payments.retrieveIntent(checkout.paymentIntentId);
  const afterwards: (() => Promise<unknown>)[] = [];
  const outcome =
    intent.status === 'requires_capture'
      ? await db.transaction((tx) =>
          deps.complete(
            tx,
            checkout.paymentIntentId,
            async () => intent,
            async (work) => {
              afterwards.push(work);
            },
          ),
        )
      : 'not_authorised';
  for (const work of afterwards) await work();
  const lost = intent.status === 'canceled' && !checkout.lostAt ? { lostAt: now } : {};
  await db
    .update(checkouts)
    .set({ sweptAt: now, ...lost })
    .where(eq(checkouts.id, checkout.id));
  return outcome;
}

/**
 * Abandoned authorisations (issue 18): a buyer whose tab closed after the card was authorised
 * but before the page called `orders/place`. Every few minutes, on the app clock, the checkouts
 * left fifteen minutes are asked about and completed with the webhook's function: no money is
 * held for an order that will never exist, and no paid buyer is left without their order.
 */
export function abandonedCheckoutsJob(deps: { payments: PaymentProvider; complete: CompleteCheckout }) {
  return defineJob<Record<string, never>>({
    name: ABANDONED_CHECKOUTS_JOB,
    schedule: { everyMinutes: ABANDONED_SWEEP_EVERY_MINUTES },
    async run(_payload, { db, now, log }) {
      const counts: Partial<Record<Completion, number>> = {};
      const asked: number[] = [];
      for (let batch = 0; batch < SWEEP_BATCHES_PER_RUN; batch += 1) {
        const next = await dueCheckouts(db, deps.payments.name, now, { skip: asked });
        for (const checkout of next) {
          asked.push(checkout.id);
          try {
            const outcome = await sweepOne(deps, db, checkout, now);
            counts[outcome] = (counts[outcome] ?? 0) + 1;
          } catch (error) {
            // One checkout the provider cannot answer for does not stop the others; it is asked again next run
            // (what committed stays: an order placed is captured by its settlement job).
            log.warn({ err: error, checkoutId: checkout.id }, 'an abandoned checkout could not be completed');
          }
        }
        if (next.length < SWEEP_BATCH) break;
      }
      if (counts.placed || counts.released) log.info(counts, 'abandoned checkouts completed');
    },
  });
}
