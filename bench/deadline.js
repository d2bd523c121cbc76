// The deadline burst (issue 24 item 4): N authors (default 300) each submit within a short window through
// haproxy — half create a paper and upload a 5 MB PDF into it, half replace the PDF of the paper they submitted
// earlier — while chairs read the paper list; against 3 API instances and against 1, in the same run.
//
//   npm run bench:deadline -- [--authors 300] [--size 5] [--window 20] [--chairs 3] [--instances 3]
//                             [--rounds 1] [--kill] [--pg postgres://postgres@127.0.0.1:5432/postgres]
//
// Every request of an author carries an Idempotency-Key of its own; a request that fails (connection reset,
// 502/503/504 from haproxy, 409 while a killed instance's attempt still holds the key) is sent again with the
// same key until it is answered (at most 3 minutes). `--kill` SIGKILLs one instance of the several-instance side
// when half the authors are acknowledged (the client retries; haproxy's health check takes the instance out).
//
// Why it is fair (bench/lib/measure.js): both sides run the same seeded workload from the same client, each on
// a fresh database and cluster started before the clock and warmed by the same 10 submissions of a separate
// author; rounds alternate the order (ABBA with --rounds 2 or more) and the ratio is the median of the pairs.
// Server CPU is every API process (a killed one's time counts: it is this process's reaped child), haproxy,
// the PostgreSQL backends of the side's database and, with FILE_STORE=s3, radosgw and ceph-osd; per upload it
// is that total divided by the uploads. Checks after the clock: every author acknowledged (failed 0), and each
// paper's file sha256 in the database equal to the bytes sent, exactly one paper per author (lost 0).
// On 2 cores three instances cannot be faster than one: the ratio shows the cost of haproxy and of running
// several processes, not a speed-up.
//
// Needs PostgreSQL, haproxy and the built API (`npm run build`).
import { createHash, randomBytes } from 'node:crypto';
import http from 'node:http';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import {
  benchName,
  check,
  cpuMeter,
  figure,
  finish,
  fmtMs,
  median,
  pct,
  sidesOfRound,
} from './lib/measure.js';
import { findHaproxy, ROOT, startCluster } from '../scripts/lib/cluster.js';

benchName('deadline.js');

const { values: opts } = parseArgs({
  options: {
    authors: { type: 'string', default: '300' },
    size: { type: 'string', default: '5' },
    window: { type: 'string', default: '20' },
    chairs: { type: 'string', default: '3' },
    instances: { type: 'string', default: '3' },
    rounds: { type: 'string', default: '1' },
    kill: { type: 'boolean', default: false },
    pg: {
      type: 'string',
      default: process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
    },
  },
});
const AUTHORS = Number(opts.authors);
const SIZE = Math.round(Number(opts.size) * 1_000_000);
const WINDOW_MS = Number(opts.window) * 1000;
const CHAIRS = Number(opts.chairs);
const MANY = Number(opts.instances);
const ROUNDS = Number(opts.rounds);
const PASSWORD = 'deadline-bench-1';
const ABSTRACT = 'This abstract describes the paper in more than fifty characters, as required.';
const RETRY_FOR_MS = 180_000;
const WARM = 10;
for (const [name, v] of Object.entries({ AUTHORS, SIZE, WINDOW_MS, CHAIRS, MANY, ROUNDS }))
  if (!Number.isFinite(v) || v < 0) throw new Error(`bad option ${name}: ${v}`);
if (!findHaproxy()) {
  console.error('haproxy is not installed (apt-get install haproxy)');
  process.exit(1);
}
const { hashPassword } = await import(join(ROOT, 'apps/api/dist/common/passwords.js'));

// ----- the files: views into one shared ring of bytes (no client CPU spent making bytes while the clock runs)

const CHUNK = 64 * 1024;
const TAIL = Buffer.from('\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n');
const RING = (() => {
  const buf = Buffer.allocUnsafe(8 * 1024 * 1024);
  let x = 2463534242;
  for (let i = 0; i < buf.length; i++) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    buf[i] = 0x30 + ((x >>> 0) % 40); // printable, never '%'
  }
  return buf;
})();

