import { randomUUID } from 'node:crypto';
import type { LoginData, OrderDetail } from '@yardly/shared/contract';
import { addBusinessDays, commissionCents, orderMessages, shippingMessages } from '@yardly/shared/rules';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerEntries, ledgerTransactions, notifications, orders } from '../src/db/schema/index';
import { LEDGER, sellerAccount } from '../src/modules/ledger/accounts';
import { checkLedger, ledgerIsSound } from '../src/modules/ledger/check';
import { authorisedIntent, boughtNow, call, orderDetail, type Placed } from './checkout-helpers';
import { advanceClock, startTestApp, type TestApp } from './harness';
import { freshEmail, signedUp, userIdOf } from './identity-helpers';
import { pdfText } from './pdf-text';
import { withRoles } from './role-helpers';
import { publishedListing } from './selling-helpers';
import { buyLabel, labelFile, loggedInAgain, rates, tracking } from './shipping-helpers';

type Balance = { pending: number; available: number; paidOut: number };

let t: TestApp;
let seller: LoginData;
let buyer: LoginData;
let stranger: LoginData;
let admin: LoginData;

const emails = {
  seller: freshEmail('seller'),
  buyer: freshEmail('buyer'),
  stranger: freshEmail('stranger'),
  admin: freshEmail('admin'),
};

beforeAll(async () => {
  t = await startTestApp();
  seller = await signedUp(t, emails.seller);
  buyer = await signedUp(t, emails.buyer);
  stranger = await signedUp(t, emails.stranger);
  admin = await withRoles(t, await signedUp(t, emails.admin), ['ROLE_USER', 'ROLE_ADMIN']);
});

/** Everyone logs in again: moving the clock by days outlives the access tokens. */
async function everyoneAgain(): Promise<void> {
  seller = await loggedInAgain(t, emails.seller);
  buyer = await loggedInAgain(t, emails.buyer);
  stranger = await loggedInAgain(t, emails.stranger);
  admin = await loggedInAgain(t, emails.admin);
}
afterAll(() => t?.close());

const balance = (person: LoginData) => call<Balance>(t, 'GET', '/svc/payouts/balance', person.token);
const confirmReceived = (token: string | undefined, orderId: string) =>
  call<OrderDetail>(t, 'POST', '/svc/orders/confirm-received', token, { orderId });

async function sale(overrides: Record<string, unknown> = {}): Promise<Placed> {
  return boughtNow(t, buyer.token, await publishedListing(t, seller.token, overrides));
}

/** Moves the clock just past `at`: the carrier's events and timers due by then have run. */
async function clockPast(at: string | Date): Promise<void> {
  const now = t.app.clock.now().getTime();
  const minutes = Math.ceil((new Date(at).getTime() - now) / 60_000) + 1;
  if (minutes > 0) await advanceClock(t, minutes);
  await everyoneAgain();
}

async function entriesOf(orderId: string, kind: string) {
  const [order] = await t.database.db.select().from(orders).where(eq(orders.refnum, orderId));
  return t.database.db
    .select({ account: ledgerEntries.account, amountCents: ledgerEntries.amountCents })
    .from(ledgerEntries)
    .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
    .where(eq(ledgerTransactions.orderId, order?.id ?? 0))
    .then((rows) => rows.filter(() => kind !== ''))
    .then(async (rows) => {
      const kinds = await t.database.db
        .select({ id: ledgerTransactions.id, kind: ledgerTransactions.kind })
        .from(ledgerTransactions)
        .where(eq(ledgerTransactions.orderId, order?.id ?? 0));
      return { rows, kinds: kinds.map((k) => k.kind) };
    });
}

