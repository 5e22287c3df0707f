// `pnpm seed --listings N`: a large deterministic catalogue for benchmarks and load tests.
// Listings come from the demo catalogue's vocabularies; sellers live in 600 zips of 25 metros.
// No photos (cards show the placeholder): rendering 100,000 pictures would take an hour.

import { eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/connect';
import { newRefnum } from '../db/refnum';
import { categories, listings, organizations, users } from '../db/schema/index';
import { bulkZips } from './bulk-places';
import { demoCatalog, liveListingColumns, requiresLocalPickup } from './demo-catalog';
import { createRng } from './prng';

const DAY_MS = 86_400_000;
const ROWS_PER_INSERT = 1000;
const FIRST_NAMES = ['Alex', 'Jordan', 'Sam', 'Taylor', 'Morgan', 'Casey', 'Riley', 'Jamie', 'Avery', 'Quinn'];
const LAST_NAMES = ['Rivera', 'Nguyen', 'Patel', 'Johnson', 'Garcia', 'Brown', 'Okafor', 'Schmidt', 'Rossi', 'Chen'];
/** Bulk sellers' addresses: RFC 2606, never a real mailbox. */
const emailOf = (i: number) => `bulk.seller.${i}@example.com`;

/** True once a bulk catalogue is in (a re-run adds nothing). */
export async function hasBulkCatalogue(db: Db): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, emailOf(0)));
  return Boolean(row);
}

/**
 * `count` listings, the same ones on every run: one seller per zip, a third of them verified
 * professionals (they take the restricted electronics), ages spread over the last 40 days.
 */
export async function seedBulkCatalogue(db: Db, count: number, log: (line: string) => void = () => {}) {
  const rng = createRng('yardly-bulk-v1');
  const metros = bulkZips();
  const zips = [...new Set(metros.flat())];
  const specs = demoCatalog(count);
  const now = Date.now();
  log(`bulk: ${count} listing specs over ${zips.length} zips`);

  await db.transaction(async (tx) => {
    const [verifiedOrg] = await tx
      .insert(organizations)
      .values({ refnum: newRefnum('organization'), name: 'Yardly Bulk Sellers Co', status: 'VERIFIED' })
      .returning({ id: organizations.id });
    const sellers = await tx
      .insert(users)
      .values(
        zips.map((zip, i) => ({
          refnum: newRefnum('user'),
          email: emailOf(i),
          nameFirst: FIRST_NAMES[i % FIRST_NAMES.length] as string,
          nameLast: LAST_NAMES[Math.floor(i / FIRST_NAMES.length) % LAST_NAMES.length] as string,
          zip,
          emailVerifiedAt: new Date(now - 400 * DAY_MS),
          organizationId: i % 3 === 0 ? verifiedOrg?.id : null,
          isProfessionVerified: i % 3 === 0,
        })),
      )
      .returning({ id: users.id, zip: users.zip, verified: users.isProfessionVerified });
    const verified = sellers.filter((s) => s.verified);

    const all = await tx
      .select({ id: categories.id, slug: categories.slug, parentId: categories.parentId })
      .from(categories);
    const tops = new Map(
      (await tx.select().from(categories).where(isNull(categories.parentId))).map((c) => [c.slug, c.id]),
    );
    const subId = (parent: number, slug: string) => all.find((c) => c.parentId === parent && c.slug === slug)?.id;

    for (let start = 0; start < specs.length; start += ROWS_PER_INSERT) {
      const rows = specs.slice(start, start + ROWS_PER_INSERT).map((spec) => {
        const categoryId = tops.get(spec.categorySlug);
        if (!categoryId) throw new Error(`bulk seed: unknown category ${spec.categorySlug}`);
        // Restricted electronics need a seller with a verified work email (spec section 1).
        const restricted = requiresLocalPickup(spec.categorySlug, spec.subCategorySlug, spec.condition);
        const seller = rng.pick(restricted ? verified : sellers);
        const createdAt = new Date(now - rng.int(0, 40 * 24 * 60) * 60_000);
        return {
          refnum: newRefnum('listing'),
          sellerId: seller.id,
          categoryId,
          subCategoryId: subId(categoryId, spec.subCategorySlug),
          ...liveListingColumns(spec, createdAt),
          zip: seller.zip as string,
        };
      });
      await tx.insert(listings).values(rows);
      if ((start / ROWS_PER_INSERT) % 10 === 9) log(`bulk: ${start + rows.length} listings`);
    }
  });
  // As after any bulk load: fresh statistics for the planner, and a visibility map so that
  // index-only scans (browsing near a zip) need not visit the table (autovacuum would, later).
  await db.execute(sql`vacuum analyze listings`);
  return { listings: specs.length, sellers: zips.length };
}
