import { readFileSync } from 'node:fs';
import tls from 'node:tls';
import type { LoginData } from '@yardly/shared/contract';
import { conversationPath, notificationMessages, offerThreadKey, offerThreadPath } from '@yardly/shared/rules';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { livePresence, pushSubscriptions, users } from '../src/db/schema/index';
import { advanceClock, json, runDueJobs, startTestApp, type TestApp } from './harness';
import { freshEmail, outbox, signedUp } from './identity-helpers';
import { openStream, sent } from './message-helpers';
import { markNotificationsRead, notificationsOf, savePushToken } from './notification-helpers';
import { acceptOffer, counterOffer, declineOffer, makeOffer, refreshed } from './offer-helpers';
import { browserSubscription, startPushServiceStandIn } from './push-service-stand-in';
import { auth, listingTakingOffers } from './selling-helpers';

// Issue 17 §3: each offer step and each message tells the other party: a notification with its
// link (none to the writer), the menu's unread count, and an email while they are away, at most
// one per conversation per 15 minutes, as their settings allow, with the unsubscribe link.

let t: TestApp;
let seller: LoginData;
let buyer: LoginData;

beforeAll(async () => {
  t = await startTestApp();
  [seller, buyer] = [await signedUp(t, freshEmail('seller')), await signedUp(t, freshEmail('buyer'))];
});
afterAll(() => t?.close());

type Made = { data: { offerRefnum: string } };

const threadLink = (listingRefnum: string) =>
  offerThreadPath(offerThreadKey(listingRefnum, buyer.userRefnum, seller.userRefnum));

/** What is new for a person since `before` notifications: [kind, text, link], oldest first. */
async function newSince(person: LoginData, before: number) {
  const { items, total } = await notificationsOf(t, person.token);
  return items
    .slice(0, total - before)
    .reverse()
    .map((n) => [n.kind, n.text, n.link]);
}

describe('who is told what', () => {
  it('each offer step gives the other party one notification linking to the thread, and none to who took it', async () => {
    const listingRefnum = await listingTakingOffers(t, seller.token, { listingTitle: 'Oak lamp' });
    const [sellerBefore, buyerBefore] = [
      (await notificationsOf(t, seller.token)).total,
      (await notificationsOf(t, buyer.token)).total,
    ];
    const made = await makeOffer(t, buyer.token, listingRefnum, 2000);
    const countered = await counterOffer(t, seller.token, (made.body as Made).data.offerRefnum, 2400);
    expect((await acceptOffer(t, buyer.token, (countered.body as Made).data.offerRefnum)).status).toBe(200);

    const link = threadLink(listingRefnum);
    expect(await newSince(seller, sellerBefore)).toEqual([
      ['offer_made', 'New offer of $20.00 on “Oak lamp”', link],
      ['offer_accepted', 'Offer accepted on “Oak lamp”', link],
    ]);
    expect(await newSince(buyer, buyerBefore)).toEqual([
      ['offer_countered', 'Counter-offer of $24.00 on “Oak lamp”', link],
    ]);
  });

  it('a decline tells the buyer; an expiry tells both', async () => {
    const listingRefnum = await listingTakingOffers(t, seller.token, { listingTitle: 'Brass bell' });
    const made = await makeOffer(t, buyer.token, listingRefnum, 1000);
    const buyerBefore = (await notificationsOf(t, buyer.token)).total;
    expect((await declineOffer(t, seller.token, (made.body as Made).data.offerRefnum)).status).toBe(200);
    expect(await newSince(buyer, buyerBefore)).toEqual([
      ['offer_declined', 'Offer declined on “Brass bell”', threadLink(listingRefnum)],
    ]);

    const again = await makeOffer(t, buyer.token, listingRefnum, 1100);
    expect(again.status).toBe(200);
    const [sellerAt, buyerAt] = [
      (await notificationsOf(t, seller.token)).total,
      (await notificationsOf(t, buyer.token)).total,
    ];
    await advanceClock(t, 24 * 60 + 1);
    await refreshed(t, seller);
    await refreshed(t, buyer);
    // The day also lapses the earlier test's accepted but unpaid offer (its own notice): this listing's only.
    const link = threadLink(listingRefnum);
    const expired = ['offer_expired', 'Offer expired on “Brass bell”', link];
    const aboutThis = (notices: unknown[][]) => notices.filter((notice) => notice[2] === link);
    expect(aboutThis(await newSince(seller, sellerAt))).toEqual([expired]);
    expect(aboutThis(await newSince(buyer, buyerAt))).toEqual([expired]);
  });

  it('a message tells the other party, linking to the conversation, and not the writer', async () => {
    const listingRefnum = await listingTakingOffers(t, seller.token, { listingTitle: 'Green sofa' });
    const [sellerBefore, buyerBefore] = [
      (await notificationsOf(t, seller.token)).total,
      (await notificationsOf(t, buyer.token)).total,
    ];
    const { conversationId } = await sent(t, buyer.token, {
      listingRefnum,
      toRefnum: seller.userRefnum,
      text: 'Is it still available? I could pick it up on Saturday morning',
    });
    expect(await newSince(seller, sellerBefore)).toEqual([
      [
        'message',
        'New message about “Green sofa”: Is it still available? I could pick i...',
        conversationPath(conversationId),
      ],
    ]);
    expect(await newSince(buyer, buyerBefore)).toEqual([]);
  });

  it('reaches the open menu live with the unread count', async () => {
    const listingRefnum = await listingTakingOffers(t, seller.token, { listingTitle: 'Desk' });
    const stream = await openStream(t, { token: seller.token });
    try {
      expect((await stream.next()).event).toBe('ready');
      await sent(t, buyer.token, { listingRefnum, toRefnum: seller.userRefnum, text: 'Hello' });
      let event = await stream.next();
      while (event.event !== 'notification') event = await stream.next();
      const { unreadCount } = await notificationsOf(t, seller.token);
      expect(event.data).toMatchObject({ notification: { kind: 'message', read: false }, unreadCount });
    } finally {
      stream.close();
    }
  });
});

