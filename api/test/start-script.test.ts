import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const stopWhenOrphaned = fileURLToPath(new URL('../../scripts/stop-when-orphaned.mjs', import.meta.url));

describe('pnpm start under kill -TERM', () => {
  it('stops the server once the pnpm process that ran it is gone (pnpm passes no signal on)', async () => {
    // A parent standing in for pnpm runs a child the way pnpm runs `scripts/start.mjs`.
    const child = `
      const { stopWhenOrphaned } = await import(${JSON.stringify(stopWhenOrphaned)});
      stopWhenOrphaned(50);
      process.on('SIGTERM', () => { console.log('stopping on SIGTERM'); process.exit(0); });
      console.log('serving');
      setInterval(() => {}, 1000);`;
    const parent = spawn(
      process.execPath,
      [
        '-e',
        `const c = require('node:child_process').spawn(process.execPath, ['--input-type=module', '-e', ${JSON.stringify(child)}], { stdio: 'inherit' });
         setInterval(() => {}, 1000);`,
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    let output = '';
    parent.stdout.on('data', (chunk) => (output += chunk));
    await expect.poll(() => output).toContain('serving');
    parent.kill('SIGKILL'); // what becomes of pnpm after kill -TERM: gone, its script orphaned
    await once(parent, 'exit');
    await expect.poll(() => output, { timeout: 5000 }).toContain('stopping on SIGTERM');
  });
});
