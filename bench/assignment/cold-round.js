// One cold round of bench/run.js, in a fresh process (the product starts a fresh worker thread per proposal:
// nothing of the build or the solve has been compiled, tiered up or cached before it). Generates the instance
// given as JSON in argv[2] (seeded: the same problem as the parent's), then measures, in this order:
//   1. the network build (buildModel: affinity, TF-IDF, conflicts, candidates) — the cold build;
//   2. the min-cost flow solve (solveAssignmentFlow) — the cold solve (its first run in this process);
//   3. the same solve again — the warm solve (informative).
// CPU is process.cpuUsage() of this process (every thread: main, GC, WebAssembly compilation), wall beside;
// the main thread's own share is read from /proc/self/task/<pid>/stat (10 ms ticks), the rest being V8's
// background threads (concurrent and parallel GC, optimizing compilation) working for it.
// The generation is not measured. Prints one JSON line: the measures, the objective (as a string, for a
// bigint compare), a hash of the network, and the flow (base64) with the shortages for the parent's
// independent checks.
import { buildModel, solveAssignmentFlow } from '../../libs/domain/dist/index.js';
import { generateInstance } from './generate.js';
import { networkHash } from './network-hash.js';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

const inst = JSON.parse(process.argv[2]);
const problem = generateInstance(inst);

const cpuNow = () => {
  const c = process.cpuUsage();
  return (c.user + c.system) / 1000;
};
// the main thread's CPU (its task has the process's id): utime + stime in clock ticks
const TICK_MS = 1000 / Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim());
const mainNow = () => {
  const text = readFileSync(`/proc/self/task/${process.pid}/stat`, 'utf8');
  const f = text.slice(text.lastIndexOf(')') + 2).split(' ');
  return (Number(f[11]) + Number(f[12])) * TICK_MS;
};
function measure(fn) {
  const c0 = cpuNow();
  const m0 = mainNow();
  const t0 = performance.now();
  const value = fn();
  return { value, wall: performance.now() - t0, cpu: cpuNow() - c0, main: mainNow() - m0 };
}

const build = measure(() => buildModel(problem, { candidatesPerPaper: inst.k }));
const net = build.value.network;
const cold = measure(() => solveAssignmentFlow(net));
const warm = measure(() => solveAssignmentFlow(net));

const sol = cold.value;
console.log(
  JSON.stringify({
    build: { wall: build.wall, cpu: build.cpu, main: build.main },
    solve: { wall: cold.wall, cpu: cold.cpu, main: cold.main },
    warm: { wall: warm.wall, cpu: warm.cpu },
    totalCost: String(sol.totalCost),
    cost: String(sol.cost),
    warmTotalCost: String(warm.value.totalCost),
    hash: networkHash(net),
    flow: Buffer.from(sol.flow.buffer, sol.flow.byteOffset, sol.flow.byteLength).toString('base64'),
    short: Array.from(sol.short),
  }),
);