describe('reading', () => {
  it('marks some or all read, only the caller’s, and the count follows', async () => {
    const listingRefnum = await listingTakingOffers(t, seller.token);
    await sent(t, buyer.token, { listingRefnum, toRefnum: seller.userRefnum, text: 'One' });
    await sent(t, buyer.token, { listingRefnum, toRefnum: seller.userRefnum, text: 'Two' });
    const before = await notificationsOf(t, seller.token);
    expect(before.unreadCount).toBeGreaterThanOrEqual(2);
    const [newest] = before.items;

    // Someone else's id is left alone.
    const other = await markNotificationsRead(t, buyer.token, { ids: [newest?.id] });
    expect(other.statusCode).toBe(200);
    expect((await notificationsOf(t, seller.token)).unreadCount).toBe(before.unreadCount);

    const one = await markNotificationsRead(t, seller.token, { ids: [newest?.id] });
    expect(json(one)).toEqual({ code: 200, data: { unreadCount: before.unreadCount - 1 } });
    expect((await notificationsOf(t, seller.token)).items[0]).toMatchObject({ id: newest?.id, read: true });

    const all = await markNotificationsRead(t, seller.token, {});
    expect(json(all)).toEqual({ code: 200, data: { unreadCount: 0 } });
    const unread = await t.app.inject({ method: 'GET', url: '/svc/notifications/unread', headers: auth(seller.token) });
    expect(json(unread)).toEqual({ code: 200, data: { unreadCount: 0 } });
  });

  it('refuses bad ids with 400 and a stranger with 401', async () => {
    for (const ids of [[], ['x'], [1.5], [-1], 'all']) {
      const res = await markNotificationsRead(t, seller.token, { ids });
      expect(res.statusCode, JSON.stringify(ids)).toBe(400);
      expect(json<{ errors: { message: string }[] }>(res).errors[0]?.message).toBe(notificationMessages.badIds);
    }
    expect((await markNotificationsRead(t, undefined, {})).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/svc/notifications' })).statusCode).toBe(401);
  });
});

describe('email while away', () => {
  /** A new pair with their own conversation, so each test counts its own mails. */
  async function pair() {
    const s = await signedUp(t, freshEmail('mail-seller'));
    const b = await signedUp(t, freshEmail('mail-buyer'));
    const listingRefnum = await listingTakingOffers(t, s.token, { listingTitle: 'Blue bike' });
    return { s, b, listingRefnum };
  }
  const updates = async (to: string) => (await outbox(t, to)).filter((m) => m.text.includes('Here is what is new'));

  it('at most one per conversation per 15 minutes: what comes sooner goes in the next one', async () => {
    const { s, b, listingRefnum } = await pair();
    await sent(t, b.token, { listingRefnum, toRefnum: s.userRefnum, text: 'First question' });
    await runDueJobs(t);
    await sent(t, b.token, { listingRefnum, toRefnum: s.userRefnum, text: 'Second question' });
    await sent(t, b.token, { listingRefnum, toRefnum: s.userRefnum, text: 'Third question' });
    const first = await updates(s.email);
    expect(first).toHaveLength(1);
    expect(first[0]?.text).toContain('First question');
    expect(first[0]?.text).toMatch(
      /Unsubscribe: http:\/\/localhost:\d+\/unsubscribe\?id=[\w-]+&list=offersAndMessagesUpdates/,
    );
    // Nothing goes to the writer.
    expect(await updates(b.email)).toEqual([]);

    await advanceClock(t, 14);
    expect(await updates(s.email)).toHaveLength(1);
    await advanceClock(t, 1);
    const [second] = await updates(s.email);
    expect(await updates(s.email)).toHaveLength(2);
    expect(second?.subject).toBe('2 updates on Yardly');
    expect(second?.text).toContain('Second question');
    expect(second?.text).toContain('Third question');
    expect(second?.text).not.toContain('First question');
    expect(second?.text).toContain('/unsubscribe?id=');
  });

  it('none while the receiver has a live stream open, nor for what they had seen then', async () => {
    const { s, b, listingRefnum } = await pair();
    const stream = await openStream(t, { token: s.token });
    try {
      expect((await stream.next()).event).toBe('ready');
      await sent(t, b.token, { listingRefnum, toRefnum: s.userRefnum, text: 'Are you there?' });
      await runDueJobs(t);
      expect(await updates(s.email)).toEqual([]);
    } finally {
      stream.close();
      await stream.ended;
    }
    // Closed: the next message is mailed (a stream's end is recorded when the server sees it close).
    await expect.poll(async () => (await openPresence(s)).length, { timeout: 5000 }).toBe(0);
    await sent(t, b.token, { listingRefnum, toRefnum: s.userRefnum, text: 'Hello again' });
    const mails = await updates(s.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text).toContain('Hello again');
    expect(mails[0]?.text).not.toContain('Are you there?');
  });

  it('none when the offers-and-messages setting is off; on again, the next one is mailed', async () => {
    const { s, b, listingRefnum } = await pair();
    const off = await t.app.inject({
      method: 'POST',
      url: '/svc/account/setOffersAndMessagesUpdates?enabled=false',
      headers: auth(s.token),
    });
    expect(off.statusCode).toBe(200);
    expect((await makeOffer(t, b.token, listingRefnum, 500)).status).toBe(200);
    expect(await updates(s.email)).toEqual([]);
    await t.app.inject({
      method: 'POST',
      url: '/svc/account/setOffersAndMessagesUpdates?enabled=true',
      headers: auth(s.token),
    });
    await sent(t, b.token, { listingRefnum, toRefnum: s.userRefnum, text: 'Did you see my offer?' });
    const mails = await updates(s.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text).toContain('Did you see my offer?');
    expect(mails[0]?.text).not.toContain('New offer');
  });
});

/** The open-stream rows of a person (presence shared by api processes). */
async function openPresence(person: LoginData) {
  const [user] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.refnum, person.userRefnum));
  return t.database.db
    .select()
    .from(livePresence)
    .where(eq(livePresence.userId, user?.id ?? 0));
}

