import type { Database } from '../../db/connect';
import { LIVE_CHANNEL } from './log';

/** Something to wake when a person has new events (one open stream). */
export type Wake = () => void;

/**
 * This process's open streams by person. A notification (from any api process, through the
 * database) wakes the streams of the person it names; they read the log themselves.
 */
export function createLiveHub(database: Database, onError: (error: unknown) => void) {
  const streams = new Map<number, Set<Wake>>();
  let stop: (() => Promise<void>) | undefined;

  const wakeUser = (userId: number) => {
    for (const wake of streams.get(userId) ?? []) wake();
  };
  const wakeAll = () => {
    for (const userId of streams.keys()) wakeUser(userId);
  };

  return {
    /** Listen for notifications (on start). */
    async start(): Promise<void> {
      if (stop) return;
      stop = await database.listen(
        LIVE_CHANNEL,
        (payload) => {
          const userId = Number(payload);
          if (Number.isSafeInteger(userId)) wakeUser(userId);
        },
        // Notifications sent while the connection was down are lost: every stream looks again.
        wakeAll,
      );
    },
    subscribe(userId: number, wake: Wake): () => void {
      let set = streams.get(userId);
      if (!set) {
        set = new Set();
        streams.set(userId, set);
      }
      set.add(wake);
      return () => {
        set.delete(wake);
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
