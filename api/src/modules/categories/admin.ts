import { type CategoryRecord, categoryInputSchema, categoryRecordSchema } from '@yardly/shared/contract';
import { categoryConsoleMessages } from '@yardly/shared/rules';
import { and, asc, count, eq, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { Db } from '../../db/connect';
import { newRefnum } from '../../db/refnum';
import { categories, categoryProperties, listings } from '../../db/schema/index';
import { refuseDuplicate } from '../../db/unique';
import { AppError } from '../../errors';
import { boolFilter, defineResource, searchFilter, textFilter } from '../../http/console/define-resource';

type Input = z.output<typeof categoryInputSchema>;

/** Three shortcuts fit the home page (spec: home category shortcuts). */
export const MAX_SHORTCUTS = 3;

const parent = alias(categories, 'parent');
// Spelled with aliases: drizzle may leave columns unqualified inside the subquery.
const listingCount =
  sql<number>`(select count(*) from ${listings} l where l.category_id = ${categories}.id or l.sub_category_id = ${categories}.id)`.mapWith(
    Number,
  );

function select(db: Db) {
  return db
    .select({
      key: categories.id,
      id: categories.refnum,
      title: categories.title,
      slug: categories.slug,
      parentId: parent.refnum,
      position: categories.position,
      shortcut: categories.shortcut,
      hidden: categories.hidden,
      donationAllowed: categories.donationAllowed,
      restrictedElectronics: categories.restrictedElectronics,
      listingCount,
    })
    .from(categories)
    .leftJoin(parent, eq(parent.id, categories.parentId));
}

type Row = Awaited<ReturnType<typeof select>>[number];

async function withProperties(db: Db, rows: Row[]): Promise<CategoryRecord[]> {
  const ids = rows.map((r) => r.key);
  const props = ids.length
    ? await db
        .select()
        .from(categoryProperties)
        .where(inArray(categoryProperties.categoryId, ids))
        .orderBy(asc(categoryProperties.position), asc(categoryProperties.id))
    : [];
  return rows.map(({ key, ...row }) => ({
    ...row,
    properties: props
      .filter((p) => p.categoryId === key)
      .map((p) => ({ key: p.key, label: p.label, values: p.values })),
  }));
}

async function parentIdOf(tx: Db, refnum: string | null, self?: number): Promise<number | null> {
  if (refnum === null) return null;
  const [row] = await tx
    .select({ id: categories.id })
    .from(categories)
    .where(and(eq(categories.refnum, refnum), isNull(categories.parentId)));
  // The taxonomy is two levels deep: a parent is a top-level category other than itself.
  if (!row || row.id === self) throw new AppError(400, categoryConsoleMessages.parentUnknown, { field: 'parentId' });
  return row.id;
}

async function assertShortcutRoom(tx: Db, self?: number) {
  const [row] = await tx
    .select({ n: count() })
    .from(categories)
    .where(and(eq(categories.shortcut, true), self === undefined ? undefined : ne(categories.id, self)));
  if ((row?.n ?? 0) >= MAX_SHORTCUTS)
    throw new AppError(409, categoryConsoleMessages.tooManyShortcuts, { field: 'shortcut' });
}

/** Writes a category and its properties; its refnum. */
async function write(tx: Db, input: Input, existing?: { id: number; shortcut: boolean }): Promise<string> {
  if (input.shortcut && !existing?.shortcut) await assertShortcutRoom(tx, existing?.id);
  const { properties, parentId, ...rest } = input;
  const values = { ...rest, parentId: await parentIdOf(tx, parentId, existing?.id) };
  const [row] = await refuseDuplicate(
    () =>
      existing
        ? tx.update(categories).set(values).where(eq(categories.id, existing.id)).returning()
        : tx
            .insert(categories)
            .values({ ...values, refnum: newRefnum('category') })
            .returning(),
    'slug',
    categoryConsoleMessages.slugTaken,
  );
  if (!row) throw new Error('no category written');
  await tx.delete(categoryProperties).where(eq(categoryProperties.categoryId, row.id));
  if (properties.length) {
    await tx
      .insert(categoryProperties)
      .values(properties.map((p, position) => ({ ...p, categoryId: row.id, position })));
  }
  return row.refnum;
}

async function existingCategory(tx: Db, refnum: string | number) {
  const [row] = await tx
    .select()
    .from(categories)
    .where(eq(categories.refnum, String(refnum)));
  if (!row) throw AppError.notFound('There is no such record in categories');
  return row;
}

/** The taxonomy: two levels, their properties, their order, three home shortcuts. */
export const categoriesResource = defineResource({
  name: 'categories',
  record: categoryRecordSchema,
  id: { column: categories.refnum, kind: 'refnum' },
  select,
  sortable: {
    title: categories.title,
    slug: categories.slug,
    position: categories.position,
    shortcut: categories.shortcut,
    hidden: categories.hidden,
    listingCount,
    // The tree order: each parent followed by its children.
    tree: sql`coalesce(${parent.position}, ${categories.position}), coalesce(${parent.id}, ${categories.id}), ${categories.parentId} nulls first, ${categories.position}`,
  },
  filters: {
    q: searchFilter({ contains: [categories.title, categories.slug] }),
    parentId: textFilter((refnum) => eq(parent.refnum, refnum)),
    topLevel: boolFilter((top) => (top ? isNull(categories.parentId) : sql`${categories.parentId} is not null`)),
    hidden: boolFilter((hidden) => eq(categories.hidden, hidden)),
  },
  toRecords: withProperties,
  create: { input: categoryInputSchema, run: (tx, input) => write(tx, input) },
  update: {
    input: categoryInputSchema,
    async run(tx, id, input) {
      await write(tx, input, await existingCategory(tx, id));
    },
  },
  async remove(tx, id) {
    const row = await existingCategory(tx, id);
    const [used] = await tx
      .select({ n: count() })
      .from(listings)
      .where(or(eq(listings.categoryId, row.id), eq(listings.subCategoryId, row.id)));
    if ((used?.n ?? 0) > 0) throw AppError.conflict(categoryConsoleMessages.categoryHasListings);
    const [children] = await tx.select({ n: count() }).from(categories).where(eq(categories.parentId, row.id));
    if ((children?.n ?? 0) > 0) throw AppError.conflict(categoryConsoleMessages.categoryHasChildren);
    await tx.delete(categories).where(eq(categories.id, row.id));
  },
});
