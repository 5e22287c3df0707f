import { parseConfig } from '../config';
import { openDatabase } from '../db/connect';
import { diskFileStore } from '../modules/files/file-store';
import { hasDemoData, seedDemo } from './demo';
import { seedReference } from './reference';

/** `pnpm seed`: reference data, plus the demo data unless SEED=none. Safe to run twice. */
async function main() {
  const config = parseConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await seedReference(database.db);
    if (process.env.SEED === 'none') {
      console.log('Reference data is in place; SEED=none: no demo data.');
    } else if (await hasDemoData(database.db)) {
      console.log('Reference and demo data are already in place.');
    } else {
      const result = await seedDemo(database.db, diskFileStore(config.filesDir));
      console.log(`Seeded ${result.listings} demo listings with ${result.photos} photos.`);
    }
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
