import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/connect';
import { apiRoot } from '../src/paths';
import { seedReference } from '../src/seed/reference';
import { answerProblems } from './openapi-answers';
import { trimmedTemplate } from './template-tarball';

/** Where each api test file copies its database from: migrated and seeded once per run. */
export type DatabaseTemplate = { engine: 'pglite'; file: string } | { engine: 'postgres'; name: string };

declare module 'vitest' {
  export interface ProvidedContext {
    databaseTemplate: DatabaseTemplate;
    /** The api bundled for this run (scripts/bundle.mjs): the tests that spawn a server run it. */
    apiBundle: string;
    /** Where test apps record their answers and the OpenAPI description (openapi-answers.ts). */
    answersDir: string;
  }
}

/**
 * Migrating and seeding 42,555 zips took seconds per test file: do it once, into a PGlite
 * tarball or a PostgreSQL template database, and let every file start from a copy.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const removeBundle = bundleApi(project);
  const dropTemplate = await makeTemplate(project);
  const answersDir = mkdtempSync(join(tmpdir(), 'yardly-answers-'));
  project.provide('answersDir', answersDir);
  return async () => {
    removeBundle();
    await dropTemplate();
    // Issue 34: every answer the suites got, against the OpenAPI description the api publishes.
    const { checked, problems } = answerProblems(answersDir);
    rmSync(answersDir, { recursive: true, force: true });
    if (problems.length)
      throw new Error(
        `${problems.length} kinds of answer do not match the OpenAPI description (GET /svc/openapi.json):\n${problems.join('\n')}`,
      );
    console.log(`OpenAPI description: ${checked} answers checked, all match`);
  };
}

/**
 * Spawned servers run the api bundled once for the run, fresh from the sources, not the
 * TypeScript compiled again on every start (seconds each). In a folder of the run's own, under
 * dist/ as `pnpm start`'s bundle, so a run beside `pnpm start` never rewrites the file it runs.
 */
function bundleApi(project: TestProject): () => void {
  const folder = join(apiRoot, 'dist', `test-${process.pid}`);
  const file = join(folder, 'server.mjs');
  execFileSync(process.execPath, [join(apiRoot, 'scripts', 'bundle.mjs'), file], { stdio: 'inherit' });
  project.provide('apiBundle', file);
  return () => rmSync(folder, { recursive: true, force: true });
}

async function makeTemplate(project: TestProject): Promise<() => Promise<void>> {
  const baseUrl = process.env.DATABASE_URL;
  if (baseUrl) {
    const name = `yardly_template_${process.pid}`;
    await adminQuery(baseUrl, `create database "${name}"`);
    const database = await openDatabase({ databaseUrl: withDatabase(baseUrl, name) });
    await seedReference(database.db);
    await database.close();
    project.provide('databaseTemplate', { engine: 'postgres', name });
    return () => adminQuery(baseUrl, `drop database if exists "${name}" with (force)`);
  }
  const database = await openDatabase({});
  await seedReference(database.db);
  const tarball = await trimmedTemplate(database);
  await database.close();
  const file = join(tmpdir(), `yardly-template-${process.pid}.tar`);
  writeFileSync(file, tarball);
  project.provide('databaseTemplate', { engine: 'pglite', file });
  return async () => rmSync(file, { force: true });
}

export function withDatabase(baseUrl: string, name: string): string {
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

export async function adminQuery(baseUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: baseUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
