import { defineConfig } from 'vitest/config';

// Unit tests of the storefront's stores and helpers; the journeys are Playwright's (e2e/).
export default defineConfig({
  // Components under test are .tsx: React's automatic runtime (Vite 8 transforms with Oxc).
  oxc: { jsx: { runtime: 'automatic' } },
  test: {
    name: 'storefront',
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'node',
    // Tests that render components or run the browser stores say '@vitest-environment happy-dom'.
    environmentOptions: { happyDOM: { url: 'http://127.0.0.1:3000/' } },
  },
});
