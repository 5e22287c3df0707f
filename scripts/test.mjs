// `pnpm test`: type check and lint beside the production build the end-to-end journeys start;
// the unit and api tests on the embedded database; the api tests again on PostgreSQL (when
// DATABASE_URL is set); then the end-to-end journeys in Chromium. Steps in one stage run at
// once: a stage ends when all its steps have, and the first failure stops the run. A step is one
// pnpm command or several in turn.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { requireProjectRuntime } from './runtime.mjs';

requireProjectRuntime('pnpm test');

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const { DATABASE_URL, ...embeddedEnv } = process.env;

const stages = [
  [
    {
      name: 'type check and lint',
      runs: [['-r', '--filter=!@yardly/storefront', 'typecheck'], ['lint'], ['openapi:lint']],
    },
    // The journeys' servers find these builds fresh and start at once: `pnpm build` makes both
    // donation flag variants (docs/decisions/0035), the flag-on one for e2e/donations.spec.ts.
    // The storefront's type check writes the same generated types (.astro/) as its builds, so it
    // follows them.
    {
      name: 'build, then the storefront type check',
      runs: [['build'], ['--filter', '@yardly/storefront', 'typecheck']],
      env: { ...process.env, NODE_ENV: 'production' },
    },
  ],
  // Alone: its spawned servers and its 5,000-request fuzz are the suite's most sensitive to a busy
  // machine (beside the journeys, a server's first start took minutes).
  [{ name: 'unit and api tests (embedded database)', runs: [['exec', 'vitest', 'run']], env: embeddedEnv }],
  DATABASE_URL && [
    {
      name: 'api tests on PostgreSQL',
      // The process test is about the embedded database's DATA_DIR lock: it ran in the pass before.
      runs: [['exec', 'vitest', 'run', '--project', 'api', '--exclude', '**/server-process.test.ts']],
      env: process.env,
    },
  ],
  // Alone too: the journeys' two lanes (playwright.config.ts) already keep both cores busy with
  // their browsers and servers. Beside the PostgreSQL pass each journey took several times as
  // long (the rentals journey 3 minutes against 30 s), longer than the two stages in turn.
  [{ name: 'end-to-end tests', runs: [['test:e2e']], env: embeddedEnv, needsChromium: true }],
].filter(Boolean);

if (stages.flat().some((step) => step.needsChromium) && !existsSync(CHROMIUM)) {
  console.error(
    `\nThe end-to-end tests need Chromium at ${CHROMIUM} and it is not there.\n` +
      'Install it with: sudo apt-get install chromium   (or set CHROMIUM_PATH)\n',
  );
  process.exit(1);
}

const started = Date.now();
for (const stage of stages) {
  const results = await Promise.all(stage.map((step) => run(step, stage.length > 1)));
  const failed = results.find((result) => result.status !== 0);
  if (failed) {
    console.error(`\n${failed.name} failed (exit ${failed.status}).`);
    process.exit(failed.status || 1);
  }
}
console.log(`\nAll tests passed in ${seconds(started)} s.`);

/**
 * Runs one step. Alone in its stage, its output streams as it comes; beside others, each step's
 * output is held and printed whole when it ends, so the logs do not interleave.
 */
async function run(step, beside) {
  // A run is a pnpm command's arguments, or { args, env } when it needs an environment of its own.
  const runs = step.runs.map((run) => (Array.isArray(run) ? { args: run, env: step.env } : run));
  const commands = runs.map(({ args }) => `pnpm ${args.join(' ')}`).join(', then ');
  console.log(`\n=== ${step.name}: ${commands}${beside ? ' (its output follows when it ends)' : ''}`);
  const began = Date.now();
  const held = [];
  let status = 0;
  for (const { args, env } of runs) {
    status = await runPnpm(args, env ?? process.env, beside ? held : null);
    if (status !== 0) break;
  }
  if (beside) {
    console.log(`\n=== ${step.name}: its output`);
    process.stdout.write(Buffer.concat(held));
  }
  console.log(`=== ${step.name}: ${status === 0 ? 'passed' : 'FAILED'} in ${seconds(began)} s`);
  return { name: step.name, status };
}

/** One pnpm command; its output streams, or is held in `held` when given. Answers the exit status. */
function runPnpm(args, env, held) {
  const child = spawn('pnpm', args, { stdio: held ? ['ignore', 'pipe', 'pipe'] : 'inherit', env });
  child.stdout?.on('data', (chunk) => held.push(chunk));
  child.stderr?.on('data', (chunk) => held.push(chunk));
  return new Promise((resolve) => {
    child.on('close', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

function seconds(since) {
  return ((Date.now() - since) / 1000).toFixed(1);
}
