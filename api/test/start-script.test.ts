import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const stopWhenOrphaned = fileURLToPath(new URL('../../scripts/stop-when-orphaned.mjs', import.meta.url));
const { isLocalTrial } = await import(new URL('../../scripts/local-trial-mail.mjs', import.meta.url).href);

describe('pnpm start with no mail server', () => {
  it('logs mail only for a local trial: production with neither SMTP_URL nor PUBLIC_URL nor MAIL_LOG', () => {
    const production = { NODE_ENV: 'production' };
    expect(isLocalTrial(production)).toBe(true);
    expect(isLocalTrial({ ...production, SMTP_URL: '', PUBLIC_URL: '' })).toBe(true);
    // Serving the public: the operator chooses SMTP_URL or MAIL_LOG=1, else the server refuses to start.
    expect(isLocalTrial({ ...production, PUBLIC_URL: 'https://yardly.example' })).toBe(false);
    expect(isLocalTrial({ ...production, SMTP_URL: 'smtp://mail.example' })).toBe(false);
    expect(isLocalTrial({ ...production, MAIL_LOG: '0' })).toBe(false);
    expect(isLocalTrial({ NODE_ENV: 'development' })).toBe(false);
  });
});

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