describe('push subscriptions', () => {
  // The clock moved hours above: fresh access tokens.
  beforeAll(async () => {
    await refreshed(t, seller);
    await refreshed(t, buyer);
  });

  it('saves a browser subscription (the JSON text in fcm_token, or the object), one row per endpoint', async () => {
    const subscription = browserSubscription('https://127.0.0.1:1/push/saved-1');
    const asText = await savePushToken(t, buyer.token, { fcm_token: JSON.stringify(subscription.json) });
    expect(json(asText)).toEqual({ code: 200, data: { saved: true } });
    expect((await savePushToken(t, buyer.token, { fcm_token: subscription.json })).statusCode).toBe(200);
    const rows = await t.database.db
      .select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.endpoint, subscription.json.endpoint));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.keys).toEqual(subscription.json.keys);
    // Subscribed again by whoever signs in on that browser: it moves to them.
    expect((await savePushToken(t, seller.token, { fcm_token: subscription.json })).statusCode).toBe(200);
    const [moved] = await t.database.db
      .select({ userId: pushSubscriptions.userId, refnum: users.refnum })
      .from(pushSubscriptions)
      .innerJoin(users, eq(users.id, pushSubscriptions.userId))
      .where(eq(pushSubscriptions.endpoint, subscription.json.endpoint));
    expect(moved?.refnum).toBe(seller.userRefnum);
  });

  it('refuses an endpoint that is not a public host (metadata service, private networks), 400', async () => {
    // Issue 34: any https endpoint was taken, and the api connected there up to 6 times.
    for (const endpoint of [
      'https://169.254.169.254/latest/meta-data/',
      'https://10.0.0.7/push/x',
      'https://192.168.1.1/push/x',
      'https://[fd00::1]/push/x',
      'https://[::ffff:169.254.169.254]/push/x',
      'https://user:pass@push.example.com/x',
    ]) {
      const res = await savePushToken(t, buyer.token, { fcm_token: browserSubscription(endpoint).json });
      expect(res.statusCode, endpoint).toBe(400);
      expect(json<{ errors: { field: string; message: string }[] }>(res).errors[0], endpoint).toEqual({
        field: 'fcm_token',
        message: notificationMessages.endpointNotPublic,
      });
    }
    const rows = await t.database.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, -1));
    expect(rows).toEqual([]);
  });

  it('refuses what is not a subscription with 400 and the message, and a stranger with 401', async () => {
    const good = browserSubscription('https://127.0.0.1:1/push/x').json;
    const bad = [
      undefined,
      'not json',
      '{}',
      JSON.stringify({ ...good, endpoint: 'http://push.example.com/x' }),
      { ...good, endpoint: 'javascript:alert(1)' },
      { ...good, keys: { p256dh: 'short', auth: good.keys.auth } },
      { ...good, keys: { p256dh: good.keys.p256dh } },
      42,
    ];
    for (const fcm_token of bad) {
      const res = await savePushToken(t, buyer.token, { fcm_token });
      expect(res.statusCode, JSON.stringify(fcm_token)).toBe(400);
      expect(json<{ errors: { message: string }[] }>(res).errors[0]?.message).toBe(
        notificationMessages.badSubscription,
      );
    }
    expect((await savePushToken(t, undefined, { fcm_token: good })).statusCode).toBe(401);
  });

  it('gives the VAPID public key to anyone (the key a browser subscribes with)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/svc/session/vapid-key' });
    expect(res.statusCode).toBe(200);
    expect(json<{ data: { publicKey: string } }>(res).data.publicKey).toMatch(/^[A-Za-z0-9_-]{87}$/);
  });

  it('a push service answering 410 (the browser unsubscribed) deletes the subscription; others stay', async () => {
    const pushService = await startPushServiceStandIn();
    // In this process the stand-in's certificate is trusted in code; web-push.test.ts trusts it as an operator would.
    const defaults = tls.getCACertificates('default');
    tls.setDefaultCACertificates([...defaults, readFileSync(pushService.certFile, 'utf8')]);
    try {
      const s = await signedUp(t, freshEmail('push-seller'));
      const b = await signedUp(t, freshEmail('push-buyer'));
      const listingRefnum = await listingTakingOffers(t, s.token, { listingTitle: 'Lamp' });
      const gone = browserSubscription(`${pushService.origin}/push/gone`);
      const kept = browserSubscription(`${pushService.origin}/push/kept`);
      for (const browser of [gone, kept]) await savePushToken(t, s.token, { fcm_token: browser.json });
      pushService.answer('/push/gone', 410);
      await sent(t, b.token, { listingRefnum, toRefnum: s.userRefnum, text: 'Hi' });
      await runDueJobs(t);
      const paths = [(await pushService.next()).path, (await pushService.next()).path].sort();
      expect(paths).toEqual(['/push/gone', '/push/kept']);
      const left = await t.database.db
        .select({ endpoint: pushSubscriptions.endpoint })
        .from(pushSubscriptions)
        .innerJoin(users, eq(users.id, pushSubscriptions.userId))
        .where(eq(users.refnum, s.userRefnum));
      expect(left.map((row) => row.endpoint)).toEqual([kept.json.endpoint]);
    } finally {
      tls.setDefaultCACertificates(defaults);
      await pushService.close();
    }
  });
});
