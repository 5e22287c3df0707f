import type { LoginData, OrderDetail } from '@yardly/shared/contract';
import { cardMessages, orderMessages } from '@yardly/shared/rules';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  checkouts,
  ledgerEntries,
  ledgerTransactions,
  listings,
  notifications,
  offers,
  orders,
  testPaymentIntents,
} from '../src/db/schema/index';
import { checkLedger, ledgerIsSound } from '../src/modules/ledger/check';
import { sellerBalance } from '../src/modules/ledger/ledger';
import {
  authorisedIntent,
  boughtNow,
  call,
  confirmCard,
  createPI,
  GOOD_CARD,
  type Intent,
  intentStatus,
  orderDetail,
  type Placed,
  placeOrder,
  savedAddress,
  testProviderRefunds,
} from './checkout-helpers';
import { startTestApp, type TestApp } from './harness';
import { freshEmail, signedUp, userIdOf } from './identity-helpers';
import { noticeRowsOf } from './notification-helpers';
import { acceptOffer, advanceKeepingSignedIn, makeOffer } from './offer-helpers';
import { signedUpPeople, withRoles } from './role-helpers';
import { listingTakingOffers, publishedListing, setBuyNow } from './selling-helpers';

let t: TestApp;
let seller: LoginData;
let buyer: LoginData;
let other: LoginData;

beforeAll(async () => {
  t = await startTestApp();
  ({ seller, buyer, other } = await signedUpPeople(t, 'seller', 'buyer', 'other'));
});
afterAll(() => t?.close());

async function listingState(refnum: string) {
  const [row] = await t.database.db.select({ state: listings.state }).from(listings).where(eq(listings.refnum, refnum));
  return row?.state;
}

async function soundLedger() {
  const report = await checkLedger(t.database.db);
  expect(report.unbalanced).toEqual([]);
  expect(report.mismatched).toEqual([]);
  expect(ledgerIsSound(report)).toBe(true);
}

describe('delivery options (GET /svc/listing/deliveryoptions)', () => {
  it('ships at the weight class price and offers pickup, as the listing allows', async () => {
    const listing = await publishedListing(t, seller.token, { weightLbs: 1.5 });
    const answer = await call(t, 'GET', `/svc/listing/deliveryoptions?listingRefnum=${listing}`);
    expect(answer.status).toBe(200);
    expect(answer.body.data).toEqual({
      listingRefnum: listing,
      options: [
        { method: 'ship', label: 'Shipping (1 to 3 lbs)', priceCents: 899 },
        { method: 'pickup', label: 'Local pickup', priceCents: 0 },
      ],
    });
  });

  it("says 'Free Shipping' when the seller pays it, and only pickup when it is not shipped", async () => {
    const free = await publishedListing(t, seller.token, { offerFreeDelivery: true });
    const local = await publishedListing(t, seller.token, { shippable: false, meetToDeliver: true });
    expect((await call(t, 'GET', `/svc/listing/deliveryoptions?listingRefnum=${free}`)).body.data).toMatchObject({
      options: [{ method: 'ship', label: 'Free Shipping', priceCents: 0 }, { method: 'pickup' }],
    });
    expect((await call(t, 'GET', `/svc/listing/deliveryoptions?listingRefnum=${local}`)).body.data).toMatchObject({
      options: [{ method: 'pickup', label: 'Local pickup', priceCents: 0 }],
    });
    expect((await call(t, 'GET', '/svc/listing/deliveryoptions?listingRefnum=L00000000000')).status).toBe(404);
  });
});

