// The measuring code every bench shares (issue 23): interleaved rounds with the median of pair ratios,
// CPU time of every process doing the work (this process, child processes, Chromium's process tree,
// PostgreSQL's server processes) read from /proc, correctness checks that make the bench exit non-zero,
// and figures with a goal and a verdict that `npm run bench:all` (bench/all.js) collects.
//
// The method, in short (the README's Benchmarks section says it per bench):
//  - `interleave` runs the two sides as a, b, b, a, a, b … so drift and a neighbour's load hit both alike,
//    and reports the median of the per-pair ratios with its range (never "best of each");
//  - `cpuMeter` sums user + system time of this process (all its threads), of the process trees given
//    (a server child, Chromium) and of PostgreSQL's server (every `postgres` process, with the postmaster's
//    reaped-children time so that a backend that exits mid-round still counts);
//  - `check` records an independent comparison; any failure makes `finish()` exit with status 1;
//  - `figure` records a measured value with its goal: a missed goal is reported, never a failure.
import { readFileSync, readdirSync, appendFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';

const TICK_MS = (() => {
  try {
    return 1000 / Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim());
  } catch {
    return 10;
  }
})();

/** [utime, stime, cutime, cstime] in ms and the parent pid of a process from /proc/<pid>/stat; null when gone. */
export function procStat(pid) {
  let text;
  try {
    text = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return null;
  }
  // the command name is in parentheses and may hold spaces: the fields start after the last ')'
  const close = text.lastIndexOf(')');
  const comm = text.slice(text.indexOf('(') + 1, close);
  const f = text.slice(close + 2).split(' ');
  // f[0] is field 3 (state); utime is field 14 → f[11]; stime f[12]; cutime f[13]; cstime f[14]; ppid f[1]
  return {
    pid,
    comm,
    ppid: Number(f[1]),
    self: (Number(f[11]) + Number(f[12])) * TICK_MS,
    children: (Number(f[13]) + Number(f[14])) * TICK_MS,
  };
}

/** Every live process: pid → stat. */
function allProcs() {
  const out = new Map();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    const s = procStat(Number(name));
    if (s) out.set(s.pid, s);
  }
  return out;
}

/**
 * CPU ms of a process and all its live descendants, plus the time of the children they have reaped:
 * Σ (utime + stime + cutime + cstime) over the tree. A reaped child is no longer live, so nothing counts twice.
 */
export function treeCpuMs(rootPid, procs = allProcs()) {
  const kids = new Map();
  for (const s of procs.values()) {
    if (!kids.has(s.ppid)) kids.set(s.ppid, []);
    kids.get(s.ppid).push(s.pid);
  }
  let total = 0;
  const stack = [rootPid];
  while (stack.length) {
    const pid = stack.pop();
    const s = procs.get(pid);
    if (!s) continue;
    total += s.self + s.children;
    for (const k of kids.get(pid) ?? []) stack.push(k);
  }
  return total;
}

/**
 * CPU ms of the PostgreSQL server on this machine: every process named `postgres` (backends, WAL writer,
 * checkpointer …) plus the reaped-children time of the postmaster (backends that have exited). Null when no
 * server process is visible (a remote server: its CPU cannot be read here, and the bench says so).
 */
export function postgresCpuMs(procs = allProcs()) {
  let total = 0;
  let seen = false;
  for (const s of procs.values()) {
    if (s.comm !== 'postgres') continue;
    seen = true;
    total += s.self;
    const parent = procs.get(s.ppid);
    if (!parent || parent.comm !== 'postgres') total += s.children; // the postmaster
  }
  return seen ? total : null;
}

/**
 * CPU ms of the backends connected to the named databases (their command line reads "postgres: <user>
 * <database> <client> <state>"): for a server shared with other work, only this bench's part. Backends that
 * exit during a measurement lose their time (the pools keep theirs open), and the server's shared processes
 * (WAL writer, checkpointer) are left out: they work for every database at once.
 */
export function databaseCpuMs(databases) {
  const names = new Set(databases);
  let total = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let cmd;
    try {
      cmd = readFileSync(`/proc/${entry}/cmdline`, 'utf8');
    } catch {
      continue;
    }
    if (!cmd.startsWith('postgres: ')) continue;
    const words = cmd
      .replace(/\0/g, ' ')
      .replace(/^postgres: (\S+: )?/, '')
      .split(' ');
    if (!names.has(words[1])) continue;
    const s = procStat(Number(entry));
    if (s) total += s.self;
  }
  return total;
}

