import type { LoginData } from '@yardly/shared/contract';
import { liveMessages } from '@yardly/shared/rules';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { liveEvents, users } from '../src/db/schema/index';
import { advanceClock, json, startTestApp, type TestApp } from './harness';
import { freshEmail, GOOD_PASSWORD, post, signedUp } from './identity-helpers';
import { type Envelope, markRead, openStream, sent } from './message-helpers';
import { auth, publishedListing } from './selling-helpers';

let t: TestApp;
let seller: LoginData;
let buyer: LoginData;
let listingRefnum: string;

// Several api processes share one signing secret, as in production: a token works on any of them.
const env = { JWT_SECRET: 'live-test-secret-shared-by-the-processes' };

beforeAll(async () => {
  t = await startTestApp({ env });
  [seller, buyer] = [await signedUp(t, freshEmail('seller')), await signedUp(t, freshEmail('buyer'))];
  listingRefnum = await publishedListing(t, seller.token);
});
afterAll(() => t?.close());

type MessageEvent = { conversationId: string; listingRefnum: string; message: { text: string; mine: boolean } };
// Each message also notifies its receiver (issue 17): these tests follow the messages themselves.
const ONLY_MESSAGES = ['notification'];

const textOf = (event: { data: unknown }) => (event.data as MessageEvent).message.text;

async function ticket(token: string) {
  const res = await t.app.inject({ method: 'POST', url: '/svc/live/ticket', headers: auth(token) });
  expect(res.statusCode, res.body).toBe(200);
  return json<Envelope<{ ticket: string; expiresAt: string }>>(res).data;
}