describe('createPI', () => {
  it('prices the purchase itself: the item, shipping by weight, the total; the same key answers the same intent', async () => {
    const listing = await publishedListing(t, seller.token, { listingPrice: 2500, weightLbs: 1.5 });
    const addressId = await savedAddress(t, buyer.token);
    const body = { listingRefnum: listing, deliveryMethod: 'ship' as const, addressId };
    const first = await createPI(t, buyer.token, body, 'key-1');
    expect(first.status).toBe(200);
    expect(first.body.data.amount).toEqual({ itemPrice: 2500, shipping: 899, rewards: 0, total: 3399 });
    expect(first.body.data.paymentIntentId).toMatch(/^pi_test_/);
    expect(first.body.data.clientSecret).toContain(first.body.data.paymentIntentId);
    const again = await createPI(t, buyer.token, body, 'key-1');
    expect(again.body.data).toEqual(first.body.data);
    const reused = await createPI(t, buyer.token, { ...body, deliveryMethod: 'pickup', addressId: undefined }, 'key-1');
    expect(reused.status).toBe(409);
    expect(reused.body.error).toBe('idempotency_key_reused');
    const [stored] = await t.database.db
      .select({ amount: testPaymentIntents.amountCents })
      .from(testPaymentIntents)
      .where(eq(testPaymentIntents.id, first.body.data.paymentIntentId));
    expect(stored?.amount).toBe(3399);
  });

  it('refuses: no key, no sign-in, own item, no address to ship to, someone else’s address, a delivery the listing lacks, no Buy Now', async () => {
    const listing = await publishedListing(t, seller.token, { shippable: false, meetToDeliver: true });
    const shipped = await publishedListing(t, seller.token);
    const offersOnly = await publishedListing(t, seller.token, { buyNow: false });
    const othersAddress = await savedAddress(t, other.token);
    const noKey = await createPI(t, buyer.token, { listingRefnum: listing, deliveryMethod: 'pickup' }, null);
    expect(noKey.status).toBe(400);
    expect(noKey.body.errors).toEqual([{ field: 'Idempotency-Key', message: orderMessages.idempotencyKeyRequired }]);
    expect((await createPI(t, undefined, { listingRefnum: listing, deliveryMethod: 'pickup' })).status).toBe(401);
    const own = await createPI(t, seller.token, { listingRefnum: listing, deliveryMethod: 'pickup' });
    expect([own.status, own.body.msg]).toEqual([403, orderMessages.ownListing]);
    const noAddress = await createPI(t, buyer.token, { listingRefnum: shipped, deliveryMethod: 'ship' });
    expect([noAddress.status, noAddress.body.errors?.[0]?.field]).toEqual([400, 'addressId']);
    const notMine = await createPI(t, buyer.token, {
      listingRefnum: shipped,
      deliveryMethod: 'ship',
      addressId: othersAddress,
    });
    expect([notMine.status, notMine.body.msg]).toEqual([403, orderMessages.addressNotYours]);
    const notShipped = await createPI(t, buyer.token, {
      listingRefnum: listing,
      deliveryMethod: 'ship',
      addressId: await savedAddress(t, buyer.token),
    });
    expect([notShipped.status, notShipped.body.msg]).toEqual([400, orderMessages.noShipping]);
    const noBuyNow = await createPI(t, buyer.token, { listingRefnum: offersOnly, deliveryMethod: 'pickup' });
    expect([noBuyNow.status, noBuyNow.body.msg]).toEqual([409, orderMessages.notBuyNow]);
    const started = await t.database.db
      .select()
      .from(checkouts)
      .where(eq(checkouts.buyerId, await userIdOf(t, seller)));
    expect(started).toEqual([]);
  });
});

describe('the test provider’s card form', () => {
  it("declines Stripe's declining test numbers with 402 and their words, then takes a good card", async () => {
    const listing = await publishedListing(t, seller.token);
    const pi = await createPI(t, buyer.token, { listingRefnum: listing, deliveryMethod: 'pickup' });
    const id = pi.body.data.paymentIntentId;
    const declined = await confirmCard(t, buyer.token, id, { ...GOOD_CARD, number: '4000 0000 0000 0002' });
    expect([declined.status, declined.body.msg]).toEqual([402, 'Your card was declined.']);
    const poor = await confirmCard(t, buyer.token, id, { ...GOOD_CARD, number: '4000000000009995' });
    expect([poor.status, poor.body.msg]).toEqual([402, 'Your card has insufficient funds.']);
    const luhn = await confirmCard(t, buyer.token, id, { ...GOOD_CARD, number: '4242 4242 4242 4241' });
    expect([luhn.status, luhn.body.errors]).toEqual([400, [{ field: 'number', message: cardMessages.invalidNumber }]]);
    const expired = await confirmCard(t, buyer.token, id, { ...GOOD_CARD, exp: '01/20' });
    expect(expired.body.errors).toEqual([{ field: 'exp', message: cardMessages.expired }]);
    const amex = await confirmCard(t, buyer.token, id, { number: '378282246310005', exp: '12/30', cvc: '123' });
    expect(amex.body.errors).toEqual([{ field: 'cvc', message: cardMessages.invalidCvc }]);
    expect(await intentStatus(t, id)).toBe('requires_payment_method');
    // The item is still buyable after a decline: nobody placed anything.
    expect(await listingState(listing)).toBe('live');
    expect((await confirmCard(t, other.token, id)).status).toBe(404);
    const good = await confirmCard(t, buyer.token, id);
    expect(good.status).toBe(200);
    expect(good.body.data).toEqual({
      paymentIntentId: id,
      status: 'requires_capture',
      card: { brand: 'Visa', last4: '4242' },
    });
    expect((await confirmCard(t, buyer.token, id)).status).toBe(409);
  });
});

