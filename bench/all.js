// Every bench in sequence (issue 23), `npm run bench:all [-- --only a,b] [--skip c] [--out DIR] [--quick]`:
// each bench runs as its own child process (node, from the repository root) with BENCH_RESULTS pointing at a
// JSON-lines file that bench/lib/measure.js appends its checks and figures to. Writes DIR/bench-results.json
// (every check and figure, with the machine's load before and after) and DIR/bench-results.md (one table:
// bench, figure, value, range, goal, verdict), prints the table, and exits 1 when a correctness check failed
// or a bench crashed. A missed goal is reported in the table, never a failure (machines are noisy).
// Needs `npm run build` first (the benches run the built domain library, API and apps).
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';

const ROOT = new URL('../', import.meta.url).pathname;

/** The benches, in the order they run: name, script, arguments, and the node flags it needs. */
export const BENCHES = [
  { name: 'assignment', script: 'bench/run.js', args: [], quick: ['--rounds', '3'] },
  {
    name: 'assignment-api',
    script: 'bench/assignment-api.js',
    args: [],
    quick: ['--papers', '2000', '--reviewers', '1200'],
  },
  {
    name: 'papers',
    script: 'bench/papers/run.js',
    args: [],
    quick: ['--rounds', '10', '--bulk-rounds', '6'],
  },
  { name: 'uploads', script: 'bench/uploads.js', args: [], quick: ['--uploads', '40'] },
  { name: 'mail', script: 'bench/mail.js', args: [], flags: ['--expose-gc'], quick: ['--messages', '2000'] },
  {
    name: 'exports',
    script: 'bench/exports.js',
    args: [],
    flags: ['--expose-gc'],
    quick: ['--papers', '4000'],
  },
  { name: 'documents', script: 'bench/documents.js', args: [], quick: ['--letters', '200'] },
  {
    name: 'discussion',
    script: 'bench/discussion.js',
    args: [],
    quick: ['--papers', '600', '--rounds', '2'],
  },
  { name: 'checks-format', script: 'bench/checks/format.js', args: [], quick: ['--rounds', '4'] },
  {
    name: 'checks-duplicates',
    script: 'bench/checks/duplicates.js',
    args: [],
    quick: ['--papers', '600', '--brute-force', '200'],
  },
  { name: 'frontend', script: 'bench/frontend.js', args: [], quick: ['--runs', '3'] },
  { name: 'programme', script: 'bench/programme.js', args: [], quick: ['--rounds', '4', '--skip-large'] },
  {
    name: 'deadline',
    script: 'bench/deadline.js',
    args: [],
    quick: ['--authors', '40', '--size', '1', '--window', '5'],
  },
];

const { values: opts } = parseArgs({
  options: {
    only: { type: 'string' },
    skip: { type: 'string' },
    out: { type: 'string', default: join(ROOT, 'bench-results') },
    quick: { type: 'boolean', default: false },
  },
});
const pick = (list) => (list ? list.split(',').map((s) => s.trim()) : null);
const only = pick(opts.only);
const skip = pick(opts.skip) ?? [];
for (const n of [...(only ?? []), ...skip])
  if (!BENCHES.some((b) => b.name === n)) {
    console.error(`No bench named ${n}; the benches: ${BENCHES.map((b) => b.name).join(', ')}`);
    process.exit(2);
  }
const chosen = BENCHES.filter((b) => (!only || only.includes(b.name)) && !skip.includes(b.name));

mkdirSync(opts.out, { recursive: true });
const jsonl = join(opts.out, 'bench-results.jsonl');
rmSync(jsonl, { force: true });

