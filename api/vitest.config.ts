import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'api',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // Each file copies the run's database template (test/global-setup.ts) and starts an api on it.
    testTimeout: 30_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // Files share a worker and its loaded modules (a file still gets its own app and database):
    // importing the api anew for every file was a fifth of the run.
    isolate: false,
    globalSetup: ['test/global-setup.ts'],
  },
});
