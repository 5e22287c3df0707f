import type { Logger } from 'drizzle-orm';

/**
 * Lists the statements an app sends while a piece of work runs (pass `logger` to
 * startTestApp). The presence heartbeat, which a timer sends every 30 s whatever the test
 * does, is left out; `begin` and `commit` are sent by PGlite itself (not listed there) and by
 * the driver on PostgreSQL (listed).
 */
export function statementRecorder() {
  let recording: string[] | undefined;
  const logger: Logger = {
    logQuery(query) {
      if (recording && !query.startsWith('insert into "live_processes"')) recording.push(query);
    },
  };
  return {
    logger,
    /** The statements sent while `work` ran, in order, and its answer. */
    async during<T>(work: () => Promise<T>): Promise<{ statements: string[]; answer: T }> {
      const statements: string[] = [];
      recording = statements;
      try {
        return { answer: await work(), statements };
      } finally {
        recording = undefined;
      }
    },
  };
}
