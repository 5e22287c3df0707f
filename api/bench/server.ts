// The api as a separate process for a benchmark: production mode, API only, on a given port.
import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const apiRoot = fileURLToPath(new URL('..', import.meta.url));

/**
 * The one JWT_SECRET of every api process a benchmark starts: instances on one database must share
 * it (the second refuses to start otherwise, issue 34), and the live bench signs its tokens with it.
 */
export const BENCH_JWT_SECRET = 'bench-live-secret-shared-by-every-api-process';

export async function startServer(env: Record<string, string>, port: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: apiRoot,
    env: {
      JWT_SECRET: BENCH_JWT_SECRET,
      ...process.env,
      ...env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      API_ONLY: '1',
      SEED: 'none',
      LOG_LEVEL: 'warn',
      // Production refuses to start without a mail server unless mail may go to the log; the bench sends none.
      MAIL_LOG: '1',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the api exited with ${child.exitCode}`);
    const up = await fetch(`http://127.0.0.1:${port}/svc/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) return child;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  child.kill('SIGTERM');
  throw new Error('the api did not start within 2 minutes');
}

export function stopServer(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}
