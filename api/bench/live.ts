// Live delivery (issue 17). A message sent with POST /svc/messages is timed until it
// arrives on its recipient's open GET /svc/live stream, while BENCH_STREAMS (200) streams are
// open. On PostgreSQL two api processes run: messages go through the first, the streams are held
// by the second, so every delivery crosses the bus between them: LISTEN/NOTIFY, then NATS
// JetStream and Redis Streams (LIVE_BUS_URL, docs/decisions/0059) when they answer; on PGlite
// one process does both. Each is measured with 1 sender and with BENCH_LIVE_WRITERS (20) at
// once (the case NOTIFY handles worst: its commits take one lock). The job runner has its own
// bench (jobs.ts).

import { and, asc, eq, sql } from 'drizzle-orm';
import { systemClock } from '../src/clock/clock';
import type { Db } from '../src/db/connect';
import { newRefnum } from '../src/db/refnum';
import { listings, users } from '../src/db/schema/index';
import { accessTokens } from '../src/modules/auth/access-tokens';
import { refreshTokenStore } from '../src/modules/auth/refresh-tokens';
import { reachable } from '../test/reachable';
import type { BenchDatabase } from './engines';
import { type Figures, percentiles, printHeader, printRow } from './measure';
import { BENCH_JWT_SECRET, startServer, stopServer } from './server';

export interface LiveBenchOptions {
  seconds: number;
  /** Messages in flight at once under load (each waits for its delivery before the next); 1 is measured too. */
  connections: number;
  /** Open live streams, one per recipient. */
  streams: number;
  port: number;
  /** Messages sent at once in the bus comparison (each waits for its delivery before the next). */
  writers: number;
  /** The buses to compare on PostgreSQL: `notify` (LISTEN/NOTIFY) and LIVE_BUS_URL values. */
  buses: string[];
}

/** A delivery slower than this counts as an error rather than a time. */
const DELIVERY_TIMEOUT_MS = 10_000;
/** Issue 38's goal: send -> delivery p95 with 200 streams and 10 senders at once, by engine. */
const DELIVERY_GOAL_MS = { postgres: 100, pglite: 150 } as const;

interface Party {
  id: number;
  refnum: string;
  token: string;
}
interface Pair {
  listingRefnum: string;
  seller: Party;
  buyer: Party;
}

export async function benchLive(prepared: BenchDatabase, options: LiveBenchOptions): Promise<void> {
  const twoProcesses = prepared.engine === 'postgres';
  const database = await prepared.open();
  const pairs = await preparePairs(database.db, options.streams);
  // PGlite's directory is the server's once it starts.
  await database.close();

  for (const bus of twoProcesses ? options.buses : ['notify']) {
    const busUrl = bus === 'notify' ? undefined : bus;
    if (busUrl && !(await reachable(Number(new URL(busUrl).port), new URL(busUrl).hostname))) {
      console.log(`  live over ${busUrl}: not measured, nothing answers there\n`);
      continue;
    }
    await benchLiveOver(prepared.env, busUrl, pairs, twoProcesses, {
      ...options,
      goalMs: DELIVERY_GOAL_MS[prepared.engine],
    });
  }
}

async function benchLiveOver(
  benchEnv: Record<string, string>,
  busUrl: string | undefined,
  pairs: Pair[],
  twoProcesses: boolean,
  options: LiveBenchOptions & { goalMs: number },
): Promise<void> {
  const env = { ...benchEnv, ...(busUrl && { LIVE_BUS_URL: busUrl }) };
  const sending = await startServer(env, options.port);
  const holding = twoProcesses ? await startServer(env, options.port + 1) : sending;
  const origin = (port: number) => `http://127.0.0.1:${port}`;
  const streams: LiveStream[] = [];
  try {
    for (const pair of pairs)
      streams.push(openLiveStream(origin(twoProcesses ? options.port + 1 : options.port), pair.seller.token));
    await Promise.all(streams.map((stream) => stream.ready));
    const where = twoProcesses ? 'sent through process A, streams held by process B' : 'one process';
    const over = busUrl ?? 'LISTEN/NOTIFY';
    console.log(
      `  live over ${over} (${streams.length} open streams, ${where}; goal: send -> delivery p95 <= ${options.goalMs} ms):`,
    );
    printHeader();
    // One sender: the latency itself; then `connections` and `writers` at once, where queueing shows.
    const verdicts: string[] = [];
    for (const senders of [...new Set([1, options.connections, options.writers])]) {
      const [delivery, ...rest] = await measureDelivery(origin(options.port), pairs, streams, senders, options);
      for (const figures of [delivery, ...rest]) if (figures) printRow(figures);
      if (delivery) {
        const verdict = delivery.p95 <= options.goalMs ? 'met' : 'not met';
        verdicts.push(
          `    ${senders} sender(s): send -> delivery p95 ${delivery.p95.toFixed(1)} ms, goal <= ${options.goalMs} ms: ${verdict}`,
        );
      }
    }
    console.log(
      `  p95 against the goal (${options.goalMs} ms on ${twoProcesses ? 'PostgreSQL' : 'the embedded database'}):`,
    );
    for (const line of verdicts) console.log(line);
  } finally {
    for (const stream of streams) stream.close();
    if (holding !== sending) await stopServer(holding);
    await stopServer(sending);
  }
  console.log('');
}

