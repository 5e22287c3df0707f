import { parseArgs } from 'node:util';
import { parseConfig, primaryDatabase } from '../config';
import { openDatabase } from '../db/connect';
import { fileStoreFor } from '../modules/files/store-for';
import { hasBulkCatalogue, seedBulkCatalogue } from './bulk';
import { hasDemoData, seedDemo } from './demo';
import { seedReference } from './reference';

/**
 * `pnpm seed`: reference data, plus the demo data unless SEED=none. Safe to run twice.
 * `pnpm seed --listings 100000` adds a large deterministic catalogue (benchmarks).
 */
async function main() {
  const { values } = parseArgs({ options: { listings: { type: 'string' } }, allowPositionals: true });
  const bulk = values.listings === undefined ? 0 : Number(values.listings);
  if (!Number.isInteger(bulk) || bulk < 0 || bulk > 1_000_000) {
    throw new Error('--listings must be a whole number from 0 to 1,000,000');
  }
  const config = parseConfig();
  const database = await openDatabase(primaryDatabase(config));
  try {
    await seedReference(database.db);
    if (process.env.SEED === 'none') {
      console.log('Reference data is in place; SEED=none: no demo data.');
    } else if (await hasDemoData(database.db)) {
      console.log('Reference and demo data are already in place.');
    } else {
      const result = await seedDemo(database.db, fileStoreFor(config));
      console.log(
        `Seeded ${result.listings} demo listings with ${result.photos} photos and ${result.rentals} rentals with ${result.rentalPhotos} photos.`,
      );
    }
    if (bulk > 0) {
      if (await hasBulkCatalogue(database.db)) {
        console.log('A bulk catalogue is already in place.');
      } else {
        const started = Date.now();
        const result = await seedBulkCatalogue(database.db, bulk, console.log);
        console.log(
          `Seeded ${result.listings} bulk listings from ${result.sellers} sellers in ${Date.now() - started} ms.`,
        );
      }
    }
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
