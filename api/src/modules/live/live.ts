import type { FastifyInstance } from 'fastify';
import type { Clock } from '../../clock/clock';
import type { Database, Db } from '../../db/connect';
import { createLiveHub, type LiveHub } from './hub';
import { type LiveEvent, recordLiveEvents } from './log';

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
   * get it when it commits, on whichever api process they are connected to. All of one
   * transaction's events in one call.
   */
  record(tx: Db, events: readonly LiveEvent[]): Promise<void>;
  hub: LiveHub;
}

/** The app's live service: listening starts when the app is ready and stops when it closes. */
export function installLive(app: FastifyInstance, deps: { database: Database; clock: Clock }): Live {
  const hub = createLiveHub(deps.database, (error) => app.log.error({ err: error }, 'live: stopping to listen failed'));
  app.addHook('onReady', () => hub.start());
  app.addHook('onClose', () => hub.stop());
  const live: Live = { record: (tx, events) => recordLiveEvents(tx, deps.clock, events), hub };
  app.decorate('live', live);
  return live;
}