describe('placing an order (POST /svc/orders/place)', () => {
  it('sells the listing in one transaction, captures the payment, posts a balanced ledger; repeating answers the same order', async () => {
    const listing = await listingTakingOffers(t, seller.token, { listingPrice: 5000, weightLbs: 0.5 });
    const offered = await makeOffer(t, other.token, listing, 4000);
    // The seller then switches it to Buy Now: the open offer waits until the sale declines it.
    await setBuyNow(t, listing, true);
    const addressId = await savedAddress(t, buyer.token);
    const pi = await createPI(t, buyer.token, { listingRefnum: listing, deliveryMethod: 'ship', addressId });
    const id = pi.body.data.paymentIntentId;
    const early = await placeOrder(t, buyer.token, id);
    expect([early.status, early.body.msg]).toEqual([409, orderMessages.notAuthorised]);
    await confirmCard(t, buyer.token, id);
    expect((await placeOrder(t, other.token, id)).status).toBe(404);
    const placed = await placeOrder(t, buyer.token, id);
    expect(placed.status).toBe(200);
    expect(placed.body.data).toEqual({ orderId: expect.stringMatching(/^R/), listingRefnum: listing, status: 'paid' });
    expect((await placeOrder(t, buyer.token, id)).body.data).toEqual(placed.body.data);
    expect(await listingState(listing)).toBe('sold');
    const detail = await call<{ listing: { saleType: number } }>(
      t,
      'POST',
      `/svc/listing/detailListing/v2?listingRefnum=${listing}`,
    );
    expect(detail.body.data.listing.saleType).not.toBe(0);
    const [offer] = await t.database.db.select().from(offers).where(eq(offers.refnum, offered.body.data.offerRefnum));
    expect(offer?.state).toBe('declined');
    expect(await intentStatus(t, id)).toBe('succeeded');
    const [order] = await t.database.db.select().from(orders).where(eq(orders.refnum, placed.body.data.orderId));
    const entries = await t.database.db
      .select({ account: ledgerEntries.account, amount: ledgerEntries.amountCents, kind: ledgerTransactions.kind })
      .from(ledgerEntries)
      .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
      .where(eq(ledgerTransactions.orderId, order?.id ?? 0));
    const sellerId = await userIdOf(t, seller);
    expect(entries).toEqual(
      expect.arrayContaining([
        { account: 'buyer_payments', amount: -5599, kind: 'payment' },
        { account: `seller:${sellerId}:pending`, amount: 4750, kind: 'sale' },
        { account: 'platform_revenue', amount: 250, kind: 'sale' },
        { account: 'shipping_payable', amount: 599, kind: 'sale' },
      ]),
    );
    const told = await t.database.db.select().from(notifications).where(eq(notifications.userId, sellerId));
    expect(told.some((n) => n.text.startsWith('Sold:'))).toBe(true);
    await soundLedger();
  });

  it('a buyer who lost the item gets 409 and their authorisation is released; nothing is charged', async () => {
    const listing = await publishedListing(t, seller.token);
    const late = await authorisedIntent(t, other.token, { listingRefnum: listing, deliveryMethod: 'pickup' });
    await boughtNow(t, buyer.token, listing);
    const lost = await placeOrder(t, other.token, late.paymentIntentId);
    expect([lost.status, lost.body.msg, lost.body.error]).toEqual([
      409,
      orderMessages.noLongerAvailable,
      'already_sold',
    ]);
    expect(await intentStatus(t, late.paymentIntentId)).toBe('canceled');
    expect((await placeOrder(t, other.token, late.paymentIntentId)).status).toBe(409);
    const sold = await createPI(t, other.token, { listingRefnum: listing, deliveryMethod: 'pickup' });
    expect([sold.status, sold.body.msg]).toEqual([409, orderMessages.noLongerAvailable]);
  });

  it('refuses a tampered amount: the intent no longer matches what the api priced', async () => {
    const listing = await publishedListing(t, seller.token);
    const intent = await authorisedIntent(t, buyer.token, { listingRefnum: listing, deliveryMethod: 'pickup' });
    await t.database.db
      .update(testPaymentIntents)
      .set({ amountCents: 1 })
      .where(eq(testPaymentIntents.id, intent.paymentIntentId));
    const tampered = await placeOrder(t, buyer.token, intent.paymentIntentId);
    expect([tampered.status, tampered.body.error]).toEqual([409, 'amount_mismatch']);
    expect(await intentStatus(t, intent.paymentIntentId)).toBe('canceled');
    expect(await listingState(listing)).toBe('live');
  });
});

