import type { LoginData } from '@yardly/shared/contract';
import {
  conversationMessages,
  rentalConversationMessages,
  rentalConversationPath,
  rentalMessages,
} from '@yardly/shared/rules';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { json, runDueJobs, startTestApp, type TestApp } from './harness';
import { freshEmail, outbox, signedUp } from './identity-helpers';
import { conversationsOf, getAs, historyOf, markRead, openStream, sent, unreadOf } from './message-helpers';
import { notificationsOf } from './notification-helpers';
import { listedRental, rentalCall } from './rental-helpers';
import {
  getWith,
  insertedRental,
  postWith,
  rentalConversationsOf,
  rentalNotificationsOf,
  sendRentalMessage,
  sentRental,
  setRentalState,
} from './rental-message-helpers';
import { type Envelope, publishedListing } from './selling-helpers';

// Issue 20 §3: a tenant messages the landlord about a place; the landlord answers. Rental
// conversations are the marketplace's conversations about a rental: their own lists, tabs,
// notifications (section 'rentals') and email setting, never mixed with the marketplace's.

let t: TestApp;
let landlord: LoginData;
let tenant: LoginData;
let stranger: LoginData;

beforeAll(async () => {
  t = await startTestApp({ env: { LOG_LEVEL: 'error' } });
  [landlord, tenant, stranger] = [
    await signedUp(t, freshEmail('landlord')),
    await signedUp(t, freshEmail('tenant')),
    await signedUp(t, freshEmail('stranger')),
  ];
});
afterAll(() => t?.close());

const envelope = <T = unknown>(res: { body: string }) => json<Envelope<T>>(res);