/** CPU ms of this process (every thread: main, workers, GC, PGlite's worker thread). */
export const selfCpuMs = () => {
  const c = process.cpuUsage();
  return (c.user + c.system) / 1000;
};

/**
 * A meter over this process, the given process trees (pids, or functions returning the pid of the moment)
 * and, with `postgres: true`, the PostgreSQL server (every server process), or with
 * `postgres: { databases: () => [names] }` only the backends of those databases. `read()` returns the parts
 * and their total in ms; `since(before)` the difference.
 */
export function cpuMeter({ self = true, trees = [], postgres = false } = {}) {
  const read = () => {
    const procs = trees.length || postgres === true ? allProcs() : null;
    const parts = {};
    if (self) parts.self = selfCpuMs();
    const gone = [];
    trees.forEach((t, i) => {
      const pid = typeof t === 'function' ? t() : (t.pid ?? t);
      const name = t.name && typeof t !== 'function' ? t.name : `tree${i}`;
      parts[name] = pid && procs.has(pid) ? treeCpuMs(pid, procs) : 0;
      if (!parts[name]) gone.push(name);
    });
    // children of this process that have exited and been reaped (a child server, a reference binary)
    if (trees.length) parts.reaped = procStat(process.pid)?.children ?? 0;
    if (postgres?.databases) {
      const names = postgres.databases();
      if (names.length) parts.postgres = databaseCpuMs(names);
    } else if (postgres) parts.postgres = postgresCpuMs(procs) ?? 0;
    return parts;
  };
  const since = (before) => {
    const now = read();
    const out = {};
    let total = 0;
    for (const k of Object.keys(now)) {
      out[k] = now[k] - (before[k] ?? 0);
      total += out[k];
    }
    // a tree whose root exited during the measurement: its time moved into `reaped`; show it under its name
    const negative = Object.keys(out).filter((k) => out[k] < 0);
    if (negative.length === 1 && 'reaped' in out) {
      out[negative[0]] += out.reaped;
      out.reaped = 0;
    }
    if (out.reaped === 0) delete out.reaped;
    out.total = total;
    return out;
  };
  return { read, since };
}

/**
 * Runs `fn` and measures it: { value, wall (ms), cpu: {self, …, total} }. `meter` defaults to this process.
 */
export async function measure(fn, meter = cpuMeter()) {
  const before = meter.read();
  const t0 = performance.now();
  const value = await fn();
  const wall = performance.now() - t0;
  return { value, wall, cpu: meter.since(before) };
}

/** The median of `xs` (mean of the middle two for an even count). */
export const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  if (!s.length) return NaN;
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
/** The p-th percentile (nearest rank) of `xs`; NaN when empty. */
export const pct = (xs, p) => {
  if (!xs.length) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)];
};

/** The order of sides in round i of an interleaved run: a b, b a, a b … (ABBA). */
export const sidesOfRound = (i) => (i % 2 === 0 ? ['a', 'b'] : ['b', 'a']);

/**
 * Interleaved rounds: for i in 0..rounds-1 run the pair in ABBA order (`a(i)` and `b(i)` each return a
 * measurement: at least { wall, cpu: {total} } — use `measure`), then `ratio(a, b)` of each pair (default
 * a.wall / b.wall). Returns { a: [...], b: [...], ratios, median, min, max }.
 */
export async function interleave({ rounds, a, b, ratio = (x, y) => x.wall / y.wall, between }) {
  const out = { a: [], b: [], ratios: [] };
  for (let i = 0; i < rounds; i++) {
    const pair = {};
    for (const side of sidesOfRound(i)) {
      pair[side] = await (side === 'a' ? a(i) : b(i));
      if (between) await between(i, side);
    }
    out.a.push(pair.a);
    out.b.push(pair.b);
    out.ratios.push(ratio(pair.a, pair.b));
  }
  return { ...out, ...spread(out.ratios) };
}

/** { median, min, max } of a list of numbers. */
export const spread = (xs) => ({ median: median(xs), min: Math.min(...xs), max: Math.max(...xs) });

/** "1.23 (1.10–1.40)" */
export const fmtRatio = (r, digits = 2) =>
  `${r.median.toFixed(digits)} (${r.min.toFixed(digits)}–${r.max.toFixed(digits)})`;
export const fmtMs = (ms) =>
  ms >= 1000 ? `${(ms / 1000).toFixed(2)} s` : `${ms.toFixed(ms < 10 ? 1 : 0)} ms`;
