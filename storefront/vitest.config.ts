import { defineConfig } from 'vitest/config';

// Unit tests of the storefront's stores and helpers; the journeys are Playwright's (e2e/).
export default defineConfig({
  esbuild: { jsx: 'automatic' },
  test: {
    name: 'storefront',
    include: ['src/**/*.test.ts'],
    environment: 'node',
  },
});