describe('messaging', () => {
  it('a tenant writes to the landlord, who answers in the same conversation; both tabs list it', async () => {
    const refnum = await insertedRental(t, landlord.userRefnum, { title: 'Garden flat' });
    const text = '<b>Is it</b> still free? 5 > 4 & "yes"';
    const first = await sentRental(t, tenant.token, { refnum, toRefnum: landlord.userRefnum, text });
    expect(first.message).toMatchObject({ text, kind: 'text', senderRefnum: tenant.userRefnum, mine: true });

    const [asLandlord] = (await rentalConversationsOf(t, landlord.token, 'type=sell')).content;
    expect(asLandlord).toMatchObject({
      conversationId: first.conversationId,
      key: `${refnum}_${landlord.userRefnum}`,
      role: 'selling',
      otherParty: { userRefnum: tenant.userRefnum },
      rental: { refnum, title: 'Garden flat', landLordRefnum: landlord.userRefnum, available: true },
      lastMessage: { text, mine: false, senderRefnum: tenant.userRefnum },
      unreadCount: 1,
    });
    // The hidden street line never reaches the other party's card.
    expect(asLandlord?.rental.address).toBe('New York, NY 10001');
    expect(JSON.stringify(asLandlord)).not.toContain('Hidden Lane');

    const reply = await sentRental(t, landlord.token, {
      refnum,
      toRefnum: tenant.userRefnum,
      text: 'Yes, come see it',
    });
    expect(reply.conversationId).toBe(first.conversationId);
    const again = await sentRental(t, tenant.token, { refnum, toRefnum: landlord.userRefnum, text: 'Saturday?' });
    expect(again.conversationId).toBe(first.conversationId);

    const [asTenant] = (await rentalConversationsOf(t, tenant.token, 'type=buy')).content;
    expect(asTenant).toMatchObject({
      conversationId: first.conversationId,
      key: `${refnum}_${landlord.userRefnum}`,
      role: 'buying',
      otherParty: { userRefnum: landlord.userRefnum },
      lastMessage: { text: 'Saturday?', mine: true },
      unreadCount: 0,
    });
    // The tenant's 'sell' tab and the landlord's 'buy' tab do not have it.
    const tenantSells = await rentalConversationsOf(t, tenant.token, 'type=sell');
    expect(tenantSells.content.map((c) => c.conversationId)).not.toContain(first.conversationId);
    const landlordBuys = await rentalConversationsOf(t, landlord.token, 'type=buy');
    expect(landlordBuys.content.map((c) => c.conversationId)).not.toContain(first.conversationId);
  });

  it('its lines and read markers are the marketplace’s: history and read for the two parties, 403 for anyone else', async () => {
    const refnum = await insertedRental(t, landlord.userRefnum, { title: 'Loft' });
    const { conversationId } = await sentRental(t, tenant.token, { refnum, toRefnum: landlord.userRefnum, text: 'Hi' });
    await sentRental(t, tenant.token, { refnum, toRefnum: landlord.userRefnum, text: 'Pets ok?' });

    const history = await historyOf(t, landlord.token, conversationId);
    expect(history.messages.map((m) => [m.text, m.mine])).toEqual([
      ['Hi', false],
      ['Pets ok?', false],
    ]);
    expect(history.conversation).toMatchObject({
      conversationId,
      section: 'rentals',
      role: 'selling',
      key: `${refnum}_${landlord.userRefnum}`,
      listing: { listingRefnum: refnum, listingTitle: 'Loft', sellerRefnum: landlord.userRefnum, offerCount: 0 },
      unreadCount: 2,
    });
    expect((await historyOf(t, tenant.token, conversationId)).conversation.role).toBe('buying');

    const read = await markRead(t, landlord.token, conversationId);
    expect(read.statusCode, read.body).toBe(200);
    const [after] = (
      await rentalConversationsOf(t, landlord.token, `refnum=${refnum}`, '/rental/conversations/listing')
    ).content;
    expect(after?.unreadCount).toBe(0);

    // A stranger reads nothing: not the lines, not the marker, not the listing's conversations.
    const peek = await getAs(t, stranger.token, `/svc/messages/${conversationId}`);
    expect(peek.statusCode).toBe(403);
    expect(envelope(peek).msg).toBe(conversationMessages.notAParty);
    expect((await markRead(t, stranger.token, conversationId)).statusCode).toBe(403);
    const theirs = await rentalConversationsOf(t, stranger.token, `refnum=${refnum}`, '/rental/conversations/listing');
    expect(theirs).toMatchObject({ content: [], totalElements: 0 });
    expect((await rentalConversationsOf(t, stranger.token)).content.map((c) => c.conversationId)).not.toContain(
      conversationId,
    );
  });

  it('refuses: signed out 401, to yourself 400, the wrong person 403, no such place 404, bad text 400', async () => {
    const refnum = await insertedRental(t, landlord.userRefnum);
    const to = { refnum, toRefnum: landlord.userRefnum };
    const cases: [string | undefined, object, number, string | undefined][] = [
      [undefined, { ...to, text: 'Hi' }, 401, undefined],
      [landlord.token, { refnum, toRefnum: landlord.userRefnum, text: 'Hi' }, 400, rentalMessages.cannotMessageSelf],
      // A tenant writes only to the landlord, not to another tenant, nor to a made-up person.
      [
        tenant.token,
        { refnum, toRefnum: stranger.userRefnum, text: 'Hi' },
        403,
        rentalConversationMessages.wrongRecipient,
      ],
      [tenant.token, { refnum, toRefnum: 'U0000000000Z', text: 'Hi' }, 403, rentalConversationMessages.wrongRecipient],
      // The landlord answers only a tenant who wrote.
      [
        landlord.token,
        { refnum, toRefnum: stranger.userRefnum, text: 'Hi' },
        403,
        rentalConversationMessages.wrongRecipient,
      ],
      [
        tenant.token,
        { refnum: 'P0000000000Z', toRefnum: landlord.userRefnum, text: 'Hi' },
        404,
        rentalMessages.notFound,
      ],
      [tenant.token, { ...to, text: '' }, 400, 'Please enter a message'],
      [tenant.token, { ...to, text: '   ' }, 400, 'Please enter a message'],
      [tenant.token, { ...to, text: 'x'.repeat(2001) }, 400, 'A message can be at most 2000 characters'],
      [tenant.token, { ...to }, 400, undefined],
      [tenant.token, { ...to, refnum: 'not a refnum', text: 'Hi' }, 400, undefined],
    ];
    for (const [token, body, status, message] of cases) {
      const res = await sendRentalMessage(t, token, body);
      expect(res.statusCode, `${JSON.stringify(body).slice(0, 80)}: ${res.body}`).toBe(status);
      if (!message) continue;
      // A broken field is named in `errors`; other refusals say why in `msg`.
      const field = message === rentalMessages.cannotMessageSelf ? 'toRefnum' : status === 400 ? 'text' : null;
      if (field) expect(envelope(res).errors).toEqual([{ field, message }]);
      else expect(envelope(res).msg).toBe(message);
    }
    const longest = await sentRental(t, tenant.token, { ...to, text: 'y'.repeat(2000) });
    expect(longest.message.text).toHaveLength(2000);
    // Nothing refused was written: one line, from the tenant.
    const [conversation] = (
      await rentalConversationsOf(t, landlord.token, `refnum=${refnum}`, '/rental/conversations/listing')
    ).content;
    expect((await historyOf(t, landlord.token, conversation?.conversationId ?? '')).messages).toHaveLength(1);
    // Signed out, the lists refuse too.
    expect((await getWith(t, undefined, '/rental/conversations')).statusCode).toBe(401);
    expect((await getWith(t, undefined, `/rental/conversations/listing?refnum=${refnum}`)).statusCode).toBe(401);
  });

  it('counts every attempt against the sender’s limit, refused or sent, each once', async () => {
    const writer = await signedUp(t, freshEmail('counted'));
    const refnum = await insertedRental(t, landlord.userRefnum);
    const attempts = async () => {
      const { rows } = (await t.database.db.execute(sql`select coalesce(sum(failures), 0)::int as n
        from login_throttles join users on key = 'messages:' || users.id where users.refnum = ${writer.userRefnum}`)) as unknown as {
        rows: { n: number }[];
      };
      return rows[0]?.n;
    };
    expect(await attempts()).toBe(0);
    // Refused inside the send's transaction: its rollback takes the count, which is made again on its own.
    const refused = await sendRentalMessage(t, writer.token, { refnum, toRefnum: stranger.userRefnum, text: 'Hi' });
    expect(refused.statusCode).toBe(403);
    expect(await attempts()).toBe(1);
    await sentRental(t, writer.token, { refnum, toRefnum: landlord.userRefnum, text: 'Hi' });
    expect(await attempts()).toBe(2);
  });

  it('a draft or deleted place is not found (404), even for a conversation already open', async () => {
    const draft = await insertedRental(t, landlord.userRefnum, { state: 'draft', listedAt: null });
    const res = await sendRentalMessage(t, tenant.token, { refnum: draft, toRefnum: landlord.userRefnum, text: 'Hi' });
    expect(res.statusCode).toBe(404);
    expect(envelope(res).msg).toBe('Error fetching data, please try again');

    const refnum = await insertedRental(t, landlord.userRefnum);
    await sentRental(t, tenant.token, { refnum, toRefnum: landlord.userRefnum, text: 'Hi' });
    await setRentalState(t, refnum, 'deleted');
    for (const [token, toRefnum] of [
      [tenant.token, landlord.userRefnum],
      [landlord.token, tenant.userRefnum],
    ] as const) {
      const gone = await sendRentalMessage(t, token, { refnum, toRefnum, text: 'Still there?' });
      expect(gone.statusCode).toBe(404);
      expect(envelope(gone).msg).toBe(rentalMessages.notFound);
    }
    // The conversation stays in the lists, its card saying the place is gone.
    const [kept] = (await rentalConversationsOf(t, tenant.token, `refnum=${refnum}`, '/rental/conversations/listing'))
      .content;
    expect(kept?.rental).toMatchObject({ refnum, deleted: true, available: false });
  });

  it('a rented or deactivated place takes no new conversation (409), but one already open goes on both ways', async () => {
    for (const [state, words] of [
      ['rented', 'This place is already rented'],
      ['paused', 'This listing is deactivated'],
    ] as const) {
      const refnum = await insertedRental(t, landlord.userRefnum);
      const early = await signedUp(t, freshEmail('early'));
      await sentRental(t, early.token, { refnum, toRefnum: landlord.userRefnum, text: 'I am interested' });
      await setRentalState(t, refnum, state);

      const late = await sendRentalMessage(t, tenant.token, { refnum, toRefnum: landlord.userRefnum, text: 'Free?' });
      expect(late.statusCode, late.body).toBe(409);
      expect(envelope(late).msg).toBe(words);
      await sentRental(t, early.token, { refnum, toRefnum: landlord.userRefnum, text: 'Any news?' });
      await sentRental(t, landlord.token, { refnum, toRefnum: early.userRefnum, text: 'It is taken, sorry' });
      const all = await rentalConversationsOf(t, landlord.token, `refnum=${refnum}`, '/rental/conversations/listing');
      expect(all.content.map((c) => c.otherParty.userRefnum)).toEqual([early.userRefnum]);
      expect(all.content[0]?.rental.available).toBe(false);
    }
  });

  it('two tenants writing at once each get their own conversation; each sees only theirs', async () => {
    const refnum = await insertedRental(t, landlord.userRefnum);
    const [a, b] = [await signedUp(t, freshEmail('tenant-a')), await signedUp(t, freshEmail('tenant-b'))];
    const [fromA, fromB] = await Promise.all([
      sentRental(t, a.token, { refnum, toRefnum: landlord.userRefnum, text: 'From A' }),
      sentRental(t, b.token, { refnum, toRefnum: landlord.userRefnum, text: 'From B' }),
    ]);
    expect(fromA.conversationId).not.toBe(fromB.conversationId);
    const ofListing = (token: string) =>
      rentalConversationsOf(t, token, `refnum=${refnum}`, '/rental/conversations/listing');
    const landlordSees = await ofListing(landlord.token);
    expect(landlordSees.totalElements).toBe(2);
    expect(new Set(landlordSees.content.map((c) => c.otherParty.userRefnum))).toEqual(
      new Set([a.userRefnum, b.userRefnum]),
    );
    const aSees = await ofListing(a.token);
    expect(aSees.content.map((c) => c.conversationId)).toEqual([fromA.conversationId]);
    expect(aSees.content[0]?.lastMessage?.text).toBe('From A');
    expect((await historyOf(t, b.token, fromB.conversationId)).messages.map((m) => m.text)).toEqual(['From B']);
    expect((await getAs(t, a.token, `/svc/messages/${fromB.conversationId}`)).statusCode).toBe(403);
    // The landlord answers each in their own conversation.
    const toA = await sentRental(t, landlord.token, { refnum, toRefnum: a.userRefnum, text: 'Hello A' });
    expect(toA.conversationId).toBe(fromA.conversationId);
    expect((await historyOf(t, b.token, fromB.conversationId)).messages.map((m) => m.text)).toEqual(['From B']);
  });
});

