// Reviewer-assignment benchmark (issue 4), `npm run bench`:
// generates two instances with a fixed seed (1,000 papers × 600 reviewers, every eligible pair;
// 10,000 × 6,000 keeping the 50 best candidates per paper), builds the flow network with the library
// (affinity: bids + subject areas + TF-IDF), writes it as DIMACS, solves it with our min-cost flow and
// with LEMON's NetworkSimplex (compiled here from bench/assignment/lemon-ns.cpp), and checks that the
// optimal costs are EQUAL (exit 1 otherwise). Prints wall and CPU time of the network build and of the
// solve (best of --rounds), the ratio build/solve (target ≤ 2 on 10,000 × 6,000) and ours/LEMON, and the
// peak memory. Also runs the 1,000 instance end to end through the worker-thread runner (exit 1 when its
// objective differs). Writes into a fresh temporary directory, removed at exit. Not part of `npm test`.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
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
const work = mkdtempSync(join(tmpdir(), 'symposium-bench-assignment-'));
process.on('exit', () => rmSync(work, { recursive: true, force: true }));

/** Wall and CPU (user + system, every thread of the process) of fn, in ms. */
function measure(fn) {
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  const value = fn();
  const wall = performance.now() - t0;
  const cpu = process.cpuUsage(cpu0);
  return { value, wall, cpu: (cpu.user + cpu.system) / 1000 };
}
/** The best (least CPU) of `rounds` measures. */
function best(rounds, fn) {
  let out;
  for (let i = 0; i < rounds; i++) {
    const m = measure(fn);
    if (!out || m.cpu < out.cpu) out = m;
  }
  return out;
}

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
const wc = (m) => `${fmt(m.wall)} wall, ${fmt(m.cpu)} CPU`;

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
  const gen = measure(() => generateInstance(inst));
  const problem = gen.value;
  // the build, best of --rounds (each a full build of the same problem)
  const build = best(ROUNDS, () => buildModel(problem, { candidatesPerPaper: inst.k }));
  const model = build.value;
  const net = model.network;
  const M = shortageCostFor(net);
  const file = join(work, `assignment-${inst.papers}.min`);
  await writeDimacs(net, M, file);
  let need = 0;
  for (const n of net.need) need += n;
  console.log(
    `generated in ${wc(gen)}; network (affinity, conflicts, candidates), best of ${ROUNDS}: ${wc(build)}: ` +
      `${net.arcReviewer.length} candidate arcs of ${model.eligible.reduce((a, b) => a + b, 0)} eligible pairs, ` +
      `${need} reviews to assign`,
  );

  const solve = best(ROUNDS, () => solveAssignmentFlow(net));
  const sol = solve.value;
  const ours = solve.wall;
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
    `solve (best of ${ROUNDS}): ours ${wc(solve)}, LEMON NetworkSimplex ${fmt(refMs)}, ratio ours/LEMON ${(ours / refMs).toFixed(2)}`,
  );
  const ratio = { wall: build.wall / solve.wall, cpu: build.cpu / solve.cpu };
  console.log(
    `network build / solve: ${ratio.wall.toFixed(2)} (wall), ${ratio.cpu.toFixed(2)} (CPU)` +
      (inst.k ? ` — target ≤ 2 (issue 12)` : ''),
  );
  rows.push({ ...inst, ours, refMs, equal, arcs: net.arcReviewer.length, build, solve, ratio, refRss });
}

if (!opts.only || '1,000'.startsWith(opts.only)) {
  // the same 1,000 instance end to end (affinity, feasibility, solve, report) in a worker thread
  const problem = generateInstance(INSTANCES[0]);
  const model = buildModel(problem);
  const direct = solveAssignmentFlow(model.network);
  let messages = 0;
  const t = performance.now();
  const cpu0 = process.cpuUsage();
  const result = await runAssignmentInWorker(problem, {}, { onProgress: () => messages++ }).result;
  const ms = performance.now() - t;
  const cpu = process.cpuUsage(cpu0);
  const same = result.objective.cost === direct.totalCost;
  if (!same) {
    failed = true;
    console.error('worker thread: its objective differs from the direct solve');
  }
  console.log(
    `\nworker thread, 1,000 × 600 end to end: ${wc({ wall: ms, cpu: (cpu.user + cpu.system) / 1000 })}, ${messages} progress messages, objective ` +
      `${same ? 'equal to the direct solve' : 'DIFFERENT from the direct solve'}; ` +
      `lowest-affinity paper ${result.fairness.lowestAffinityPaper?.paperId} (${result.fairness.lowestAffinityPaper?.affinity}), ` +
      `load ${result.fairness.load.min}..${result.fairness.load.max}, papers short ${result.fairness.papersShort}`,
  );
}

const peak = process.resourceUsage().maxRSS;
console.log(
  `\npeak memory: bench process ${(peak / 1024).toFixed(0)} MiB, LEMON ${rows.map((r) => `${(r.refRss / 1024).toFixed(0)} MiB`).join(' / ')}`,
);
console.log(
  '\n| instance | arcs | network build (wall / CPU) | ours (SSP, wall / CPU) | build/solve (wall / CPU) | LEMON NetworkSimplex | ours/LEMON | objective |',
);
console.log('|---|---|---|---|---|---|---|---|');
for (const r of rows)
  console.log(
    `| ${r.name} | ${r.arcs} | ${fmt(r.build.wall)} / ${fmt(r.build.cpu)} | ${fmt(r.solve.wall)} / ${fmt(r.solve.cpu)} | ` +
      `${r.ratio.wall.toFixed(2)} / ${r.ratio.cpu.toFixed(2)} | ${fmt(r.refMs)} | ${(r.ours / r.refMs).toFixed(2)} | ${r.equal ? 'equal' : 'DIFFERENT'} |`,
  );
if (failed) {
  console.error(
    '\nFAILED: an objective differs from the reference (LEMON, or the direct solve for the worker)',
  );
  process.exit(1);
}
