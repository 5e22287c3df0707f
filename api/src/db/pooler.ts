import pg from 'pg';

/**
 * Behind a pooler in transaction mode (PgBouncer, docs/deploy.md): DATABASE_URL is the pooler,
 * DATABASE_DIRECT_URL the server itself. Each transaction (each statement outside one) may get
 * another server connection, so nothing may outlive it on a connection: no named prepared
 * statement (prepared on one connection, missing or already there on the next), no setting made
 * for the session, no startup `options` (PgBouncer refuses them), no LISTEN, no session-level
 * advisory lock. Those go over the direct URL (migrations, the live listener) or are given to the
 * database itself (the settings below).
 */

/** One setting every connection must have, as a name and its value. */
export interface ConnectionSetting {
  name: string;
  value: string;
}

/**
 * A client that sends every statement unnamed: drizzle names kept statements (kept-statements.ts)
 * and pg would prepare them once per connection, which a transaction-mode pooler cannot carry
 * (PgBouncer before 1.21 has no prepared statement tracking at all).
 */
export class UnnamedStatementClient extends pg.Client {
  // biome-ignore lint/suspicious/noExplicitAny: pg's query has a dozen overloads; every one is passed through.
  override query(config: any, ...rest: any[]): any {
    if (config && typeof config === 'object' && typeof config.submit !== 'function' && config.name) {
      const { name: _unnamed, ...unnamed } = config;
      // biome-ignore lint/suspicious/noExplicitAny: as above.
      return (super.query as any)(unnamed, ...rest);
    }
    // biome-ignore lint/suspicious/noExplicitAny: as above.
    return (super.query as any)(config, ...rest);
  }
}

/**
 * Gives the settings to the database (`ALTER DATABASE … SET`, over the direct connection), so
 * every server connection the pooler opens starts with them; the replicas get them by
 * replication. Only what differs is set. A role that may not alter the database gets an error
 * that names the statements to run once by hand.
 */
export async function settleDatabaseSettings(
  direct: pg.ClientBase,
  settings: readonly ConnectionSetting[],
): Promise<void> {
  const { rows } = await direct.query<{ name: string; setconfig: string[] | null }>(
    `select current_database() as name,
            (select setconfig from pg_db_role_setting s
              where s.setdatabase = (select oid from pg_database where datname = current_database()) and s.setrole = 0)`,
  );
  const database = rows[0]?.name ?? '';
  const present = new Set(rows[0]?.setconfig ?? []);
  const statements = settings
    .filter(({ name, value }) => !present.has(`${name}=${value}`))
    .map(
      ({ name, value }) => `alter database ${pg.escapeIdentifier(database)} set ${name} = ${pg.escapeLiteral(value)}`,
    );
  for (const statement of statements) {
    try {
      await direct.query(statement);
    } catch (error) {
      throw new Error(
        `DATABASE_DIRECT_URL is set (a pooler in transaction mode: settings cannot travel per connection), and the database's own settings could not be made (${(error as Error).message}). Run once as its owner: ${statements.join('; ')}`,
      );
    }
  }
}
