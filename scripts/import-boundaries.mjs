#!/usr/bin/env node
// The api's import boundaries (issue 35, ADR 0051), checked by `pnpm lint`:
// - no import cycle between the modules of api/src/modules (a module is its folder);
// - the platform (mail, live, jobs, notifications, files, ledger, payments, http, process) imports
//   no capability: a capability reacts to another's change by subscribing (`onTransition`), not by
//   being imported.
// An edge listed in KNOWN is a debt the check tolerates until it is cut; a new one fails.
// `--print` prints the module cycles and the platform edges found.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = process.env.BOUNDARIES_ROOT ?? resolve(dirname(fileURLToPath(import.meta.url)), '..');
const src = join(root, 'api/src');
const PLATFORM_MODULES = new Set(['mail', 'live', 'notifications', 'files', 'ledger', 'payments']);
const PLATFORM_DIRS = ['jobs', 'http', 'process'];

/** Edges the check tolerates for now: each is a reaction or a read still to be turned around. */
const KNOWN = new Set(JSON.parse(readFileSync(join(root, 'scripts/import-boundaries.known.json'), 'utf8')));

function filesUnder(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return filesUnder(path);
    return /\.ts$/.test(name) && !/\.test\.ts$/.test(name) ? [path] : [];
  });
}

/** The unit a file belongs to: `modules/<name>`, or a platform folder (`jobs`, `http`, `process`), else null. */
function unitOf(file) {
  const parts = relative(src, file).split('/');
  if (parts[0] === 'modules' && parts.length > 2) return `modules/${parts[1]}`;
  if (PLATFORM_DIRS.includes(parts[0]) && parts.length > 1) return parts[0];
  return null;
}

const isPlatform = (unit) => PLATFORM_DIRS.includes(unit) || PLATFORM_MODULES.has(unit.replace('modules/', ''));

const edges = new Map(); // unit -> Map(unit -> first file importing it)
for (const file of filesUnder(src)) {
  const from = unitOf(file);
  if (!from) continue;
  const text = readFileSync(file, 'utf8');
  for (const [, spec] of text.matchAll(/(?:import|export)[^'";]*?from\s+['"]([^'"]+)['"]/g)) {
    if (!spec.startsWith('.')) continue;
    const to = unitOf(resolve(dirname(file), spec));
    if (!to || to === from) continue;
    if (!edges.has(from)) edges.set(from, new Map());
    if (!edges.get(from).has(to)) edges.get(from).set(to, relative(root, file));
  }
}

/** Tarjan's strongly connected components of the module graph (modules only). */
function cycles(graph) {
  let index = 0;
  const stack = [];
  const meta = new Map();
  const found = [];
  const visit = (v) => {
    meta.set(v, { index, low: index, on: true });
    index++;
    stack.push(v);
    for (const w of graph.get(v)?.keys() ?? []) {
      if (!meta.has(w)) {
        visit(w);
        meta.get(v).low = Math.min(meta.get(v).low, meta.get(w).low);
      } else if (meta.get(w).on) meta.get(v).low = Math.min(meta.get(v).low, meta.get(w).index);
    }
    if (meta.get(v).low === meta.get(v).index) {
      const component = [];
      let w;
      do {
        w = stack.pop();
        meta.get(w).on = false;
        component.push(w);
      } while (w !== v);
      if (component.length > 1) found.push(component.sort());
    }
  };
  for (const v of graph.keys()) if (!meta.has(v)) visit(v);
  return found;
}

const moduleGraph = new Map();
const tolerated = new Map();
for (const [from, targets] of edges) {
  if (!from.startsWith('modules/')) continue;
  const kept = new Map();
  for (const [to, file] of targets) {
    if (!to.startsWith('modules/')) continue;
    if (KNOWN.has(`${from} -> ${to}`)) tolerated.set(`${from} -> ${to}`, file);
    else kept.set(to, file);
  }
  moduleGraph.set(from, kept);
}
const allModules = new Map([...edges].filter(([from]) => from.startsWith('modules/')));
const before = cycles(
  new Map([...allModules].map(([from, t]) => [from, new Map([...t].filter(([to]) => to.startsWith('modules/')))])),
);
const after = cycles(moduleGraph);

const platformEdges = [];
for (const [from, targets] of edges) {
  if (!isPlatform(from)) continue;
  for (const [to, file] of targets) {
    if (isPlatform(to) || KNOWN.has(`${from} -> ${to}`)) continue;
    platformEdges.push(`${from} -> ${to} (${file})`);
  }
}

const inCycles = (found) => found.reduce((n, c) => n + c.length, 0);
if (process.argv.includes('--print')) {
  console.log(`modules in an import cycle, every edge counted: ${inCycles(before)} in ${before.length} cycle(s)`);
  for (const c of before) console.log(`  ${c.join(', ')}`);
  console.log(`tolerated edges (scripts/import-boundaries.known.json): ${KNOWN.size}`);
}
const stale = [...KNOWN].filter((edge) => {
  const [from, to] = edge.split(' -> ');
  return !edges.get(from)?.has(to);
});
const problems = [
  ...after.map((c) => `an import cycle between modules: ${c.join(', ')}`),
  ...platformEdges.map((e) => `the platform imports a capability: ${e}`),
  ...stale.map((e) => `a tolerated edge that no longer exists (remove it from the list): ${e}`),
];
if (problems.length) {
  for (const p of problems) console.error(p);
  process.exit(1);
}
console.log(
  `import boundaries: no new module cycle, no new platform → capability import (${KNOWN.size} tolerated edges)`,
);
