import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'api',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // Each file opens its own database; PGlite start-up and the zip table take a few seconds.
    testTimeout: 30_000,
    hookTimeout: 120_000,
    pool: 'forks',
  },
});