function run(bench) {
  const args = [
    ...(bench.flags ?? []),
    join(ROOT, bench.script),
    ...bench.args,
    ...(opts.quick ? (bench.quick ?? []) : []),
  ];
  return new Promise((resolve) => {
    const t0 = performance.now();
    const child = spawn(process.execPath, args, {
      cwd: ROOT,
      env: { ...process.env, BENCH_RESULTS: jsonl, BENCH_NAME: bench.name },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    child.on('close', (code, signal) =>
      resolve({ code: code ?? 1, signal, seconds: (performance.now() - t0) / 1000 }),
    );
  });
}

const machine = {
  cpus: cpus().length,
  model: cpus()[0]?.model,
  memoryGiB: +(totalmem() / 2 ** 30).toFixed(1),
  node: process.version,
  loadBefore: loadavg(),
  started: new Date().toISOString(),
};
const runs = [];
for (const bench of chosen) {
  console.log(
    `\n######## ${bench.name}: node ${bench.script} ${bench.args.join(' ')}${opts.quick ? ' (quick)' : ''}`,
  );
  const r = await run(bench);
  runs.push({ bench: bench.name, ...r });
  console.log(
    `######## ${bench.name}: exit ${r.code}${r.signal ? ` (${r.signal})` : ''} in ${r.seconds.toFixed(0)} s`,
  );
}
machine.loadAfter = loadavg();

const records = existsSync(jsonl)
  ? readFileSync(jsonl, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l))
  : [];
const checks = records.filter((r) => r.kind === 'check');
const figures = records.filter((r) => r.kind === 'figure');
const failedChecks = checks.filter((c) => !c.ok);
// a bench that exited non-zero without a failed check of its own crashed (or was killed)
const crashed = runs.filter((r) => r.code !== 0 && !failedChecks.some((c) => c.bench === r.bench));

const num = (v) =>
  typeof v === 'number'
    ? Math.abs(v) >= 100
      ? v.toFixed(0)
      : Math.abs(v) >= 10
        ? v.toFixed(1)
        : v.toFixed(2)
    : String(v);
const rows = [
  '| bench | figure | value | range | goal | verdict |',
  '|---|---|---|---|---|---|',
  ...figures.map(
    (f) =>
      `| ${f.bench} | ${f.name} | ${num(f.value)}${f.unit ? ` ${f.unit}` : ''} | ${f.range ? `${num(f.range[0])}–${num(f.range[1])}` : ''} | ` +
      `${f.goal ? `${f.goal.op === '<=' ? '≤' : '≥'} ${f.goal.value}${f.unit ? ` ${f.unit}` : ''}` : ''} | ${f.verdict === 'info' ? '' : f.verdict}${f.note ? ` (${f.note})` : ''} |`,
  ),
];
const summary = [
  `Machine: ${machine.cpus} × ${machine.model}, ${machine.memoryGiB} GiB, Node ${machine.node}; load average before ${machine.loadBefore.map((x) => x.toFixed(2)).join(' / ')}, after ${machine.loadAfter.map((x) => x.toFixed(2)).join(' / ')}.`,
  `Benches: ${runs.map((r) => `${r.bench} ${r.seconds.toFixed(0)} s${r.code ? ` (exit ${r.code})` : ''}`).join(', ')}.`,
  `Checks: ${checks.length - failedChecks.length} of ${checks.length} passed${failedChecks.length ? `; FAILED: ${failedChecks.map((c) => `${c.bench}: ${c.name}`).join('; ')}` : ''}.` +
    (crashed.length ? ` Crashed: ${crashed.map((r) => r.bench).join(', ')}.` : ''),
  `Goals: ${figures.filter((f) => f.verdict === 'met').length} met, ${figures.filter((f) => f.verdict === 'missed').length} missed, ${figures.filter((f) => f.verdict === 'info').length} figures without a goal.`,
];
const md = `# Bench results (${machine.started})\n\n${summary.join('\n')}\n\n${rows.join('\n')}\n`;
writeFileSync(join(opts.out, 'bench-results.md'), md);
writeFileSync(
  join(opts.out, 'bench-results.json'),
  JSON.stringify({ machine, runs, checks, figures }, null, 2),
);
rmSync(jsonl, { force: true });
console.log(`\n${md}\nWritten: ${join(opts.out, 'bench-results.json')} and bench-results.md`);
process.exit(failedChecks.length || crashed.length ? 1 : 0);
