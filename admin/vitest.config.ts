import { defineConfig } from 'vitest/config';

// The console's unit tests; without this file vitest would read vite.config.ts and name the
// project after the package, so `--project admin` would match nothing.
export default defineConfig({ test: { name: 'admin', include: ['src/**/*.test.ts'], environment: 'node' } });
