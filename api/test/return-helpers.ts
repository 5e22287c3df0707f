import type { LoginData, ReturnDetail } from '@yardly/shared/contract';
import { eq } from 'drizzle-orm';
import { orders, returns, transitions } from '../src/db/schema/index';
import { orderRunnerWith, takeOrderEvent } from '../src/modules/orders/process';
import { returnRunnerWith } from '../src/modules/returns/process';
import { returnDelivered } from '../src/modules/returns/refund';
import { boughtNow, call } from './checkout-helpers';
import type { TestApp } from './harness';
import { publishedListing } from './selling-helpers';

export const RETURN_BODY = { reason: 'damaged', text: 'The handle came off in the box.' } as const;

/**
 * The carrier delivers the order now. Until the shipping module (branch h19-ship, with the
 * order's receipt job) is merged, the test writes the order's `arrive` as the carrier would.
 */
export async function arrived(t: TestApp, orderId: string): Promise<void> {
  const now = t.app.clock.now();
  await t.database.db.transaction(async (tx) => {
    const [paid] = await tx.select().from(orders).where(eq(orders.refnum, orderId)).for('update');
    if (!paid) throw new Error(`no order ${orderId}`);
    const seller = { userId: paid.sellerId, role: 'seller' as const };
    await takeOrderEvent(tx, orderRunnerWith(t.app.jobs), paid, 'ship', seller, now);
    const [order] = await tx
      .update(orders)
      .set({ state: 'arrived', updatedAt: now })
      .where(eq(orders.id, paid.id))
      .returning();
    if (!order) throw new Error(`no order ${orderId}`);
    await tx.insert(transitions).values({
      process: 'order',
      subjectId: order.id,
      event: 'arrive',
      fromState: 'shipped',
      toState: 'arrived',
      actorRole: 'system',
      at: now,
    });
  });
}

/** A shipped sale of the seller's, bought by the buyer and delivered by the carrier: its orderId and listing. */
export async function deliveredSale(t: TestApp, seller: LoginData, buyer: LoginData, listingPrice = 2500) {
  const listingRefnum = await publishedListing(t, seller.token, { listingPrice });
  const placed = await boughtNow(t, buyer.token, listingRefnum);
  await arrived(t, placed.orderId);
  return { orderId: placed.orderId, listingRefnum };
}

export function openReturn(t: TestApp, token: string | undefined, body: object) {
  return call<{ returnId: string }>(t, 'POST', '/svc/returns', token, body);
}

export function answerReturn(t: TestApp, token: string | undefined, returnId: string, answer: 'accept' | 'dispute') {
  return call<ReturnDetail>(t, 'POST', `/svc/returns/${returnId}/${answer}`, token);
}

export function returnDetail(t: TestApp, token: string | undefined, returnId: string) {
  return call<ReturnDetail>(t, 'GET', `/svc/returns/${returnId}`, token);
}

/** A return opened by the buyer on a delivered sale: its returnId and the sale. */
export async function openedReturn(t: TestApp, seller: LoginData, buyer: LoginData, listingPrice = 2500) {
  const sale = await deliveredSale(t, seller, buyer, listingPrice);
  const opened = await openReturn(t, buyer.token, { orderId: sale.orderId, ...RETURN_BODY });
  if (opened.status !== 200) throw new Error(`open answered ${opened.status}: ${JSON.stringify(opened.body)}`);
  return { ...sale, returnId: opened.body.data.returnId };
}

/** The carrier delivers the return parcel back to the seller (the shipping module's hook). */
export async function deliveredBack(t: TestApp, returnId: string): Promise<boolean> {
  const [row] = await t.database.db.select().from(returns).where(eq(returns.refnum, returnId));
  if (!row?.shipmentRef) throw new Error(`return ${returnId} has no label`);
  const deps = {
    jobs: t.app.jobs,
    orderRunner: orderRunnerWith(t.app.jobs),
    returnRunner: returnRunnerWith(t.app.jobs),
  };
  const shipmentRef = row.shipmentRef;
  return t.database.db.transaction((tx) => returnDelivered(tx, deps, shipmentRef, t.app.clock.now()));
}