describe('paying an accepted offer', () => {
  async function acceptedOffer(price: number) {
    const listing = await listingTakingOffers(t, seller.token, { listingPrice: 3000 });
    const made = await makeOffer(t, buyer.token, listing, price);
    expect((await acceptOffer(t, seller.token, made.body.data.offerRefnum)).status).toBe(200);
    return { listing, offerRefnum: made.body.data.offerRefnum };
  }

  it('only its buyer pays it, at its price; the line item keeps the offer and its price', async () => {
    const { listing, offerRefnum } = await acceptedOffer(2200);
    const buyNow = await createPI(t, other.token, { listingRefnum: listing, deliveryMethod: 'pickup' });
    expect([buyNow.status, buyNow.body.msg, buyNow.body.error]).toEqual([
      409,
      orderMessages.noLongerAvailable,
      'is_reserved',
    ]);
    const othersOffer = await createPI(t, other.token, {
      listingRefnum: listing,
      offerRefnum,
      deliveryMethod: 'pickup',
    });
    expect([othersOffer.status, othersOffer.body.msg]).toEqual([403, orderMessages.offerNotYours]);
    const intent = await authorisedIntent(t, buyer.token, {
      listingRefnum: listing,
      offerRefnum,
      deliveryMethod: 'pickup',
    });
    expect(intent.amount).toEqual({ itemPrice: 2200, shipping: 0, rewards: 0, total: 2200 });
    const placed = await placeOrder(t, buyer.token, intent.paymentIntentId);
    expect(placed.status).toBe(200);
    const detail = await orderDetail(t, buyer.token, placed.body.data.orderId);
    expect(detail.body.data).toMatchObject({
      offerRefnum,
      orderLineItemPrice: 2200,
      commission: 330,
      sellerReceives: 1870,
    });
    expect(await listingState(listing)).toBe('sold');
  });

  it('lapses 24 hours after acceptance: the listing is live again, both are told, paying it is refused', async () => {
    const { listing, offerRefnum } = await acceptedOffer(2500);
    const intent = await authorisedIntent(t, buyer.token, {
      listingRefnum: listing,
      offerRefnum,
      deliveryMethod: 'pickup',
    });
    await advanceKeepingSignedIn(t, 24 * 60 + 1, [seller, buyer, other]);
    expect(await listingState(listing)).toBe('live');
    const [offer] = await t.database.db.select().from(offers).where(eq(offers.refnum, offerRefnum));
    expect(offer?.state).toBe('expired');
    for (const person of [seller, buyer]) {
      const told = await noticeRowsOf(t, person);
      expect(told.some((n) => n.kind === 'offer_expired')).toBe(true);
    }
    const late = await placeOrder(t, buyer.token, intent.paymentIntentId);
    expect([late.status, late.body.msg]).toEqual([409, orderMessages.offerLapsed]);
    expect(await intentStatus(t, intent.paymentIntentId)).toBe('canceled');
    const again = await createPI(t, buyer.token, { listingRefnum: listing, offerRefnum, deliveryMethod: 'pickup' });
    expect([again.status, again.body.msg]).toEqual([409, orderMessages.offerLapsed]);
    // Live again: it takes another buyer's offer.
    expect((await makeOffer(t, other.token, listing, 2400)).status).toBe(200);
  });
});

