import { Redis } from 'ioredis';
import { connect, DeliverPolicy, type NatsConnection, RetentionPolicy, StorageType } from 'nats';
import type { Database } from '../../db/connect';
import { LIVE_CHANNEL, parseLiveNotification } from './log';

/** A person has something new: wake their open streams (which read the log), or have them check their session. */
export interface LiveWake {
  userId: number;
  ended: boolean;
}

/** One committed thing for the bus: a person's live event, or the end of sessions of theirs. */
export interface BusEvent {
  userId: number;
  /** false: `id` is a live event's; true: sessions of the person ended (`id` is the session end's row). */
  ended: boolean;
  id: number;
  /**
   * What the bus dedups by: the id within this database (`<database oid>:<event id>`, or
   * `<database oid>:end:<id>`: a database made again under the same name starts its ids again,
   * and must not be taken for a repeat).
   */
  key: string;
}

/** What a bus message carries: the event id, or `end:<id>` for a session end. */
const END_MARK = 'end:';

/**
 * How live wake-ups travel between api processes (LIVE_BUS_URL, docs/decisions/0059). Streams
 * always read the events themselves from the log by id; the bus only says whose to read.
 */
export interface LiveBus {
  readonly kind: 'postgres' | 'nats' | 'redis';
  /**
   * false: a transaction's commit itself wakes the streams (pg_notify, today's default). true:
   * events go to the outbox and the relay publishes them here once they have committed.
   */
  readonly relayed: boolean;
  /** Hands the events to the bus; resolves once it has acknowledged every one. An event published again is dropped by the bus. */
  publish(events: readonly BusEvent[]): Promise<void>;
  /** Calls `onWake` for each wake from any api process, `onGap` when some may have been missed. */
  subscribe(onWake: (wake: LiveWake) => void, onGap: () => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

/** How long the bus remembers an event id it has taken (a relay resuming within it publishes nothing twice). */
const DEDUP_WINDOW_MS = 60 * 60_000;
/** How long the bus keeps events (streams read the log, not the bus: this is only for subscribers catching up). */
const KEPT_MS = 24 * 60 * 60_000;
/** Redis: about how many entries the stream keeps. */
const REDIS_STREAM_LENGTH = 100_000;

/** The name one Yardly database's events go under on a shared bus: its ids mean nothing to another. */
export function busNamespace(databaseUrl: string | undefined): string {
  const name = databaseUrl ? decodeURIComponent(new URL(databaseUrl).pathname.slice(1)) || 'postgres' : 'embedded';
  return name.replace(/[^A-Za-z0-9_-]/g, '_');
}

/** The bus LIVE_BUS_URL names (not connected yet: `subscribe` and `publish` connect). */
export function createLiveBus(database: Database, url: string | undefined, namespace: string): LiveBus {
  if (!url) return postgresBus(database);
  const { protocol } = new URL(url);
  if (protocol === 'nats:') return natsBus(url, namespace);
  if (protocol === 'redis:') return redisBus(url, namespace);
  throw new Error(`LIVE_BUS_URL: unknown scheme ${protocol}`);
}

/** Today's path: pg_notify in the transaction, LISTEN on one connection per process. */
function postgresBus(database: Database): LiveBus {
  return {
    kind: 'postgres',
    relayed: false,
    async publish() {
      throw new Error('LISTEN/NOTIFY is not relayed: the commit notifies');
    },
    subscribe: (onWake, onGap) =>
      database.listen(
        LIVE_CHANNEL,
        (payload) => {
          const wake = parseLiveNotification(payload);
          if (wake) onWake(wake);
        },
        onGap,
      ),
    async close() {},
  };
}

/**
 * NATS JetStream: a stream per namespace, subjects `yardly.live.<namespace>.<user id>`, each event
 * published with `Nats-Msg-Id` = its id, so the stream drops one published again within the
 * dedup window. Each process reads with an ordered consumer from the moment it subscribed, which
 * resumes where it was after a reconnection.
 */
function natsBus(url: string, namespace: string): LiveBus {
  const stream = `YARDLY_LIVE_${namespace}`;
  const subject = `yardly.live.${namespace}`;
  let connecting: Promise<NatsConnection> | undefined;
  const connection = () => {
    connecting ??= (async () => {
      const { hostname, port } = new URL(url);
      const nc = await connect({
        servers: `${hostname}:${port || 4222}`,
        name: `yardly-api-${process.pid}`,
        maxReconnectAttempts: -1,
        reconnectTimeWait: 500,
      });
      const jsm = await nc.jetstreamManager();
      const config = {
        subjects: [`${subject}.>`],
        storage: StorageType.File,
        retention: RetentionPolicy.Limits,
        max_age: KEPT_MS * 1_000_000,
        duplicate_window: DEDUP_WINDOW_MS * 1_000_000,
      };
      try {
        await jsm.streams.info(stream);
      } catch {
        await jsm.streams.add({ name: stream, ...config }).catch(async (error: unknown) => {
          // Another process made it meanwhile.
          await jsm.streams.info(stream).catch(() => Promise.reject(error));
        });
      }
      return nc;
    })();
    return connecting;
  };
  return {
    kind: 'nats',
    relayed: true,
    async publish(events) {
      const js = (await connection()).jetstream();
      // Sent in order on one connection (so a person's events reach the stream in their order),
      // then every acknowledgement awaited: a batch costs one round trip, not one per event.
      await Promise.all(
        events.map((e) =>
          js.publish(`${subject}.${e.userId}`, new TextEncoder().encode(`${e.ended ? END_MARK : ''}${e.id}`), {
            msgID: e.key,
          }),
        ),
      );
    },
    async subscribe(onWake, onGap) {
      const nc = await connection();
      const consumer = await nc.jetstream().consumers.get(stream, { deliver_policy: DeliverPolicy.New });
      const messages = await consumer.consume();
      const reading = (async () => {
        for await (const m of messages) {
          const userId = Number(m.subject.slice(subject.length + 1));
          const ended = new TextDecoder().decode(m.data).startsWith(END_MARK);
          if (Number.isSafeInteger(userId) && userId > 0) onWake({ userId, ended });
        }
      })();
      const watching = (async () => {
        for await (const status of nc.status()) if (status.type === 'reconnect') onGap();
      })();
      return async () => {
        await messages.close();
        await reading.catch(() => {});
        void watching;
      };
    },
    async close() {
      const nc = await connecting?.catch(() => undefined);
      await nc?.drain().catch(() => nc.close());
    },
  };
}

/**
 * Redis Streams: one stream per namespace (`yardly:live:{<namespace>}`), an entry per event added
 * by a script that first claims the event's id (`SET NX`, kept for the dedup window), so an event
 * published again adds nothing. Each process reads with XREAD from the entry it last saw.
 */
function redisBus(url: string, namespace: string): LiveBus {
  const key = `yardly:live:{${namespace}}`;
  const ADD = `if redis.call('SET', KEYS[2], '1', 'NX', 'PX', ARGV[3]) then
  return redis.call('XADD', KEYS[1], 'MAXLEN', '~', ARGV[4], '*', 'u', ARGV[1], ARGV[5], ARGV[2])
end
return false`;
  let client: Redis | undefined;
  const open = () => new Redis(url, { lazyConnect: true, maxRetriesPerRequest: null, enableOfflineQueue: true });
  const writer = async () => {
    if (!client) {
      client = open();
      await client.connect();
    }
    return client;
  };
  const readers = new Set<Redis>();
  return {
    kind: 'redis',
    relayed: true,
    async publish(events) {
      const redis = await writer();
      const pipeline = redis.pipeline();
      for (const e of events) {
        // An entry is `u <user id> e <event id>`, or `u <user id> x <id>` for a session end.
        const field = e.ended ? 'x' : 'e';
        pipeline.eval(ADD, 2, key, `${key}:sent:${e.key}`, e.userId, e.id, DEDUP_WINDOW_MS, REDIS_STREAM_LENGTH, field);
      }
      for (const [error] of (await pipeline.exec()) ?? []) if (error) throw error;
    },
    async subscribe(onWake, onGap) {
      const reader = open();
      readers.add(reader);
      await reader.connect();
      const [last] = (await reader.xrevrange(key, '+', '-', 'COUNT', 1)) as [string, string[]][];
      let after = last?.[0] ?? '0-0';
      let stopped = false;
      let failed = false;
      const reading = (async () => {
        while (!stopped) {
          try {
            const answer = (await reader.xread('COUNT', 1000, 'BLOCK', 1000, 'STREAMS', key, after)) as
              | [string, [string, string[]][]][]
              | null;
            if (failed) {
              failed = false;
              onGap();
            }
            for (const [id, fields] of answer?.[0]?.[1] ?? []) {
              after = id;
              const userId = Number(fields[fields.indexOf('u') + 1]);
              const ended = fields.includes('x');
              if (Number.isSafeInteger(userId) && userId > 0) onWake({ userId, ended });
            }
          } catch {
            if (stopped) return;
            failed = true;
            await new Promise((resolve) => setTimeout(resolve, 500));
          }
        }
      })();
      return async () => {
        stopped = true;
        reader.disconnect();
        readers.delete(reader);
        await reading;
      };
    },
    async close() {
      for (const reader of readers) reader.disconnect();
      await client?.quit().catch(() => client?.disconnect());
    },
  };
}
