import cluster from 'node:cluster';
import { buildApp } from './app';
import { clockFor } from './clock/clock';
import { databaseClockOffset } from './clock/shared-offset';
import { ApiProcessesFailedError, runApiProcesses } from './cluster';
import { type Config, ConfigError, parseConfig, primaryDatabase } from './config';
import { type Database, openDatabase } from './db/connect';
import { DataDirInUseError } from './db/lock';
import { bootstrapAdmin } from './modules/auth/bootstrap-admin';
import { SecretMismatchError } from './modules/auth/secret-fingerprints';
import type { FileStore } from './modules/files/file-store';
import { ObjectStoreUnreachableError } from './modules/files/object-store';
import { fileStoreFor } from './modules/files/store-for';
import { repoRoot } from './paths';
import { assertPortFree, PortInUseError } from './port-check';
import { loadSigningSecret } from './secrets/secrets';
import { hasDemoData, seedDemo } from './seed/demo';
import { seedReference } from './seed/reference';
import { createWebHandler } from './web/serve-web';
import { webBuildDirs } from './web/web-builds';

let opened: { close(): Promise<void> } | undefined;

/**
 * `pnpm start`: one port for /svc, the storefront and the console; served by one process, or
 * with API_PROCESSES=N by N api processes that share it (cluster.ts, docs/decisions/0039).
 */
async function main(): Promise<void> {
  const started = Date.now();
  const config = parseConfig();
  // One api process of several: the first process checked the port and prepared the database.
  if (cluster.isWorker) return serve(config, started);
  await assertPortFree(config.port, config.host);
  if (config.apiProcesses === 1) return serve(config, started, { prepare: true });

  const database = await openDatabase(primaryDatabase(config));
  opened = database;
  const files = fileStoreFor(config);
  await files.check();
  await prepare(config, database, files, started);
  await database.close();
  opened = undefined;
  // Made once here, not raced by N processes on a first start (without JWT_SECRET).
  loadSigningSecret({ configured: config.jwtSecret, dataDir: config.dataDir });
  await runApiProcesses(config);
}

/** What a start does once, whatever the number of processes: reference data, the first admin, demo data. */
async function prepare(config: Config, database: Database, files: FileStore, started: number): Promise<void> {
  await seedReference(database.db);
  if (config.admin) {
    const outcome = await bootstrapAdmin(database.db, config.admin);
    console.log(`Admin ${config.admin.email}: ${outcome}.`);
  }
  // Demo data on a fresh embedded database, or on any database when SEED=demo asks for it.
  if (config.seedDemo && (database.fresh || config.seedRequested) && !(await hasDemoData(database.db))) {
    const seeded = await seedDemo(database.db, files);
    console.log(
      `Seeded ${seeded.listings} demo listings with ${seeded.photos} photos and ${seeded.rentals} rentals (${Date.now() - started} ms).`,
    );
  }
}

/** How long a stopping process waits for the calls still running before it closes the database. */
const SHUTDOWN_GRACE_MS = 10_000;

/** One api process: opens the database, listens, runs due jobs until SIGTERM or SIGINT. */
async function serve(config: Config, started: number, options: { prepare?: boolean } = {}): Promise<void> {
  const database = await openDatabase({
    ...primaryDatabase(config),
    readUrls: config.databaseReadUrls,
    readMaxLagMs: config.databaseReadMaxLagMs,
  });
  // A start that fails from here on releases the database (and the DATA_DIR lock) first.
  opened = database;
  // Outside production, the dev clock is one for every api process on this database.
  const clock = clockFor(config.isProduction, databaseClockOffset(database.db));
  await clock.refresh?.();
  const files = fileStoreFor(config);
  if (options.prepare) {
    await files.check();
    await prepare(config, database, files, started);
  }

  const app = await buildApp({
    config,
    database,
    files,
    clock,
    // `pnpm dev` runs the api alone (Astro and Vite serve the pages): API_ONLY=1.
    createWeb: config.apiOnly
      ? undefined
      : (instance) =>
          // The pages built with the donation flag the api runs with (docs/decisions/0035).
          createWebHandler(instance, {
            ...webBuildDirs(repoRoot, config.donationEnabled),
            publicOrigin: config.publicUrl,
          }),
  });

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down: finishing requests in flight');
    try {
      await app.close(); // stops accepting, waits for the connections open
      // Handlers still running for a client that has gone: the database stays open for them.
      if (!(await app.inFlight.settled(SHUTDOWN_GRACE_MS))) {
        app.log.warn({ running: app.inFlight.count }, 'shutting down with calls still running');
      }
      await database.close();
      process.exit(0);
    } catch (error) {
      console.error('Shutdown failed:', error);
      process.exit(1);
    }
  };
  process.once('SIGTERM', () => void stop('SIGTERM'));
  process.once('SIGINT', () => void stop('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  // Due jobs (mail, sweeps, timers) run in every api process; closing the app stops them.
  app.jobs.start();
  const which = cluster.isWorker ? `api process ${process.pid}, one of ${config.apiProcesses}, ` : '';
  app.log.info(
    `Yardly is ready on ${config.publicUrl} (${which}Node ${process.versions.node}, ${database.engine}, ${Date.now() - started} ms)`,
  );
}

main().catch(async (error: unknown) => {
  if (
    error instanceof ConfigError ||
    error instanceof DataDirInUseError ||
    error instanceof PortInUseError ||
    error instanceof ObjectStoreUnreachableError ||
    error instanceof ApiProcessesFailedError ||
    error instanceof SecretMismatchError
  ) {
    console.error(error.message);
  } else if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE') {
    console.error('The port was taken while Yardly started. Stop what uses it, or set another PORT.');
  } else {
    console.error('Yardly could not start:', error);
  }
  await opened?.close().catch(() => {});
  process.exit(1);
});
