import type { LoginData, OrderDetail, SellerListing } from '@yardly/shared/contract';
import { listingActionMessages, shippingMessages } from '@yardly/shared/rules';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { boughtNow, call, orderDetail } from './checkout-helpers';
import { advanceClock, startTestApp, type TestApp } from './harness';
import { freshEmail, signedUp } from './identity-helpers';
import { sendMessage } from './message-helpers';
import { notificationsOf } from './notification-helpers';
import { auth, publishedListing } from './selling-helpers';
import { buyLabel, labelFile, loggedInAgain } from './shipping-helpers';

// Issue 33: the path after a sale. Every notice leads to the order, the label's PDF opens in a
// new tab for its owner only, relisting waits for the order, the parties may write to each other.

let t: TestApp;
let seller: LoginData;
let buyer: LoginData;
let stranger: LoginData;
const emails = { seller: freshEmail('sp-seller'), buyer: freshEmail('sp-buyer'), stranger: freshEmail('sp-other') };

beforeAll(async () => {
  t = await startTestApp();
  seller = await signedUp(t, emails.seller);
  buyer = await signedUp(t, emails.buyer);
  stranger = await signedUp(t, emails.stranger);
});
afterAll(() => t?.close());

const relist = (token: string, listingRefnum: string) =>
  t.app.inject({ method: 'POST', url: '/svc/listing/relist', payload: { listingRefnum }, headers: auth(token) });

/** The seller's own dashboard card of a listing, as the dashboard reads it. */
async function dashboardCard(listingRefnum: string): Promise<SellerListing | undefined> {
  const answer = await t.app.inject({
    method: 'POST',
    url: `/svc/listing/bysellerrefnum/v2?sellerRefnum=${seller.userRefnum}&page=0&size=100`,
    headers: auth(seller.token),
  });
  return (answer.json().data.listings as SellerListing[]).find((l) => l.listingRefnum === listingRefnum);
}

/** A signed label link as a new tab asks for it: no bearer token. */
const inNewTab = (url: string) => labelFile(t, undefined, url);

function withQuery(url: string, change: (query: URLSearchParams) => void): string {
  const [path, qs] = url.split('?');
  const query = new URLSearchParams(qs);
  change(query);
  return `${path}?${query}`;
}

/** The signature with its first character changed (to one it was not). */
const flipFirst = (sig: string) => `${sig.startsWith('A') ? 'B' : 'A'}${sig.slice(1)}`;

describe('notices about a sale lead to its order', () => {
  it("the seller's 'Sold' notice and the delivered notice link to /orders/{orderId}, never /selling or /buying", async () => {
    const listing = await publishedListing(t, seller.token, { listingTitle: 'Oak side table' });
    const { orderId } = await boughtNow(t, buyer.token, listing);
    const sold = (await notificationsOf(t, seller.token)).items.find((n) => n.text.startsWith('Sold: Oak side table'));
    expect(sold?.link).toBe(`/orders/${orderId}`);

    expect((await buyLabel(t, seller.token, orderId)).status).toBe(200);
    const confirmed = await call(t, 'POST', '/svc/orders/confirm-delivery', buyer.token, { orderId });
    expect(confirmed.status).toBe(200);
    const delivered = (await notificationsOf(t, seller.token)).items.find((n) =>
      n.text.startsWith(`Order ${orderId} was delivered`),
    );
    expect(delivered?.link).toBe(`/orders/${orderId}`);
    for (const person of [seller, buyer]) {
      const links = (await notificationsOf(t, person.token)).items.map((n) => n.link);
      expect(links).not.toContain('/selling');
      expect(links).not.toContain('/buying');
    }
  });
});

describe('relisting waits for the order', () => {
  it('refuses a relist while the order is in progress (409, the message), allows it once delivered', async () => {
    const listing = await publishedListing(t, seller.token, { listingTitle: 'Brass lamp' });
    expect(await dashboardCard(listing)).toMatchObject({ listingState: 'live', orderInProgress: false });
    const { orderId } = await boughtNow(t, buyer.token, listing);
    // The dashboard's card says so, so it offers no Relist (issue 33); so does the item page, to its seller only.
    expect(await dashboardCard(listing)).toMatchObject({ listingState: 'sold', orderInProgress: true });
    const detailFor = async (token: string) =>
      (
        await t.app.inject({
          method: 'POST',
          url: '/svc/listing/detailListing/v2',
          payload: { listingRefnum: listing },
          headers: auth(token),
        })
      ).json().data.listing;
    expect((await detailFor(seller.token)).orderInProgress).toBe(true);
    expect((await detailFor(buyer.token)).orderInProgress).toBe(false);
    const refused = await relist(seller.token, listing);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().msg).toBe(listingActionMessages.orderInProgress);

    await buyLabel(t, seller.token, orderId);
    expect((await relist(seller.token, listing)).statusCode).toBe(409);
    expect((await dashboardCard(listing))?.orderInProgress).toBe(true);
    expect((await call(t, 'POST', '/svc/orders/confirm-delivery', buyer.token, { orderId })).status).toBe(200);
    expect((await dashboardCard(listing))?.orderInProgress).toBe(false);
    const relisted = await relist(seller.token, listing);
    expect(relisted.statusCode).toBe(200);
    expect(relisted.json().data).toMatchObject({ listingState: 'live', orderInProgress: false });
  });
});

