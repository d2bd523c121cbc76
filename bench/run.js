// Reviewer-assignment benchmark (issues 4, 12 and 23), `npm run bench`. Two seeded instances: 1,000 papers ×
// 600 reviewers with every eligible pair, and 10,000 × 6,000 keeping the 50 best candidates per paper.
//
// What it measures, and why it is fair (issue 23's method):
//  - COLD, as the product runs: the API starts a fresh worker thread per proposal, so each of our rounds is a
//    fresh Node process (bench/assignment/cold-round.js) that generates the instance (not measured), then
//    measures the network build (buildModel: affinity, TF-IDF, conflicts, top-K candidates) and the first
//    min-cost flow solve (solveAssignmentFlow) in that process — nothing compiled, tiered up or cached before —
//    and then the same solve again (warm, informative). CPU is the child's process.cpuUsage() (all its
//    threads: main, GC, JavaScript and WebAssembly compilation), wall beside; the main thread's share of
//    the build is printed too.
//  - LEMON's NetworkSimplex (bench/assignment/lemon-ns.cpp, g++ -O2) on the same network written as DIMACS:
//    its solve CPU is getrusage of its process around run() (its own wall print is not used); the whole
//    process's CPU (parse + solve) is read from outside (this process's reaped-children time) and must
//    contain the solve CPU. Our solve is likewise given its network ready: both sides are solve alone.
//  - Rounds interleaved ABBA (ours, LEMON, LEMON, ours, …); the figure is the median of the per-pair ratios
//    ours cold solve CPU / LEMON solve CPU, with their range. Cold build / cold solve is the per-round ratio
//    within each fresh process, median and range.
// Checks (exit 1 on any failure): on every round our objective equals LEMON's (bigint compare), the child
// solved the same network as this process built (hash), the warm solve gives the same objective, and the
// returned flow passes bench/assignment/independent-check.js (need, capacities, hard constraints from the
// problem itself, cost recomputed from the arcs equals the reported objective); the 1,000 instance end to
// end through the worker-thread runner gives the direct solve's objective.
// Options: --rounds N (pairs per instance, default 8), --only 1,000|10,000. Writes into a fresh temporary
// directory, removed at exit. Not part of `npm test`.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { buildModel, shortageCostFor, solveAssignmentFlow } from '../libs/domain/dist/index.js';
import { runAssignmentInWorker } from '../libs/domain/dist/assignment/worker.js';
import { generateInstance } from './assignment/generate.js';
import { writeDimacs } from './assignment/dimacs.js';
import { checkFlow, problemFacts } from './assignment/independent-check.js';
import { networkHash } from './assignment/network-hash.js';
import {
  benchName,
  check,
  figure,
  finish,
  fmtMs,
  fmtRatio,
  interleave,
  median,
  procStat,
  spread,
} from './lib/measure.js';

benchName('run.js');
const here = dirname(fileURLToPath(import.meta.url));
const { values: opts } = parseArgs({
  options: { rounds: { type: 'string', default: '8' }, only: { type: 'string' } },
});
const ROUNDS = Number(opts.rounds);
const work = mkdtempSync(join(tmpdir(), 'symposium-bench-assignment-'));
process.on('exit', () => rmSync(work, { recursive: true, force: true }));

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

