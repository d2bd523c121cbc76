#!/usr/bin/env node
/**
 * The API's module graph (run by `npm run lint`): which module folder under apps/api/src/modules imports
 * which, checked against the floors below. A module may import modules on its own floor or below, never
 * above, and no two modules may depend on each other, directly or through others (the graph is acyclic).
 * Imports are followed as the compiler follows them: a `.js` specifier names the `.ts` source beside it;
 * `import type` counts too (a type is a dependency). Tests (*.spec.ts, *.db-spec.ts) are left out.
 *
 * No module is @Global() (only database/ and config/ providers are): a module lists what it uses.
 *
 * Prints the graph floor by floor; on a violation prints the cycle or the upward import with the file and
 * line that makes it, and exits 1. `--quiet` prints only violations.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const MODULES = join(ROOT, 'apps/api/src/modules');

/**
 * The floors, lowest first. Ground: what every feature uses (the outbox, files, documents, the activity
 * log, health); then the people, tracks and conference settings; then papers, reviews and the programme;
 * then what works over all of those (e-mail templates and bulk sends, letters, reports, jobs); the demo
 * seeder and the metrics (which read the queues of the floors below) on top. database/, common/, config/ and reads/ lie outside the modules, below them all.
 */
export const FLOORS = [
  ['outbox', 'files', 'documents', 'activity', 'health'],
  ['users', 'auth', 'tracks', 'conference'],
  ['papers', 'reviews', 'programme'],
  ['mail', 'letters', 'reports', 'jobs'],
  ['demo', 'metrics'],
];

const floorOf = new Map(FLOORS.flatMap((names, i) => names.map((n) => [n, i])));

function* sourceFiles(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* sourceFiles(path);
    else if (/\.tsx?$/.test(name) && !/\.(db-)?spec\.tsx?$/.test(name)) yield path;
  }
}

const IMPORT =
  /(?:^|[\s;])(?:import|export)\s[^;]*?from\s*['"]([^'"]+)['"]|import\s*\(\s*['"]([^'"]+)['"]\s*\)|^import\s+['"]([^'"]+)['"]/gm;

/** Every module-to-module import: { from, to, file, line }. */
export function moduleImports() {
  const modules = readdirSync(MODULES).filter((n) => statSync(join(MODULES, n)).isDirectory());
  const edges = [];
  for (const m of modules) {
    for (const file of sourceFiles(join(MODULES, m))) {
      const text = readFileSync(file, 'utf8');
      for (const match of text.matchAll(IMPORT)) {
        const spec = match[1] ?? match[2] ?? match[3];
        if (!spec.startsWith('.')) continue;
        const target = relative(MODULES, resolve(dirname(file), spec));
        if (target.startsWith('..')) continue; // database/, common/, config/, reads/
        const to = target.split(sep)[0];
        if (to === m) continue;
        const line = text.slice(0, match.index).split('\n').length + (match[0].startsWith('\n') ? 1 : 0);
        edges.push({ from: m, to, file: relative(ROOT, file), line });
      }
    }
  }
  return { modules, edges };
}

/** Strongly connected components of more than one module (Tarjan), each a dependency cycle. */
function cycles(modules, adj) {
  let index = 0;
  const idx = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const out = [];
  const visit = (v) => {
    idx.set(v, index);
    low.set(v, index++);
    stack.push(v);
    onStack.add(v);
    for (const w of adj.get(v) ?? []) {
      if (!idx.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v), low.get(w)));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v), idx.get(w)));
    }
    if (low.get(v) === idx.get(v)) {
      const scc = [];
      let w;
      do {
        w = stack.pop();
        onStack.delete(w);
        scc.push(w);
      } while (w !== v);
      if (scc.length > 1) out.push(scc.sort());
    }
  };
  for (const m of modules) if (!idx.has(m)) visit(m);
  return out;
}

export function checkGraph() {
  const { modules, edges } = moduleImports();
  const adj = new Map(modules.map((m) => [m, new Set()]));
  for (const e of edges) adj.get(e.from).add(e.to);
  const problems = [];
  for (const m of modules)
    if (!floorOf.has(m))
      problems.push(`module '${m}' has no floor: add it to FLOORS in scripts/module-graph.js`);
  const seen = new Set();
  for (const e of edges) {
    const key = `${e.from}>${e.to}`;
    if (seen.has(key)) continue;
    if ((floorOf.get(e.to) ?? -1) > (floorOf.get(e.from) ?? Infinity)) {
      seen.add(key);
      problems.push(
        `upward import: ${e.from} (floor ${floorOf.get(e.from)}) imports ${e.to} (floor ${floorOf.get(e.to)}) at ${e.file}:${e.line}`,
      );
    }
  }
  // @Global() hides a dependency from the module's imports: only the database and configuration may use it
  for (const m of modules)
    for (const file of sourceFiles(join(MODULES, m)))
      if (/^@Global\(\)/m.test(readFileSync(file, 'utf8')))
        problems.push(
          `${relative(ROOT, file)} is @Global(): list the module in the imports of the modules that use it`,
        );
  for (const scc of cycles(modules, adj)) {
    const inCycle = new Set(scc);
    const where = edges
      .filter((e) => inCycle.has(e.from) && inCycle.has(e.to))
      .filter((e, i, all) => all.findIndex((o) => o.from === e.from && o.to === e.to) === i)
      .map((e) => `    ${e.from} → ${e.to}  ${e.file}:${e.line}`);
    problems.push(`cycle between ${scc.join(', ')}:\n${where.join('\n')}`);
  }
  return { modules, adj, problems };
}

const isMain = process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (isMain) {
  const { adj, problems } = checkGraph();
  if (!process.argv.includes('--quiet')) {
    console.log('API module graph (floor: module → the modules it imports)');
    FLOORS.forEach((names, i) => {
      for (const m of names)
        if (adj.has(m)) console.log(`  ${i}: ${m.padEnd(11)} → ${[...adj.get(m)].sort().join(', ') || '—'}`);
    });
  }
  if (problems.length) {
    console.error(`\nThe module graph breaks its rules (${problems.length}):`);
    for (const p of problems) console.error(`  ${p}`);
    process.exit(1);
  }
  if (!process.argv.includes('--quiet')) console.log('acyclic; every import goes to the same floor or below');
}
