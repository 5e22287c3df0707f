import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newRefnum } from '../src/db/refnum';
import { liveBusOutbox, liveBusSessionEnds, liveEvents, users } from '../src/db/schema/index';
import { endLiveStreamsOf, recordLiveEvents } from '../src/modules/live/log';
import { startTestApp, type TestApp } from './harness';

/*
 * With a bus (LIVE_BUS_URL, docs/decisions/0059) a transaction's live events are written with an
 * outbox row each, in that transaction: the relay publishes only what committed. (The bus itself
 * is exercised by live-bus.test.ts; here the outbox route is called as the app calls it.)
 */
describe('the live outbox', () => {
  let t: TestApp;
  let userId: number;
  const clock = { now: () => new Date() };

  beforeAll(async () => {
    t = await startTestApp();
    const [user] = await t.database.db
      .insert(users)
      .values({ refnum: newRefnum('user'), email: 'outbox@example.com', nameFirst: 'Out', nameLast: 'Box' })
      .returning({ id: users.id });
    userId = user?.id ?? 0;
  });
  afterAll(() => t.close());

  const eventsOf = () =>
    t.database.db.select({ id: liveEvents.id }).from(liveEvents).where(eq(liveEvents.userId, userId));
  const outboxOf = () =>
    t.database.db
      .select({ eventId: liveBusOutbox.eventId })
      .from(liveBusOutbox)
      .where(eq(liveBusOutbox.userId, userId));

  it('writes nothing for a transaction that rolls back', async () => {
    await expect(
      t.database.db.transaction(async (tx) => {
        await recordLiveEvents(tx, clock, [{ userId, type: 'read', payload: { n: 1 } }], 'outbox');
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await eventsOf()).toEqual([]);
    expect(await outboxOf()).toEqual([]);
  });

  it('writes an outbox row for each event of a transaction that commits, named by the event id', async () => {
    await t.database.db.transaction(async (tx) => {
      await recordLiveEvents(tx, clock, [{ userId, type: 'read', payload: { n: 2 } }], 'outbox');
      await recordLiveEvents(tx, clock, [{ userId, type: 'read', payload: { n: 3 } }], 'outbox');
    });
    const events = await eventsOf();
    expect(events).toHaveLength(2);
    expect((await outboxOf()).map((r) => r.eventId).sort()).toEqual(events.map((e) => e.id).sort());
  });

  it('writes no outbox row on the default route (LISTEN/NOTIFY)', async () => {
    await t.database.db.delete(liveBusOutbox);
    await recordLiveEvents(t.database.db, clock, [{ userId, type: 'read', payload: { n: 4 } }]);
    expect(await eventsOf()).toHaveLength(3);
    expect(await outboxOf()).toEqual([]);
  });

  it('writes a session end to its own outbox on the outbox route: none for a rollback, none on the default route', async () => {
    const endsOf = () =>
      t.database.db
        .select({ userId: liveBusSessionEnds.userId })
        .from(liveBusSessionEnds)
        .where(eq(liveBusSessionEnds.userId, userId));
    await expect(
      t.database.db.transaction(async (tx) => {
        await endLiveStreamsOf(tx, clock, userId, 'outbox');
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await endsOf()).toEqual([]);
    await t.database.db.transaction((tx) => endLiveStreamsOf(tx, clock, userId));
    expect(await endsOf()).toEqual([]);
    await t.database.db.transaction((tx) => endLiveStreamsOf(tx, clock, userId, 'outbox'));
    expect(await endsOf()).toEqual([{ userId }]);
  });
});
