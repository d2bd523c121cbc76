// Uploads at streaming speed (issue 12): N concurrent S MB PDF uploads (default 200 × 5 MB) to the API and, in
// the same run with the same bytes, to a bare node:http + busboy route that streams to disk with sha256,
// fsync and rename (bench/papers/upload-server.js --bare). Prints wall and CPU time of both servers, MB/s, the
// ratio (API throughput / bare throughput, target ≥ 0.7), lost/corrupted files and the API server's memory
// growth (target ≤ 300 MB). Exits non-zero when an upload fails or a file is lost or corrupted; the ratio and
// memory targets are printed, not enforced (the machine is shared).
//
//   node bench/uploads.js [--uploads 200] [--size 5] [--rounds 3] [--db pglite|postgres|both]
//                         [--pg postgres://postgres@127.0.0.1:5432/postgres] [--cpu-prof DIR]
// Needs the built API (npm run build -w @symposium/api, or API_DIST=<dir of another build>).
import { parseArgs } from 'node:util';
import pg from 'pg';
import { runUploads } from './papers/uploads.js';

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

const line = (r) =>
  `${r.kind.padEnd(4)}  ${r.seconds.toFixed(2).padStart(7)} s  ${r.throughputMBs.toFixed(1).padStart(6)} MB/s  ` +
  `server CPU ${r.serverCpuSeconds.toFixed(2).padStart(6)} s  client CPU ${r.clientCpuSeconds.toFixed(2).padStart(5)} s  ` +
  `RSS idle ${r.idleRssMb.toFixed(0)} MB, growth ${r.growthMb.toFixed(0)} MB  ` +
  `errors ${r.errors}, lost/corrupted ${r.lostOrCorrupted}\n        server CPU by thread: ${JSON.stringify(r.threads)}`;

async function withDatabase(base, work) {
  const name = `bench_uploads_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
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

let failed = false;
const targets = opts.db === 'both' ? ['pglite', 'postgres'] : [opts.db];
for (const db of targets) {
  console.log(
    `\n${opts.uploads} concurrent ${opts.size} MB uploads, API on ${db}, ${opts.rounds} round(s) of bare then API:`,
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
  console.log(
    `  best of each: API ${up.api.seconds.toFixed(2)} s (${up.api.throughputMBs.toFixed(1)} MB/s), bare ${up.bare.seconds.toFixed(2)} s ` +
      `(${up.bare.throughputMBs.toFixed(1)} MB/s); ratio API/bare throughput ${up.ratio.toFixed(2)} (target ≥ 0.7); ` +
      `server CPU API/bare ${up.cpuRatio.toFixed(2)}; API memory growth max ${up.maxGrowthMb.toFixed(0)} MB (target ≤ 300)`,
  );
  console.log(
    `  ratio of each round's pair: ${up.pairs.map((x) => x.toFixed(2)).join(', ')}; median ${up.pairedMedian.toFixed(2)}`,
  );
  console.log(`  lost or corrupted: ${up.lostOrCorrupted}, failed uploads: ${up.errors}`);
  if (up.errorSample.length) console.log(`  error sample: ${up.errorSample.join(' | ')}`);
  if (up.errors || up.lostOrCorrupted) failed = true;
}
if (failed) {
  console.log('FAILED: an upload failed or a file was lost or corrupted');
  process.exitCode = 1;
}