describe('orders: reads, cancel', () => {
  let placed: Placed;
  let admin: LoginData;

  beforeAll(async () => {
    placed = await boughtNow(t, buyer.token, await publishedListing(t, seller.token));
    admin = await withRoles(t, await signedUp(t, freshEmail('admin')), ['ROLE_USER', 'ROLE_ADMIN']);
  });

  it('lists it for each side under the dashboard filters, with the listing card, the other party and the amounts', async () => {
    type Page = {
      orders: {
        content: { orderId: string; otherParty: { userRefnum: string }; amount: unknown }[];
        totalElements: number;
      };
    };
    const buying = await call<Page>(t, 'GET', '/svc/orders?side=buying&filter=IN_PROGRESS', buyer.token);
    const mine = buying.body.data.orders.content.find((o) => o.orderId === placed.orderId);
    expect(mine?.otherParty.userRefnum).toBe(seller.userRefnum);
    expect(mine?.amount).toEqual({ itemPrice: 2500, shipping: 899, rewards: 0, total: 3399 });
    const selling = await call<Page>(
      t,
      'GET',
      '/svc/orders?side=selling&filter=ACTIVE_AND_TO_BE_SHIPPED',
      seller.token,
    );
    expect(selling.body.data.orders.content.map((o) => o.orderId)).toContain(placed.orderId);
    const delivered = await call<Page>(t, 'GET', '/svc/orders?side=selling&filter=SOLD_AND_DELIVERED', seller.token);
    expect(delivered.body.data.orders.content.map((o) => o.orderId)).not.toContain(placed.orderId);
    const notTheirs = await call<Page>(t, 'GET', '/svc/orders?side=buying', other.token);
    expect(notTheirs.body.data.orders.content.map((o) => o.orderId)).not.toContain(placed.orderId);
    expect((await call(t, 'GET', '/svc/orders?side=buying&filter=NOPE', buyer.token)).status).toBe(400);
  });

  it('shows the detail to its buyer, its seller and an admin only', async () => {
    const asBuyer = await orderDetail(t, buyer.token, placed.orderId);
    expect(asBuyer.body.data).toMatchObject({ status: 'paid', statusLabel: 'Paid, to be shipped', actions: [] });
    expect(asBuyer.body.data.history.map((h) => h.event)).toEqual(['place']);
    expect((await orderDetail(t, seller.token, placed.orderId)).body.data.actions).toEqual(['ship', 'cancel']);
    expect((await orderDetail(t, admin.token, placed.orderId)).status).toBe(200);
    expect((await orderDetail(t, other.token, placed.orderId)).status).toBe(403);
    expect((await orderDetail(t, undefined, placed.orderId)).status).toBe(401);
    expect((await orderDetail(t, buyer.token, 'R00000000000')).status).toBe(404);
  });

  it('the buyer cannot cancel; the seller cancels before shipping and the buyer is refunded in full', async () => {
    const byBuyer = await call(t, 'POST', '/svc/orders/cancel', buyer.token, { orderId: placed.orderId });
    expect([byBuyer.status, byBuyer.body.msg]).toEqual([403, orderMessages.buyerCannotCancel]);
    const byOther = await call(t, 'POST', '/svc/orders/cancel', other.token, { orderId: placed.orderId });
    expect(byOther.status).toBe(403);
    const cancelled = await call<OrderDetail>(t, 'POST', '/svc/orders/cancel', seller.token, {
      orderId: placed.orderId,
    });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.data.status).toBe('cancelled');
    const [order] = await t.database.db.select().from(orders).where(eq(orders.refnum, placed.orderId));
    const refunds = await testProviderRefunds(t, order?.paymentIntentId ?? '');
    expect(refunds.map((r) => r.amountCents)).toEqual([3399]);
    const twice = await call(t, 'POST', '/svc/orders/cancel', seller.token, { orderId: placed.orderId });
    expect([twice.status, twice.body.error]).toEqual([409, 'already_cancelled']);
    const refundEntries = await t.database.db
      .select({ account: ledgerEntries.account, amount: ledgerEntries.amountCents })
      .from(ledgerEntries)
      .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
      .where(
        and(
          eq(ledgerTransactions.orderId, order?.id ?? 0),
          inArray(ledgerTransactions.kind, ['refund', 'card_refund']),
        ),
      );
    // The refund owes the card; once the provider made it, it is refunded (issue 34, ADR 0066).
    expect(refundEntries).toContainEqual({ account: 'refunds_owed', amount: 3399 });
    expect(refundEntries).toContainEqual({ account: 'refunds_owed', amount: -3399 });
    expect(refundEntries).toContainEqual({ account: 'refunds', amount: 3399 });
    await soundLedger();
  });

  it('an order not shipped within three business days is cancelled and refunded by the platform', async () => {
    const late = await boughtNow(t, buyer.token, await publishedListing(t, seller.token));
    await advanceKeepingSignedIn(t, 6 * 24 * 60, [seller, buyer, other, admin]);
    const detail = await orderDetail(t, buyer.token, late.orderId);
    expect(detail.body.data.status).toBe('cancelled');
    expect(detail.body.data.history.map((h) => h.event)).toEqual(['place', 'autoCancel']);
    const [order] = await t.database.db.select().from(orders).where(eq(orders.refnum, late.orderId));
    expect(await intentStatus(t, order?.paymentIntentId ?? '')).toBe('succeeded');
    const refunds = await testProviderRefunds(t, order?.paymentIntentId ?? '');
    expect(refunds).toHaveLength(1);
    await soundLedger();
  });
});

