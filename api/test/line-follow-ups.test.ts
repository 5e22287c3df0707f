import type { LoginData } from '@yardly/shared/contract';
import { conversationPath } from '@yardly/shared/rules';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { parseConfig } from '../src/config';
import { json, startTestApp, type TestApp } from './harness';
import { freshEmail, signedUp } from './identity-helpers';
import { openStream, sent } from './message-helpers';
import { type NotificationsPage, notificationsOf } from './notification-helpers';
import { auth, type Envelope, publishedListing } from './selling-helpers';

/*
 * A message commits with its follow-up row and is answered (ADR 0073); what follows from it (the
 * other party's notification, its email, both parties' live events) is done from the committed
 * rows. The process that answered stops right after the answer, before any of it: a fresh app
 * started on the same database does all of it.
 */
let t: TestApp;
let fresh: FastifyInstance | undefined;
let seller: LoginData;
let buyer: LoginData;

beforeAll(async () => {
  t = await startTestApp();
  [seller, buyer] = [await signedUp(t, freshEmail('seller')), await signedUp(t, freshEmail('buyer'))];
});
afterAll(async () => {
  await fresh?.close();
  await t?.close();
});

describe('a line whose process stops right after the answer', () => {
  it('is notified, mailed and put on open pages by a fresh app on the same database', async () => {
    const listingRefnum = await publishedListing(t, seller.token, { listingTitle: 'Oak chair' });
    const before = (await notificationsOf(t, seller.token)).total;
    // As if the process died once the answer was out: nothing after the commit runs in it.
    await t.app.lineFollower.stop();
    const { conversationId } = await sent(t, buyer.token, {
      listingRefnum,
      toRefnum: seller.userRefnum,
      text: 'Would you take $30?',
    });
    expect((await notificationsOf(t, seller.token)).total).toBe(before);
    await t.app.close();

    fresh = await buildApp({
      config: parseConfig({ NODE_ENV: 'test', DATA_DIR: t.dataDir, DATABASE_URL: t.databaseUrl }),
      database: t.database,
      files: t.files,
    });
    await fresh.ready();
    const app = fresh;
    const get = async <T>(url: string, token?: string) => {
      const res = await app.inject({ method: 'GET', url, headers: token ? auth(token) : {} });
      expect(res.statusCode, res.body).toBe(200);
      return json<Envelope<T>>(res).data;
    };

    // The seller's notification, as the page lists it, with its unread count.
    const page = await get<NotificationsPage>('/svc/notifications?size=100', seller.token);
    expect(page.notifications.totalElements).toBe(before + 1);
    expect(page.notifications.content[0]).toMatchObject({
      kind: 'message',
      text: 'New message about “Oak chair”: Would you take $30?',
      link: conversationPath(conversationId),
      read: false,
    });
    // The buyer wrote it: nothing for them.
    expect((await get<NotificationsPage>('/svc/notifications?size=100', buyer.token)).notifications.content).toEqual(
      [],
    );

    // The seller is away: their email goes out with the fresh app's jobs.
    const moved = await app.inject({ method: 'POST', url: '/svc/dev/clock', payload: { advanceMinutes: 0 } });
    expect(moved.statusCode).toBe(200);
    const mails = await get<{ text: string }[]>(`/svc/dev/outbox?to=${encodeURIComponent(seller.email)}`);
    expect(mails.filter((m) => m.text.includes('Would you take $30?'))).toHaveLength(1);

    // An open page (here one that reconnects from the start) gets the line and the menu's count.
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    const stream = await openStream({ url }, { token: seller.token, lastEventId: '0' });
    try {
      expect((await stream.next()).event).toBe('ready');
      let event = await stream.next();
      while (event.event !== 'message') event = await stream.next();
      expect(event.data).toMatchObject({ conversationId, message: { text: 'Would you take $30?', mine: false } });
      expect(await stream.next()).toMatchObject({
        event: 'notification',
        data: { notification: { kind: 'message', read: false }, unreadCount: page.unreadCount },
      });
    } finally {
      stream.close();
    }
  });
});
