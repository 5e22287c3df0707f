import type { LoginData } from '@yardly/shared/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { boughtNow } from './checkout-helpers';
import { startTestApp, type TestApp } from './harness';
import { signedUp } from './identity-helpers';
import { conversationsOf, historyOf, openStream, sendMessage, unreadOf } from './message-helpers';
import { acceptOffer, advanceKeepingSignedIn, counterOffer, declineOffer, makeOffer, refreshed } from './offer-helpers';
import { listingTakingOffers, setBuyNow } from './selling-helpers';

// Issue 17: each offer step tells the other side: its line in the listing's conversation with the
// buyer ('Offered $20.00', 'Countered $24.00', 'Accepted', 'Expired'), live on their open page.

let t: TestApp;
let seller: LoginData;
let buyer: LoginData;
let other: LoginData;

beforeAll(async () => {
  t = await startTestApp({ env: { LOG_LEVEL: 'error' } });
  [seller, buyer, other] = [await signedUp(t), await signedUp(t), await signedUp(t)];
});
afterAll(() => t?.close());

type Made = { data: { offerRefnum: string } };

async function lines(person: LoginData, listingRefnum: string) {
  const [conversation] = (await conversationsOf(t, person.token, `listingRefnum=${listingRefnum}`)).content;
  if (!conversation) return [];
  const history = await historyOf(t, person.token, conversation.conversationId);
  return history.messages.map((m) => [m.kind, m.text]);
}

describe('offer steps in the conversation', () => {
  it('an offer, a counter and the acceptance each leave their line, for both sides', async () => {
    const listingRefnum = await listingTakingOffers(t, seller.token); // $25.00
    const made = await makeOffer(t, buyer.token, listingRefnum, 2000);
    expect(made.status).toBe(200);
    const countered = await counterOffer(t, seller.token, (made.body as Made).data.offerRefnum, 2400);
    expect(countered.status).toBe(200);
    expect((await acceptOffer(t, buyer.token, (countered.body as Made).data.offerRefnum)).status).toBe(200);

    const expected = [
      ['system', 'Offered $20.00'],
      ['system', 'Countered $24.00'],
      ['system', 'Accepted'],
    ];
    expect(await lines(buyer, listingRefnum)).toEqual(expected);
    expect(await lines(seller, listingRefnum)).toEqual(expected);
    // Nobody else sees the conversation.
    expect(await lines(other, listingRefnum)).toEqual([]);
  });

  it('the receiver has the step unread, the one who took it has not', async () => {
    const listingRefnum = await listingTakingOffers(t, seller.token);
    const sellerBefore = (await unreadOf(t, seller.token)).unreadCount;
    const buyerBefore = (await unreadOf(t, buyer.token)).unreadCount;
    expect((await makeOffer(t, buyer.token, listingRefnum, 1500)).status).toBe(200);
    expect((await unreadOf(t, seller.token)).unreadCount).toBe(sellerBefore + 1);
    expect((await unreadOf(t, buyer.token)).unreadCount).toBe(buyerBefore);
  });

  it('a decline and the other buyers declined by an acceptance are told too', async () => {
    const listingRefnum = await listingTakingOffers(t, seller.token);
    const first = await makeOffer(t, buyer.token, listingRefnum, 1000);
    const second = await makeOffer(t, other.token, listingRefnum, 1200);
    expect((await declineOffer(t, seller.token, (first.body as Made).data.offerRefnum)).status).toBe(200);
    expect(await lines(buyer, listingRefnum)).toEqual([
      ['system', 'Offered $10.00'],
      ['system', 'Declined'],
    ]);
    const third = await makeOffer(t, buyer.token, listingRefnum, 1100);
    expect((await acceptOffer(t, seller.token, (second.body as Made).data.offerRefnum)).status).toBe(200);
    expect(third.status).toBe(200);
    expect((await lines(buyer, listingRefnum)).at(-1)).toEqual(['system', 'Declined']);
    expect((await lines(other, listingRefnum)).at(-1)).toEqual(['system', 'Accepted']);
  });

  it('reaches the seller live, and an unanswered offer expires on both sides after 24 hours', async () => {
    const listingRefnum = await listingTakingOffers(t, seller.token);
    const stream = await openStream(t, { token: seller.token });
    try {
      expect((await stream.next()).event).toBe('ready');
      expect((await makeOffer(t, buyer.token, listingRefnum, 1800)).status).toBe(200);
      const live = await stream.next();
      expect(live.event).toBe('message');
      expect(live.data).toMatchObject({ listingRefnum, message: { kind: 'system', text: 'Offered $18.00' } });
    } finally {
      stream.close();
    }
    await advanceKeepingSignedIn(t, 24 * 60 + 1, [seller, buyer]);
    expect((await lines(buyer, listingRefnum)).at(-1)).toEqual(['system', 'Expired']);
    expect((await lines(seller, listingRefnum)).at(-1)).toEqual(['system', 'Expired']);
  });

  it("tells both parties' open pages each step of the offer as it now is, a timer's expiry included", async () => {
    const listingRefnum = await listingTakingOffers(t, seller.token);
    // Each page follows the offers only: the steps' lines and notifications are other tests' business.
    const ignore = ['message', 'notification'];
    const sellerStream = await openStream(t, { token: seller.token, ignore });
    const buyerStream = await openStream(t, { token: buyer.token, ignore });
    const offerOf = (event: { event: string; data: unknown }) => {
      expect(event.event).toBe('offer');
      return (event.data as { offer: { offerRefnum: string; offerStatus: string; offerPrice: number } }).offer;
    };
    try {
      expect((await sellerStream.next()).event).toBe('ready');
      expect((await buyerStream.next()).event).toBe('ready');

      const made = (await makeOffer(t, buyer.token, listingRefnum, 1600)).body as Made;
      for (const stream of [sellerStream, buyerStream]) {
        expect(offerOf(await stream.next())).toMatchObject({
          offerRefnum: made.data.offerRefnum,
          offerStatus: 'pending',
          offerPrice: 1600,
        });
      }

      // A counter: the countered offer, then the new pending one, in that order on both pages.
      const countered = (await counterOffer(t, seller.token, made.data.offerRefnum, 1900)).body as Made;
      for (const stream of [sellerStream, buyerStream]) {
        expect(offerOf(await stream.next())).toMatchObject({
          offerRefnum: made.data.offerRefnum,
          offerStatus: 'countered',
        });
        expect(offerOf(await stream.next())).toMatchObject({
          offerRefnum: countered.data.offerRefnum,
          offerStatus: 'pending',
          offerPrice: 1900,
        });
      }

      // Nobody answers the counter: the expiry job, moved by the clock, tells both sides.
      await advanceKeepingSignedIn(t, 24 * 60 + 1, [seller, buyer]);
      for (const stream of [sellerStream, buyerStream]) {
        expect(offerOf(await stream.next())).toMatchObject({
          offerRefnum: countered.data.offerRefnum,
          offerStatus: 'expired',
        });
      }
      expect(sellerStream.pending()).toBe(0);
      expect(buyerStream.pending()).toBe(0);
    } finally {
      sellerStream.close();
      buyerStream.close();
    }
  });

  it('an accept and the message of the buyer it declines, at once: both go through, every time', async () => {
    // The accept writes two conversations' lines (and live events for three people) in one
    // transaction while the declined buyer's message locks their conversation: the live events'
    // locks are taken last and in one pass, so neither waits for the other in a circle.
    for (const person of [seller, buyer, other]) await refreshed(t, person); // the clock moved a day above
    for (let round = 0; round < 6; round++) {
      const listingRefnum = await listingTakingOffers(t, seller.token);
      const accepted = (await makeOffer(t, buyer.token, listingRefnum, 1000)).body as Made;
      expect((await makeOffer(t, other.token, listingRefnum, 1100)).status).toBe(200);
      const text = `Is mine still open? (${round})`;
      const [accept, message] = await Promise.all([
        acceptOffer(t, seller.token, accepted.data.offerRefnum),
        sendMessage(t, other.token, { listingRefnum, toRefnum: seller.userRefnum, text }),
      ]);
      expect(accept.status, JSON.stringify(accept.body)).toBe(200);
      expect(message.statusCode, message.body).toBe(200);
      // The message and the decline in whichever order they committed, each once.
      const [offered, ...rest] = await lines(other, listingRefnum);
      expect(offered).toEqual(['system', 'Offered $11.00']);
      expect(rest).toHaveLength(2);
      expect(rest).toEqual(
        expect.arrayContaining([
          ['system', 'Declined'],
          ['text', text],
        ]),
      );
    }
  });
});

