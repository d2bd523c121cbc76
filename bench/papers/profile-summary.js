// Summarises a V8 .cpuprofile (bench/papers/run.js --cpu-prof): self time by package or source folder, the
// functions with the most self time, and the inclusive (self + callees) time of the functions whose name or
// file matches --match.
// node bench/papers/profile-summary.js FILE [--top N] [--match REGEX]
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';

const { values: opts, positionals } = parseArgs({
  allowPositionals: true,
  options: { top: { type: 'string', default: '40' }, match: { type: 'string' } },
});
const profile = JSON.parse(readFileSync(positionals[0], 'utf8'));
const TOP = Number(opts.top);

const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
const parent = new Map();
for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
// self time per node: the sample count times the interval between samples
const self = new Map();
const deltas = profile.timeDeltas;
for (let i = 0; i < profile.samples.length; i++) {
  const dt = (deltas[i + 1] ?? deltas[i] ?? 0) / 1000;
  self.set(profile.samples[i], (self.get(profile.samples[i]) ?? 0) + dt);
}
const total = [...self.values()].reduce((a, b) => a + b, 0);

const where = (cf) => {
  const url = cf.url || '';
  const m = url.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/);
  if (m) return m[1];
  if (url.includes('/apps/api/dist/'))
    return `api:${url.split('/apps/api/dist/')[1].split('/').slice(0, -1).join('/')}`;
  if (url.includes('/libs/domain/')) return 'domain';
  if (url.startsWith('node:')) return 'node:' + url.slice(5).split('/')[0];
  if (!url) return `(${cf.functionName || 'native'})`;
  return url.replace(/^.*\//, '');
};
const label = (cf) =>
  `${cf.functionName || '(anonymous)'} ${(cf.url || '').replace(/^.*node_modules\//, '').replace(/^.*\/apps\/api\/dist\//, 'api/')}:${cf.lineNumber + 1}`;

const add = (m, k, v) => m.set(k, (m.get(k) ?? 0) + v);
const byWhere = new Map();
const byFn = new Map();
for (const [id, t] of self) {
  const cf = nodes.get(id).callFrame;
  add(byWhere, where(cf), t);
  add(byFn, label(cf), t);
}
const show = (title, m, n) => {
  console.log(`\n${title}`);
  for (const [k, v] of [...m].sort((a, b) => b[1] - a[1]).slice(0, n))
    console.log(`  ${v.toFixed(0).padStart(7)} ms ${((100 * v) / total).toFixed(1).padStart(5)}%  ${k}`);
};
console.log(`${positionals[0]}: ${total.toFixed(0)} ms sampled`);
show('self time by package / folder', byWhere, TOP);
show('self time by function', byFn, TOP);

if (opts.match) {
  // inclusive time: each sample counts once for every distinct matching function on its stack
  const re = new RegExp(opts.match);
  const incl = new Map();
  for (const [id, t] of self) {
    const seen = new Set();
    for (let n = id; n !== undefined; n = parent.get(n)) {
      const l = label(nodes.get(n).callFrame);
      if (re.test(l) && !seen.has(l)) {
        seen.add(l);
        add(incl, l, t);
      }
    }
  }
  show(`inclusive time of functions matching /${opts.match}/`, incl, TOP);
}