/** "1.20 s wall, 2.30 s CPU (self 1.1 s, postgres 1.2 s)" */
export const fmtMeasure = (m) => {
  const parts = Object.entries(m.cpu)
    .filter(([k]) => k !== 'total')
    .map(([k, v]) => `${k} ${fmtMs(v)}`);
  return `${fmtMs(m.wall)} wall, ${fmtMs(m.cpu.total)} CPU${parts.length > 1 ? ` (${parts.join(', ')})` : ''}`;
};
/** The median wall and median total CPU of a list of measurements. */
export const medianOf = (ms) => ({
  wall: median(ms.map((m) => m.wall)),
  cpu: median(ms.map((m) => m.cpu.total)),
});

// ---- results: checks and figures -------------------------------------------------------------------------

const state = { bench: 'bench', checks: [], figures: [] };

/** Names the bench whose checks and figures follow (shown in bench:all's table). */
export function benchName(name) {
  state.bench = name;
}

function emit(record) {
  const file = process.env.BENCH_RESULTS;
  // bench:all names each bench (BENCH_NAME) as its --only option does
  if (file)
    appendFileSync(file, JSON.stringify({ bench: process.env.BENCH_NAME ?? state.bench, ...record }) + '\n');
}

/**
 * An independent check: `ok` false prints the detail and makes `finish()` exit 1. Returns ok.
 */
export function check(name, ok, detail = '') {
  const rec = { kind: 'check', name, ok: Boolean(ok), detail: String(detail).slice(0, 2000) };
  state.checks.push(rec);
  emit(rec);
  console.log(
    `${ok ? 'check ok' : 'CHECK FAILED'}: ${name}${detail ? ` — ${String(detail).slice(0, 500)}` : ''}`,
  );
  return Boolean(ok);
}

/**
 * Compares two lists of rows (arrays or objects) and returns the first `limit` differences as text; empty
 * when equal. `ordered` false compares them as multisets (JSON of each row, sorted).
 */
export function diffRows(actual, expected, { ordered = true, limit = 5 } = {}) {
  const a = actual.map((r) => JSON.stringify(r));
  const e = expected.map((r) => JSON.stringify(r));
  if (!ordered) {
    a.sort();
    e.sort();
  }
  const out = [];
  if (a.length !== e.length) out.push(`${a.length} rows, expected ${e.length}`);
  for (let i = 0; i < Math.max(a.length, e.length) && out.length < limit; i++)
    if (a[i] !== e[i]) out.push(`row ${i}: ${a[i]?.slice(0, 200)} ≠ expected ${e[i]?.slice(0, 200)}`);
  return out.join('; ');
}

/**
 * A figure: `value` in `unit`, with its goal ({ op: '<=' | '>=', value }) — the verdict is "met", "missed"
 * or "info" (no goal). `range` [min, max] of the pair ratios, `cpu` and `wall` beside when they say more.
 */
export function figure(name, value, { unit = '', goal, range, note, ...extra } = {}) {
  const verdict = goal
    ? (goal.op === '<=' ? value <= goal.value : value >= goal.value)
      ? 'met'
      : 'missed'
    : 'info';
  const rec = { kind: 'figure', name, value, unit, goal, verdict, range, note, ...extra };
  state.figures.push(rec);
  emit(rec);
  const r = range ? ` (${range[0].toFixed(2)}–${range[1].toFixed(2)})` : '';
  const g = goal ? ` — goal ${goal.op} ${goal.value}${unit ? ' ' + unit : ''}: ${verdict}` : '';
  console.log(
    `figure: ${name} = ${typeof value === 'number' ? +value.toFixed(3) : value}${unit ? ' ' + unit : ''}${r}${g}`,
  );
  return rec;
}

/** Ends the bench: prints the summary and exits 1 when a check failed (a missed goal never fails). */
export function finish() {
  const failed = state.checks.filter((c) => !c.ok);
  const missed = state.figures.filter((f) => f.verdict === 'missed');
  console.log(
    `\n${state.bench}: ${state.checks.length - failed.length}/${state.checks.length} checks passed, ` +
      `${state.figures.length - missed.length}/${state.figures.length} figures met or informative`,
  );
  if (failed.length) {
    console.error(`FAILED checks: ${failed.map((c) => c.name).join('; ')}`);
    process.exit(1);
  }
  process.exit(0);
}
