import { isRefnum } from '@yardly/shared/contract';
import { type AnyColumn, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { Db } from '../../db/connect';
import { AppError } from '../../errors';
import {
  type AdminContext,
  type AdminResourceName,
  containing,
  filterBool,
  filterText,
  type ListParams,
  pageRows,
  type ResourceDef,
} from './rest-adapter';

/** A list filter: reads its value from react-admin's `filter` and says which rows it keeps (undefined: all). */
export type ListFilter = (params: ListParams, key: string) => SQL | undefined;

/** A filter on a text value (trimmed; blank is no filter). */
export function textFilter(where: (value: string) => SQL | undefined): ListFilter {
  return (params, key) => {
    const value = filterText(params, key);
    return value === undefined ? undefined : where(value);
  };
}

/**
 * A list's search box: a row matches when one of `equals` is the text (a refnum) or one of
 * `contains` holds it, ignoring case.
 */
export function searchFilter(columns: { equals?: AnyColumn[]; contains: AnyColumn[] }): ListFilter {
  return textFilter((text) =>
    or(
      ...(columns.equals ?? []).map((column) => eq(column, text)),
      ...columns.contains.map((column) => ilike(column, containing(text))),
    ),
  );
}

/** A filter on a yes/no value ('true', 'false' or a boolean). */
export function boolFilter(where: (value: boolean) => SQL | undefined): ListFilter {
  return (params, key) => {
    const value = filterBool(params, key);
    return value === undefined ? undefined : where(value);
  };
}

/** A resource's rows: the select with its fields and joins, not yet filtered. */
interface RowSelect<Row> extends PromiseLike<Row[]> {
  $dynamic(): PgSelect;
  where(where: SQL | undefined): PromiseLike<Row[]>;
}

interface ResourceSpec<Row, R extends { id: string | number }, I, U> {
  name: AdminResourceName;
  record: z.ZodType<R>;
  /**
   * The column a record's id is: a refnum, a number, or a key made of other fields (a report's
   * row: letters, digits and hyphens). Path ids, one record and getMany read it.
   */
  id: { column: AnyColumn | SQL; kind: 'refnum' | 'numeric' | 'key' };
  select(db: Db): RowSelect<Row>;
  /**
   * The other fields a list may be sorted by. `id` is not among them: it sorts by `id.column`,
   * the id the console shows (a refnum sorted by a row's hidden serial looked unsorted), and is
   * the tiebreak that keeps pages stable.
   */
  sortable: Record<string, AnyColumn | SQL> & { id?: never };
  filters?: Record<string, ListFilter>;
  /** A row to its record (without: the row is the record). */
  toRecord?(row: Row): R;
  /** Rows to records with what else they need from the database (photos, properties). */
  toRecords?(db: Db, rows: Row[]): Promise<R[]>;
  /** Writes a new record and gives its id; the record is read back through `select`. */
  create?: { input: z.ZodType<I>; run(tx: Db, input: I, ctx: AdminContext): Promise<string | number> };
  /** Changes a record (the adapter has checked it exists); it is read back through `select`. */
  update?: { input: z.ZodType<U>; run(tx: Db, id: string | number, input: U, ctx: AdminContext): Promise<void> };
  remove?(tx: Db, id: string | number, ctx: AdminContext): Promise<void>;
  bodyLimit?: number;
}

/**
 * One console resource from its table's description: list with filters, sorting, paging and
 * getMany, one record, and writes read back the same way. The rest-adapter serves it.
 */
export function defineResource<Row, R extends { id: string | number }, I = unknown, U = I>(
  spec: ResourceSpec<Row, R, I, U>,
): ResourceDef<R, I, U> {
  const { name, id, filters = {} } = spec;
  const textIds = id.kind !== 'numeric';
  const idColumn = sql`${id.column}`;
  // Text ids in byte order ("C"): the order a client sorting the ids it shows gets, whatever the database's locale.
  const idOrder = textIds ? sql`${id.column} collate "C"` : idColumn;
  const sortable = { ...spec.sortable, id: idOrder };
  const records = async (db: Db, rows: Row[]): Promise<R[]> => {
    if (spec.toRecords) return spec.toRecords(db, rows);
    const toRecord = spec.toRecord ?? ((row: Row) => row as unknown as R);
    return rows.map(toRecord);
  };
  const one = async (db: Db, key: string | number) => {
    const rows = await spec.select(db).where(eq(idColumn, textIds ? String(key) : Number(key)));
    return (await records(db, rows))[0];
  };
  const readBack = async (tx: Db, key: string | number) => {
    const record = await one(tx, key);
    if (!record) throw AppError.notFound(`There is no such record in ${name}`);
    return record;
  };
  const { create, update } = spec;
  return {
    name,
    record: spec.record,
    parseId: { refnum: (raw: string) => (isRefnum(raw) ? raw : null), numeric: numericId, key: keyId }[id.kind],
    async list(db, p) {
      const where = Object.entries(filters).map(([key, filter]) => filter(p, key));
      if (p.ids) {
        where.push(inArray(idColumn, textIds ? p.ids.map(String) : p.ids.map(Number).filter(Number.isInteger)));
      }
      const { rows, total } = await pageRows(db, p, {
        query: spec.select(db).$dynamic(),
        where,
        sortable,
        tiebreak: idOrder,
      });
      return { rows: await records(db, rows as Row[]), total };
    },
    one,
    create: create && {
      input: create.input,
      run: async (tx, input, ctx) => readBack(tx, await create.run(tx, input, ctx)),
    },
    update: update && {
      input: update.input,
      async run(tx, key, input, ctx) {
        await update.run(tx, key, input, ctx);
        return readBack(tx, key);
      },
    },
    remove: spec.remove,
    bodyLimit: spec.bodyLimit,
  };
}

/** A key made of other fields (`O1A2B3C4D5E6F-2026-11`). */
function keyId(raw: string): string | null {
  return /^[A-Za-z0-9][A-Za-z0-9-]{0,79}$/.test(raw) ? raw : null;
}

/** Numeric ids (domains, banners, reports, audit entries). */
function numericId(raw: string): number | null {
  return /^[1-9]\d{0,15}$/.test(raw) ? Number(raw) : null;
}
