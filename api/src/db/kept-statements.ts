import type { SQL } from 'drizzle-orm';
import { PgDialect, PgTransaction } from 'drizzle-orm/pg-core';
import type { Db } from './connect';
import { Gate, HEAVY_READS_AT_ONCE } from './read-gate';

/**
 * How many statement texts a process keeps prepared. PostgreSQL holds about 0.4 MB for a kept
 * search statement on each connection, so only the first texts seen are kept (the common
 * searches come first); any others run as ordinary statements.
 */
export const MAX_KEPT = 24;

const dialect = new PgDialect();

/** Names for statement texts, the first `max` texts seen only. */
export function keptNames(max = MAX_KEPT): (text: string) => string | undefined {
  const names = new Map<string, string>();
  return (text) => {
    let name = names.get(text);
    if (name === undefined && names.size < max) {
      name = `kept_${names.size + 1}`;
      names.set(text, name);
    }
    return name;
  };
}

/** The name a statement text is kept under in this process; undefined once MAX_KEPT other texts are kept. */
export const keptName = keptNames();

/** The catalogue's heavy reads (searches, similar items, guidance) of this process take turns through it. */
const heavyReads = new Gate(HEAVY_READS_AT_ONCE);

/**
 * Run a statement as a named prepared statement: each connection parses and analyses its text
 * once, then only binds the values. For a search statement that work cost as much CPU as
 * running it (docs/decisions/0011). Every run is still planned for its own values
 * (plan_cache_mode in connect.ts). The embedded database runs it as an ordinary statement.
 * A few run at once (`heavyReads`, docs/decisions/0075); inside a transaction the statement runs
 * at once, since its connection is held already and waiting could hold up the ones in turn.
 */
export async function executeKept<Row>(db: Db, statement: SQL): Promise<Row[]> {
  const query = dialect.sqlToQuery(statement);
  const run = () => db._.session.prepareQuery(query, undefined, keptName(query.sql), false).execute();
  const result = db instanceof PgTransaction ? await run() : await heavyReads.run(run);
  return (result as { rows: Row[] }).rows;
}