/** The file of `seed`: a PDF header naming it, ring bytes from an offset of its own, a PDF trailer. */
function fileOf(seed, size) {
  const head = Buffer.from(`%PDF-1.4\n% deadline ${seed}\n`);
  const body = size - head.length - TAIL.length;
  const offset = (seed * 1_048_573) % (RING.length - body);
  const chunks = [head];
  for (let at = 0; at < body; at += CHUNK)
    chunks.push(RING.subarray(offset + at, offset + Math.min(body, at + CHUNK)));
  chunks.push(TAIL);
  const hash = createHash('sha256');
  for (const c of chunks) hash.update(c);
  return { chunks, size, sha256: hash.digest('hex') };
}

// ----- HTTP: node:http with a keep-alive agent, bodies written chunk by chunk

const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity });

function request(base, { method, path, token, headers = {}, json, chunks }) {
  const u = new URL(path, base);
  const all = { ...headers };
  if (token) all.authorization = `Bearer ${token}`;
  let parts = chunks;
  if (json !== undefined) {
    parts = [Buffer.from(JSON.stringify(json))];
    all['content-type'] = 'application/json';
  }
  if (parts) all['content-length'] = String(parts.reduce((n, c) => n + c.length, 0));
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: u.hostname, port: u.port, path: u.pathname + u.search, method, headers: all, agent },
      (res) => {
        const got = [];
        res.on('data', (d) => got.push(d));
        res.on('error', reject);
        res.on('end', () => {
          const text = Buffer.concat(got).toString();
          let body;
          try {
            body = text ? JSON.parse(text) : undefined;
          } catch {
            body = text;
          }
          resolve({ status: res.statusCode, body });
        });
      },
    );
    req.on('error', reject);
    for (const c of parts ?? []) req.write(c);
    req.end();
  });
}

/** A multipart body with one file field, as chunks (the file's chunks are not copied). */
function multipart(field, name, file) {
  const boundary = `----deadline${randomBytes(8).toString('hex')}`;
  return {
    type: `multipart/form-data; boundary=${boundary}`,
    chunks: [
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${name}"\r\n` +
          'Content-Type: application/pdf\r\n\r\n',
      ),
      ...file.chunks,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ],
  };
}

const RETRIABLE = new Set([409, 502, 503, 504]);

/** Sends until a 2xx answer, with the same request (its Idempotency-Key) again after a failure. */
async function retrying(send, stats) {
  const t0 = Date.now();
  for (let attempt = 0; ; attempt++) {
    let res;
    let error;
    try {
      res = await send();
    } catch (e) {
      error = e;
    }
    if (res && res.status < 300) return res;
    if (res && !RETRIABLE.has(res.status))
      throw new Error(`${res.status} ${JSON.stringify(res.body).slice(0, 200)}`);
    stats.retries++;
    const what = res ? String(res.status) : (error.code ?? error.message);
    stats.why[what] = (stats.why[what] ?? 0) + 1;
    if (Date.now() - t0 > RETRY_FOR_MS) throw new Error(`no answer after ${RETRY_FOR_MS / 1000} s (${what})`);
    await new Promise((r) => setTimeout(r, Math.min(1000, 100 * (attempt + 1))));
  }
}

// ----- one side: a fresh database and cluster, the seeded workload, the checks

/**
 * Pids of processes whose command name is one of `names` (radosgw, ceph-osd) — with CEPH_S3_DIR set, only those
 * of that Ceph (.ci/s3-up.sh starts them with it in their environment), not another one on the machine.
 */
function pidsNamed(names) {
  const dir = process.env.CEPH_S3_DIR;
  const out = [];
  for (const d of readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    try {
      if (!names.includes(readFileSync(`/proc/${d}/comm`, 'utf8').trim())) continue;
      if (dir && !readFileSync(`/proc/${d}/environ`, 'utf8').split('\0').includes(`CEPH_S3_DIR=${dir}`))
        continue;
      out.push(Number(d));
    } catch {
      /* gone, or another user's */
    }
  }
  return out;
}

