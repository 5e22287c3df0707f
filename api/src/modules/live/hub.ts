import type { LiveBus } from './bus';

/** One open stream, as the hub reaches it. */
export interface StreamHandle {
  /** The person has new events: read them. */
  wake(): void;
  /** A session of the person ended: close if it was this stream's. */
  recheck(): void;
}

/**
 * This process's open streams by person. A wake-up (from any api process, through the bus:
 * LISTEN/NOTIFY by default, or LIVE_BUS_URL's) wakes the streams of the person it names, which
 * read the log themselves after the last event id they wrote (so a wake-up that comes twice
 * writes nothing twice), or, when a session of theirs ended, has them check their own. Session
 * ends travel as events do: with a bus, no process LISTENs at all.
 */
export function createLiveHub(bus: LiveBus, onError: (error: unknown) => void) {
  const streams = new Map<number, Set<StreamHandle>>();
  let stop: (() => Promise<void>) | undefined;

  const reach = (userId: number, ended: boolean) => {
    for (const stream of streams.get(userId) ?? []) {
      if (ended) stream.recheck();
      else stream.wake();
    }
  };
  // Notifications sent while the connection was down are lost: every stream checks and looks again.
  const reachAll = () => {
    for (const userId of streams.keys()) {
      reach(userId, true);
      reach(userId, false);
    }
  };

  return {
    /** Listen for notifications (on start). */
    async start(): Promise<void> {
      if (stop) return;
      stop = await bus.subscribe((wake) => reach(wake.userId, wake.ended), reachAll);
    },
    subscribe(userId: number, stream: StreamHandle): () => void {
      let set = streams.get(userId);
      if (!set) {
        set = new Set();
        streams.set(userId, set);
      }
      set.add(stream);
      return () => {
        set.delete(stream);
        if (set.size === 0 && streams.get(userId) === set) streams.delete(userId);
      };
    },
    async stop(): Promise<void> {
      const stopping = stop;
      stop = undefined;
      await stopping?.().catch(onError);
    },
  };
}

export type LiveHub = ReturnType<typeof createLiveHub>;
