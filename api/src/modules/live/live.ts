import type { FastifyInstance } from 'fastify';
import type { Clock } from '../../clock/clock';
import type { Database, Db } from '../../db/connect';
import { afterCommit } from '../../db/transaction-end';
import { busNamespace, createLiveBus, type LiveBus } from './bus';
import { createLiveHub, type LiveHub } from './hub';
import { endLiveStreamsOf, type LiveEvent, recordLiveEvents } from './log';
import { createPresence, type Presence } from './presence';
import { createLiveRelay, type LiveRelay, type RelayBacklog, relayBacklog } from './relay';

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
  /**
   * Sessions of a person ended (in `tx`, a log-out, a password change, a block): when it commits,
   * their open streams on every api process check their own and close if it is over. Sent as live
   * events are: NOTIFY, or through the outbox and the relay with a bus.
   */
  endStreamsOf(tx: Db, userId: number): Promise<void>;
  /** With a bus: what waits for the relay; null without one. */
  backlog(): Promise<RelayBacklog | null>;
  hub: LiveHub;
  /** This process's relay (a bus, and LIVE_BUS_RELAY not 0). */
  relay?: LiveRelay;
  /** Who has a stream open, across api processes (a notification's email waits for those who are away). */
  presence: Presence;
  /** What carries the wake-ups between api processes (LIVE_BUS_URL). */
  bus: LiveBus;
  /** Whether a session is still open: a stream ends with its session (the port auth provides). */
  sessionOpen: SessionOpen;
}

/** The one thing live needs of sign-in, given by the app at start (live imports no capability). */
export type SessionOpen = (db: Db, sessionId: string, now: Date) => Promise<boolean>;

/** LIVE_BUS_URL and its relay (config.liveBus). */
export interface LiveBusConfig {
  url?: string;
  relay: boolean;
  dieAfterPublishing?: number;
}

/** The app's live service: listening starts when the app is ready and stops when it closes. */
export function installLive(
  app: FastifyInstance,
  deps: { database: Database; clock: Clock; sessionOpen: SessionOpen; bus?: LiveBusConfig; databaseUrl?: string },
): Live {
  const bus = createLiveBus(deps.database, deps.bus?.url, busNamespace(deps.databaseUrl));
  const hub = createLiveHub(bus, (error) => app.log.error({ err: error }, 'live: stopping to listen failed'));
  const relay =
    bus.relayed && deps.bus?.relay !== false
      ? createLiveRelay({
          db: deps.database.db,
          bus,
          dieAfterPublishing: deps.bus?.dieAfterPublishing,
          onError: (error) => app.log.error({ err: error }, 'live: publishing the outbox failed; it is tried again'),
        })
      : undefined;
  const presence = createPresence({
    db: deps.database.db,
    clock: deps.clock,
    onError: (error) => app.log.error({ err: error }, 'live: the presence heartbeat failed'),
  });
  app.addHook('onReady', async () => {
    await hub.start();
    relay?.start();
    presence.start();
  });
  // Before the database closes (onClose hooks run in order, and it is closed after the app).
  app.addHook('onClose', async () => {
    await presence.stop();
    await relay?.stop();
    await hub.stop();
    await bus.close();
  });
  const route = bus.relayed ? 'outbox' : 'notify';
  // The relay publishes once the rows have committed (this process's at once; the others poll).
  const kickAfterCommit = (tx: Db) => {
    if (relay && !afterCommit(tx, relay.kick)) relay.kick();
  };
  const live: Live = {
    async record(tx, events) {
      await recordLiveEvents(tx, deps.clock, events, route);
      if (events.length > 0) kickAfterCommit(tx);
    },
    async endStreamsOf(tx, userId) {
      await endLiveStreamsOf(tx, deps.clock, userId, route);
      kickAfterCommit(tx);
    },
    backlog: async () => (bus.relayed ? relayBacklog(deps.database.db, deps.clock.now()) : null),
    hub,
    relay,
    presence,
    bus,
    sessionOpen: deps.sessionOpen,
  };
  app.decorate('live', live);
  return live;
}
