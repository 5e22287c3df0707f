import type { LoginData } from '@yardly/shared/contract';
import {
  conversationMessages,
  listingActionMessages,
  MESSAGE_MAX,
  MESSAGE_RATE_LIMIT,
  messageRateMessage,
  offerLine,
} from '@yardly/shared/rules';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listings, users } from '../src/db/schema/index';
import { appendSystemLine } from '../src/modules/messages/lines';
import { advanceClock, holdClock, json, startTestApp, type TestApp } from './harness';
import { freshEmail, signedUp } from './identity-helpers';
import {
  conversationsOf,
  type Envelope,
  getAs,
  historyOf,
  markRead,
  sendMessage,
  sent,
  unreadOf,
} from './message-helpers';
import { publishedListing } from './selling-helpers';

let t: TestApp;
let seller: LoginData;
let buyer: LoginData;
let stranger: LoginData;
let admin: LoginData;

beforeAll(async () => {
  t = await startTestApp({ env: { LOG_LEVEL: 'error' } });
  [seller, buyer, stranger, admin] = [
    await signedUp(t, freshEmail('seller')),
    await signedUp(t, freshEmail('buyer')),
    await signedUp(t, freshEmail('stranger')),
    await signedUp(t, freshEmail('admin')),
  ];
  await t.database.db
    .update(users)
    .set({ roles: ['ROLE_USER', 'ROLE_ADMIN'] })
    .where(eq(users.refnum, admin.userRefnum));
});
afterAll(() => t?.close());

const body = <T>(res: { body: string }) => json<Envelope<T>>(res);

