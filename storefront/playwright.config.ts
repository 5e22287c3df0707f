import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';

// Debian's Chromium, never a downloaded browser (ARCHITECTURE.md, Toolchain); CHROMIUM_PATH
// as scripts/test.mjs reads it.
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(CHROMIUM)) {
  throw new Error(
    `End-to-end tests need Chromium at ${CHROMIUM}, which is missing. Install it with: sudo apt-get install chromium (or set CHROMIUM_PATH)`,
  );
}

// E2E_PORT lets two checkouts (git worktrees) run their suites side by side: the first server
// takes it, the OpenID stand-in the next port, the second server the one after (and
// stripe-checkout.spec.ts starts a server of its own on the next).
const PORT = Number(process.env.E2E_PORT ?? 3210);
export const E2E_ADMIN = { email: 'admin@yardly.test', password: 'Adm1n!password' } as const;
/** A local OpenID provider standing in for Google and LinkedIn (api/test/oidc-stand-in.ts). */
export const E2E_IDP = { issuer: `http://127.0.0.1:${PORT + 1}`, clientId: 'yardly-e2e', clientSecret: 'e2e-secret' };

/**
 * The journeys run in two lanes at once, each against a server of its own (`pnpm start` on its
 * own port and fresh embedded database): a journey mostly waits on the browser and the server, so
 * two lanes use both cores, and a lane's dev clock moves (offers.spec.ts moves it a day) and data
 * never reach the other's journeys. Within a lane the files run one after the other, as before.
 * The lanes are split by the files' measured time (about half each); a new spec file joins lane
 * `b` until it is placed here.
 */
const LANE_A_FILES = [
  'admin-console.spec.ts',
  'checkout.spec.ts',
  'header-layout.spec.ts',
  'notifications.spec.ts',
  'offer-to-likers.spec.ts',
  'offers.spec.ts',
  'rentals.spec.ts',
  'returns.spec.ts',
  'saved-cards.spec.ts',
  'search.spec.ts',
  'ship-by.spec.ts',
];
const lanes = [
  { name: 'a', port: PORT, testMatch: LANE_A_FILES },
  { name: 'b', port: PORT + 2, testIgnore: LANE_A_FILES },
]
  // E2E_LANE=a or b starts that lane's server only: for running one spec file of it at a desk.
  .filter((lane) => !process.env.E2E_LANE || lane.name === process.env.E2E_LANE)
  .map((lane) => ({ ...lane, baseURL: `http://127.0.0.1:${lane.port}` }));

// A fresh embedded database (seeded with demo listings) per lane for every run: seeded once by
// `pnpm seed` (migrations, the zips, the demo listings and their photos) and copied into each
// lane's DATA_DIR, so the lanes' servers start at once. Workers load this file again: the
// environment hands them the runner's folders instead of making new ones.
const laneKey = (lane: { name: string }) => `YARDLY_E2E_DATA_DIR_${lane.name.toUpperCase()}`;
if (lanes.some((lane) => !process.env[laneKey(lane)])) {
  const seeded = mkdtempSync(join(tmpdir(), 'yardly-e2e-seeded-'));
  const seed = spawnSync(process.execPath, ['--import', 'tsx', 'src/seed/cli.ts'], {
    cwd: fileURLToPath(new URL('../api', import.meta.url)),
    env: { ...process.env, DATABASE_URL: '', DATA_DIR: seeded, NODE_ENV: 'development', LOG_LEVEL: 'warn' },
    stdio: 'inherit',
  });
  if (seed.status !== 0) throw new Error(`Seeding the journeys' database failed (exit ${seed.status}): see above`);
  for (const lane of lanes) {
    const dataDir = mkdtempSync(join(tmpdir(), `yardly-e2e-${lane.name}-`));
    cpSync(seeded, dataDir, { recursive: true });
    process.env[laneKey(lane)] = dataDir;
  }
  rmSync(seeded, { recursive: true, force: true });
}
const dataDirOf = (lane: { name: string }) => process.env[laneKey(lane)] ?? '';

export default defineConfig({
  testDir: './e2e',
  fullyParallel: false,
  // One worker per lane (each project below allows one at a time).
  workers: lanes.length,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list'], ['html', { open: 'never' }]] : 'list',
  projects: lanes.map(({ name, testMatch, testIgnore, baseURL }) => ({
    name,
    testMatch,
    testIgnore,
    workers: 1,
    use: { baseURL },
  })),
  use: {
    browserName: 'chromium',
    // As people who ask for less motion see the pages: no colour fades, so axe measures a
    // button's colours, never a moment of its 0.15 s transition (a contrast failure once in CI).
    reducedMotion: 'reduce',
    launchOptions: {
      executablePath: CHROMIUM,
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
    // A trace records every step of every journey to keep the failing ones: worth it at a
    // developer's desk, not in CI, whose folder nobody opens afterwards (its log says what failed).
    trace: process.env.CI ? 'off' : 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  webServer: [
    {
      command: 'node --import tsx test/oidc-stand-in.ts',
      cwd: fileURLToPath(new URL('../api', import.meta.url)),
      url: `${E2E_IDP.issuer}/.well-known/openid-configuration`,
      timeout: 60_000,
      reuseExistingServer: false,
      stdout: 'pipe',
      stderr: 'pipe',
      env: {
        PORT: String(PORT + 1),
        APP_URL: lanes.map((lane) => lane.baseURL).join(','),
        CLIENT_ID: E2E_IDP.clientId,
        CLIENT_SECRET: E2E_IDP.clientSecret,
      },
    },
    ...lanes.map(({ port, baseURL, ...lane }) => ({
      // `pnpm start` (its builds are always production ones, whatever NODE_ENV the server runs with).
      command: 'node ../scripts/start.mjs',
      url: `${baseURL}/svc/health`,
      timeout: 240_000,
      reuseExistingServer: false,
      stdout: 'pipe' as const,
      stderr: 'pipe' as const,
      env: {
        PORT: String(port),
        DATA_DIR: dataDirOf(lane),
        // Not production: the dev outbox (GET /svc/dev/outbox) hands the tests the emailed codes.
        NODE_ENV: 'development',
        LOG_LEVEL: 'warn',
        // Every person of the suite is 127.0.0.1: the per-address limits (sign-ups an hour...) scaled for them.
        ADDRESS_LIMIT_FACTOR: '100',
        // Access tokens die after 3 seconds, so a journey outlives one and the client must refresh.
        ACCESS_TOKEN_TTL: '3',
        // The first admin, as a new installation gets it (e2e/admin.spec.ts logs in with it).
        ADMIN_EMAIL: E2E_ADMIN.email,
        ADMIN_PASSWORD: E2E_ADMIN.password,
        // Social sign-in against the stand-in: two providers, so the select social dialog shows.
        PUBLIC_URL: baseURL,
        // Support's mail would be at PUBLIC_URL's host (127.0.0.1): the contact journey reads it here.
        SUPPORT_EMAIL: 'support@yardly.local',
        OAUTH_GOOGLE_ISSUER: E2E_IDP.issuer,
        OAUTH_GOOGLE_CLIENT_ID: E2E_IDP.clientId,
        OAUTH_GOOGLE_CLIENT_SECRET: E2E_IDP.clientSecret,
        OAUTH_LINKEDIN_ISSUER: E2E_IDP.issuer,
        OAUTH_LINKEDIN_CLIENT_ID: E2E_IDP.clientId,
        OAUTH_LINKEDIN_CLIENT_SECRET: E2E_IDP.clientSecret,
      },
    })),
  ],
});