describe('with places listed through the rentals calls', () => {
  it('a place marked rented takes no new tenant but its conversations go on; relisted, it takes them again', async () => {
    const l = await signedUp(t, freshEmail('api-landlord'));
    const [early, late] = [await signedUp(t, freshEmail('api-early')), await signedUp(t, freshEmail('api-late'))];
    const refnum = await listedRental(t, l.token, { title: 'Listed two-bedroom' });
    await sentRental(t, early.token, { refnum, toRefnum: l.userRefnum, text: 'Can I see it?' });

    const rented = await rentalCall(t, 'POST', '/rental/listings/available', l.token, { refnum, available: false });
    expect(rented.statusCode, rented.body).toBe(200);
    const refused = await sendRentalMessage(t, late.token, { refnum, toRefnum: l.userRefnum, text: 'Free?' });
    expect(refused.statusCode).toBe(409);
    await sentRental(t, l.token, { refnum, toRefnum: early.userRefnum, text: 'Rented, sorry' });
    const [card] = (await rentalConversationsOf(t, early.token, 'type=buy')).content;
    expect(card?.rental).toMatchObject({
      refnum,
      title: 'Listed two-bedroom',
      available: false,
      rentalState: 'rented',
    });

    const again = await rentalCall(t, 'POST', '/rental/listings/available', l.token, { refnum, available: true });
    expect(again.statusCode, again.body).toBe(200);
    await sentRental(t, late.token, { refnum, toRefnum: l.userRefnum, text: 'Free now?' });
    expect(
      (await rentalConversationsOf(t, l.token, `refnum=${refnum}`, '/rental/conversations/listing')).totalElements,
    ).toBe(2);
  });
});