describe("a label's PDF in a new tab (a signed link, 5 minutes)", () => {
  it('opens for its owner, refuses anyone else, an expired link and a tampered one', async () => {
    const listing = await publishedListing(t, seller.token);
    const { orderId } = await boughtNow(t, buyer.token, listing);
    const bought = await buyLabel(t, seller.token, orderId);
    const { labelUrl, trackingNumber } = bought.body.data;
    expect(labelUrl).toMatch(new RegExp(`^/svc/shipping/labels/${trackingNumber}\\.pdf\\?exp=\\d+&sig=[\\w-]+$`));

    const opened = await inNewTab(labelUrl);
    expect([opened.status, opened.type]).toEqual([200, 'application/pdf']);
    expect(opened.bytes.subarray(0, 5).toString()).toBe('%PDF-');
    // The label asked again answers a fresh link that opens too.
    const again = await call<{ labelUrl: string }>(t, 'GET', `/svc/shipping/label?orderId=${orderId}`, seller.token);
    expect((await inNewTab(again.body.data.labelUrl)).status).toBe(200);

    // Another person: with their own token, refused even holding the seller's link; without a link, nothing.
    expect((await labelFile(t, stranger.token, labelUrl)).status).toBe(403);
    expect((await labelFile(t, buyer.token, labelUrl)).status).toBe(403);
    const plain = labelUrl.split('?')[0] ?? '';
    expect((await inNewTab(plain)).status).toBe(401);

    const tampered = await inNewTab(withQuery(labelUrl, (q) => q.set('sig', flipFirst(q.get('sig') ?? ''))));
    expect([tampered.status, JSON.parse(tampered.bytes.toString()).msg]).toEqual([
      403,
      shippingMessages.labelLinkInvalid,
    ]);
    const longer = await inNewTab(withQuery(labelUrl, (q) => q.set('exp', String(Number(q.get('exp')) + 3600))));
    expect(longer.status).toBe(403);

    await advanceClock(t, 6);
    const expired = await inNewTab(labelUrl);
    expect([expired.status, JSON.parse(expired.bytes.toString()).msg]).toEqual([
      403,
      shippingMessages.labelLinkExpired,
    ]);
    seller = await loggedInAgain(t, emails.seller);
    buyer = await loggedInAgain(t, emails.buyer);
    stranger = await loggedInAgain(t, emails.stranger);
  });
});

describe("the order's parcel and its parties' messages", () => {
  it('suggests the smallest parcel the listing weighs into', async () => {
    const heavy = await publishedListing(t, seller.token, { weightLbs: 7 });
    const { orderId } = await boughtNow(t, buyer.token, heavy);
    const detail = await orderDetail(t, seller.token, orderId);
    expect(detail.body.data.parcel).toBe('medium');
    const rates = await call(t, 'GET', `/svc/shipping/rates?orderId=${orderId}&parcel=medium`, seller.token);
    expect(rates.status).toBe(200);
  });

  it('lets a Buy Now buyer write to the seller about the sold item, and the seller write first to a buyer', async () => {
    const listing = await publishedListing(t, seller.token, { listingTitle: 'Wool rug' });
    const { orderId } = await boughtNow(t, buyer.token, listing);
    const detail = (await orderDetail(t, buyer.token, orderId)).body.data as OrderDetail;
    const first = await sendMessage(t, buyer.token, {
      listingRefnum: listing,
      toRefnum: detail.seller.userRefnum,
      text: 'When will it ship?',
    });
    expect(first.statusCode, first.body).toBe(200);
    // Someone who never ordered it may not open a conversation about the sold item.
    const other = await sendMessage(t, stranger.token, {
      listingRefnum: listing,
      toRefnum: detail.seller.userRefnum,
      text: 'Still there?',
    });
    expect(other.statusCode).toBe(404);

    const second = await publishedListing(t, seller.token, { listingTitle: 'Linen throw' });
    const placed = await boughtNow(t, buyer.token, second);
    const bySeller = await sendMessage(t, seller.token, {
      listingRefnum: second,
      toRefnum: (await orderDetail(t, seller.token, placed.orderId)).body.data.buyer.userRefnum,
      text: 'Shipping it tomorrow.',
    });
    expect(bySeller.statusCode, bySeller.body).toBe(200);
    const toStranger = await sendMessage(t, seller.token, {
      listingRefnum: second,
      toRefnum: stranger.userRefnum,
      text: 'Hello',
    });
    expect(toStranger.statusCode).toBe(403);
  });
});