describe('sending', () => {
  it('a buyer writes to the seller; the text comes back as written, plain, not escaped', async () => {
    const listingRefnum = await publishedListing(t, seller.token, { listingTitle: 'Oak desk' });
    const text = '<b>Is it</b> still available? 5 > 4 & "yes"';
    const { conversationId, message } = await sent(t, buyer.token, {
      listingRefnum,
      toRefnum: seller.userRefnum,
      text,
    });
    expect(message).toMatchObject({ text, kind: 'text', senderRefnum: buyer.userRefnum, mine: true });

    const [conversation] = await conversationsOf(t, seller.token, `listingRefnum=${listingRefnum}`).then(
      (c) => c.content,
    );
    expect(conversation).toMatchObject({
      conversationId,
      key: `${listingRefnum}_${seller.userRefnum}`,
      role: 'selling',
      otherParty: { userRefnum: buyer.userRefnum, name: 'Ann L.' },
      listing: { listingRefnum, listingTitle: 'Oak desk', sellerRefnum: seller.userRefnum },
      lastMessage: { text, mine: false, senderRefnum: buyer.userRefnum },
      unreadCount: 1,
    });
    // The seller replies in the same conversation: one per listing and buyer.
    const reply = await sent(t, seller.token, { listingRefnum, toRefnum: buyer.userRefnum, text: 'Yes!' });
    expect(reply.conversationId).toBe(conversationId);
    const again = await sent(t, buyer.token, { listingRefnum, toRefnum: seller.userRefnum, text: 'Great' });
    expect(again.conversationId).toBe(conversationId);
  });

  it('takes 1 and 2000 characters; refuses empty, blank, 2001 and a NUL with 400', async () => {
    const listingRefnum = await publishedListing(t, seller.token);
    const to = { listingRefnum, toRefnum: seller.userRefnum };
    await sent(t, buyer.token, { ...to, text: 'a' });
    const longest = await sent(t, buyer.token, { ...to, text: 'x'.repeat(MESSAGE_MAX) });
    expect(longest.message.text).toHaveLength(MESSAGE_MAX);

    for (const [text, message] of [
      ['', conversationMessages.empty],
      ['   \n ', conversationMessages.empty],
      ['x'.repeat(MESSAGE_MAX + 1), conversationMessages.tooLong],
    ] as const) {
      const res = await sendMessage(t, buyer.token, { ...to, text });
      expect(res.statusCode).toBe(400);
      expect(body(res).errors).toEqual([{ field: 'text', message }]);
    }
    const nul = await sendMessage(t, buyer.token, { ...to, text: 'a\u0000b' });
    expect(nul.statusCode).toBe(400);
    expect(body(nul).errors?.[0]?.field).toBe('text');
    const missing = await sendMessage(t, buyer.token, { listingRefnum });
    expect(missing.statusCode).toBe(400);
    // Nothing refused was written: the conversation holds the two good lines.
    const [conversation] = (await conversationsOf(t, buyer.token, `listingRefnum=${listingRefnum}`)).content;
    const history = await historyOf(t, buyer.token, conversation?.conversationId ?? '');
    expect(history.messages.map((m) => m.text.length)).toEqual([1, MESSAGE_MAX]);
  });

  it('only a buyer to the seller, or the seller back to a buyer who wrote: anyone else 403', async () => {
    const listingRefnum = await publishedListing(t, seller.token);
    // The seller cannot start one, nor write to someone who never wrote, nor to themself.
    const cold = await sendMessage(t, seller.token, { listingRefnum, toRefnum: buyer.userRefnum, text: 'Hi' });
    expect(cold.statusCode).toBe(403);
    expect(body(cold).msg).toBe(conversationMessages.wrongRecipient);
    const self = await sendMessage(t, seller.token, { listingRefnum, toRefnum: seller.userRefnum, text: 'Hi' });
    expect(self.statusCode).toBe(400);
    expect(body(self).msg).toBe(conversationMessages.ownListing);
    // A buyer writes only to the seller, not to another buyer about it.
    await sent(t, buyer.token, { listingRefnum, toRefnum: seller.userRefnum, text: 'Hello' });
    const sideways = await sendMessage(t, stranger.token, { listingRefnum, toRefnum: buyer.userRefnum, text: 'Hi' });
    expect(sideways.statusCode).toBe(403);
    // The admin is no party either: they cannot write into it.
    const adminWrites = await sendMessage(t, admin.token, { listingRefnum, toRefnum: buyer.userRefnum, text: 'Hi' });
    expect(adminWrites.statusCode).toBe(403);
    // Guests, unknown listings.
    expect(
      (await sendMessage(t, undefined, { listingRefnum, toRefnum: seller.userRefnum, text: 'x' })).statusCode,
    ).toBe(401);
    const unknown = await sendMessage(t, buyer.token, {
      listingRefnum: 'L00000000000',
      toRefnum: seller.userRefnum,
      text: 'x',
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('opens a conversation only about a live listing, but one already open goes on', async () => {
    const listingRefnum = await publishedListing(t, seller.token);
    await sent(t, buyer.token, { listingRefnum, toRefnum: seller.userRefnum, text: 'Before it closed' });
    await t.database.db.update(listings).set({ state: 'paused' }).where(eq(listings.refnum, listingRefnum));
    const late = await sendMessage(t, stranger.token, { listingRefnum, toRefnum: seller.userRefnum, text: 'Hi' });
    expect(late.statusCode).toBe(404);
    expect(body(late).msg).toBe(listingActionMessages.notFound);
    await sent(t, buyer.token, { listingRefnum, toRefnum: seller.userRefnum, text: 'Still there?' });
    await sent(t, seller.token, { listingRefnum, toRefnum: buyer.userRefnum, text: 'Paused for now' });
  });

  it(`takes ${MESSAGE_RATE_LIMIT.max} messages a minute from one sender, then 429 until the minute is over`, async () => {
    const listingRefnum = await publishedListing(t, seller.token);
    const hasty = await signedUp(t, freshEmail('hasty'));
    const to = { listingRefnum, toRefnum: seller.userRefnum };
    const release = holdClock(t);
    try {
      // All at once: the counter is one statement, so no two sends share the last place.
      const burst = await Promise.all(
        Array.from({ length: MESSAGE_RATE_LIMIT.max + 3 }, (_, i) =>
          sendMessage(t, hasty.token, { ...to, text: `line ${i}` }),
        ),
      );
      const statuses = burst.map((res) => res.statusCode);
      expect(statuses.filter((status) => status === 200)).toHaveLength(MESSAGE_RATE_LIMIT.max);
      expect(statuses.filter((status) => status === 429)).toHaveLength(3);
      const refused = burst.find((res) => res.statusCode === 429);
      expect(refused && body(refused)).toMatchObject({ code: 429, msg: messageRateMessage(1) });
      expect(messageRateMessage(1)).toBe('You are sending messages too quickly: please wait a minute and try again');
      // Nothing of a refused send was written: the seller has exactly the lines that went through.
      const [conversation] = (await conversationsOf(t, seller.token, `listingRefnum=${listingRefnum}`)).content;
      expect(conversation?.unreadCount).toBe(MESSAGE_RATE_LIMIT.max);
      // Only the hasty sender waits: the seller still replies.
      await sent(t, seller.token, { listingRefnum, toRefnum: hasty.userRefnum, text: 'Slow down' });
      expect((await sendMessage(t, hasty.token, { ...to, text: 'still too soon' })).statusCode).toBe(429);

      // A minute later on the clock the sender is heard again.
      await advanceClock(t, MESSAGE_RATE_LIMIT.windowMinutes);
      await sent(t, hasty.token, { ...to, text: 'Sorry, one more' });
    } finally {
      release();
    }
  });
});

describe('reading', () => {
  it('pages the history back with `before`, oldest first on each page', async () => {
    const listingRefnum = await publishedListing(t, seller.token);
    let conversationId = '';
    for (let i = 1; i <= 5; i += 1) {
      const from = i % 2 ? buyer : seller;
      const to = i % 2 ? seller : buyer;
      ({ conversationId } = await sent(t, from.token, { listingRefnum, toRefnum: to.userRefnum, text: `line ${i}` }));
    }
    const latest = await historyOf(t, buyer.token, conversationId, undefined, 2);
    expect(latest.messages.map((m) => m.text)).toEqual(['line 4', 'line 5']);
    expect(latest.messages.map((m) => m.mine)).toEqual([false, true]);
    expect(latest.hasMore).toBe(true);
    expect(latest.conversation).toMatchObject({ conversationId, role: 'buying', listing: { listingRefnum } });
    const older = await historyOf(t, buyer.token, conversationId, latest.messages[0]?.messageId, 2);
    expect(older.messages.map((m) => m.text)).toEqual(['line 2', 'line 3']);
    const oldest = await historyOf(t, buyer.token, conversationId, older.messages[0]?.messageId, 2);
    expect(oldest.messages.map((m) => m.text)).toEqual(['line 1']);
    expect(oldest.hasMore).toBe(false);
    // A `before` from another conversation is refused.
    const other = await publishedListing(t, seller.token);
    const elsewhere = await sent(t, buyer.token, { listingRefnum: other, toRefnum: seller.userRefnum, text: 'x' });
    const res = await getAs(t, buyer.token, `/svc/messages/${conversationId}?before=${elsewhere.message.messageId}`);
    expect(res.statusCode).toBe(400);
    expect(body(res).msg).toBe(conversationMessages.unknownLine);
  });

  it('counts unread lines per conversation and in all, and marks them read', async () => {
    const reader = await signedUp(t, freshEmail('reader'));
    const first = await publishedListing(t, reader.token, { listingTitle: 'First' });
    const second = await publishedListing(t, reader.token, { listingTitle: 'Second' });
    expect(await unreadOf(t, reader.token)).toEqual({ unreadCount: 0, conversations: 0 });
    const a = await sent(t, buyer.token, { listingRefnum: first, toRefnum: reader.userRefnum, text: 'one' });
    await sent(t, buyer.token, { listingRefnum: first, toRefnum: reader.userRefnum, text: 'two' });
    await sent(t, stranger.token, { listingRefnum: second, toRefnum: reader.userRefnum, text: 'three' });
    expect(await unreadOf(t, reader.token)).toEqual({ unreadCount: 3, conversations: 2 });
    // The writer's own lines are never unread for them.
    expect((await conversationsOf(t, buyer.token, `listingRefnum=${first}`)).content[0]?.unreadCount).toBe(0);

    const read = await markRead(t, reader.token, a.conversationId);
    expect(read.statusCode, read.body).toBe(200);
    expect(body(read).data).toEqual({ conversationId: a.conversationId, unreadCount: 0 });
    expect(await unreadOf(t, reader.token)).toEqual({ unreadCount: 1, conversations: 1 });
    const list = await conversationsOf(t, reader.token, 'type=selling');
    expect(list.content.map((c) => [c.listing.listingTitle, c.unreadCount])).toEqual([
      ['Second', 1],
      ['First', 0],
    ]);
    // Replying counts as having read: the reply is not unread for its writer.
    await sent(t, reader.token, { listingRefnum: second, toRefnum: stranger.userRefnum, text: 'hello' });
    expect(await unreadOf(t, reader.token)).toEqual({ unreadCount: 0, conversations: 0 });
    expect(await unreadOf(t, stranger.token)).toMatchObject({ unreadCount: 1 });
  });

  it('lists by tab (buying, selling, messages, allmessages), pages, and refuses other tabs', async () => {
    const trader = await signedUp(t, freshEmail('trader'));
    const mine = await publishedListing(t, trader.token, { listingTitle: 'Mine' });
    const theirs = await publishedListing(t, seller.token, { listingTitle: 'Theirs' });
    await sent(t, buyer.token, { listingRefnum: mine, toRefnum: trader.userRefnum, text: 'I want yours' });
    await sent(t, trader.token, { listingRefnum: theirs, toRefnum: seller.userRefnum, text: 'I want theirs' });

    const titles = async (query: string) =>
      (await conversationsOf(t, trader.token, query)).content.map((c) => [c.role, c.listing.listingTitle]);
    expect(await titles('type=buying')).toEqual([['buying', 'Theirs']]);
    expect(await titles('type=selling')).toEqual([['selling', 'Mine']]);
    expect(await titles('type=allmessages')).toEqual([
      ['buying', 'Theirs'],
      ['selling', 'Mine'],
    ]);
    expect(await titles('type=messages')).toEqual(await titles(''));
    const page = await conversationsOf(t, trader.token, 'type=allmessages&page=1&size=1');
    expect(page).toMatchObject({ number: 1, size: 1, totalElements: 2 });
    expect(page.content.map((c) => c.listing.listingTitle)).toEqual(['Mine']);
    for (const type of ['offers', 'offer', 'sell', 'nonsense']) {
      expect((await getAs(t, trader.token, `/svc/messages?type=${type}`)).statusCode).toBe(400);
    }
    expect((await getAs(t, undefined, '/svc/messages')).statusCode).toBe(401);
  });
});

describe('only the two parties', () => {
  it('refuses a third person, and an admin, on every call with 403 (an unknown id too)', async () => {
    const listingRefnum = await publishedListing(t, seller.token);
    const { conversationId, message } = await sent(t, buyer.token, {
      listingRefnum,
      toRefnum: seller.userRefnum,
      text: 'Private',
    });
    for (const outsider of [stranger, admin]) {
      const history = await getAs(t, outsider.token, `/svc/messages/${conversationId}`);
      expect(history.statusCode).toBe(403);
      expect(body(history).msg).toBe(conversationMessages.notAParty);
      expect(history.body).not.toContain('Private');
      const paged = await getAs(t, outsider.token, `/svc/messages/${conversationId}?before=${message.messageId}`);
      expect(paged.statusCode).toBe(403);
      expect((await markRead(t, outsider.token, conversationId)).statusCode).toBe(403);
      const list = await conversationsOf(t, outsider.token, `listingRefnum=${listingRefnum}`);
      expect(list.totalElements).toBe(0);
      const writes = await sendMessage(t, outsider.token, { listingRefnum, toRefnum: buyer.userRefnum, text: 'x' });
      expect(writes.statusCode).toBe(403);
    }
    // An id that names nothing answers the same as one that is not yours.
    expect((await getAs(t, stranger.token, '/svc/messages/T00000000000')).statusCode).toBe(403);
    expect((await getAs(t, stranger.token, '/svc/messages/not-an-id')).statusCode).toBe(400);
    // The parties still read it, unread untouched by the refused mark.
    expect((await historyOf(t, seller.token, conversationId)).messages.map((m) => m.text)).toEqual(['Private']);
    expect((await conversationsOf(t, seller.token, `listingRefnum=${listingRefnum}`)).content[0]?.unreadCount).toBe(1);
  });
});

describe('the console', () => {
  it('lets an admin read, not write, the conversations about a reported listing, and no others', async () => {
    const listingRefnum = await publishedListing(t, seller.token, { listingTitle: 'Reported lamp' });
    const { conversationId } = await sent(t, buyer.token, {
      listingRefnum,
      toRefnum: seller.userRefnum,
      text: 'Pay me <outside>',
    });
    await sent(t, seller.token, { listingRefnum, toRefnum: buyer.userRefnum, text: 'No thanks' });
    const filter = encodeURIComponent(JSON.stringify({ listingId: listingRefnum }));
    const asAdmin = (method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, token = admin.token) =>
      t.app.inject({
        method,
        url,
        headers: { authorization: `Bearer ${token}` },
        payload: method === 'GET' ? undefined : {},
      });

    // Not reported: the console does not see it.
    expect(json<unknown[]>(await asAdmin('GET', `/svc/admin/conversations?filter=${filter}`))).toEqual([]);
    expect((await asAdmin('GET', `/svc/admin/conversations/${conversationId}`)).statusCode).toBe(404);

    const report = { listingRefnum, reason: 'scam', details: 'Asks for payment outside Yardly' };
    const reported = await t.app.inject({
      method: 'POST',
      url: '/svc/listing/reports/create',
      payload: report,
      headers: { authorization: `Bearer ${stranger.token}` },
    });
    expect(reported.statusCode, reported.body).toBe(200);
    const list = await asAdmin('GET', `/svc/admin/conversations?filter=${filter}`);
    expect(list.statusCode, list.body).toBe(200);
    expect(json<{ id: string }[]>(list).map((c) => c.id)).toEqual([conversationId]);
    const one = await asAdmin('GET', `/svc/admin/conversations/${conversationId}`);
    expect(json(one)).toMatchObject({
      id: conversationId,
      listingId: listingRefnum,
      listingTitle: 'Reported lamp',
      messageCount: 2,
      messages: [
        { from: 'buyer', kind: 'text', text: 'Pay me <outside>' },
        { from: 'seller', kind: 'text', text: 'No thanks' },
      ],
    });
    // Read-only: no write route; and a person who is not an admin cannot read it there.
    for (const method of ['PUT', 'DELETE'] as const) {
      expect((await asAdmin(method, `/svc/admin/conversations/${conversationId}`)).statusCode).toBe(404);
    }
    expect((await asAdmin('POST', '/svc/admin/conversations')).statusCode).toBe(404);
    expect((await asAdmin('GET', `/svc/admin/conversations/${conversationId}`, buyer.token)).statusCode).toBe(403);
  });
});

describe('system lines', () => {
  it("an offer's step is a line without sender in the conversation, opened for it if needed", async () => {
    const owner = await signedUp(t, freshEmail('owner'));
    const listingRefnum = await publishedListing(t, owner.token);
    const [listing] = await t.database.db.select().from(listings).where(eq(listings.refnum, listingRefnum));
    const [buyerRow] = await t.database.db.select().from(users).where(eq(users.refnum, buyer.userRefnum));
    const services = { clock: t.app.clock, live: t.app.live, jobs: t.app.jobs };
    await t.database.db.transaction((tx) =>
      appendSystemLine(tx, services, {
        listingId: listing?.id ?? 0,
        buyerId: buyerRow?.id ?? 0,
        text: offerLine({ event: 'offered', amountCents: 4000 }),
        actorId: buyerRow?.id,
        notice: { kind: 'offer_made', amountCents: 4000 },
      }),
    );
    await sent(t, owner.token, { listingRefnum, toRefnum: buyer.userRefnum, text: 'Make it 45?' });
    await t.database.db.transaction((tx) =>
      appendSystemLine(tx, services, {
        listingId: listing?.id ?? 0,
        buyerId: buyerRow?.id ?? 0,
        text: offerLine({ event: 'countered', amountCents: 4500 }),
        actorId: listing?.sellerId,
        notice: { kind: 'offer_countered', amountCents: 4500 },
      }),
    );
    const [conversation] = (await conversationsOf(t, buyer.token, `listingRefnum=${listingRefnum}`)).content;
    expect(conversation?.lastMessage).toMatchObject({ kind: 'system', text: 'Countered $45.00', senderRefnum: null });
    const history = await historyOf(t, buyer.token, conversation?.conversationId ?? '');
    expect(history.messages.map((m) => [m.kind, m.text])).toEqual([
      ['system', 'Offered $40.00'],
      ['text', 'Make it 45?'],
      ['system', 'Countered $45.00'],
    ]);
    // The buyer made the offer: the seller's answer and counter are unread for them; the seller read everything.
    expect(conversation?.unreadCount).toBe(2);
    expect(await unreadOf(t, owner.token)).toMatchObject({ unreadCount: 0 });
    // A step no party took (a timer's expiry) is unread for both.
    await t.database.db.transaction((tx) =>
      appendSystemLine(tx, services, {
        listingId: listing?.id ?? 0,
        buyerId: buyerRow?.id ?? 0,
        text: offerLine({ event: 'expired' }),
        notice: { kind: 'offer_expired' },
      }),
    );
    expect(await unreadOf(t, owner.token)).toMatchObject({ unreadCount: 1 });
    const after = (await conversationsOf(t, buyer.token, `listingRefnum=${listingRefnum}`)).content[0];
    expect(after?.unreadCount).toBe(3);
  });
});
