import type { ServerResponse } from 'node:http';
import { authMessages, liveMessages } from '@yardly/shared/rules';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../errors';
import type { AppServices } from '../../services';
import { latestLiveEventId, liveEventsAfter, type StoredLiveEvent } from './log';
import { redeemLiveTicket } from './tickets';

/** Events read from the log at a time; a stream far behind reads on until it is level. */
const BATCH = 200;
/** A comment line this often keeps proxies from closing a quiet stream (transport, not a time rule). */
const HEARTBEAT_MS = 25_000;
/** What EventSource waits before reconnecting after a drop. */
const RETRY_MS = 2_000;

/** One `text/event-stream` event. */
export function formatEvent(id: number, type: string, payload: unknown): string {
  return `id: ${id}\nevent: ${type}\ndata: ${JSON.stringify(payload)}\n\n`;
}

/**
 * GET /svc/live: one Server-Sent Events stream per tab. Who: the bearer token, or `?ticket=`
 * (EventSource sends no headers). It answers `ready` (its id is where the stream starts), the
 * events after `Last-Event-ID` when reconnecting, then each new event as it commits. It ends
 * when its session does (a log-out, a block), on whichever api process that happens.
 */
export function installLiveStream(app: FastifyInstance, s: AppServices): void {
  const open = new Set<ServerResponse>();
  // A stream never ends by itself: closing the app ends them so it does not wait for the browsers.
  app.addHook('preClose', async () => {
    for (const raw of open) raw.end();
  });

  app.get('/svc/live', { schema: { hide: true } }, async (request, reply) => {
    const { userId, sessionId } = await streamOwner(request, s);
    const asked = lastEventId(request);
    const latest = await latestLiveEventId(s.db, userId);
    // An id from another database (or the future) replays nothing rather than waiting for it.
    let cursor = asked === undefined ? latest : Math.min(asked, latest);

    reply.hijack();
    const raw = reply.raw;
    raw.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
      'x-accel-buffering': 'no',
      connection: 'keep-alive',
    });
    raw.write(`retry: ${RETRY_MS}\n`);
    open.add(raw);

    // One read at a time per stream; a wake during a read makes it read once more.
    let reading = false;
    let again = false;
    const readUntilLevel = async () => {
      let events: StoredLiveEvent[];
      do {
        events = await liveEventsAfter(s.db, userId, cursor, BATCH);
        if (raw.writableEnded) return;
        for (const event of events) raw.write(formatEvent(event.id, event.type, event.payload));
        cursor = events.at(-1)?.id ?? cursor;
      } while (events.length === BATCH);
    };
    // Events wait until the stream has said `ready`.
    let ready = false;
    const wake = () => {
      again = true;
      if (!ready || reading || raw.writableEnded) return;
      reading = true;
      void (async () => {
        while (again) {
          again = false;
          await readUntilLevel();
        }
      })()
        .catch((error: unknown) => {
          request.log.error({ err: error }, 'live: reading events failed; the stream ends and the browser reconnects');
          raw.end();
        })
        .finally(() => {
          reading = false;
          if (again) wake();
        });
    };
    // A session of the person ended (here or on another process): this stream goes if it was its.
    const recheck = () => {
      if (raw.writableEnded) return;
      s.live
        .sessionOpen(s.db, sessionId, s.clock.now())
        .then((open) => {
          if (!open) raw.end();
        })
        .catch((error: unknown) => {
          request.log.error(
            { err: error },
            'live: checking the session failed; the stream ends and the browser reconnects',
          );
          raw.end();
        });
    };
    const unsubscribe = s.live.hub.subscribe(userId, { wake, recheck });
    // Connected: a notification's email waits (issue 17) while this stream is open.
    const leaving = s.live.presence.enter(userId).catch((error: unknown) => {
      request.log.error({ err: error }, 'live: recording the open stream failed');
      return async () => {};
    });
    const heartbeat = setInterval(() => raw.write(': keep-alive\n\n'), HEARTBEAT_MS);
    heartbeat.unref();
    raw.on('close', () => {
      clearInterval(heartbeat);
      unsubscribe();
      open.delete(raw);
      void leaving
        .then((leave) => leave())
        .catch((error: unknown) => request.log.warn({ err: error }, 'live: recording the closed stream failed'));
    });
    // Counted as connected before it says so: a page that has seen `ready` is not emailed what it is shown.
    await leaving;
    if (raw.destroyed || raw.writableEnded) return;
    raw.write(formatEvent(cursor, 'ready', {}));
    ready = true;
    // Events committed between reading `latest` and subscribing (or missed since Last-Event-ID),
    // and a session that ended meanwhile.
    wake();
    recheck();
  });
}

/** The person and session a stream is for: a ticket when one is given, else the bearer token. */
async function streamOwner(request: FastifyRequest, s: AppServices): Promise<{ userId: number; sessionId: string }> {
  const { ticket } = request.query as { ticket?: unknown };
  if (ticket !== undefined) {
    const owner = typeof ticket === 'string' ? await redeemLiveTicket(s.db, s.clock, s.live.sessionOpen, ticket) : null;
    if (owner === null) throw new AppError(401, liveMessages.badTicket);
    return owner;
  }
  const caller = await request.server.resolveCaller(request);
  if (!caller) throw new AppError(401, authMessages.loginRequired);
  return caller;
}

/** `Last-Event-ID` (sent by EventSource when it reconnects), or `?lastEventId=` for a page that keeps it itself. */
function lastEventId(request: FastifyRequest): number | undefined {
  const header = request.headers['last-event-id'];
  const value = typeof header === 'string' ? header : (request.query as { lastEventId?: unknown }).lastEventId;
  if (value === undefined || value === '') return undefined;
  if (typeof value !== 'string' || !/^\d{1,15}$/.test(value)) throw AppError.badRequest(liveMessages.badLastEventId);
  return Number(value);
}
