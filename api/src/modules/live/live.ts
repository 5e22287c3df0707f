import type { FastifyInstance } from 'fastify';
import type { Clock } from '../../clock/clock';
import type { Database, Db } from '../../db/connect';
import { createLiveHub, type LiveHub } from './hub';
import { type LiveEvent, recordLiveEvents } from './log';
import { createPresence, type Presence } from './presence';

declare module 'fastify' {
  interface FastifyInstance {
    /** This app's live updates (tests reach the service capabilities get). */
    live: Live;
  }
}

/** Live updates: what capabilities tell people's open pages, and this process's open streams. */
export interface Live {
  /**
   * Tell people something, inside the transaction of the change (pass `tx`): their open pages
   * get it when it commits, on whichever api process they are connected to. A transaction may
   * call it any number of times: its events are written together just before it commits.
   */
  record(tx: Db, events: readonly LiveEvent[]): Promise<void>;
  hub: LiveHub;
  /** Who has a stream open, across api processes (a notification's email waits for those who are away). */
  presence: Presence;
}

/** The app's live service: listening starts when the app is ready and stops when it closes. */
export function installLive(app: FastifyInstance, deps: { database: Database; clock: Clock }): Live {
  const hub = createLiveHub(deps.database, (error) => app.log.error({ err: error }, 'live: stopping to listen failed'));
  const presence = createPresence({
    db: deps.database.db,
    clock: deps.clock,
    onError: (error) => app.log.error({ err: error }, 'live: the presence heartbeat failed'),
  });
  app.addHook('onReady', async () => {
    await hub.start();
    presence.start();
  });
  // Before the database closes (onClose hooks run in order, and it is closed after the app).
  app.addHook('onClose', async () => {
    await presence.stop();
    await hub.stop();
  });
  const live: Live = { record: (tx, events) => recordLiveEvents(tx, deps.clock, events), hub, presence };
  app.decorate('live', live);
  return live;
}