describe('the live stream', () => {
  it("shows a message on the other party's open stream, and on the writer's, as it commits", async () => {
    const sellerStream = await openStream(t, { token: seller.token, ignore: ONLY_MESSAGES });
    expect(sellerStream.response.status).toBe(200);
    expect(sellerStream.response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const buyerStream = await openStream(t, { token: buyer.token, ignore: ONLY_MESSAGES });
    const ready = await sellerStream.next();
    expect(ready.event).toBe('ready');
    expect(ready.id).toMatch(/^\d+$/);
    await buyerStream.next();

    const { conversationId } = await sent(t, buyer.token, {
      listingRefnum,
      toRefnum: seller.userRefnum,
      text: 'Is it <still> there?',
    });
    const told = await sellerStream.next();
    expect(told.event).toBe('message');
    expect(Number(told.id)).toBeGreaterThan(Number(ready.id));
    expect(told.data).toMatchObject({
      conversationId,
      listingRefnum,
      message: { text: 'Is it <still> there?', mine: false, senderRefnum: buyer.userRefnum },
    });
    // The writer's other tabs see it as theirs.
    expect((await buyerStream.next()).data).toMatchObject({ message: { mine: true } });

    // Reading it in one tab tells the other tabs.
    expect((await markRead(t, seller.token, conversationId)).statusCode).toBe(200);
    const read = await sellerStream.next();
    expect(read).toMatchObject({ event: 'read', data: { conversationId } });
    sellerStream.close();
    buyerStream.close();
  });

  it('replays exactly the missed events after Last-Event-ID: none lost, none twice', async () => {
    const first = await openStream(t, { token: seller.token, ignore: ONLY_MESSAGES });
    await first.next(); // ready
    const to = { listingRefnum, toRefnum: seller.userRefnum };
    await sent(t, buyer.token, { ...to, text: 'seen' });
    const seen = await first.next();
    expect(textOf(seen)).toBe('seen');
    first.close();

    // Sent while the tab was away.
    await sent(t, buyer.token, { ...to, text: 'missed 1' });
    await sent(t, buyer.token, { ...to, text: 'missed 2' });

    const again = await openStream(t, { token: seller.token, lastEventId: seen.id, ignore: ONLY_MESSAGES });
    const ready = await again.next();
    expect(ready.event).toBe('ready');
    const replayed = [await again.next(), await again.next()];
    expect(replayed.map(textOf)).toEqual(['missed 1', 'missed 2']);
    await sent(t, buyer.token, { ...to, text: 'after' });
    const after = await again.next();
    expect(textOf(after)).toBe('after');
    const ids = [seen, ...replayed, after].map((e) => Number(e.id));
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect(new Set(ids).size).toBe(4);
    expect(again.pending()).toBe(0);
    again.close();

    // A new tab (no Last-Event-ID) starts from now: nothing old comes back. The newest event is
    // the notification written right after the message, in its transaction.
    const fresh = await openStream(t, { token: seller.token, ignore: ONLY_MESSAGES });
    expect(Number((await fresh.next()).id)).toBe(Number(after.id) + 1);
    await sent(t, buyer.token, { ...to, text: 'newest' });
    expect(textOf(await fresh.next())).toBe('newest');
    fresh.close();
  });

  it('one person only gets their own events', async () => {
    const other = await signedUp(t, freshEmail('other'));
    const stream = await openStream(t, { token: other.token, ignore: ONLY_MESSAGES });
    await stream.next();
    await sent(t, buyer.token, { listingRefnum, toRefnum: seller.userRefnum, text: 'not for other' });
    // Their own next event is the first they receive: nothing of the others came before it.
    const theirListing = await publishedListing(t, other.token);
    await sent(t, buyer.token, { listingRefnum: theirListing, toRefnum: other.userRefnum, text: 'for other' });
    expect(textOf(await stream.next())).toBe('for other');
    stream.close();
  });

  it('refuses a guest, a bad token and a bad Last-Event-ID in the envelope', async () => {
    const guest = await openStream(t);
    expect(guest.response.status).toBe(401);
    expect(await guest.response.json()).toMatchObject({ code: 401 });
    const forged = await openStream(t, { token: 'not-a-token', ignore: ONLY_MESSAGES });
    expect(forged.response.status).toBe(401);
    const bad = await openStream(t, { token: seller.token, lastEventId: 'abc', ignore: ONLY_MESSAGES });
    expect(bad.response.status).toBe(400);
    expect(await bad.response.json()).toMatchObject({ code: 400, msg: liveMessages.badLastEventId });
  });
});

describe('closing', () => {
  it('an api closing ends its open streams rather than waiting for the browsers', async () => {
    const closing = await startTestApp({ env });
    const person = await signedUp(closing, freshEmail('closing'));
    const stream = await openStream(closing, { token: person.token, ignore: ONLY_MESSAGES });
    await stream.next();
    await closing.close();
    await stream.ended;
  });
});

describe('tickets (EventSource sends no headers)', () => {
  it('opens a stream once with ?ticket=; a used ticket is 401', async () => {
    const { ticket: value, expiresAt } = await ticket(seller.token);
    expect(new Date(expiresAt).getTime() - t.app.clock.now().getTime()).toBeLessThanOrEqual(60_000);
    const stream = await openStream(t, { ticket: value, ignore: ONLY_MESSAGES });
    expect(stream.response.status).toBe(200);
    await stream.next();
    await sent(t, buyer.token, { listingRefnum, toRefnum: seller.userRefnum, text: 'by ticket' });
    expect(textOf(await stream.next())).toBe('by ticket');
    stream.close();

    const reused = await openStream(t, { ticket: value, ignore: ONLY_MESSAGES });
    expect(reused.response.status).toBe(401);
    expect(await reused.response.json()).toMatchObject({ code: 401, msg: liveMessages.badTicket });
    expect((await openStream(t, { ticket: 'made-up', ignore: ONLY_MESSAGES })).response.status).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/svc/live/ticket' })).statusCode).toBe(401);
  });

  it('a page opening a new stream with a fresh ticket replays after ?lastEventId= (EventSource sets no header)', async () => {
    const first = await openStream(t, { ticket: (await ticket(seller.token)).ticket, ignore: ONLY_MESSAGES });
    await first.next(); // ready
    const to = { listingRefnum, toRefnum: seller.userRefnum };
    await sent(t, buyer.token, { ...to, text: 'seen by ticket' });
    const seen = await first.next();
    first.close();
    await sent(t, buyer.token, { ...to, text: 'missed by ticket' });

    const again = await openStream(t, {
      ticket: (await ticket(seller.token)).ticket,
      lastEventIdInQuery: seen.id,
      ignore: ONLY_MESSAGES,
    });
    expect(again.response.status).toBe(200);
    expect((await again.next()).event).toBe('ready');
    expect(textOf(await again.next())).toBe('missed by ticket');
    expect(again.pending()).toBe(0);
    again.close();

    const bad = await openStream(t, { ticket: (await ticket(seller.token)).ticket, lastEventIdInQuery: '-1' });
    expect(bad.response.status).toBe(400);
    expect(await bad.response.json()).toMatchObject({ code: 400, msg: liveMessages.badLastEventId });
  });

  it('expires after 60 seconds on the clock', async () => {
    const early = await ticket(seller.token);
    const late = await ticket(seller.token);
    await advanceClock(t, 0.5);
    const inTime = await openStream(t, { ticket: early.ticket, ignore: ONLY_MESSAGES });
    expect(inTime.response.status).toBe(200);
    inTime.close();
    await advanceClock(t, 1);
    const expired = await openStream(t, { ticket: late.ticket, ignore: ONLY_MESSAGES });
    expect(expired.response.status).toBe(401);
    expect(await expired.response.json()).toMatchObject({ code: 401, msg: liveMessages.badTicket });
  });
});

describe('streams end with their session', () => {
  /** Logs in once more: a second session of the same person (another device). */
  async function loggedInAgain(email: string): Promise<LoginData> {
    const res = await post(t, '/svc/users/login', { email, password: GOOD_PASSWORD });
    expect(res.statusCode, res.body).toBe(200);
    return json<Envelope<LoginData>>(res).data;
  }
  const logout = (person: LoginData) => post(t, '/svc/users/logout', { refreshToken: person.refreshToken });

  it("logging out closes that session's open streams (by token and by ticket) and refuses its unused tickets; other sessions stay", async () => {
    const email = freshEmail('leaving');
    const laptop = await signedUp(t, email);
    const phone = await loggedInAgain(email);
    const byToken = await openStream(t, { token: laptop.token });
    const byTicket = await openStream(t, { ticket: (await ticket(laptop.token)).ticket });
    const onPhone = await openStream(t, { token: phone.token });
    for (const stream of [byToken, byTicket, onPhone]) expect((await stream.next()).event).toBe('ready');
    const unused = await ticket(laptop.token);

    expect((await logout(laptop)).statusCode).toBe(200);
    // The server ends them (the test's timeout is the limit: no sleep).
    await Promise.all([byToken.ended, byTicket.ended]);
    // A reconnection with a ticket of the ended session is refused, as is its token.
    const reconnect = await openStream(t, { ticket: unused.ticket });
    expect(reconnect.response.status).toBe(401);
    expect(await reconnect.response.json()).toMatchObject({ code: 401, msg: liveMessages.badTicket });
    const byOldToken = await openStream(t, { token: laptop.token });
    expect(byOldToken.response.status).toBe(401);
    expect(await byOldToken.response.json()).toMatchObject({ code: 488 });

    // The phone's session is another: its stream still gets the person's events.
    const theirListing = await publishedListing(t, phone.token);
    await sent(t, buyer.token, { listingRefnum: theirListing, toRefnum: phone.userRefnum, text: 'still here?' });
    let event = await onPhone.next();
    while (event.event !== 'message') event = await onPhone.next();
    expect(textOf(event)).toBe('still here?');
    expect((await ticket(phone.token)).ticket).toEqual(expect.any(String));
    onPhone.close();
  });

  it('an admin blocking a person closes all their open streams; their tickets open nothing', async () => {
    const admin = await signedUp(t, freshEmail('admin'));
    await t.database.db
      .update(users)
      .set({ roles: ['ROLE_USER', 'ROLE_ADMIN'] })
      .where(eq(users.refnum, admin.userRefnum));
    const email = freshEmail('blocked');
    const person = await signedUp(t, email);
    const other = await loggedInAgain(email);
    const streams = [
      await openStream(t, { token: person.token }),
      await openStream(t, { ticket: (await ticket(other.token)).ticket }),
    ];
    for (const stream of streams) expect((await stream.next()).event).toBe('ready');
    const unused = await ticket(person.token);

    const block = await t.app.inject({
      method: 'PUT',
      url: `/svc/admin/users/${person.userRefnum}`,
      headers: auth(admin.token),
      payload: { roles: ['ROLE_USER'], blocked: true },
    });
    expect(block.statusCode, block.body).toBe(200);
    await Promise.all(streams.map((stream) => stream.ended));
    expect((await openStream(t, { ticket: unused.ticket })).response.status).toBe(401);
  });
});

describe.runIf(Boolean(process.env.DATABASE_URL))('several api processes on one PostgreSQL', () => {
  let other: TestApp;
  beforeAll(async () => {
    other = await startTestApp({ sameDatabaseAs: t, env });
  });
  afterAll(() => other?.close());

  it('a message sent through one app reaches a stream opened on another', async () => {
    const onB = await openStream(other, { token: seller.token, ignore: ONLY_MESSAGES });
    expect(onB.response.status).toBe(200);
    await onB.next();
    await sent(t, buyer.token, { listingRefnum, toRefnum: seller.userRefnum, text: 'across processes' });
    expect(textOf(await onB.next())).toBe('across processes');
    // And back: sent through B, seen on a stream of A.
    const onA = await openStream(t, { token: buyer.token, ignore: ONLY_MESSAGES });
    await onA.next();
    await sent(other, seller.token, { listingRefnum, toRefnum: buyer.userRefnum, text: 'and back' });
    expect(textOf(await onA.next())).toBe('and back');
    onA.close();
    onB.close();
  });

  it('logging out through one app closes the stream held by another', async () => {
    const person = await signedUp(t, freshEmail('across'));
    const onB = await openStream(other, { token: person.token });
    expect((await onB.next()).event).toBe('ready');
    expect((await post(t, '/svc/users/logout', { refreshToken: person.refreshToken })).statusCode).toBe(200);
    await onB.ended;
  });
});

// Last: it moves the clock a week on, past every token of this file.
describe('pruning', () => {
  it('forgets live events after a week on the clock, and keeps younger ones', async () => {
    const [user] = await t.database.db.select().from(users).where(eq(users.refnum, seller.userRefnum));
    const userId = user?.id ?? 0;
    const idsOf = async () =>
      (await t.database.db.select().from(liveEvents).where(eq(liveEvents.userId, userId))).map((e) => e.payload);
    await t.app.live.record(t.database.db, [{ userId, type: 'read', payload: { conversationId: 'old' } }]);
    await advanceClock(t, 6 * 24 * 60);
    await t.app.live.record(t.database.db, [{ userId, type: 'read', payload: { conversationId: 'young' } }]);
    await advanceClock(t, 2 * 24 * 60);
    const left = await idsOf();
    expect(left).toContainEqual({ conversationId: 'young' });
    expect(left).not.toContainEqual({ conversationId: 'old' });
  });
});
