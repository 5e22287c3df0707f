import { type LiveEventPayload, type LiveEventType, liveEventSchemas } from '@yardly/shared/contract';
import { atom, onMount, type ReadableAtom } from 'nanostores';
import { logFailure } from '../lib/log-failure';
import { eventIdOf, isNewEvent, liveUrl, reconnectDelayMs } from './live-connection';
import { $session } from './session';

/** Whether this tab's live stream is connected ('open'), on its way, or not wanted. */
export type LiveStatus = 'off' | 'connecting' | 'open';

const $status = atom<LiveStatus>('off');

/**
 * This tab's one live stream (GET /svc/live, ADR 0021), opened while something listens to this
 * store and someone is signed in, closed when nothing listens any more or on logging out.
 * Pages that show live lines listen (see `onLiveEvent`); the header does not open it. Read it
 * by listening (useStore): nanostores mounts a store for a bare `get()`, which would open it briefly.
 */
export const $live: ReadableAtom<LiveStatus> = $status;

type Listener<T extends LiveEventType> = (payload: LiveEventPayload<T>) => void;
const TYPES = Object.keys(liveEventSchemas) as LiveEventType[];
const listeners = new Map<LiveEventType, Set<Listener<LiveEventType>>>(TYPES.map((type) => [type, new Set()]));

/**
 * Calls `listener` with each new event of `type` (never one twice) while this tab's stream is
 * open; it does not open the stream (listen to `$live` for that). `ready` comes on every
 * (re)connection: a page reads its data again then, for what came before the stream.
 */
export function onLiveEvent<T extends LiveEventType>(type: T, listener: Listener<T>): () => void {
  const set = listeners.get(type) as Set<Listener<T>>;
  set.add(listener);
  return () => set.delete(listener);
}

let wanted = false;
let source: EventSource | null = null;
let connecting = false;
let failures = 0;
let retry: ReturnType<typeof setTimeout> | null = null;
/** The last event this tab took: a new stream replays after it, and nothing at or before it is delivered again. */
let lastEventId: number | null = null;

function deliver(type: LiveEventType, event: MessageEvent<string>): void {
  const id = eventIdOf(event.lastEventId);
  if (id === null) return;
  if (type === 'ready') {
    failures = 0;
    lastEventId ??= id;
    $status.set('open');
  } else if (isNewEvent(lastEventId, id)) {
    lastEventId = id;
  } else {
    return;
  }
  let payload: unknown;
  try {
    payload = liveEventSchemas[type].parse(JSON.parse(event.data));
  } catch (cause) {
    logFailure(`A live ${type} event did not match the contract`, cause);
    return;
  }
  for (const listener of listeners.get(type) ?? []) listener(payload as never);
}

// The stream's ticket is single use, so the browser's own reconnect (same address) would be
// refused: on any error this tab closes it and opens a new one with a fresh ticket, naming the
// last event it took (`?lastEventId=`: EventSource cannot set the Last-Event-ID header).
async function connect(): Promise<void> {
  if (!wanted || source || connecting || !$session.get()) return;
  connecting = true;
  $status.set('connecting');
  try {
    const { browserApi } = await import('../lib/api');
    const { ticket } = await browserApi.live.ticket();
    if (!wanted || !$session.get()) return;
    const stream = new EventSource(liveUrl(ticket, lastEventId));
    source = stream;
    for (const type of TYPES) {
      stream.addEventListener(type, (event) => deliver(type, event as MessageEvent<string>));
    }
    stream.addEventListener('error', () => {
      if (source !== stream) return;
      stream.close();
      source = null;
      reconnectLater();
    });
  } catch (cause) {
    console.warn('The live stream could not start; trying again', cause);
    reconnectLater();
  } finally {
    connecting = false;
  }
}

function reconnectLater(): void {
  if (!wanted || retry) return;
  failures += 1;
  $status.set('connecting');
  retry = setTimeout(() => {
    retry = null;
    void connect();
  }, reconnectDelayMs(failures));
}

function disconnect(): void {
  if (retry) clearTimeout(retry);
  retry = null;
  source?.close();
  source = null;
  failures = 0;
  $status.set('off');
}

onMount($status, () => {
  wanted = true;
  // Signed in: connect; logged out (here or in another tab): close, and forget where it was.
  const stopFollowing = $session.subscribe((session) => {
    if (session) {
      void connect();
      return;
    }
    disconnect();
    lastEventId = null;
  });
  return () => {
    wanted = false;
    stopFollowing();
    disconnect();
  };
});
