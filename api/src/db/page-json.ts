import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';

/**
 * The rows of `table` that `page` names (a relation with `id` and its order `n`) as one JSON array
 * of `columns` in that order, joined to the tables the columns also read: a statement answers a
 * page's cards (a listing's, a rental's) in the same round trip as the page.
 */
export function pageRowsJson(
  columns: Record<string, SQLWrapper>,
  page: SQL,
  table: PgTable & { id: AnyPgColumn },
  joins: [PgTable, SQL][],
): SQL {
  const fields = Object.entries(columns).map(([key, column]) => sql`${sql.raw(`'${key}'`)}, ${column}`);
  const joined = joins.map(([other, on]) => sql`join ${other} on ${on}`);
  return sql`(select json_agg(json_build_object(${sql.join(fields, sql`, `)}) order by page.n)
    from ${page} page join ${table} on ${table.id} = page.id ${sql.join(joined, sql` `)})`;
}