// Issue 35: the offer process is bound once, so a step the checkout takes (a Buy Now superseding
// the open offers, the buyer's 24 hours to pay running out) reaches the open pages like any other.
describe('offer steps taken by the checkout, live', () => {
  type Stream = Awaited<ReturnType<typeof openStream>>;
  type LiveOffer = { offerRefnum: string; offerStatus: string };

  /** The next `offer` event for `offerRefnum`, skipping others; fails after 10 s without one. */
  async function nextOfferStep(stream: Stream, offerRefnum: string): Promise<LiveOffer> {
    const deadline = Date.now() + 10_000;
    while (Date.now() < deadline) {
      const event = await Promise.race([
        stream.next(),
        new Promise<null>((resolve) => setTimeout(() => resolve(null), deadline - Date.now())),
      ]);
      if (!event) break;
      const offer = event.event === 'offer' ? (event.data as { offer: LiveOffer }).offer : undefined;
      if (offer?.offerRefnum === offerRefnum) return offer;
    }
    throw new Error(`no live offer event for ${offerRefnum}`);
  }

  it("a Buy Now declines the other buyers' open offers on their open pages", async () => {
    for (const person of [seller, buyer, other]) await refreshed(t, person);
    const listingRefnum = await listingTakingOffers(t, seller.token);
    const made = (await makeOffer(t, buyer.token, listingRefnum, 1500)).body as Made;
    // The seller then switches it to Buy Now (its open offers stay pending until then).
    await setBuyNow(t, listingRefnum, true);
    const stream = await openStream(t, { token: buyer.token });
    try {
      expect((await stream.next()).event).toBe('ready');
      await boughtNow(t, other.token, listingRefnum);
      expect(await nextOfferStep(stream, made.data.offerRefnum)).toMatchObject({ offerStatus: 'declined' });
    } finally {
      stream.close();
    }
  });

  it('an accepted offer left unpaid lapses on its buyer’s open page', async () => {
    for (const person of [seller, buyer, other]) await refreshed(t, person);
    const listingRefnum = await listingTakingOffers(t, seller.token);
    const made = (await makeOffer(t, buyer.token, listingRefnum, 1500)).body as Made;
    expect((await acceptOffer(t, seller.token, made.data.offerRefnum)).status).toBe(200);
    const stream = await openStream(t, { token: buyer.token });
    try {
      expect((await stream.next()).event).toBe('ready');
      await advanceKeepingSignedIn(t, 24 * 60 + 1, [seller, buyer, other]);
      expect(await nextOfferStep(stream, made.data.offerRefnum)).toMatchObject({ offerStatus: 'expired' });
    } finally {
      stream.close();
    }
  });
});
