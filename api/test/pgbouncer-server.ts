import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { reachable } from './bus-servers';
import { freePort } from './replica-server';

/** Debian's PgBouncer (`apt-get install pgbouncer`). */
export const PGBOUNCER_BIN = process.env.PGBOUNCER_BIN ?? '/usr/sbin/pgbouncer';

/** A PgBouncer in transaction mode before the PostgreSQL server a URL names, on a port of its own. */
export interface PgBouncerServer {
  port: number;
  /** The same URL, through the pooler. */
  pooled(url: string): string;
  /** Stops it and removes its folder. */
  remove(): Promise<void>;
}

/** Why no PgBouncer can be started here, said plainly; undefined when it can. */
export function pgbouncerUnavailable(): string | undefined {
  if (!existsSync(PGBOUNCER_BIN)) {
    return `PgBouncer is not installed: no ${PGBOUNCER_BIN} (apt-get install -y pgbouncer, or set PGBOUNCER_BIN)`;
  }
  if (process.getuid?.() === 0 && spawnSync('id', ['-u', 'postgres']).status !== 0) {
    return 'running as root with no postgres user: PgBouncer refuses to run as root';
  }
  return undefined;
}

/**
 * Starts PgBouncer in transaction mode before `serverUrl`'s host and port, with a pool of
 * `poolSize` server connections per database and user (small: clients must share them, as in
 * production), any user taken as the URL's. Startup parameters it does not know (`options`) are
 * refused, as by a PgBouncer configured as docs/deploy.md says.
 */
export async function startPgBouncer(serverUrl: string, poolSize = 2): Promise<PgBouncerServer> {
  const unavailable = pgbouncerUnavailable();
  if (unavailable) throw new Error(unavailable);
  const server = new URL(serverUrl);
  const folder = mkdtempSync(join(tmpdir(), 'yardly-pgbouncer-'));
  const port = await freePort();
  const config = join(folder, 'pgbouncer.ini');
  writeFileSync(
    config,
    [
      '[databases]',
      `* = host=${server.hostname} port=${server.port || '5432'} user=${decodeURIComponent(server.username || 'postgres')}`,
      '[pgbouncer]',
      'listen_addr = 127.0.0.1',
      `listen_port = ${port}`,
      'unix_socket_dir =',
      'auth_type = any',
      'pool_mode = transaction',
      `default_pool_size = ${poolSize}`,
      'max_client_conn = 500',
      `logfile = ${join(folder, 'pgbouncer.log')}`,
      '',
    ].join('\n'),
  );
  // As root it drops to the postgres user (-u), who must read its folder and write its log.
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    const uid = Number(spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).stdout);
    const gid = Number(spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).stdout);
    chownSync(folder, uid, gid);
    chmodSync(config, 0o644);
  }
  const child: ChildProcess = spawn(PGBOUNCER_BIN, [...(asRoot ? ['-u', 'postgres'] : []), config], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (c) => (output += c));
  child.stderr?.on('data', (c) => (output += c));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const remove = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      await exited;
    }
    rmSync(folder, { recursive: true, force: true });
  };
  // It opens its port at once; give it up to 10 s on a busy machine.
  for (const deadline = Date.now() + 10_000; !(await reachable(port)); ) {
    if (child.exitCode !== null || Date.now() > deadline) {
      await remove();
      throw new Error(`PgBouncer did not start: ${output.trim()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    port,
    pooled(url) {
      const through = new URL(url);
      through.hostname = '127.0.0.1';
      through.port = String(port);
      return through.toString();
    },
    remove,
  };
}
