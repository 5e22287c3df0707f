import { isZip } from '@yardly/shared/rules';
import { sql } from 'drizzle-orm';
import zipcodes from 'zipcodes';
import type { Db } from '../db/connect';
import { newRefnum } from '../db/refnum';
import { categories, categoryProperties, zipCodes } from '../db/schema/index';
import { CATEGORY_PROPERTIES, TAXONOMY } from './taxonomy';

/** Reference data every installation needs: the US zip table and the category taxonomy. Idempotent. */
export async function seedReference(db: Db): Promise<void> {
  await seedZipCodes(db);
  await seedTaxonomy(db);
}

async function isEmpty(db: Db, table: typeof zipCodes | typeof categories): Promise<boolean> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(table);
  return (row?.n ?? 0) === 0;
}

export async function seedZipCodes(db: Db): Promise<number> {
  if (!(await isEmpty(db, zipCodes))) return 0;
  const rows = Object.values(zipcodes.codes)
    .filter((z) => z.country === 'US' && isZip(z.zip))
    .map((z) => ({
      zip: z.zip,
      city: z.city,
      stateCode: z.state,
      latitude: typeof z.latitude === 'number' ? z.latitude : null,
      longitude: typeof z.longitude === 'number' ? z.longitude : null,
    }));
  await db.transaction(async (tx) => {
    for (let i = 0; i < rows.length; i += 2000) {
      await tx
        .insert(zipCodes)
        .values(rows.slice(i, i + 2000))
        .onConflictDoNothing();
    }
  });
  return rows.length;
}

export async function seedTaxonomy(db: Db): Promise<void> {
  if (!(await isEmpty(db, categories))) return;
  await db.transaction(async (tx) => {
    for (const [position, category] of TAXONOMY.entries()) {
      const [top] = await tx
        .insert(categories)
        .values({
          refnum: newRefnum('category'),
          slug: category.slug,
          title: category.title,
          position,
          shortcut: category.shortcut ?? false,
          donationAllowed: category.donationAllowed ?? false,
        })
        .returning({ id: categories.id });
      if (!top) throw new Error(`could not insert category ${category.slug}`);
      if (category.subCategories.length) {
        await tx.insert(categories).values(
          category.subCategories.map((sub, subPosition) => ({
            refnum: newRefnum('category'),
            parentId: top.id,
            slug: sub.slug,
            title: sub.title,
            position: subPosition,
            restrictedElectronics: sub.restrictedElectronics ?? false,
          })),
        );
      }
      const own = CATEGORY_PROPERTIES[category.slug] ?? [];
      if (own.length) {
        await tx
          .insert(categoryProperties)
          .values(
            own.map((p, i) => ({ categoryId: top.id, key: p.key, label: p.label, values: p.values, position: i })),
          );
      }
    }
    const common = CATEGORY_PROPERTIES['*'] ?? [];
    if (common.length) {
      await tx
        .insert(categoryProperties)
        .values(
          common.map((p, i) => ({ categoryId: null, key: p.key, label: p.label, values: p.values, position: i })),
        );
    }
  });
}
