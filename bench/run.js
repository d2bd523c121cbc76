// Reviewer-assignment benchmark (issue 4), `npm run bench`:
// generates two instances with a fixed seed (1,000 papers × 600 reviewers, every eligible pair;
// 10,000 × 6,000 keeping the 50 best candidates per paper), builds the flow network with the library
// (affinity: bids + subject areas + TF-IDF), writes it as DIMACS, solves it with our min-cost flow and
// with LEMON's NetworkSimplex (compiled here from bench/assignment/lemon-ns.cpp), and checks that the
// optimal costs are EQUAL (exit 1 otherwise). Prints times (solver only, best of --rounds) and the ratio.
// Also runs the 1,000 instance end to end through the worker-thread runner. Not part of `npm test`.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { buildModel, shortageCostFor, solveAssignmentFlow } from '../libs/domain/dist/index.js';
import { runAssignmentInWorker } from '../libs/domain/dist/assignment/worker.js';
import { generateInstance } from './assignment/generate.js';
import { writeDimacs } from './assignment/dimacs.js';

const here = dirname(fileURLToPath(import.meta.url));
const { values: opts } = parseArgs({
  options: { rounds: { type: 'string', default: '3' }, only: { type: 'string' } },
});
const ROUNDS = Number(opts.rounds);
const work = join(tmpdir(), 'symposium-bench-assignment');
mkdirSync(work, { recursive: true });

function reference() {
  const header = '/usr/include/lemon/network_simplex.h';
  if (!existsSync(header)) {
    console.error(
      `LEMON is not installed (${header} missing): apt-get install -y liblemon-dev (or set up another reference).`,
    );
    process.exit(2);
  }
  const bin = join(work, 'lemon-ns');
  execFileSync('g++', ['-O2', '-o', bin, join(here, 'assignment/lemon-ns.cpp')], { stdio: 'inherit' });
  return bin;
}

const fmt = (ms) => (ms >= 1000 ? `${(ms / 1000).toFixed(2)} s` : `${ms.toFixed(0)} ms`);

const INSTANCES = [
  { name: '1,000 × 600', papers: 1000, reviewers: 600, tracks: 8, seed: 20240601 },
  { name: '10,000 × 6,000 (K=50)', papers: 10000, reviewers: 6000, tracks: 10, seed: 20240602, k: 50 },
];

const lemon = reference();
let failed = false;
const rows = [];
for (const inst of INSTANCES) {
  if (opts.only && !inst.name.startsWith(opts.only)) continue;
  console.log(`\n== ${inst.name}: seed ${inst.seed}, ${inst.tracks} tracks`);
  let t = performance.now();
  const problem = generateInstance(inst);
  const genMs = performance.now() - t;
  t = performance.now();
  const model = buildModel(problem, { candidatesPerPaper: inst.k });
  const modelMs = performance.now() - t;
  const net = model.network;
  const M = shortageCostFor(net);
  const file = join(work, `assignment-${inst.papers}.min`);
  await writeDimacs(net, M, file);
  let need = 0;
  for (const n of net.need) need += n;
  console.log(
    `generated in ${fmt(genMs)}; network (affinity, conflicts, candidates) in ${fmt(modelMs)}: ` +
      `${net.arcReviewer.length} candidate arcs, ${need} reviews to assign; DIMACS: ${file}`,
  );

  let ours = Infinity;
  let sol;
  for (let i = 0; i < ROUNDS; i++) {
    t = performance.now();
    sol = solveAssignmentFlow(net);
    ours = Math.min(ours, performance.now() - t);
  }
  let refMs = Infinity;
  let refCost;
  let refRss = 0;
  for (let i = 0; i < ROUNDS; i++) {
    const run = spawnSync(lemon, [file], { encoding: 'utf8' });
    if (run.status !== 0) {
      console.error(`reference failed: ${run.stdout}${run.stderr}`);
      process.exit(1);
    }
    const [cost, ms, rss] = run.stdout.trim().split(/\s+/);
    refCost = BigInt(cost);
    refMs = Math.min(refMs, Number(ms));
    refRss = Math.max(refRss, Number(rss));
  }
  const equal = BigInt(sol.totalCost) === refCost;
  if (!equal) failed = true;
  console.log(
    `objective: ours ${sol.totalCost}, LEMON ${refCost} → ${equal ? 'EQUAL' : 'DIFFERENT'}` +
      ` (assigned ${need - sol.short.reduce((a, b) => a + b, 0)} of ${need})`,
  );
  console.log(
    `solve time (best of ${ROUNDS}): ours ${fmt(ours)}, LEMON NetworkSimplex ${fmt(refMs)}, ratio ours/LEMON ${(ours / refMs).toFixed(2)}`,
  );
  rows.push({ ...inst, ours, refMs, equal, arcs: net.arcReviewer.length, modelMs, refRss });
}

if (!opts.only || '1,000'.startsWith(opts.only)) {
  // the same 1,000 instance end to end (affinity, feasibility, solve, report) in a worker thread
  const problem = generateInstance(INSTANCES[0]);
  const model = buildModel(problem);
  const direct = solveAssignmentFlow(model.network);
  let messages = 0;
  const t = performance.now();
  const result = await runAssignmentInWorker(problem, {}, { onProgress: () => messages++ }).result;
  const ms = performance.now() - t;
  const same = result.objective.cost === direct.totalCost;
  if (!same) failed = true;
  console.log(
    `\nworker thread, 1,000 × 600 end to end: ${fmt(ms)}, ${messages} progress messages, objective ` +
      `${same ? 'equal to the direct solve' : 'DIFFERENT from the direct solve'}; ` +
      `lowest-affinity paper ${result.fairness.lowestAffinityPaper?.paperId} (${result.fairness.lowestAffinityPaper?.affinity}), ` +
      `load ${result.fairness.load.min}..${result.fairness.load.max}, papers short ${result.fairness.papersShort}`,
  );
}

const peak = process.resourceUsage().maxRSS;
console.log(
  `\npeak memory: bench process ${(peak / 1024).toFixed(0)} MiB, LEMON ${rows.map((r) => `${(r.refRss / 1024).toFixed(0)} MiB`).join(' / ')}`,
);
console.log('\n| instance | arcs | network build | ours (SSP) | LEMON NetworkSimplex | ratio | objective |');
console.log('|---|---|---|---|---|---|---|');
for (const r of rows)
  console.log(
    `| ${r.name} | ${r.arcs} | ${fmt(r.modelMs)} | ${fmt(r.ours)} | ${fmt(r.refMs)} | ${(r.ours / r.refMs).toFixed(2)} | ${r.equal ? 'equal' : 'DIFFERENT'} |`,
  );
if (failed) {
  console.error('\nFAILED: an objective differs from the reference');
  process.exit(1);
}