describe('lists', () => {
  it('by tab (sell, buy, both), newest activity first or oldest with asc, in zero-based pages', async () => {
    const me = await signedUp(t, freshEmail('both-sides'));
    const other = await signedUp(t, freshEmail('other-landlord'));
    const mine = await insertedRental(t, me.userRefnum, { title: 'My place' });
    const theirs = await insertedRental(t, other.userRefnum, { title: 'Their place' });
    const older = await insertedRental(t, other.userRefnum, { title: 'Older place' });
    const asTenant1 = await sentRental(t, me.token, { refnum: older, toRefnum: other.userRefnum, text: 'one' });
    const asLandlord = await sentRental(t, tenant.token, { refnum: mine, toRefnum: me.userRefnum, text: 'two' });
    const asTenant2 = await sentRental(t, me.token, { refnum: theirs, toRefnum: other.userRefnum, text: 'three' });

    const ids = (page: { content: { conversationId: string }[] }) => page.content.map((c) => c.conversationId);
    const both = await rentalConversationsOf(t, me.token);
    expect(ids(both)).toEqual([asTenant2.conversationId, asLandlord.conversationId, asTenant1.conversationId]);
    expect(both.totalElements).toBe(3);
    expect(ids(await rentalConversationsOf(t, me.token, 'type=sell'))).toEqual([asLandlord.conversationId]);
    expect(ids(await rentalConversationsOf(t, me.token, 'type=buy'))).toEqual([
      asTenant2.conversationId,
      asTenant1.conversationId,
    ]);
    expect(ids(await rentalConversationsOf(t, me.token, 'orderBy=lastUpdated&asc=true'))).toEqual([
      asTenant1.conversationId,
      asLandlord.conversationId,
      asTenant2.conversationId,
    ]);
    const second = await rentalConversationsOf(t, me.token, 'page=1&size=1');
    expect(second).toMatchObject({ number: 1, size: 1, totalElements: 3 });
    expect(ids(second)).toEqual([asLandlord.conversationId]);
    // Activity moves a conversation to the top.
    await sentRental(t, other.token, { refnum: older, toRefnum: me.userRefnum, text: 'four' });
    expect(ids(await rentalConversationsOf(t, me.token))[0]).toBe(asTenant1.conversationId);

    // One conversation by its id, however far down the list: only for its parties.
    const one = await rentalConversationsOf(t, me.token, `conversationId=${asTenant2.conversationId}&size=1`);
    expect(one).toMatchObject({ totalElements: 1 });
    expect(ids(one)).toEqual([asTenant2.conversationId]);
    expect(
      ids(await rentalConversationsOf(t, me.token, `conversationId=${asTenant2.conversationId}&type=sell`)),
    ).toEqual([]);
    const stranger = await signedUp(t, freshEmail('stranger'));
    expect(ids(await rentalConversationsOf(t, stranger.token, `conversationId=${asTenant2.conversationId}`))).toEqual(
      [],
    );

    for (const bad of ['type=buying', 'page=-1', 'size=0', 'asc=maybe', 'orderBy=price', 'conversationId=nope']) {
      expect((await getWith(t, me.token, `/rental/conversations?${bad}`)).statusCode, bad).toBe(400);
    }
  });

  it('the marketplace and the rentals never show each other’s conversations, counts or notifications', async () => {
    const seller = await signedUp(t, freshEmail('both-seller'));
    const buyer = await signedUp(t, freshEmail('both-buyer'));
    const listingRefnum = await publishedListing(t, seller.token, { listingTitle: 'Oak desk' });
    const refnum = await insertedRental(t, seller.userRefnum, { title: 'Attic room' });
    const sale = await sent(t, buyer.token, { listingRefnum, toRefnum: seller.userRefnum, text: 'Desk?' });
    const rental = await sentRental(t, buyer.token, { refnum, toRefnum: seller.userRefnum, text: 'Room?' });

    for (const type of ['allmessages', 'messages', 'buying', 'selling']) {
      for (const person of [seller, buyer]) {
        const page = await conversationsOf(t, person.token, `type=${type}`);
        expect(page.content.map((c) => c.conversationId)).not.toContain(rental.conversationId);
      }
    }
    expect((await conversationsOf(t, seller.token)).content.map((c) => c.conversationId)).toEqual([
      sale.conversationId,
    ]);
    expect((await rentalConversationsOf(t, seller.token)).content.map((c) => c.conversationId)).toEqual([
      rental.conversationId,
    ]);
    expect(await unreadOf(t, seller.token)).toEqual({ unreadCount: 1, conversations: 1 });

    const market = await notificationsOf(t, seller.token);
    expect(market.items.map((n) => n.text)).toEqual(['New message about “Oak desk”: Desk?']);
    expect(market.unreadCount).toBe(1);
    const rentals = await rentalNotificationsOf(t, seller.token);
    expect(rentals.items.map((n) => n.text)).toEqual(['New message about “Attic room”: Room?']);
    expect(rentals.unreadCount).toBe(1);
    expect((await getWith(t, seller.token, '/svc/notifications/unread')).body).toContain('"unreadCount":1');
    // The rentals menu's counts: `section=rentals` counts the rental's line and notification alone.
    await sentRental(t, buyer.token, { refnum, toRefnum: seller.userRefnum, text: 'Still free?' });
    const rentalUnread = await getWith(t, seller.token, '/svc/messages/unread?section=rentals');
    expect(JSON.parse(rentalUnread.body).data).toEqual({ unreadCount: 2, conversations: 1 });
    expect(await unreadOf(t, seller.token)).toEqual({ unreadCount: 1, conversations: 1 });
    const rentalNotices = await getWith(t, seller.token, '/svc/notifications/unread?section=rentals');
    expect(JSON.parse(rentalNotices.body).data.unreadCount).toBe(2);
    expect((await getWith(t, seller.token, '/svc/notifications/unread?section=market')).body).toContain(
      '"unreadCount":1',
    );
    expect((await getWith(t, seller.token, '/svc/messages/unread?section=elsewhere')).statusCode).toBe(400);

    // A sale call does not take a rental, nor a rental call a listing.
    const viaMarket = await postWith(t, buyer.token, '/svc/messages', {
      listingRefnum: refnum,
      toRefnum: seller.userRefnum,
      text: 'Hi',
    });
    expect(viaMarket.statusCode).toBe(404);
    const viaRentals = await sendRentalMessage(t, buyer.token, {
      refnum: listingRefnum,
      toRefnum: seller.userRefnum,
      text: 'Hi',
    });
    expect(viaRentals.statusCode).toBe(404);
    const ofListing = await rentalConversationsOf(
      t,
      seller.token,
      `refnum=${listingRefnum}`,
      '/rental/conversations/listing',
    );
    expect(ofListing.totalElements).toBe(0);
  });
});

