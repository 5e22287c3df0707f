import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

// scripts/import-boundaries.mjs (in `pnpm lint`, ADR 0062) run on a made-up api tree, and on this one.
const script = resolve(__dirname, '../../scripts/import-boundaries.mjs');
const trees: string[] = [];

function treeOf(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), 'boundaries-'));
  trees.push(root);
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, 'api/src', path)), { recursive: true });
    writeFileSync(join(root, 'api/src', path), text);
  }
  return root;
}

function check(root?: string) {
  const run = spawnSync(process.execPath, [script], {
    env: { ...process.env, ...(root ? { BOUNDARIES_ROOT: root } : {}) },
    encoding: 'utf8',
  });
  return { status: run.status, out: run.stdout + run.stderr };
}

afterEach(() => {
  for (const root of trees.splice(0)) rmSync(root, { recursive: true, force: true });
});

describe('the import boundaries', () => {
  it('hold in this repository: no module cycle, no platform module importing a capability', () => {
    expect(check()).toEqual({ status: 0, out: expect.stringContaining('no module cycle') });
  });

  it('pass a tree whose capabilities import downwards only', () => {
    const root = treeOf({
      'modules/orders/place.ts':
        "import { card } from '../listings/cards';\nimport { notify } from '../notifications/notify';\n",
      'modules/listings/cards.ts': 'export const card = 1;\n',
      'modules/notifications/notify.ts': "import { db } from '../../db/connect';\nexport const notify = db;\n",
    });
    expect(check(root).status).toBe(0);
  });

  it('fail on a cycle between two capabilities, however thin the back edge (a type import too)', () => {
    const root = treeOf({
      'modules/orders/place.ts': "import { card } from '../listings/cards';\n",
      'modules/listings/cards.ts': "import type { Order } from '../orders/place';\nexport const card = 1;\n",
    });
    const { status, out } = check(root);
    expect(status).toBe(1);
    expect(out).toContain('an import cycle between modules: modules/listings, modules/orders');
  });

  it('fail on a platform module importing a capability, even without a cycle', () => {
    const root = treeOf({
      'modules/mail/send.ts': "import { codeMail } from '../auth/codes';\n",
      'modules/auth/codes.ts': 'export const codeMail = 1;\n',
      'http/capability.ts': "export { registerAdminResources } from '../modules/admin/registry';\n",
      'modules/admin/registry.ts': 'export const registerAdminResources = 1;\n',
    });
    const { status, out } = check(root);
    expect(status).toBe(1);
    expect(out).toContain('the platform imports a capability: modules/mail -> modules/auth');
    expect(out).toContain('the platform imports a capability: http -> modules/admin');
  });
});
