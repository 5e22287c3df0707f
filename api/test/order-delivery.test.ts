import type { LoginData, OrderDetail } from '@yardly/shared/contract';
import { orderMessages } from '@yardly/shared/rules';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../src/db/schema/index';
import { checkLedger, ledgerIsSound } from '../src/modules/ledger/check';
import { takeOrderEvent } from '../src/modules/orders/process';
import { authorisedIntent, boughtNow, call, orderDetail, type Placed } from './checkout-helpers';
import { startTestApp, type TestApp } from './harness';
import { noticeRowsOf } from './notification-helpers';
import { signedUpPeople } from './role-helpers';
import { publishedListing } from './selling-helpers';

type Balance = { pending: number; available: number; paidOut: number };

let t: TestApp;
let seller: LoginData;
let buyer: LoginData;
let other: LoginData;
let admin: LoginData;

beforeAll(async () => {
  t = await startTestApp();
  ({ seller, buyer, other, admin } = await signedUpPeople(t, 'seller', 'buyer', 'other', 'admin'));
});
afterAll(() => t?.close());

/** The seller ships it through the order process (issue 19 brings the call). */
async function shipped(orderId: string): Promise<void> {
  const runner = t.app.processes.order;
  await t.database.db.transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.refnum, orderId)).for('update');
    if (!order) throw new Error(`no order ${orderId}`);
    await takeOrderEvent(tx, runner, order, 'ship', { userId: order.sellerId, role: 'seller' }, t.app.clock.now());
  });
}

const confirmDelivery = (token: string | undefined, orderId: string) =>
  call<OrderDetail>(t, 'POST', '/svc/orders/confirm-delivery', token, { orderId });
const balance = (person: LoginData) => call<Balance>(t, 'GET', '/svc/payouts/balance', person.token);

describe('confirming delivery (POST /svc/orders/confirm-delivery)', () => {
  it("the buyer confirms a shipped order: delivered, the seller's share moves pending → available, the seller is told", async () => {
    const placed = await boughtNow(t, buyer.token, await publishedListing(t, seller.token, { listingPrice: 4000 }));
    await shipped(placed.orderId);
    expect((await orderDetail(t, buyer.token, placed.orderId)).body.data.actions).toEqual(['confirmDelivery']);
    const before = (await balance(seller)).body.data;
    const done = await confirmDelivery(buyer.token, placed.orderId);
    expect(done.status).toBe(200);
    expect(done.body.data).toMatchObject({ orderId: placed.orderId, status: 'delivered', statusLabel: 'Delivered' });
    expect(done.body.data.history.map((h) => h.event)).toEqual(['place', 'ship', 'confirmDelivery']);
    expect(done.body.data.actions).toEqual([]);
    const after = (await balance(seller)).body.data;
    // 4000 less the commission (8% in its band: 320).
    expect(after.pending - before.pending).toBe(-3680);
    expect(after.available - before.available).toBe(3680);
    const told = await noticeRowsOf(t, seller);
    expect(told.map((n) => n.text)).toContain(
      `Order ${placed.orderId} was delivered: your share is now available for payout.`,
    );
    const delivered = await call<{ orders: { content: { orderId: string }[] } }>(
      t,
      'GET',
      '/svc/orders?side=buying&filter=DELIVERED',
      buyer.token,
    );
    expect(delivered.body.data.orders.content.map((o) => o.orderId)).toContain(placed.orderId);
    const twice = await confirmDelivery(buyer.token, placed.orderId);
    expect([twice.status, twice.body.error]).toEqual([409, 'already_delivered']);
    expect((await balance(seller)).body.data).toEqual(after);
    expect(ledgerIsSound(await checkLedger(t.database.db))).toBe(true);
  });

  it('refuses the seller (403: not their turn), an order not shipped (409), a third person (403), nobody signed in (401), no such order (404)', async () => {
    const placed = await boughtNow(t, buyer.token, await publishedListing(t, seller.token));
    const early = await confirmDelivery(buyer.token, placed.orderId);
    expect([early.status, early.body.error, early.body.msg]).toEqual([
      409,
      'awaiting_shipment',
      'This order is paid, to be shipped: Confirm delivery is not possible now',
    ]);
    await shipped(placed.orderId);
    const bySeller = await confirmDelivery(seller.token, placed.orderId);
    expect([bySeller.status, bySeller.body.error, bySeller.body.msg]).toEqual([
      403,
      'not_your_turn',
      orderMessages.onlyBuyerConfirmsDelivery,
    ]);
    const byOther = await confirmDelivery(other.token, placed.orderId);
    expect([byOther.status, byOther.body.msg]).toEqual([403, orderMessages.notYours]);
    expect((await confirmDelivery(undefined, placed.orderId)).status).toBe(401);
    expect((await confirmDelivery(buyer.token, 'R00000000000')).status).toBe(404);
    expect((await orderDetail(t, buyer.token, placed.orderId)).body.data.status).toBe('shipped');
    const byAdmin = await confirmDelivery(admin.token, placed.orderId);
    expect([byAdmin.status, byAdmin.body.data.status]).toEqual([200, 'delivered']);
  });

  it('a pickup order is not confirmed as delivered: its seller enters the code instead', async () => {
    const listing = await publishedListing(t, seller.token, { shippable: false, meetToDeliver: true });
    const intent = await authorisedIntent(t, buyer.token, { listingRefnum: listing, deliveryMethod: 'pickup' });
    const paid = await call<Placed>(t, 'POST', '/svc/offer/pay-and-pickup', buyer.token, {
      listingRefnum: listing,
      paymentIntentId: intent.paymentIntentId,
    });
    const refused = await confirmDelivery(buyer.token, paid.body.data.orderId);
    expect([refused.status, refused.body.error]).toEqual([409, 'awaiting_pickup']);
  });
});