describe('rates and the label (GET /svc/shipping/rates, POST /svc/shipping/label)', () => {
  it('the seller sees three services cheapest first, buys one: the order is shipped, the buyer told, the ledger pays the carrier from the shipping', async () => {
    const placed = await sale({ listingPrice: 4000, weightLbs: 2 });
    const quoted = await rates(t, seller.token, placed.orderId, 'small');
    expect(quoted.status).toBe(200);
    expect(quoted.body.data.rates.map((r) => r.service)).toEqual(['ground', 'priority', 'express']);
    for (const r of quoted.body.data.rates) expect(r.amount).toBeGreaterThan(0);
    const again = await rates(t, seller.token, placed.orderId, 'small');
    expect(again.body.data).toEqual(quoted.body.data); // deterministic
    const bigger = await rates(t, seller.token, placed.orderId, 'large');
    expect(bigger.status).toBe(200);
    const tooSmall = await rates(t, seller.token, placed.orderId, 'envelope');
    expect([tooSmall.status, tooSmall.body.msg]).toEqual([400, shippingMessages.tooHeavy]);

    const ground = quoted.body.data.rates[0]?.amount ?? 0;
    const bought = await buyLabel(t, seller.token, placed.orderId, { parcel: 'small', service: 'ground' });
    expect(bought.status).toBe(200);
    expect(bought.body.data.amount).toBe(ground);
    expect(bought.body.data.trackingNumber).toMatch(/^YD\d{16}US$/);
    // Signed for its seller, so that a new tab (no token) opens it (docs/decisions/0044).
    expect(bought.body.data.labelUrl).toMatch(
      new RegExp(`^/svc/shipping/labels/${bought.body.data.trackingNumber}\\.pdf\\?exp=\\d+&sig=`),
    );
    const detail = await orderDetail(t, seller.token, placed.orderId);
    expect(detail.body.data.status).toBe('shipped');
    expect(detail.body.data.history.map((h) => h.event)).toEqual(['place', 'ship']);
    const told = await t.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, await userIdOf(t, buyer)));
    expect(told.map((n) => n.text)).toContain(
      `Order ${placed.orderId} was shipped: tracking number ${bought.body.data.trackingNumber}`,
    );
    const { rows, kinds } = await entriesOf(placed.orderId, 'label');
    expect(kinds).toContain('label');
    expect(rows).toContainEqual({ account: LEDGER.carrier, amountCents: ground });
    expect(rows).toContainEqual({ account: LEDGER.shipping, amountCents: -ground });
    expect(ledgerIsSound(await checkLedger(t.database.db))).toBe(true);

    // The PDF: the seller only, again later, a real 4x6 label holding the tracking number.
    const pdf = await labelFile(t, seller.token, bought.body.data.labelUrl);
    expect([pdf.status, pdf.type]).toEqual([200, 'application/pdf']);
    expect(pdf.bytes.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.bytes.toString('latin1')).toContain('/MediaBox [ 0 0 288 432 ]');
    const text = pdfText(pdf.bytes);
    expect(text).toContain(bought.body.data.trackingNumber);
    expect(text).toContain('Ann Lee');
    expect(text).toContain('1 Main St');
    expect(text).toContain('Weight: 2 lbs');
    expect(text).toContain('GROUND');
    expect(pdf.bytes.toString('latin1')).toContain('/Subtype /Image'); // the Code 128 barcode
    const byBuyer = await labelFile(t, buyer.token, bought.body.data.labelUrl);
    expect(byBuyer.status).toBe(403);
    expect((await labelFile(t, stranger.token, bought.body.data.labelUrl)).status).toBe(403);
    expect((await labelFile(t, undefined, bought.body.data.labelUrl.split('?')[0] ?? '')).status).toBe(401);
    expect((await labelFile(t, seller.token, '/svc/shipping/labels/YD0000000000000000US.pdf')).status).toBe(404);
    const reprint = await call(t, 'GET', `/svc/shipping/label?orderId=${placed.orderId}`, seller.token);
    expect([reprint.status, reprint.body.data]).toEqual([200, { ...bought.body.data, labelUrl: expect.any(String) }]);
  });

  it('under free shipping the label is deducted from the seller’s share, which is released less the label', async () => {
    const placed = await sale({ listingPrice: 5000, offerFreeDelivery: true });
    expect((await orderDetail(t, buyer.token, placed.orderId)).body.data.amount.shipping).toBe(0);
    const before = (await balance(seller)).body.data;
    const bought = await buyLabel(t, seller.token, placed.orderId, { service: 'priority' });
    expect(bought.status).toBe(200);
    const label = bought.body.data.amount;
    const { rows } = await entriesOf(placed.orderId, 'label');
    expect(rows).toContainEqual({ account: sellerAccount(await userIdOf(t, seller), 'pending'), amountCents: -label });
    expect((await balance(seller)).body.data.pending - before.pending).toBe(-label);
    const done = await confirmReceived(buyer.token, placed.orderId);
    expect(done.status).toBe(200);
    const after = (await balance(seller)).body.data;
    // The price less the commission less the label.
    expect(after.available - before.available).toBe(5000 - commissionCents(5000) - label);
    expect(after.pending).toBe(before.pending - (5000 - commissionCents(5000)));
    expect(ledgerIsSound(await checkLedger(t.database.db))).toBe(true);
  });

  it('refuses the buyer, a stranger, nobody signed in, a pickup order, a cancelled order, an unknown service, a second label', async () => {
    const placed = await sale();
    const byBuyer = await buyLabel(t, buyer.token, placed.orderId);
    expect([byBuyer.status, byBuyer.body.msg]).toEqual([403, shippingMessages.onlySeller]);
    expect((await rates(t, buyer.token, placed.orderId)).status).toBe(403);
    const byStranger = await buyLabel(t, stranger.token, placed.orderId);
    expect([byStranger.status, byStranger.body.msg]).toEqual([403, orderMessages.notYours]);
    expect((await rates(t, stranger.token, placed.orderId)).status).toBe(403);
    expect((await buyLabel(t, admin.token, placed.orderId)).status).toBe(403);
    expect((await buyLabel(t, undefined, placed.orderId)).status).toBe(401);
    expect((await buyLabel(t, seller.token, 'R00000000000')).status).toBe(404);
    const unknown = await buyLabel(t, seller.token, placed.orderId, { service: 'teleport' });
    expect([unknown.status, unknown.body.msg]).toEqual([400, shippingMessages.noService]);
    const badParcel = await buyLabel(t, seller.token, placed.orderId, { parcel: 'crate' });
    expect(badParcel.status).toBe(400);

    const first = await buyLabel(t, seller.token, placed.orderId, {}, 'key-1');
    expect(first.status).toBe(200);
    const retried = await buyLabel(t, seller.token, placed.orderId, {}, 'key-1');
    expect([retried.status, retried.body.data]).toEqual([200, first.body.data]);
    const second = await buyLabel(t, seller.token, placed.orderId, {}, 'key-2');
    expect([second.status, second.body.error, second.body.msg]).toEqual([
      409,
      'label_already_bought',
      shippingMessages.alreadyBought,
    ]);
    const { rows } = await entriesOf(placed.orderId, 'label');
    expect(rows.filter((r) => r.account === LEDGER.carrier)).toHaveLength(1);

    const local = await publishedListing(t, seller.token, { shippable: false, meetToDeliver: true });
    const intent = await authorisedIntent(t, buyer.token, { listingRefnum: local, deliveryMethod: 'pickup' });
    const paid = await call<Placed>(t, 'POST', '/svc/offer/pay-and-pickup', buyer.token, {
      listingRefnum: local,
      paymentIntentId: intent.paymentIntentId,
    });
    const pickup = await buyLabel(t, seller.token, paid.body.data.orderId);
    expect([pickup.status, pickup.body.error, pickup.body.msg]).toEqual([
      409,
      'is_pickup',
      shippingMessages.pickupOrder,
    ]);
    expect((await rates(t, seller.token, paid.body.data.orderId)).status).toBe(409);

    const cancelled = await sale();
    expect((await call(t, 'POST', '/svc/orders/cancel', seller.token, { orderId: cancelled.orderId })).status).toBe(
      200,
    );
    const late = await buyLabel(t, seller.token, cancelled.orderId);
    expect([late.status, late.body.error, late.body.msg]).toEqual([409, 'already_cancelled', shippingMessages.notPaid]);
    expect(ledgerIsSound(await checkLedger(t.database.db))).toBe(true);
  });

  it('two purchases at once: exactly one label, the other 409', async () => {
    const placed = await sale();
    const both = await Promise.all([
      buyLabel(t, seller.token, placed.orderId, {}, randomUUID()),
      buyLabel(t, seller.token, placed.orderId, { service: 'priority' }, randomUUID()),
    ]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
    const { rows } = await entriesOf(placed.orderId, 'label');
    expect(rows.filter((r) => r.account === LEDGER.carrier)).toHaveLength(1);
    expect((await orderDetail(t, seller.token, placed.orderId)).body.data.history.map((h) => h.event)).toEqual([
      'place',
      'ship',
    ]);
  });
});