describe('notifications', () => {
  it('each message tells the other party in the rentals section, linking to their own tab; the writer nothing', async () => {
    const l = await signedUp(t, freshEmail('n-landlord'));
    const r = await signedUp(t, freshEmail('n-tenant'));
    const refnum = await insertedRental(t, l.userRefnum, { title: 'Corner studio' });
    const { conversationId } = await sentRental(t, r.token, {
      refnum,
      toRefnum: l.userRefnum,
      text: 'Is the studio still available from December? I could visit on Saturday',
    });
    const toLandlord = await rentalNotificationsOf(t, l.token);
    expect(toLandlord.items.map((n) => [n.kind, n.text, n.link, n.read])).toEqual([
      [
        'message',
        'New message about “Corner studio”: Is the studio still available from De...',
        `/rentalsmsg?current_tab=selling&current_tab_ref=${conversationId}`,
        false,
      ],
    ]);
    expect(toLandlord.items[0]?.link).toBe(rentalConversationPath('selling', conversationId));
    expect((await rentalNotificationsOf(t, r.token)).total).toBe(0);

    await sentRental(t, l.token, { refnum, toRefnum: r.userRefnum, text: 'Yes it is' });
    const toTenant = await rentalNotificationsOf(t, r.token);
    expect(toTenant.items.map((n) => n.link)).toEqual([
      `/rentalsmsg?current_tab=buying&current_tab_ref=${conversationId}`,
    ]);
    expect((await rentalNotificationsOf(t, l.token)).total).toBe(1);
    // Nothing of it on the marketplace's list.
    expect((await notificationsOf(t, l.token)).total).toBe(0);
    expect((await notificationsOf(t, r.token)).total).toBe(0);
  });

  it('read and delete some (ids) or all, only the caller’s and only the rentals’; the count follows', async () => {
    const l = await signedUp(t, freshEmail('r-landlord'));
    const r = await signedUp(t, freshEmail('r-tenant'));
    const refnum = await insertedRental(t, l.userRefnum);
    for (const text of ['One', 'Two', 'Three', 'Four'])
      await sentRental(t, r.token, { refnum, toRefnum: l.userRefnum, text });
    // A marketplace notification of the same person stays untouched by the rentals calls.
    const listingRefnum = await publishedListing(t, l.token);
    await sent(t, r.token, { listingRefnum, toRefnum: l.userRefnum, text: 'Sale' });

    const before = await rentalNotificationsOf(t, l.token);
    expect(before).toMatchObject({ total: 4, unreadCount: 4 });
    const [newest, second] = before.items;
    const marketId = (await notificationsOf(t, l.token)).items[0]?.id ?? 0;

    // Someone else's ids, and the marketplace's, are left alone.
    const others = await postWith(t, r.token, '/svc/rental/notifications/read', { ids: [newest?.id] });
    expect(envelope(others)).toEqual({ code: 200, data: { unreadCount: 0 } });
    expect((await rentalNotificationsOf(t, l.token)).unreadCount).toBe(4);
    const market = await postWith(t, l.token, '/svc/rental/notifications/read', { ids: [marketId] });
    expect(envelope(market).data).toEqual({ unreadCount: 4 });
    expect((await notificationsOf(t, l.token)).unreadCount).toBe(1);

    const one = await postWith(t, l.token, '/svc/rental/notifications/read', { ids: [newest?.id] });
    expect(envelope(one).data).toEqual({ unreadCount: 3 });
    expect((await rentalNotificationsOf(t, l.token)).items[0]?.read).toBe(true);

    expect((await postWith(t, r.token, '/svc/rental/notifications/delete', { ids: [second?.id] })).statusCode).toBe(
      200,
    );
    expect((await rentalNotificationsOf(t, l.token)).total).toBe(4);
    expect((await postWith(t, l.token, '/svc/rental/notifications/delete', { ids: [marketId] })).statusCode).toBe(200);
    expect((await notificationsOf(t, l.token)).total).toBe(1);
    const deleted = await postWith(t, l.token, '/svc/rental/notifications/delete', { ids: [second?.id] });
    expect(envelope(deleted).data).toEqual({ unreadCount: 2 });
    expect((await rentalNotificationsOf(t, l.token)).items.map((n) => n.id)).not.toContain(second?.id);

    const all = await postWith(t, l.token, '/svc/rental/notifications/read', {});
    expect(envelope(all).data).toEqual({ unreadCount: 0 });
    expect((await notificationsOf(t, l.token)).unreadCount).toBe(1);
    const gone = await postWith(t, l.token, '/svc/rental/notifications/delete', {});
    expect(envelope(gone).data).toEqual({ unreadCount: 0 });
    expect((await rentalNotificationsOf(t, l.token)).total).toBe(0);
    expect((await notificationsOf(t, l.token)).total).toBe(1);

    for (const ids of [[], ['x'], [0], [-1], [1.5]]) {
      const res = await postWith(t, l.token, '/svc/rental/notifications/read', { ids });
      expect(res.statusCode, JSON.stringify(ids)).toBe(400);
    }
    expect((await getWith(t, undefined, '/svc/rental/notifications')).statusCode).toBe(401);
    expect((await postWith(t, undefined, '/svc/rental/notifications/read', {})).statusCode).toBe(401);
    expect((await postWith(t, undefined, '/svc/rental/notifications/delete', {})).statusCode).toBe(401);
  });

  it('reach the open page live: the line, and the rentals bell with its own count', async () => {
    const l = await signedUp(t, freshEmail('live-landlord'));
    const r = await signedUp(t, freshEmail('live-tenant'));
    const refnum = await insertedRental(t, l.userRefnum);
    const stream = await openStream(t, { token: l.token });
    try {
      expect((await stream.next()).event).toBe('ready');
      const { conversationId } = await sentRental(t, r.token, { refnum, toRefnum: l.userRefnum, text: 'Live hello' });
      const events = [await stream.next(), await stream.next()];
      const line = events.find((e) => e.event === 'message');
      const bell = events.find((e) => e.event === 'notification');
      expect(line?.data).toMatchObject({
        conversationId,
        listingRefnum: refnum,
        section: 'rentals',
        message: { text: 'Live hello', mine: false, senderRefnum: r.userRefnum },
      });
      expect(bell?.data).toMatchObject({
        section: 'rentals',
        unreadCount: 1,
        notification: { kind: 'message', link: rentalConversationPath('selling', conversationId) },
      });
    } finally {
      stream.close();
      await stream.ended;
    }
  });
});

