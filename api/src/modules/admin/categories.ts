import { adminMessages, type CategoryRecord, categoryInputSchema, categoryRecordSchema } from '@yardly/shared/contract';
import { and, asc, count, eq, ilike, inArray, isNull, ne, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { Db } from '../../db/connect';
import { newRefnum } from '../../db/refnum';
import { categories, categoryProperties, listings } from '../../db/schema/index';
import { AppError } from '../../errors';
import {
  containing,
  filterBool,
  filterText,
  type ListParams,
  pageRows,
  type ResourceDef,
  refnumId,
} from './rest-adapter';
import { refuseDuplicate } from './unique';

type Input = z.output<typeof categoryInputSchema>;

/** Three shortcuts fit the home page (spec: home category shortcuts). */
export const MAX_SHORTCUTS = 3;

const parent = alias(categories, 'parent');
// Spelled with aliases: drizzle may leave columns unqualified inside the subquery.
const listingCount =
  sql<number>`(select count(*) from ${listings} l where l.category_id = ${categories}.id or l.sub_category_id = ${categories}.id)`.mapWith(
    Number,
  );
const fields = {
  key: categories.id,
  id: categories.refnum,
  title: categories.title,
  slug: categories.slug,
  parentId: parent.refnum,
  position: categories.position,
  shortcut: categories.shortcut,
  hidden: categories.hidden,
  donationAllowed: categories.donationAllowed,
  listingCount,
};
const SORTABLE = {
  id: categories.id,
  title: categories.title,
  slug: categories.slug,
  position: categories.position,
  shortcut: categories.shortcut,
  hidden: categories.hidden,
  listingCount,
  // The tree order: each parent followed by its children.
  tree: sql`coalesce(${parent.position}, ${categories.position}), coalesce(${parent.id}, ${categories.id}), ${categories.parentId} nulls first, ${categories.position}`,
};

function select(db: Db) {
  return db.select(fields).from(categories).leftJoin(parent, eq(parent.id, categories.parentId));
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

async function oneCategory(db: Db, refnum: string | number) {
  const rows = await select(db).where(eq(categories.refnum, String(refnum)));
  return (await withProperties(db, rows))[0];
}

async function parentIdOf(tx: Db, refnum: string | null, self?: number): Promise<number | null> {
  if (refnum === null) return null;
  const [row] = await tx
    .select({ id: categories.id })
    .from(categories)
    .where(and(eq(categories.refnum, refnum), isNull(categories.parentId)));
  // The taxonomy is two levels deep: a parent is a top-level category other than itself.
  if (!row || row.id === self) throw new AppError(400, adminMessages.parentUnknown, { field: 'parentId' });
  return row.id;
}

async function assertShortcutRoom(tx: Db, self?: number) {
  const [row] = await tx
    .select({ n: count() })
    .from(categories)
    .where(and(eq(categories.shortcut, true), self === undefined ? undefined : ne(categories.id, self)));
  if ((row?.n ?? 0) >= MAX_SHORTCUTS) throw new AppError(409, adminMessages.tooManyShortcuts, { field: 'shortcut' });
}

async function write(tx: Db, input: Input, existing?: { id: number; shortcut: boolean }): Promise<CategoryRecord> {
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
    adminMessages.slugTaken,
  );
  if (!row) throw new Error('no category written');
  await tx.delete(categoryProperties).where(eq(categoryProperties.categoryId, row.id));
  if (properties.length) {
    await tx
      .insert(categoryProperties)
      .values(properties.map((p, position) => ({ ...p, categoryId: row.id, position })));
  }
  const record = await oneCategory(tx, row.refnum);
  if (!record) throw new Error('category vanished');
  return record;
}

/** The taxonomy: two levels, their properties, their order, three home shortcuts. */
export const categoriesResource: ResourceDef<CategoryRecord, Input> = {
  name: 'categories',
  record: categoryRecordSchema,
  parseId: refnumId,
  async list(db: Db, p: ListParams) {
    const where: (SQL | undefined)[] = [];
    const q = filterText(p, 'q');
    if (q) where.push(or(ilike(categories.title, containing(q)), ilike(categories.slug, containing(q))));
    const parentRef = filterText(p, 'parentId');
    if (parentRef) where.push(eq(parent.refnum, parentRef));
    const topLevel = filterBool(p, 'topLevel');
    if (topLevel !== undefined)
      where.push(topLevel ? isNull(categories.parentId) : sql`${categories.parentId} is not null`);
    const hidden = filterBool(p, 'hidden');
    if (hidden !== undefined) where.push(eq(categories.hidden, hidden));
    if (p.ids) where.push(inArray(categories.refnum, p.ids.map(String)));
    const { rows, total } = await pageRows(db, p, {
      query: select(db).$dynamic(),
      where,
      sortable: SORTABLE,
      tiebreak: categories.id,
    });
    return { rows: await withProperties(db, rows), total };
  },
  one: oneCategory,
  create: { input: categoryInputSchema, run: (tx, input) => write(tx, input) },
  update: {
    input: categoryInputSchema,
    async run(tx, id, input) {
      const [existing] = await tx
        .select()
        .from(categories)
        .where(eq(categories.refnum, String(id)));
      if (!existing) throw AppError.notFound('There is no such record in categories');
      return write(tx, input, existing);
    },
  },
  async remove(tx, id) {
    const [row] = await tx
      .select({ id: categories.id })
      .from(categories)
      .where(eq(categories.refnum, String(id)));
    if (!row) throw AppError.notFound('There is no such record in categories');
    const [used] = await tx
      .select({ n: count() })
      .from(listings)
      .where(or(eq(listings.categoryId, row.id), eq(listings.subCategoryId, row.id)));
    if ((used?.n ?? 0) > 0) throw AppError.conflict(adminMessages.categoryHasListings);
    const [children] = await tx.select({ n: count() }).from(categories).where(eq(categories.parentId, row.id));
    if ((children?.n ?? 0) > 0) throw AppError.conflict(adminMessages.categoryHasChildren);
    await tx.delete(categories).where(eq(categories.id, row.id));
  },
};