describe('tracking, arrival and receipt', () => {
  it('the built-in carrier moves the parcel on the clock; delivered makes the order arrived and tells both; the buyer confirms', async () => {
    const placed = await sale();
    const bought = await buyLabel(t, seller.token, placed.orderId);
    const first = await tracking(t, buyer.token, placed.orderId);
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({ trackingNumber: bought.body.data.trackingNumber, status: 'pre_transit' });
    expect(first.body.data.events.map((e) => e.status)).toEqual(['pre_transit']);
    expect((await tracking(t, seller.token, placed.orderId)).body.data).toEqual(first.body.data);
    const refusedStranger = await tracking(t, stranger.token, placed.orderId);
    expect([refusedStranger.status, refusedStranger.body.msg]).toEqual([403, orderMessages.notYours]);
    expect((await tracking(t, admin.token, placed.orderId)).status).toBe(403);
    expect((await tracking(t, undefined, placed.orderId)).status).toBe(401);
    const unshipped = await sale();
    expect((await tracking(t, buyer.token, unshipped.orderId)).status).toBe(404);

    await advanceClock(t, 9 * 60);
    await everyoneAgain();
    expect((await tracking(t, buyer.token, placed.orderId)).body.data.status).toBe('in_transit');
    const expectedAt = first.body.data.expectedAt ?? '';
    await clockPast(expectedAt);
    const delivered = await tracking(t, buyer.token, placed.orderId);
    expect(delivered.body.data.status).toBe('delivered');
    expect(delivered.body.data.events.map((e) => e.status)).toEqual([
      'pre_transit',
      'in_transit',
      'out_for_delivery',
      'delivered',
    ]);
    const arrived = await orderDetail(t, buyer.token, placed.orderId);
    expect([arrived.body.data.status, arrived.body.data.statusLabel]).toEqual([
      'arrived',
      'Delivered, to be confirmed',
    ]);
    expect(arrived.body.data.actions).toContain('confirmDelivery');
    const told = await t.database.db.select().from(notifications);
    expect(told.filter((n) => n.text.includes(`order ${placed.orderId} arrived`)).map((n) => n.link)).toEqual([
      `/confirm-item-received?orderId=${placed.orderId}`,
    ]);
    expect(told.some((n) => n.text.includes(`order ${placed.orderId} reached the buyer`))).toBe(true);

    // Not their turn (the table never lets a seller confirm): 403, the wrong state would be 409.
    const bySeller = await confirmReceived(seller.token, placed.orderId);
    expect([bySeller.status, bySeller.body.msg]).toEqual([403, orderMessages.onlyBuyerConfirmsDelivery]);
    const byStranger = await confirmReceived(stranger.token, placed.orderId);
    expect([byStranger.status, byStranger.body.msg]).toEqual([403, orderMessages.notYours]);
    expect((await confirmReceived(undefined, placed.orderId)).status).toBe(401);
    const before = (await balance(seller)).body.data;
    const done = await confirmReceived(buyer.token, placed.orderId);
    expect([done.status, done.body.data.status]).toEqual([200, 'delivered']);
    expect(done.body.data.history.map((h) => h.event)).toEqual(['place', 'ship', 'arrive', 'confirmDelivery']);
    expect((await balance(seller)).body.data.available - before.available).toBe(2500 - commissionCents(2500));
    const twice = await confirmReceived(buyer.token, placed.orderId);
    expect([twice.status, twice.body.error]).toEqual([409, 'already_delivered']);
    expect(ledgerIsSound(await checkLedger(t.database.db))).toBe(true);
  });

  it('without the buyer, the order is confirmed when three business days after delivery have passed', async () => {
    const placed = await sale();
    await buyLabel(t, seller.token, placed.orderId);
    const expectedAt = (await tracking(t, buyer.token, placed.orderId)).body.data.expectedAt ?? '';
    await clockPast(expectedAt);
    expect((await orderDetail(t, buyer.token, placed.orderId)).body.data.status).toBe('arrived');
    const [arrival] = (await orderDetail(t, buyer.token, placed.orderId)).body.data.history.filter(
      (h) => h.event === 'arrive',
    );
    const closes = addBusinessDays(new Date(arrival?.at ?? ''), 3);
    await clockPast(new Date(closes.getTime() - 5 * 60_000));
    expect((await orderDetail(t, buyer.token, placed.orderId)).body.data.status).toBe('arrived');
    await clockPast(closes);
    const done = await orderDetail(t, buyer.token, placed.orderId);
    expect(done.body.data.status).toBe('delivered');
    expect(done.body.data.history.map((h) => h.event)).toEqual(['place', 'ship', 'arrive', 'autoConfirm']);
    const { rows } = await entriesOf(placed.orderId, 'release');
    const sellerId = await userIdOf(t, seller);
    expect(rows).toContainEqual({
      account: sellerAccount(sellerId, 'available'),
      amountCents: 2500 - commissionCents(2500),
    });
    const told = await t.database.db.select().from(notifications).where(eq(notifications.userId, sellerId));
    expect(told.map((n) => n.text)).toContain(
      `Order ${placed.orderId} was delivered: your share is now available for payout.`,
    );
    expect(ledgerIsSound(await checkLedger(t.database.db))).toBe(true);
  });

  it('GET /svc/orders/of-listing finds the caller’s order of a listing, for its parties only', async () => {
    const listing = await publishedListing(t, seller.token);
    const placed = await boughtNow(t, buyer.token, listing);
    for (const person of [buyer, seller]) {
      const found = await call<{ orderId: string }>(
        t,
        'GET',
        `/svc/orders/of-listing?listingRefnum=${listing}`,
        person.token,
      );
      expect([found.status, found.body.data.orderId]).toEqual([200, placed.orderId]);
    }
    const none = await call(t, 'GET', `/svc/orders/of-listing?listingRefnum=${listing}`, stranger.token);
    expect(none.status).toBe(404);
  });

  it('the return label for the returns process: buyer to seller, the same parcel, the cheapest service, the buyer prints it; its delivery reaches the hook', async () => {
    const placed = await sale();
    await buyLabel(t, seller.token, placed.orderId, { parcel: 'medium', service: 'express' });
    const delivered: string[] = [];
    t.app.shipping.onShipmentDelivered('return', async (_tx, shipment) => {
      delivered.push(shipment.trackingNumber);
    });
    const bought = await t.database.db.transaction(async (tx) => {
      const [order] = await tx.select().from(orders).where(eq(orders.refnum, placed.orderId)).for('update');
      if (!order) throw new Error('no order');
      const first = await t.app.shipping.buyReturnLabel(tx, order, t.app.clock.now());
      const again = await t.app.shipping.buyReturnLabel(tx, order, t.app.clock.now());
      return { first, again };
    });
    const label = bought.first;
    expect(bought.again.trackingNumber).toBe(label.trackingNumber);
    expect([label.direction, label.parcel, label.service]).toEqual(['return', 'medium', 'ground']);
    expect(label.fromAddress).toMatchObject({ name: 'Ann Lee', line1: '1 Main St', zip: '10001' });
    expect(label.labelUrl).toBe(`/svc/shipping/labels/${label.trackingNumber}.pdf`);
    const pdf = await labelFile(t, buyer.token, label.labelUrl);
    expect([pdf.status, pdf.type]).toEqual([200, 'application/pdf']);
    expect(pdfText(pdf.bytes)).toContain(label.trackingNumber);
    expect((await labelFile(t, seller.token, label.labelUrl)).status).toBe(403);
    const { rows } = await entriesOf(placed.orderId, 'label');
    expect(rows).toContainEqual({ account: LEDGER.revenue, amountCents: -label.amountCents });
    await clockPast(label.expectedAt ?? new Date());
    expect(delivered).toEqual([label.trackingNumber]);
    expect(ledgerIsSound(await checkLedger(t.database.db))).toBe(true);
  });
});
