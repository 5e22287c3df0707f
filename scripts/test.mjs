// `pnpm test`: type check, lint, unit and api tests on the embedded database, the api tests
// again on PostgreSQL when DATABASE_URL is set, then the end-to-end journeys in Chromium.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { requireProjectRuntime } from './runtime.mjs';

requireProjectRuntime('pnpm test');

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const { DATABASE_URL, ...embeddedEnv } = process.env;

const steps = [
  { name: 'type check', args: ['-r', 'typecheck'] },
  { name: 'lint', args: ['lint'] },
  { name: 'unit and api tests (embedded database)', args: ['exec', 'vitest', 'run'], env: embeddedEnv },
  DATABASE_URL && {
    name: 'api tests on PostgreSQL',
    // The process test is about the embedded database's DATA_DIR lock: it ran in the pass above.
    args: ['exec', 'vitest', 'run', '--project', 'api', '--exclude', '**/server-process.test.ts'],
    env: process.env,
  },
  { name: 'end-to-end tests', args: ['test:e2e'], env: embeddedEnv, needsChromium: true },
].filter(Boolean);

for (const step of steps) {
  if (step.needsChromium && !existsSync(CHROMIUM)) {
    console.error(
      `\nThe end-to-end tests need Chromium at ${CHROMIUM} and it is not there.\n` +
        'Install it with: sudo apt-get install chromium   (or set CHROMIUM_PATH)\n',
    );
    process.exit(1);
  }
  console.log(`\n=== ${step.name}: pnpm ${step.args.join(' ')}`);
  const started = Date.now();
  const result = spawnSync('pnpm', step.args, { stdio: 'inherit', env: step.env ?? process.env });
  if (result.status !== 0) {
    console.error(`\n${step.name} failed (exit ${result.status}).`);
    process.exit(result.status ?? 1);
  }
  console.log(`=== ${step.name}: passed in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}
console.log('\nAll tests passed.');
