import { defineConfig } from 'drizzle-kit';

// Generates SQL migrations from the schema (`pnpm --filter @yardly/api db:generate`);
// the committed files in drizzle/ are applied at start.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema/index.ts',
  out: './drizzle',
});