/** A live listing per seller (distinct sellers), a new buyer for each, and everyone's access token. */
async function preparePairs(db: Db, count: number): Promise<Pair[]> {
  const rows = await db
    .selectDistinctOn([listings.sellerId], {
      listingRefnum: listings.refnum,
      sellerId: listings.sellerId,
      sellerRefnum: users.refnum,
    })
    .from(listings)
    .innerJoin(users, eq(users.id, listings.sellerId))
    .where(and(eq(listings.state, 'live'), sql`${users.blockedAt} is null`))
    .orderBy(asc(listings.sellerId))
    .limit(count);
  if (rows.length < count) throw new Error(`only ${rows.length} sellers with a live listing: raise BENCH_LISTINGS`);
  // A run of its own in the addresses: a kept database (BENCH_KEEP_DB) holds the last run's buyers.
  const run = Date.now().toString(36);
  const buyers = await db
    .insert(users)
    .values(
      rows.map((_, i) => ({
        refnum: newRefnum('user'),
        email: `bench.buyer.${run}.${i}@example.com`,
        nameFirst: 'Bench',
        nameLast: `Buyer ${i}`,
        emailVerifiedAt: systemClock.now(),
      })),
    )
    .returning({ id: users.id, refnum: users.refnum });
  // Sessions are only started here: ending one (which would tell the api processes' streams) is no part of the bench.
  const sessions = refreshTokenStore(db, 1, systemClock, async () => {
    throw new Error('the live bench ends no session');
  });
  const access = accessTokens(new TextEncoder().encode(BENCH_JWT_SECRET), 3_600, systemClock);
  const signedIn = async (user: { id: number; refnum: string }): Promise<Party> => {
    const { sessionId } = await sessions.start(user.id);
    return { ...user, token: await access.issue(user, sessionId) };
  };
  const pairs: Pair[] = [];
  for (const [i, row] of rows.entries()) {
    const buyer = buyers[i];
    if (!buyer) throw new Error('a bench buyer is missing');
    pairs.push({
      listingRefnum: row.listingRefnum,
      seller: await signedIn({ id: row.sellerId, refnum: row.sellerRefnum }),
      buyer: await signedIn(buyer),
    });
  }
  return pairs;
}

interface LiveStream {
  /** Settles on the stream's `ready` event. */
  ready: Promise<void>;
  /** Settles when a `message` event with this text arrives. */
  delivery(text: string): Promise<void>;
  forget(text: string): void;
  close(): void;
}

/** GET /svc/live read as it arrives (a browser's EventSource, minus the reconnecting). */
function openLiveStream(origin: string, token: string): LiveStream {
  const controller = new AbortController();
  const waiting = new Map<string, () => void>();
  let isReady: () => void = () => {};
  let failed: (error: unknown) => void = () => {};
  const ready = new Promise<void>((resolve, reject) => {
    isReady = resolve;
    failed = reject;
  });
  const onEvent = (type: string, data: string) => {
    if (type === 'ready') isReady();
    if (type !== 'message') return;
    const text = (JSON.parse(data) as { message: { text: string } }).message.text;
    waiting.get(text)?.();
    waiting.delete(text);
  };
  void (async () => {
    const response = await fetch(`${origin}/svc/live`, {
      headers: { authorization: `Bearer ${token}` },
      signal: controller.signal,
    });
    if (!response.ok || !response.body) throw new Error(`GET /svc/live answered ${response.status}`);
    const decoder = new TextDecoder();
    let buffer = '';
    for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
      buffer += decoder.decode(chunk, { stream: true });
      for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const field = (name: string) =>
          block
            .split('\n')
            .find((line) => line.startsWith(`${name}: `))
            ?.slice(name.length + 2);
        const type = field('event');
        const data = field('data');
        if (type && data !== undefined) onEvent(type, data);
      }
    }
  })().catch((error: unknown) => {
    if (!controller.signal.aborted) failed(error);
  });
  return {
    ready,
    delivery: (text) => new Promise((resolve) => waiting.set(text, resolve)),
    forget: (text) => waiting.delete(text),
    close: () => controller.abort(),
  };
}

/** `senders` loops for `seconds`: each sends the next pair's message and waits for it on the seller's stream. */
async function measureDelivery(
  origin: string,
  pairs: Pair[],
  streams: LiveStream[],
  senders: number,
  options: LiveBenchOptions,
): Promise<Figures[]> {
  const times: number[] = [];
  const posts: number[] = [];
  let errors = 0;
  let sent = 0;
  const until = Date.now() + options.seconds * 1000;
  const loop = async () => {
    while (Date.now() < until) {
      const n = sent++;
      const index = n % pairs.length;
      const pair = pairs[index] as Pair;
      const stream = streams[index] as LiveStream;
      const text = `bench ${n}`;
      const delivered = stream.delivery(text);
      const started = performance.now();
      const response = await fetch(`${origin}/svc/messages`, {
        method: 'POST',
        headers: { authorization: `Bearer ${pair.buyer.token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ listingRefnum: pair.listingRefnum, toRefnum: pair.seller.refnum, text }),
      });
      await response.arrayBuffer();
      posts.push(performance.now() - started);
      if (!response.ok) {
        stream.forget(text);
        errors++;
        continue;
      }
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<'late'>((resolve) => {
        timer = setTimeout(() => resolve('late'), DELIVERY_TIMEOUT_MS);
      });
      const outcome = await Promise.race([delivered, late]);
      clearTimeout(timer);
      if (outcome === 'late') {
        stream.forget(text);
        errors++;
      } else {
        times.push(performance.now() - started);
      }
    }
  };
  await Promise.all(Array.from({ length: senders }, loop));
  const rps = times.length / options.seconds;
  return [
    { name: `message send -> delivery, ${senders} sender(s)`, rps, ...percentiles(times), errors },
    { name: '  of which POST /svc/messages answered', rps, ...percentiles(posts), errors },
  ];
}
