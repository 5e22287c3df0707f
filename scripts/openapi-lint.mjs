// `pnpm openapi:lint`: writes the api's OpenAPI description (GET /svc/openapi.json, the app built in
// process: api/scripts/openapi-document.ts) to a temporary file and lints it with Redocly's
// recommended rules, each as an error (redocly.yaml: recommended-strict). A problem fails it.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const dir = mkdtempSync(join(tmpdir(), 'yardly-openapi-'));
const file = join(dir, 'openapi.json');
const run = (command, args) => spawnSync(command, args, { stdio: 'inherit' }).status ?? 1;
try {
  let status = run('pnpm', ['--filter', '@yardly/api', 'exec', 'tsx', 'scripts/openapi-document.ts', file]);
  if (status === 0) status = run('pnpm', ['exec', 'redocly', 'lint', file, '--config', 'redocly.yaml']);
  process.exitCode = status;
} finally {
  rmSync(dir, { recursive: true, force: true });
}
