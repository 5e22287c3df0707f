import { randomBytes } from 'node:crypto';
import { eq, isNull } from 'drizzle-orm';
import type { Db } from '../db/connect';
import { newRefnum } from '../db/refnum';
import { categories, listingPhotos, listings, organizations, users, workEmailDomains } from '../db/schema/index';
import type { FileStore } from '../modules/files/file-store';
import { demoCatalog, liveListingColumns } from './demo-catalog';
import { DEMO_PEOPLE } from './demo-people';
import { demoPhoto } from './demo-photos';
import { DEMO_RENTAL_COUNT, demoRentalPlans, insertDemoRentals, renderDemoRentalPhotos } from './demo-rentals';

/** Organisations and their work-email domains (admin data), one of each status. */
export const DEMO_ORGANISATIONS = [
  { name: 'Riverside Community Hospital', status: 'VERIFIED', domain: 'riversidehealth.org' },
  { name: 'Northwind Traders', status: 'VERIFIED', domain: 'northwindtraders.com' },
  { name: 'Sunrise Studio', status: 'IN_REVIEW', domain: 'sunrisestudio.co' },
  { name: 'Quick Cash Loans', status: 'REJECTED', domain: 'quickcashloans.biz' },
] as const;

const DAY_MS = 86_400_000;

/**
 * Demo people, listings and places for rent with generated photos, so a new installation shows
 * a living marketplace and rentals section. Photos are made first (no database work held open
 * while they render), then every row goes in one transaction: a failed seed leaves nothing behind.
 */
export async function seedDemo(
  db: Db,
  files: FileStore,
  count = 240,
  rentalCount = DEMO_RENTAL_COUNT,
): Promise<{ listings: number; photos: number; rentals: number; rentalPhotos: number }> {
  const catalog = demoCatalog(count);
  const rentalPlans = demoRentalPlans(rentalCount);
  const now = Date.now();
  const plans = catalog.map((spec, i) => ({
    spec,
    refnum: newRefnum('listing'),
    createdAt: new Date(now - spec.ageDays * DAY_MS - (i % 24) * 3_600_000),
  }));

  const photoKeys = await mapLimit(
    plans.flatMap((plan) => Array.from({ length: plan.spec.photoCount }, (_, i) => ({ plan, picno: i + 1 }))),
    4,
    async ({ plan, picno }) => {
      const data = await demoPhoto({
        title: plan.spec.title,
        categorySlug: plan.spec.categorySlug,
        palette: plan.spec.palette,
        index: picno - 1,
      });
      const key = `listings/${plan.refnum}/${picno}-${randomBytes(4).toString('hex')}.jpg`;
      await files.put(key, data);
      return { refnum: plan.refnum, picno, key };
    },
  );

  if (rentalPlans.length > 0) await renderDemoRentalPhotos(files);

  const rented = await db.transaction(async (tx) => {
    const orgs = await tx
      .insert(organizations)
      .values(DEMO_ORGANISATIONS.map(({ name, status }) => ({ refnum: newRefnum('organization'), name, status })))
      .returning({ id: organizations.id, name: organizations.name });
    await tx.insert(workEmailDomains).values(
      DEMO_ORGANISATIONS.map(({ name, domain }) => ({
        domain,
        organizationId: must(orgs.find((o) => o.name === name)?.id, `organisation ${name}`),
      })),
    );
    const org = orgs[0];
    const people = await tx
      .insert(users)
      .values(
        DEMO_PEOPLE.map((p, i) => ({
          refnum: newRefnum('user'),
          email: p.email,
          nameFirst: p.nameFirst,
          nameLast: p.nameLast,
          zip: p.zip,
          emailVerifiedAt: new Date(now - 400 * DAY_MS),
          createdAt: new Date(now - (400 - i * 20) * DAY_MS),
          // Verified professionals work for a verified organisation (the verified badge).
          organizationId: p.isProfessionVerified ? org?.id : null,
          isProfessionVerified: p.isProfessionVerified,
        })),
      )
      .returning({ id: users.id, email: users.email });
    const personId = new Map(DEMO_PEOPLE.map((p) => [p.slug, people.find((u) => u.email === p.email)?.id]));
    const zipOf = new Map(DEMO_PEOPLE.map((p) => [p.slug, p.zip]));

    const tops = await tx
      .select({ id: categories.id, slug: categories.slug })
      .from(categories)
      .where(isNull(categories.parentId));
    const subs = await tx
      .select({ id: categories.id, slug: categories.slug, parentId: categories.parentId })
      .from(categories);
    const topId = new Map(tops.map((c) => [c.slug, c.id]));
    const subId = (parentId: number, slug: string) => subs.find((s) => s.parentId === parentId && s.slug === slug)?.id;

    const rows = plans.map(({ spec, refnum, createdAt }) => {
      const categoryId = must(topId.get(spec.categorySlug), `category ${spec.categorySlug}`);
      return {
        refnum,
        sellerId: must(personId.get(spec.sellerSlug), `seller ${spec.sellerSlug}`),
        categoryId,
        subCategoryId: must(subId(categoryId, spec.subCategorySlug), `subcategory ${spec.subCategorySlug}`),
        ...liveListingColumns(spec, createdAt),
        zip: must(zipOf.get(spec.sellerSlug), `zip of ${spec.sellerSlug}`),
      };
    });
    const inserted: { id: number; refnum: string }[] = [];
    for (let i = 0; i < rows.length; i += 100) {
      inserted.push(
        ...(await tx
          .insert(listings)
          .values(rows.slice(i, i + 100))
          .returning({ id: listings.id, refnum: listings.refnum })),
      );
    }
    const listingId = new Map(inserted.map((l) => [l.refnum, l.id]));
    for (let i = 0; i < photoKeys.length; i += 200) {
      await tx.insert(listingPhotos).values(
        photoKeys.slice(i, i + 200).map((p) => ({
          listingId: must(listingId.get(p.refnum), `listing ${p.refnum}`),
          picno: p.picno,
          path: p.key,
          width: 800,
          height: 600,
        })),
      );
    }
    return insertDemoRentals(tx, rentalPlans, personId, now);
  });
  return { listings: plans.length, photos: photoKeys.length, rentals: rented.rentals, rentalPhotos: rented.photos };
}

function must<T>(value: T | undefined | null, what: string): T {
  if (value === undefined || value === null) throw new Error(`demo seed: unknown ${what}`);
  return value;
}

/** Run `fn` over `items` with at most `limit` at a time (photo rendering is CPU-bound). */
async function mapLimit<T, R>(items: T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await fn(items[i] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

/** True when the demo data is already there (a re-run of `pnpm seed` adds nothing). */
export async function hasDemoData(db: Db): Promise<boolean> {
  const first = DEMO_PEOPLE[0];
  if (!first) return false;
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, first.email));
  return Boolean(row);
}
