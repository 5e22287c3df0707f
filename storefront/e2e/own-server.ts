import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** A `pnpm start` of a journey's own, configured unlike the lanes' servers (Stripe, the donation flag). */
export interface OwnServer {
  base: string;
  stop(): Promise<void>;
}

/**
 * Starts `pnpm start` on `port` with a fresh data folder and no demo data, as development (the
 * dev outbox hands the journey its codes and mails), plus `env`; answers once `/svc/health` does.
 * Call it from a `beforeAll` (the runner loads spec files too, and only the worker runs hooks).
 */
export async function startOwnServer(name: string, port: number, env: Record<string, string>): Promise<OwnServer> {
  const base = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(join(tmpdir(), `yardly-e2e-${name}-`));
  let log = '';
  const server: ChildProcess = spawn('node', [fileURLToPath(new URL('../../scripts/start.mjs', import.meta.url))], {
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      NODE_ENV: 'development',
      LOG_LEVEL: 'warn',
      SEED: 'none',
      ADDRESS_LIMIT_FACTOR: '100',
      PUBLIC_URL: base,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout?.on('data', (chunk) => (log += chunk));
  server.stderr?.on('data', (chunk) => (log += chunk));

  const stop = async () => {
    if (server.exitCode === null) {
      const exited = new Promise((resolve) => server.once('exit', resolve));
      server.kill('SIGTERM');
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  };

  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) break;
    try {
      if ((await fetch(`${base}/svc/health`)).ok) return { base, stop };
    } catch {
      // Still starting: there is no event to wait for.
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  await stop();
  throw new Error(`the ${name} server ${server.exitCode === null ? 'did not answer' : 'stopped'}:\n${log}`);
}
