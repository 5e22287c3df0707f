// Issue 37: the reverse search of saved searches. BENCH_SAVED_SEARCHES (100,000) saved searches
// over the bulk catalogue's sellers (a word of a real listing's title in most, a zip centre of the
// catalogue and a radius of 5 to 50 miles, a category in a third, a price bound in a quarter),
// then one new listing matched against all of them (salesMatching, its SQL, no HTTP), one at a
// time for BENCH_SECONDS. Goal: p95 <= 20 ms on PostgreSQL. Small in CI: BENCH_SAVED_SEARCHES=2000.
import { sql } from 'drizzle-orm';
import { savedSearches } from '../src/db/schema/index';
import { salesMatching } from '../src/modules/saved-searches/match';
import { reach } from '../src/modules/saved-searches/service';
import type { BenchDatabase } from './engines';
import { measureDirect, printHeader, printRow } from './measure';

const savedCount = Number(process.env.BENCH_SAVED_SEARCHES ?? 100_000);
const BATCH = 2_000;

type Row = { id: number; title: string; category_id: number; seller_id: number; lat: number; lng: number };

/** A deterministic pseudo-random sequence, so two runs save the same searches. */
function sequence(seed: number) {
  let x = seed;
  return () => {
    x = (x * 1_103_515_245 + 12_345) % 2_147_483_648;
    return x / 2_147_483_648;
  };
}

export async function benchSavedSearches(prepared: BenchDatabase, options: { seconds: number }): Promise<void> {
  const database = await prepared.open();
  try {
    const db = database.db;
    const { rows } = (await db.execute(sql`
      select l.id, l.title, l.category_id, l.seller_id, l.place_latitude as lat, l.place_longitude as lng
      from listings l where l.state = 'live' and l.place_latitude is not null
      order by l.id limit 5000`)) as unknown as { rows: Row[] };
    if (rows.length === 0) throw new Error('saved searches bench: no live listings in the catalogue');
    const users = [...new Set(rows.map((r) => r.seller_id))];
    const random = sequence(37);
    const pick = <T>(list: T[]) => list[Math.floor(random() * list.length)] as T;
    const t = Date.now();
    for (let done = 0; done < savedCount; done += BATCH) {
      const values = Array.from({ length: Math.min(BATCH, savedCount - done) }, (_, i) => {
        const like = pick(rows);
        const word = like.title.split(/\s+/).find((w) => w.length > 3) ?? like.title;
        const centre = pick(rows);
        const miles = pick([5, 10, 25, 50]);
        return {
          refnum: `S${String(done + i).padStart(11, '0')}`,
          userId: pick(users),
          name: `bench ${done + i}`,
          kind: 'sale' as const,
          filters: { q: word },
          query: random() < 0.8 ? sql`websearch_to_tsquery('english', ${word})` : null,
          categoryId: random() < 0.33 ? like.category_id : null,
          maxPrice: random() < 0.25 ? Math.floor(random() * 50_000) : null,
          latitude: centre.lat,
          longitude: centre.lng,
          miles,
          reach: reach({ lat: centre.lat, lng: centre.lng }, miles),
          nationwide: random() < 0.1,
          createdAt: new Date(),
        };
      });
      await db.insert(savedSearches).values(values);
    }
    // Vacuumed as autovacuum soon leaves a table after a bulk load: the match reads its covering
    // indexes alone only where the visibility map says the rows are visible to all (ADR 0068).
    await db.execute(sql`vacuum analyze saved_searches`);
    console.log(`  ${savedCount} saved searches: ${Date.now() - t} ms`);
    const now = new Date(Date.now() + 60_000);
    let matched = 0;
    let calls = 0;
    const figures = await measureDirect(
      `one listing against ${savedCount} saved searches`,
      async () => {
        const hits = await salesMatching(db, pick(rows).id, now);
        matched += hits.length;
        calls += 1;
      },
      { seconds: options.seconds, connections: 1 },
    );
    printHeader();
    printRow(figures);
    console.log(
      `  ${(matched / Math.max(1, calls)).toFixed(1)} saved searches matched a listing on average (goal p95 <= 20 ms)`,
    );
    await db.execute(sql`delete from saved_searches where name like 'bench %'`);
  } finally {
    await database.close();
  }
}
