import { buildApp } from './app';
import { ConfigError, parseConfig } from './config';
import { openDatabase } from './db/connect';
import { DataDirInUseError } from './db/lock';
import { bootstrapAdmin } from './modules/auth/bootstrap-admin';
import { diskFileStore } from './modules/files/file-store';
import { repoRoot } from './paths';
import { assertPortFree, PortInUseError } from './port-check';
import { hasDemoData, seedDemo } from './seed/demo';
import { seedReference } from './seed/reference';
import { createWebHandler } from './web/serve-web';
import { webBuildDirs } from './web/web-builds';

let opened: { close(): Promise<void> } | undefined;

/** `pnpm start`: one process, one port: /svc, the storefront and the console. */
async function main(): Promise<void> {
  const started = Date.now();
  const config = parseConfig();
  await assertPortFree(config.port, config.host);
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  // A start that fails from here on releases the database (and the DATA_DIR lock) first.
  opened = database;
  const files = diskFileStore(config.filesDir);
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

  const app = await buildApp({
    config,
    database,
    files,
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
      await app.close(); // stops accepting, waits for in-flight requests
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
  app.log.info(
    `Yardly is ready on ${config.publicUrl} (Node ${process.versions.node}, ${database.engine}, ${Date.now() - started} ms)`,
  );
}

main().catch(async (error: unknown) => {
  if (error instanceof ConfigError || error instanceof DataDirInUseError || error instanceof PortInUseError) {
    console.error(error.message);
  } else if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE') {
    console.error('The port was taken while Yardly started. Stop what uses it, or set another PORT.');
  } else {
    console.error('Yardly could not start:', error);
  }
  await opened?.close().catch(() => {});
  process.exit(1);
});
