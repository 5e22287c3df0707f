import cluster, { type Worker } from 'node:cluster';
import { fileURLToPath } from 'node:url';
import type { Config } from './config';

/** A process that stopped while serving is started again after this pause (not in a tight loop). */
const RESTART_MS = 1_000;

export class ApiProcessesFailedError extends Error {
  override name = 'ApiProcessesFailedError';
}

/**
 * `pnpm start` with API_PROCESSES=N (docs/decisions/0039): this first process starts N api
 * processes that share its port through Node's cluster module (it accepts connections and
 * hands them out in turn), starts again one that stops while serving, and on SIGTERM or SIGINT
 * stops them all, each finishing its requests in flight, then exits. Everything they share
 * (sessions, limits, jobs, live events, the dev clock) is in PostgreSQL, photos in S3_URL's
 * store or DATA_DIR/files.
 */
export function runApiProcesses(config: Config): Promise<void> {
  cluster.setupPrimary({
    // The file this code runs from (the api's bundle under `pnpm start`), not `process.argv[1]`,
    // which is scripts/start.mjs: the processes serve, they do not build.
    exec: fileURLToPath(import.meta.url),
    execArgv: [...process.execArgv, '--enable-source-maps'],
  });
  const count = config.apiProcesses;
  const serving = new Set<number>();
  const running = () => Object.values(cluster.workers ?? {}).filter((w): w is Worker => Boolean(w));
  let stopping: { failure?: ApiProcessesFailedError } | undefined;
  let worstExit = 0;

  return new Promise((resolve, reject) => {
    const finish = () => {
      if (stopping?.failure) reject(stopping.failure);
      else process.exit(worstExit);
      resolve();
    };
    const stopAll = (signal: NodeJS.Signals, failure?: ApiProcessesFailedError) => {
      if (stopping) return;
      stopping = { failure };
      const workers = running();
      if (workers.length === 0) return finish();
      for (const worker of workers) worker.process.kill(signal);
    };
    const start = () => {
      const worker = cluster.fork();
      worker.once('listening', () => {
        serving.add(worker.id);
        if (serving.size === count) console.log(`Yardly serves port ${config.port} with ${count} api processes.`);
      });
    };

    cluster.on('exit', (worker, code, signal) => {
      if (stopping) {
        if (code !== 0) worstExit = 1;
        if (running().length === 0) finish();
        return;
      }
      if (!serving.has(worker.id)) {
        // It could not start (its reason is printed above): starting it again would fail alike.
        stopAll(
          'SIGTERM',
          new ApiProcessesFailedError(`An api process could not start (exit code ${code}); the others were stopped.`),
        );
        return;
      }
      console.error(`An api process stopped (${signal ?? `exit code ${code}`}); starting another.`);
      setTimeout(() => {
        if (!stopping) start();
      }, RESTART_MS);
    });
    process.once('SIGTERM', () => stopAll('SIGTERM'));
    process.once('SIGINT', () => stopAll('SIGINT'));
    for (let i = 0; i < count; i += 1) start();
  });
}
