import { describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/connect';
import { startTestApp } from './harness';

// Only meaningful on PostgreSQL: the embedded database has no connection to lose.
describe.runIf(Boolean(process.env.DATABASE_URL))('the PostgreSQL pool', () => {
  it('survives the server terminating an idle connection, and keeps answering', async () => {
    const t = await startTestApp();
    const { rows } = (await t.database.db.execute('select current_database() as name')) as unknown as {
      rows: { name: string }[];
    };
    const other = await openDatabase({ databaseUrl: process.env.DATABASE_URL });
    await other.db.execute(
      `select pg_terminate_backend(pid) from pg_stat_activity where datname = '${rows[0]?.name}' and pid <> pg_backend_pid()`,
    );
    await other.close();
    await new Promise((resolve) => setTimeout(resolve, 200));
    const res = await t.app.inject({ method: 'GET', url: '/svc/health' });
    expect(res.json()).toEqual({ code: 200, data: { db: 'ok' } });
    await t.close();
  });
});
