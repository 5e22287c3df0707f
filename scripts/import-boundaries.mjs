#!/usr/bin/env node
// The api's import boundaries (issue 35, ADR 0051), checked by `pnpm lint`:
// - no import cycle between the modules of api/src/modules (a module is its folder);
// - the platform (mail, live, jobs, notifications, files, drafts, ledger, payments, http, process) imports
//   no capability: a capability reacts to another's change by subscribing (`onTransition`), not by
//   being imported.
// Nothing is tolerated (ADR 0062): a cycle or a platform → capability import fails `pnpm lint`.
// `--print` prints the module graph's size.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = process.env.BOUNDARIES_ROOT ?? resolve(dirname(fileURLToPath(import.meta.url)), '..');
const src = join(root, 'api/src');
const PLATFORM_MODULES = new Set(['mail', 'live', 'notifications', 'files', 'ledger', 'payments', 'drafts']);
const PLATFORM_DIRS = ['jobs', 'http', 'process'];

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

const moduleGraph = new Map(
  [...edges]
    .filter(([from]) => from.startsWith('modules/'))
    .map(([from, targets]) => [from, new Map([...targets].filter(([to]) => to.startsWith('modules/')))]),
);
const found = cycles(moduleGraph);

const platformEdges = [];
for (const [from, targets] of edges) {
  if (!isPlatform(from)) continue;
  for (const [to, file] of targets) {
    if (isPlatform(to)) continue;
    platformEdges.push(`${from} -> ${to} (${file})`);
  }
}

if (process.argv.includes('--print')) {
  const count = [...moduleGraph.values()].reduce((n, targets) => n + targets.size, 0);
  console.log(`${moduleGraph.size} modules importing others, ${count} module → module edges`);
}
/** Each cycle with, for its first edge, the file that makes it: where to start cutting. */
const named = (c) => {
  const [from, to] = [c[0], c.find((m) => moduleGraph.get(c[0])?.has(m))];
  return `${c.join(', ')}${to ? ` (e.g. ${moduleGraph.get(from).get(to)} imports ${to})` : ''}`;
};
const problems = [
  ...found.map((c) => `an import cycle between modules: ${named(c)}`),
  ...platformEdges.map((e) => `the platform imports a capability: ${e}`),
];
if (problems.length) {
  for (const p of problems) console.error(p);
  process.exit(1);
}
console.log('import boundaries: no module cycle, no platform → capability import');