describe('pay-and-pickup', () => {
  async function pickupOrder() {
    const listing = await publishedListing(t, seller.token, {
      shippable: false,
      meetToDeliver: true,
      listingPrice: 2000,
    });
    const intent: Intent = await authorisedIntent(t, buyer.token, { listingRefnum: listing, deliveryMethod: 'pickup' });
    const paid = await call<Placed & { pickupCode: string }>(t, 'POST', '/svc/offer/pay-and-pickup', buyer.token, {
      listingRefnum: listing,
      paymentIntentId: intent.paymentIntentId,
    });
    expect(paid.status).toBe(200);
    return paid.body.data;
  }

  function confirmPickup(token: string, orderId: string, code: string) {
    return call<OrderDetail>(t, 'POST', '/svc/orders/confirm-pickup', token, { orderId, code });
  }

  it('gives the buyer a 6-digit code only they see; the seller enters it and is paid into available', async () => {
    const paid = await pickupOrder();
    expect(paid).toMatchObject({ status: 'awaiting_pickup', pickupCode: expect.stringMatching(/^\d{6}$/) });
    expect((await orderDetail(t, buyer.token, paid.orderId)).body.data.pickupCode).toBe(paid.pickupCode);
    expect((await orderDetail(t, seller.token, paid.orderId)).body.data.pickupCode).toBeNull();
    const byBuyer = await confirmPickup(buyer.token, paid.orderId, paid.pickupCode);
    expect([byBuyer.status, byBuyer.body.msg]).toEqual([403, orderMessages.onlySellerConfirmsPickup]);
    const before = await sellerBalance(t.database.db, await userIdOf(t, seller));
    const done = await confirmPickup(seller.token, paid.orderId, paid.pickupCode);
    expect(done.status).toBe(200);
    expect(done.body.data.status).toBe('delivered');
    const after = await sellerBalance(t.database.db, await userIdOf(t, seller));
    expect(after.available - before.available).toBe(1700);
    expect(after.pending - before.pending).toBe(-1700);
    await soundLedger();
  });

  it('five wrong codes lock it, even for the right one', async () => {
    const paid = await pickupOrder();
    const wrong = paid.pickupCode === '000000' ? '111111' : '000000';
    for (let i = 0; i < 4; i += 1) {
      const answer = await confirmPickup(seller.token, paid.orderId, wrong);
      expect([answer.status, answer.body.msg]).toEqual([400, orderMessages.wrongPickupCode]);
    }
    const fifth = await confirmPickup(seller.token, paid.orderId, wrong);
    expect([fifth.status, fifth.body.msg]).toEqual([409, orderMessages.pickupLocked]);
    const right = await confirmPickup(seller.token, paid.orderId, paid.pickupCode);
    expect([right.status, right.body.error]).toEqual([409, 'pickup_locked']);
    expect((await orderDetail(t, buyer.token, paid.orderId)).body.data.status).toBe('awaiting_pickup');
  });

  it('refuses a shipped checkout and a checkout for another item', async () => {
    const listing = await publishedListing(t, seller.token);
    const shipped = await authorisedIntent(t, buyer.token, {
      listingRefnum: listing,
      deliveryMethod: 'ship',
      addressId: await savedAddress(t, buyer.token),
    });
    const wrongKind = await call(t, 'POST', '/svc/offer/pay-and-pickup', buyer.token, {
      listingRefnum: listing,
      paymentIntentId: shipped.paymentIntentId,
    });
    expect([wrongKind.status, wrongKind.body.error]).toEqual([409, 'wrong_delivery_method']);
    const elsewhere = await authorisedIntent(t, buyer.token, { listingRefnum: listing, deliveryMethod: 'pickup' });
    const mismatch = await call(t, 'POST', '/svc/offer/pay-and-pickup', buyer.token, {
      listingRefnum: await publishedListing(t, seller.token),
      paymentIntentId: elsewhere.paymentIntentId,
    });
    expect([mismatch.status, mismatch.body.error]).toEqual([409, 'checkout_mismatch']);
    const neither = await call(t, 'POST', '/svc/offer/pay-and-pickup', buyer.token, {
      paymentIntentId: elsewhere.paymentIntentId,
    });
    expect(neither.status).toBe(400);
  });
});