describe('email while away', () => {
  const updates = async (to: string) => (await outbox(t, to)).filter((m) => m.text.includes('Here is what is new'));
  const setting = (person: LoginData, list: string, enabled: boolean) =>
    postWith(t, person.token, `/svc/account/set${list}?enabled=${enabled}`);

  async function pair() {
    const l = await signedUp(t, freshEmail('mail-landlord'));
    const r = await signedUp(t, freshEmail('mail-tenant'));
    const refnum = await insertedRental(t, l.userRefnum, { title: 'Quiet one-bed' });
    return { l, r, refnum };
  }

  it('mails the receiver what is new, with the rentals link and the rental-messages unsubscribe link', async () => {
    const { l, r, refnum } = await pair();
    const { conversationId } = await sentRental(t, r.token, {
      refnum,
      toRefnum: l.userRefnum,
      text: 'When can I visit?',
    });
    await runDueJobs(t);
    const mails = await updates(l.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe('New message about “Quiet one-bed”: When can I visit?');
    expect(mails[0]?.text).toContain(`/rentalsmsg?current_tab=selling&current_tab_ref=${conversationId}`);
    expect(mails[0]?.text).toMatch(/All your notifications: http:\/\/localhost:\d+\/rentalsnotify/);
    expect(mails[0]?.text).toMatch(/\/unsubscribe\?id=[\w-]+&list=rentalMessagesUpdates/);
    expect(await updates(r.email)).toEqual([]);
  });

  it('none when the rental-messages setting is off (the offers-and-messages one does not matter); on again, mailed', async () => {
    const { l, r, refnum } = await pair();
    expect((await setting(l, 'RentalMessagesUpdates', false)).statusCode).toBe(200);
    await sentRental(t, r.token, { refnum, toRefnum: l.userRefnum, text: 'Hello?' });
    await runDueJobs(t);
    expect(await updates(l.email)).toEqual([]);

    expect((await setting(l, 'RentalMessagesUpdates', true)).statusCode).toBe(200);
    expect((await setting(l, 'OffersAndMessagesUpdates', false)).statusCode).toBe(200);
    await sentRental(t, r.token, { refnum, toRefnum: l.userRefnum, text: 'Anyone there?' });
    await runDueJobs(t);
    const mails = await updates(l.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text).toContain('Anyone there?');
    expect(mails[0]?.text).not.toContain('Hello?');
  });

  it('the marketplace’s messages still follow the offers-and-messages setting alone', async () => {
    const { l, r } = await pair();
    const listingRefnum = await publishedListing(t, l.token, { listingTitle: 'Chair' });
    expect((await setting(l, 'RentalMessagesUpdates', false)).statusCode).toBe(200);
    await sent(t, r.token, { listingRefnum, toRefnum: l.userRefnum, text: 'Chair?' });
    await runDueJobs(t);
    const mails = await updates(l.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text).toMatch(/All your notifications: http:\/\/localhost:\d+\/notifications/);
    expect(mails[0]?.text).toContain('list=offersAndMessagesUpdates');
  });

  it('none while the receiver has a live stream open', async () => {
    const { l, r, refnum } = await pair();
    const stream = await openStream(t, { token: l.token });
    try {
      expect((await stream.next()).event).toBe('ready');
      await sentRental(t, r.token, { refnum, toRefnum: l.userRefnum, text: 'Are you there?' });
      await runDueJobs(t);
      expect(await updates(l.email)).toEqual([]);
    } finally {
      stream.close();
      await stream.ended;
    }
  });
});