async function withDatabase(work) {
  const name = `bench_deadline_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: opts.pg });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
  const u = new URL(opts.pg);
  u.pathname = `/${name}`;
  try {
    return await work(u.toString(), name);
  } finally {
    const c = new pg.Client({ connectionString: opts.pg });
    await c.connect();
    await c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await c.end();
  }
}

const paperBody = (trackId, authorId, title) => ({
  track: trackId,
  title,
  abstract: { text: ABSTRACT, questions: [] },
  authors: [authorId],
  primaryAuthor: authorId,
});

async function runSide(instances, round, kill) {
  return withDatabase(async (databaseUrl, dbName) => {
    const cluster = await startCluster({
      instances,
      databaseUrl,
      jwtSecret: 'deadline-bench-secret-deadline-bench-secret-01',
      env: { LOG_LEVEL: 'error' },
    });
    const db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
    try {
      const base = cluster.url;
      // seed: authors (one more for the warm-up), chairs, an open track
      const hash = await hashPassword(PASSWORD);
      const people = [
        ...Array.from({ length: AUTHORS + 1 }, (_, i) => [`author${i}@deadline.example.org`, 'false']),
        ...Array.from({ length: Math.max(CHAIRS, 1) }, (_, i) => [`chair${i}@deadline.example.org`, 'true']),
      ];
      const { rows: users } = await db.query(
        `insert into users (first_name, last_name, email, password_hash, organization, country, is_chair)
         select 'Author', 'Deadline', e, $1, 'Example University', 'Portugal', c::boolean
         from unnest($2::text[], $3::text[]) as t(e, c) returning id, email`,
        [hash, people.map((p) => p[0]), people.map((p) => p[1])],
      );
      const {
        rows: [track],
      } = await db.query(
        `insert into tracks (name, can_submit_paper, can_edit_paper, min_files_limit) values ('Deadline track', true, true, 0) returning id`,
      );
      const sign = async (u) => {
        const res = await request(base, {
          method: 'POST',
          path: '/api/auth/login',
          json: { email: u.email, password: PASSWORD },
        });
        if (res.status >= 300) throw new Error(`sign-in ${u.email}: ${res.status}`);
        return { ...u, token: res.body.accessToken };
      };
      const signed = [];
      for (let i = 0; i < users.length; i += 25)
        signed.push(...(await Promise.all(users.slice(i, i + 25).map(sign))));
      const authors = signed.slice(0, AUTHORS);
      const warm = signed[AUTHORS];
      const chairs = signed.slice(AUTHORS + 1, AUTHORS + 1 + CHAIRS);
      const stats = { retries: 0, why: {} };

      const create = (a, title, key) =>
        retrying(
          () =>
            request(base, {
              method: 'POST',
              path: '/api/author/papers',
              token: a.token,
              headers: { 'idempotency-key': key },
              json: paperBody(track.id, a.id, title),
            }),
          stats,
        );
      const upload = (a, paperId, file, key, replace) => {
        return retrying(() => {
          const body = multipart('file', 'paper.pdf', file);
          return request(base, {
            method: 'POST',
            path: `/api/author/papers/${paperId}/upload?p=abstract${replace ? `&replace=${replace}` : ''}`,
            token: a.token,
            headers: { 'idempotency-key': key, 'content-type': body.type },
            chunks: body.chunks,
          });
        }, stats);
      };
      const key = () => randomBytes(16).toString('hex');

      // before the clock: the updating half's earlier submissions (small PDFs), and the warm-up
      const small = (seed) => fileOf(seed, 100_000);
      const earlier = new Map();
      for (let i = 0; i < AUTHORS; i += 2 * 10) {
        await Promise.all(
          authors.slice(i, i + 20).map(async (a, j) => {
            if ((i + j) % 2) return;
            const p = await create(a, `Deadline paper ${a.id}`, key());
            const f = await upload(a, p.body._id, small(1_000_000 + a.id), key());
            earlier.set(a.id, { paperId: p.body._id, fileId: f.body.file._id });
          }),
        );
      }
      for (let i = 0; i < WARM; i++) {
        const p = await create(warm, `Warm-up ${i}`, key());
        await upload(warm, p.body._id, fileOf(2_000_000 + i, SIZE), key());
      }
      // the authors' files, hashed before the clock
      const files = authors.map((a) => fileOf(round * 100_000 + a.id, SIZE));
      // the same arrival times on both sides: seeded by the round
      let x = 12345 + round;
      const rand = () => {
        x ^= x << 13;
        x ^= x >>> 17;
        x ^= x << 5;
        return (x >>> 0) / 2 ** 32;
      };
      const arrivals = authors.map(() => rand() * WINDOW_MS);

      const lat = { create: [], upload: [], replace: [], list: [] };
      const timed = async (kind, work) => {
        const t0 = performance.now();
        const out = await work();
        lat[kind].push(performance.now() - t0);
        return out;
      };
      const s3 = process.env.FILE_STORE === 's3';
      const meter = cpuMeter({
        self: false,
        trees: [
          ...cluster.instances.map((inst) => ({ name: inst.name, pid: inst.pid })),
          { name: 'haproxy', pid: cluster.haproxyPid },
          ...(s3 ? pidsNamed(['radosgw', 'ceph-osd']).map((pid) => ({ name: `s3-${pid}`, pid })) : []),
        ],
        postgres: { databases: () => [dbName] },
      });
      let readingDone = false;
      const readers = chairs.map(async (c) => {
        while (!readingDone) {
          const res = await timed('list', () =>
            request(base, {
              method: 'POST',
              path: '/api/chair/papers',
              token: c.token,
              json: { cp: 1, pg: 50 },
            }),
          ).catch(() => ({ status: 0 }));
          if (res.status !== 200) stats.listFailed = (stats.listFailed ?? 0) + 1;
        }
      });

      let acknowledged = 0;
      let killed;
      const victim = cluster.instances[1];
      const before = meter.read();
      const t0 = performance.now();
      const outcomes = await Promise.all(
        authors.map(async (a, i) => {
          await new Promise((r) => setTimeout(r, arrivals[i]));
          try {
            const prior = earlier.get(a.id);
            let paperId;
            let res;
            if (prior) {
              paperId = prior.paperId;
              res = await timed('replace', () => upload(a, paperId, files[i], key(), prior.fileId));
            } else {
              const p = await timed('create', () => create(a, `Deadline paper ${a.id}`, key()));
              paperId = p.body._id;
              res = await timed('upload', () => upload(a, paperId, files[i], key()));
            }
            if (kill && ++acknowledged === Math.floor(AUTHORS / 2)) killed = victim.stop('SIGKILL');
            return { ok: true, author: a, paperId, sha256: res.body.file.sha256, sent: files[i].sha256 };
          } catch (e) {
            return { ok: false, author: a, error: e.message };
          }
        }),
      );
      const wall = performance.now() - t0;
      const cpu = meter.since(before);
      readingDone = true;
      await Promise.all(readers);
      await killed;

      // after the clock: each author's paper (one per author) and its file's sha256 in the database
      const { rows } = await db.query(
        `select p.id, p.title, p.primary_author_id as author, array_agg(f.sha256) filter (where f.id is not null) as shas
         from papers p left join paper_files f on f.paper_id = p.id and f.part = 'abstract'
         where p.title like 'Deadline paper %' group by p.id`,
      );
      const byAuthor = new Map();
      for (const r of rows) byAuthor.set(r.author, [...(byAuthor.get(r.author) ?? []), r]);
      let lost = 0;
      let duplicated = 0;
      for (const o of outcomes.filter((o) => o.ok)) {
        const papers = byAuthor.get(o.author.id) ?? [];
        if (papers.length > 1) duplicated++;
        const paper = papers.find((p) => p.id === o.paperId);
        if (!paper || paper.shas?.length !== 1 || paper.shas[0] !== o.sent || o.sha256 !== o.sent) lost++;
      }
      const failed = outcomes.filter((o) => !o.ok);
      const uploads = outcomes.filter((o) => o.ok).length;
      return {
        instances,
        wall,
        cpu,
        uploads,
        completed: uploads,
        failed: failed.length,
        failures: failed.slice(0, 3).map((f) => f.error),
        lost,
        duplicated,
        lat,
        stats,
        killed: kill ? victim.name : null,
        mbs: (uploads * SIZE) / 1e6 / (wall / 1000),
      };
    } finally {
      await db.end();
      await cluster.stop();
    }
  });
}

const q = (xs) =>
  xs.length
    ? `p50 ${fmtMs(pct(xs, 50))}, p95 ${fmtMs(pct(xs, 95))}, p99 ${fmtMs(pct(xs, 99))} (${xs.length})`
    : '—';

function report(r) {
  const label = `${r.instances} instance${r.instances === 1 ? '' : 's'}${r.killed ? `, ${r.killed} killed halfway` : ''}`;
  const cpuParts = Object.entries(r.cpu)
    .filter(([k]) => k !== 'total')
    .map(([k, v]) => `${k} ${fmtMs(v)}`)
    .join(', ');
  console.log(
    `  ${label}: ${(r.wall / 1000).toFixed(1)} s, ${r.mbs.toFixed(1)} MB/s; completed ${r.completed} / failed ${r.failed} / lost ${r.lost} (duplicated ${r.duplicated}); retries ${r.stats.retries} ${JSON.stringify(r.stats.why)}\n` +
      `    create  ${q(r.lat.create)}\n    upload  ${q(r.lat.upload)}\n    replace ${q(r.lat.replace)}\n    list    ${q(r.lat.list)}${r.stats.listFailed ? ` (${r.stats.listFailed} failed)` : ''}\n` +
      `    server CPU ${fmtMs(r.cpu.total)} (${cpuParts}), per upload ${fmtMs(r.cpu.total / Math.max(1, r.uploads))}`,
  );
  if (r.failures.length) console.log(`    failures: ${r.failures.join(' | ')}`);
}

console.log(
  `\nDeadline burst: ${AUTHORS} authors × ${opts.size} MB within ${opts.window} s through haproxy, ${CHAIRS} chairs reading the list; ` +
    `${MANY} instances vs 1, ${ROUNDS} round(s)${opts.kill ? `, one of the ${MANY} killed halfway` : ''}${process.env.FILE_STORE === 's3' ? ', FILE_STORE=s3' : ''}:`,
);
const many = [];
const one = [];
for (let round = 0; round < ROUNDS; round++)
  for (const side of sidesOfRound(round)) {
    const r = side === 'a' ? await runSide(MANY, round, opts.kill) : await runSide(1, round, false);
    (side === 'a' ? many : one).push(r);
    report(r);
  }

for (const r of [...many, ...one]) {
  const label = `${r.instances} instance(s)${r.killed ? ', killed' : ''}`;
  check(`${label}: every author's submission acknowledged (failed 0)`, r.failed === 0, `${r.failed} failed`);
  check(
    `${label}: every acknowledged paper stored once with the bytes sent (lost 0)`,
    r.lost === 0 && r.duplicated === 0,
    `${r.lost} lost, ${r.duplicated} duplicated`,
  );
}
const ratios = many.map((m, i) => m.wall / one[i].wall);
figure(`deadline burst ${AUTHORS} × ${opts.size} MB, wall ${MANY} instances / 1 instance`, median(ratios), {
  range: [Math.min(...ratios), Math.max(...ratios)],
  note: 'on 2 cores several instances cannot be faster than one',
});
const cpuRatios = many.map((m, i) => m.cpu.total / m.uploads / (one[i].cpu.total / one[i].uploads));
figure(`deadline burst, server CPU per upload ${MANY} instances / 1 instance`, median(cpuRatios), {
  range: [Math.min(...cpuRatios), Math.max(...cpuRatios)],
});
figure(
  `deadline burst, server CPU per upload (${MANY} instances)`,
  median(many.map((m) => m.cpu.total / m.uploads)),
  { unit: 'ms' },
);
const p95Ratios = many.map((m, i) => pct(m.lat.upload, 95) / pct(one[i].lat.upload, 95));
figure(`deadline burst, upload p95 ${MANY} instances / 1 instance`, median(p95Ratios), {
  range: [Math.min(...p95Ratios), Math.max(...p95Ratios)],
});
figure(`deadline burst, upload p95 (${MANY} instances)`, median(many.map((m) => pct(m.lat.upload, 95))), {
  unit: 'ms',
});
finish();
