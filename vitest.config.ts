import { defineConfig } from 'vitest/config';

// One run for the unit and api suites of every package (each package has its own config).
export default defineConfig({
  test: {
    projects: ['shared', 'api', 'admin', 'storefront'],
  },
});
