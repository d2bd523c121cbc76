// Uploads at streaming speed (issues 12 and 23): N concurrent S MB PDF uploads (default 200 × 5 MB) to the API
// (POST /api/author/papers/:id/upload) and, with the same bytes, to a bare node:http + busboy route that streams
// to disk with sha256, fsync, rename and directory fsync (bench/papers/upload-server.js --bare), on in-memory
// PGlite and on PostgreSQL (a throwaway database on --pg).
//
// Why it is fair (bench/lib/measure.js): the two sides run in pairs in ABBA order (api, bare, then bare, api …;
// neither always first), each in a fresh server process started before the clock and warmed by 20 uploads of
// its own (a production server is long-running; the same warm-up for both); the figure is the median of the
// per-pair ratios (bare wall / API wall = API throughput / bare throughput) with its range, never the best of
// each side. The bare route does the same file work as the API: the file fsynced before its rename, one mkdir
// per object directory, and the directory fsyncs grouped across concurrent uploads exactly as the API's file
// store groups them. CPU beside wall: the server process tree, the PostgreSQL backends of the API's database
// (its rows and commits; bench/lib/measure.js databaseCpuMs, not the other benches' work on a shared server) and the
// client. Both sides are checked alike, after the clock: every upload answered 2xx with the sha256 and size of
// the bytes sent, and the stored bytes read back (over HTTP for the API, from disk for the bare route) hash to
// the same sha256. A failed upload or a lost or corrupted file fails the run (exit 1).
// Figures: uploads API/bare throughput on PostgreSQL (goal ≥ 0.7) and PGlite (goal ≥ 0.7), the API's memory
// growth (peak RSS from the warm-up to the end of the uploads minus idle RSS before; goal ≤ 300 MB).
//
//   node bench/uploads.js [--uploads 200] [--size 5] [--rounds 3] [--db pglite|postgres|both]
//                         [--pg postgres://postgres@127.0.0.1:5432/postgres] [--cpu-prof DIR]
// Needs the built API (npm run build -w @symposium/api, or API_DIST=<dir of another build>).
import { parseArgs } from 'node:util';
import pg from 'pg';
import { benchName, check, figure, finish, fmtMs } from './lib/measure.js';
import { runUploads } from './papers/uploads.js';

benchName('uploads.js');

const { values: opts } = parseArgs({
  options: {
    uploads: { type: 'string', default: '200' },
    size: { type: 'string', default: '5' },
    rounds: { type: 'string', default: '3' },
    db: { type: 'string', default: 'both' },
    pg: {
      type: 'string',
      default: process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
    },
    'cpu-prof': { type: 'string' },
  },
});

const line = (r) => {
  const cpu = Object.entries(r.cpu)
    .filter(([k]) => k !== 'total')
    .map(([k, v]) => `${k} ${fmtMs(v)}`)
    .join(', ');
  return (
    `${r.kind.padEnd(4)}  ${r.seconds.toFixed(2).padStart(6)} s  ${r.throughputMBs.toFixed(1).padStart(6)} MB/s  ` +
    `CPU ${fmtMs(r.cpu.total)} (${cpu})  RSS idle ${r.idleRssMb.toFixed(0)} MB, growth ${r.growthMb.toFixed(0)} MB  ` +
    `errors ${r.errors}, lost/corrupted ${r.lostOrCorrupted}\n        server CPU by thread (s): ${JSON.stringify(r.threads)}`
  );
};

async function withDatabase(base, work) {
  const name = `bench_uploads_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: base });
  try {
    await admin.connect();
  } catch (e) {
    console.log(`PostgreSQL not reachable at ${base} (${e.message}): skipped`);
    return undefined;
  }
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
  const u = new URL(base);
  u.pathname = `/${name}`;
  try {
    return await work(u.toString());
  } finally {
    const c = new pg.Client({ connectionString: base });
    await c.connect();
    await c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await c.end();
  }
}

const targets = opts.db === 'both' ? ['pglite', 'postgres'] : [opts.db];
for (const db of targets) {
  const dbName = db === 'postgres' ? 'PostgreSQL' : 'PGlite';
  console.log(
    `\n${opts.uploads} concurrent ${opts.size} MB uploads, API on ${dbName}, ${opts.rounds} ABBA pairs (api bare, bare api, …):`,
  );
  const run = (databaseUrl) =>
    runUploads({
      count: Number(opts.uploads),
      sizeMb: Number(opts.size),
      rounds: Number(opts.rounds),
      databaseUrl,
      serverArgs: opts['cpu-prof'] ? ['--cpu-prof', `--cpu-prof-dir=${opts['cpu-prof']}`] : [],
      onRound: (r) => console.log(`  ${line(r)}`),
    });
  const up = db === 'postgres' ? await withDatabase(opts.pg, run) : await run(undefined);
  if (!up) continue;
  console.log(`  ${up.summary}`);
  console.log(`  pair ratios: ${up.pairs.ratios.map((x) => x.toFixed(2)).join(', ')}`);
  if (up.errorSample.length) console.log(`  error sample: ${up.errorSample.join(' | ')}`);
  check(`${dbName}: every upload answered 2xx, API and bare`, up.errors === 0, `${up.errors} failed`);
  check(
    `${dbName}: every file's sha256 as sent = as answered = as read back, API and bare`,
    up.lostOrCorrupted === 0,
    `${up.lostOrCorrupted} lost or corrupted`,
  );
  figure(`uploads ${opts.uploads} × ${opts.size} MB, API/bare throughput (${dbName})`, up.ratio, {
    goal: { op: '>=', value: 0.7 },
    range: up.range,
    cpuRatio: up.cpuRatio,
  });
  figure(`uploads, API memory growth (${dbName})`, up.maxGrowthMb, {
    unit: 'MB',
    goal: { op: '<=', value: 300 },
  });
}
finish();