/** One cold round of ours in a fresh process: its JSON line. */
function coldRound(inst) {
  return new Promise((resolve, reject) => {
    const p = spawn(process.execPath, [join(here, 'assignment/cold-round.js'), JSON.stringify(inst)], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    p.stdout.on('data', (d) => (out += d));
    p.on('error', reject);
    p.on('close', (status) => {
      if (status !== 0) return reject(new Error(`cold round exited with ${status}`));
      resolve(JSON.parse(out.trim().split('\n').pop()));
    });
  });
}

/** One LEMON run: its objective, solve CPU and wall (its own getrusage / clock), whole-process CPU (outside). */
function lemonRound(bin, file) {
  const before = procStat(process.pid).children;
  const run = spawnSync(bin, [file], { encoding: 'utf8' });
  const processCpu = procStat(process.pid).children - before;
  if (run.status !== 0) throw new Error(`reference failed: ${run.stdout}${run.stderr}`);
  const [cost, ms, rss, cpu] = run.stdout.trim().split(/\s+/);
  return { cost: BigInt(cost), wall: Number(ms), cpu: Number(cpu), rss: Number(rss), processCpu };
}

const INSTANCES = [
  {
    name: '1,000 × 600',
    short: '1k×600 all pairs',
    papers: 1000,
    reviewers: 600,
    tracks: 8,
    seed: 20240601,
  },
  {
    name: '10,000 × 6,000 (K=50)',
    short: '10k×6k top-50',
    papers: 10000,
    reviewers: 6000,
    tracks: 10,
    seed: 20240602,
    k: 50,
    goals: true,
  },
];

const lemon = reference();
const rows = [];
for (const inst of INSTANCES) {
  if (opts.only && !inst.name.startsWith(opts.only)) continue;
  console.log(`\n== ${inst.name}: seed ${inst.seed}, ${inst.tracks} tracks, ${ROUNDS} interleaved pairs`);
  const spec = {
    papers: inst.papers,
    reviewers: inst.reviewers,
    tracks: inst.tracks,
    seed: inst.seed,
    k: inst.k,
  };
  const problem = generateInstance(spec);
  const facts = problemFacts(problem);
  // this process's own build: the network written for LEMON and the reference for the checks
  const model = buildModel(problem, { candidatesPerPaper: inst.k });
  const net = model.network;
  const M = shortageCostFor(net);
  const hash = networkHash(net);
  const file = join(work, `assignment-${inst.papers}.min`);
  await writeDimacs(net, M, file);
  let need = 0;
  for (const n of net.need) need += n;
  console.log(
    `network: ${net.arcReviewer.length} candidate arcs of ${model.eligible.reduce((a, b) => a + b, 0)} ` +
      `eligible pairs, ${need} reviews to assign, shortage cost ${M}`,
  );

  const objectiveDiffs = [];
  const hashDiffs = [];
  const warmDiffs = [];
  const flowProblems = [];
  const lemonOutside = [];
  const checkedFlows = new Set();
  const r = await interleave({
    rounds: ROUNDS,
    a: async (i) => {
      const c = await coldRound(spec);
      if (c.hash !== hash) hashDiffs.push(`round ${i}: ${c.hash} ≠ ${hash}`);
      if (c.warmTotalCost !== c.totalCost) warmDiffs.push(`round ${i}: ${c.warmTotalCost} ≠ ${c.totalCost}`);
      if (!checkedFlows.has(c.flow)) {
        checkedFlows.add(c.flow);
        const flow = new Uint8Array(Buffer.from(c.flow, 'base64'));
        for (const x of checkFlow({ problem, facts, net, M, flow, short: c.short, totalCost: c.totalCost }))
          flowProblems.push(`round ${i}: ${x}`);
      }
      delete c.flow;
      return c;
    },
    b: async () => {
      const l = lemonRound(lemon, file);
      if (l.cpu > l.processCpu + 10) lemonOutside.push(`solve ${l.cpu} ms > process ${l.processCpu} ms`);
      return l;
    },
    ratio: (a, b) => a.solve.cpu / b.cpu,
  });
  r.a.forEach((c, i) => {
    if (BigInt(c.totalCost) !== r.b[i].cost)
      objectiveDiffs.push(`round ${i}: ours ${c.totalCost}, LEMON ${r.b[i].cost}`);
  });
  check(
    `${inst.short}: objective equal to LEMON on every round (${ROUNDS})`,
    objectiveDiffs.length === 0,
    objectiveDiffs.join('; ') || `${r.a[0].totalCost} on each`,
  );
  check(
    `${inst.short}: each cold process solved this process's network`,
    hashDiffs.length === 0,
    hashDiffs.join('; '),
  );
  check(
    `${inst.short}: warm solve's objective equals the cold one`,
    warmDiffs.length === 0,
    warmDiffs.join('; '),
  );
  check(
    `${inst.short}: returned flow passes the independent check (need, capacities, hard constraints, cost from arcs)`,
    flowProblems.length === 0,
    flowProblems.slice(0, 10).join('; ') || `${checkedFlows.size} distinct flow(s) checked`,
  );
  check(
    `${inst.short}: LEMON's solve CPU lies within its process CPU read from outside`,
    lemonOutside.length === 0,
    lemonOutside.join('; '),
  );

  const buildSolve = spread(r.a.map((c) => c.build.cpu / c.solve.cpu));
  const warmRatio = spread(r.a.map((c, i) => c.warm.cpu / r.b[i].cpu));
  const med = (f) => median(r.a.map(f));
  const lemonCpu = median(r.b.map((l) => l.cpu));
  console.log(
    `ours, fresh process per round (median): cold build ${fmtMs(med((c) => c.build.wall))} wall, ` +
      `${fmtMs(med((c) => c.build.cpu))} CPU (main thread ${fmtMs(med((c) => c.build.main))}, the rest V8's ` +
      `GC and compiler threads); cold solve ${fmtMs(med((c) => c.solve.wall))} wall, ` +
      `${fmtMs(med((c) => c.solve.cpu))} CPU; warm solve ${fmtMs(med((c) => c.warm.cpu))} CPU`,
  );
  console.log(
    `LEMON NetworkSimplex (median): solve ${fmtMs(lemonCpu)} CPU (getrusage around run()), ` +
      `${fmtMs(median(r.b.map((l) => l.wall)))} wall; whole process (parse + solve) ${fmtMs(median(r.b.map((l) => l.processCpu)))} CPU`,
  );
  console.log(`solve CPU ours (cold) / LEMON per pair: ${r.ratios.map((x) => x.toFixed(2)).join(' ')}`);
  console.log(
    `cold build / cold solve per round: ${r.a.map((c) => (c.build.cpu / c.solve.cpu).toFixed(2)).join(' ')}`,
  );
  const ratioGoal = inst.goals ? { op: '<=', value: 1.2 } : undefined;
  const buildGoal = inst.goals ? { op: '<=', value: 2 } : undefined;
  figure(`solve CPU ours/LEMON ${inst.short}`, r.median, {
    unit: '×',
    goal: ratioGoal,
    range: [r.min, r.max],
    note: 'our cold solve (fresh process) vs LEMON run(), CPU, ABBA pairs',
  });
  figure(`cold build / cold solve ${inst.short}`, buildSolve.median, {
    unit: '×',
    goal: buildGoal,
    range: [buildSolve.min, buildSolve.max],
    note: 'CPU, fresh process per round',
  });
  figure(`warm solve CPU ours/LEMON ${inst.short}`, warmRatio.median, {
    unit: '×',
    range: [warmRatio.min, warmRatio.max],
    note: 'second solve in the same process',
  });
  figure(
    `cold build CPU ${inst.short}`,
    med((c) => c.build.cpu),
    { unit: 'ms' },
  );
  figure(
    `cold build CPU, main thread only ${inst.short}`,
    med((c) => c.build.main),
    {
      unit: 'ms',
      note: "the rest of the cold build's CPU is V8's GC and compiler threads",
    },
  );
  figure(
    `cold solve CPU ${inst.short}`,
    med((c) => c.solve.cpu),
    { unit: 'ms' },
  );
  figure(`LEMON solve CPU ${inst.short}`, lemonCpu, { unit: 'ms' });
  rows.push({
    ...inst,
    arcs: net.arcReviewer.length,
    build: med((c) => c.build.cpu),
    solve: med((c) => c.solve.cpu),
    lemon: lemonCpu,
    ratio: r,
    buildSolve,
    rss: Math.max(...r.b.map((l) => l.rss)),
  });
}

if (!opts.only || '1,000'.startsWith(opts.only)) {
  // the same 1,000 instance end to end (affinity, feasibility, solve, report) in a worker thread
  const problem = generateInstance(INSTANCES[0]);
  const direct = solveAssignmentFlow(buildModel(problem).network);
  let messages = 0;
  const t = performance.now();
  const cpu0 = process.cpuUsage();
  const result = await runAssignmentInWorker(problem, {}, { onProgress: () => messages++ }).result;
  const ms = performance.now() - t;
  const cpu = process.cpuUsage(cpu0);
  check(
    '1k×600: worker thread end to end gives the direct solve objective',
    result.objective.cost === direct.totalCost,
    `${result.objective.cost} vs ${direct.totalCost}`,
  );
  console.log(
    `\nworker thread, 1,000 × 600 end to end: ${fmtMs(ms)} wall, ${fmtMs((cpu.user + cpu.system) / 1000)} CPU, ` +
      `${messages} progress messages; lowest-affinity paper ${result.fairness.lowestAffinityPaper?.paperId} ` +
      `(${result.fairness.lowestAffinityPaper?.affinity}), load ${result.fairness.load.min}..${result.fairness.load.max}, ` +
      `papers short ${result.fairness.papersShort}`,
  );
}

console.log(
  `\npeak memory: bench process ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MiB, LEMON ` +
    rows.map((r) => `${(r.rss / 1024).toFixed(0)} MiB`).join(' / '),
);
console.log(
  '\n| instance | arcs | cold build CPU | cold solve CPU | LEMON solve CPU | ours/LEMON (median, range) | cold build/solve |',
);
console.log('|---|---|---|---|---|---|---|');
for (const r of rows)
  console.log(
    `| ${r.name} | ${r.arcs} | ${fmtMs(r.build)} | ${fmtMs(r.solve)} | ${fmtMs(r.lemon)} | ${fmtRatio(r.ratio)} | ${fmtRatio(r.buildSolve)} |`,
  );
finish();
