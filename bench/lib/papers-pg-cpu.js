// PostgreSQL CPU of one bench's own databases, for a server shared with other benches (bench/papers/run.js,
// bench/uploads.js). measure.js's cpuMeter({ postgres: true }) sums every `postgres` process on the machine —
// on a server that other benches use at the same time, their work lands in our figures (a bare upload route
// that never touches the database showed 0.2–1.1 s of "postgres" CPU). This meter counts only the backends
// connected to the named databases (their command line is "postgres: <user> <database> <client> <state>"),
// beside measure.js's meter for this process and child process trees. Backends that exit during a measurement
// lose their time (the pools keep theirs open), and the server's shared processes (WAL writer, checkpointer)
// are left out: they work for every database at once.
import { readFileSync, readdirSync } from 'node:fs';
import { cpuMeter, procStat } from './measure.js';

/** CPU ms of the backends of `databases` (names), from /proc. */
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
    // "postgres: 15/main: postgres bench_x 127.0.0.1(1234) idle" or "postgres: postgres bench_x …"
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

/**
 * measure.js's cpuMeter for this process and `trees`, with `postgres` = the CPU of the backends of
 * `databases()` (a function: the names of the moment) instead of every PostgreSQL process on the machine.
 */
export function databaseCpuMeter({ trees = [], databases = () => [] } = {}) {
  const base = cpuMeter({ trees });
  const read = () => {
    const parts = base.read();
    const names = databases();
    if (names.length) parts.postgres = databaseCpuMs(names);
    return parts;
  };
  // as measure.js's since(), over this read()
  const since = (before) => {
    const now = read();
    const out = {};
    let total = 0;
    for (const k of Object.keys(now)) {
      out[k] = now[k] - (before[k] ?? 0);
      total += out[k];
    }
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
