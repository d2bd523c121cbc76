// Automatic assignment through the API (issues 12 and 23), `npm run bench:assignment-api`, on PGlite and then on
// PostgreSQL (a throwaway database on PGURL, default 127.0.0.1:5432; --skip-postgres leaves it out).
// Seeds one track of 10,000 papers with 6,000 reviewers (bench/assignment/generate.js with one track: titles
// and abstracts, reviewers' own papers, organizations and e-mails, co-authors, bids) through the built API's
// tables, starts POST /api/chair/review_requests/auto/proposal over HTTP and meanwhile, from child processes,
// samples every ~20 ms
//  - GET /api/chair/tracks as the chair: a real request (the guard reads the caller's user row, the service
//    reads the tracks and their subject areas: database round trips on the API's pool) — its p95 is the
//    headline (target ≤ 50 ms);
//  - GET /api/health, which answers from a background probe (the event loop only), informative;
// and, in the API's process, the event loop's delay (node:perf_hooks monitorEventLoopDelay, max and p99, an
// informative figure) with every gap > 20 ms between 5 ms ticks and the proposal's phase it fell in (the
// main thread should never run long: on a loaded machine a gap can also be the thread waiting for a core).
// The answer's bytes are collected as they arrive and joined, decoded and parsed only after the monitor and
// the samplers stop: the bench's client runs on the API's event loop (one process), its work is not the API's.
// CPU of the work beside wall: this process (the API's main thread, its assignment worker, PGlite) and, on
// PostgreSQL, the server backends of the bench's database (read from /proc; the whole server's figure, which
// includes other databases' work on a shared server, is printed beside).
// Checks (exit non-zero on any failure): the proposal is 200 and assigns something; its objective equals an
// independent solve of the same problem — the exact input the API's worker got (captured at
// AssignmentRunner.solveToJson: the track's rows as read from the database, the problem built from them
// here with the library's decodeProblemParts as the worker does), its network built with the library and solved by
// LEMON's NetworkSimplex (the library's own solver when LEMON is not installed, said so); the cost recomputed
// from the proposed pairs (each a candidate arc of that network, shortfalls at the shortage cost) equals it
// too; every proposed pair respects the seeded hard constraints checked from the generated instance itself
// (bench/assignment/independent-check.js: not an author, no shared organization, mail domain or co-authored
// paper, no 'conflict' bid); no reviewer beyond 10; every sampled answer is 200.
// API_DIST=<dir> runs another build of the API (default apps/api/dist).
// Options: --papers N (10000) --reviewers N (6000) --skip-postgres.
import { parseArgs } from 'node:util';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import pg from 'pg';
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { HEALTH_SAMPLER, child, ms, pct, signIn, startBenchApi, withScratchPostgres } from './api-support.js';
import { generateInstance } from './assignment/generate.js';
import { writeDimacs } from './assignment/dimacs.js';
import { pairProblem, problemFacts } from './assignment/independent-check.js';
import { benchName, check, cpuMeter, figure, finish, fmtMs, procStat } from './lib/measure.js';
import { buildModel, shortageCostFor, solveAssignmentFlow } from '../libs/domain/dist/index.js';
import { decodeProblemParts } from '../libs/domain/dist/assignment/worker.js';

benchName('assignment-api.js');

const DIST = process.env.API_DIST
  ? pathToFileURL(`${process.env.API_DIST.replace(/\/$/, '')}/`).href
  : new URL('../apps/api/dist/', import.meta.url).href;
const api = (path) => import(new URL(path, DIST).href);
const { createApp } = await api('app.factory.js');
const { DB } = await api('database/database.js');
const { hashPassword } = await api('common/passwords.js');
const { usersTable } = await api('modules/users/users.table.js');
const { tracksTable } = await api('modules/tracks/tracks.table.js');
const { paperAuthorsTable, papersTable } = await api('modules/papers/papers.table.js');
const { bidsTable } = await api('modules/reviews/reviews.table.js');
const { AutoAssignmentService } = await api('modules/reviews/auto-assignment.service.js');
const { AssignmentRunner } = await api('modules/reviews/assignment-runner.js');

// where the time goes on the API's main thread: the phases of the proposal (inputs read, solve in the
// worker, the answer) and the event loop's longest stalls, measured in this process
const phases = [];
const mark = (name) => phases.push({ name, at: performance.now() });
const wrap = (cls, method, name) => {
  const original = cls.prototype[method];
  cls.prototype[method] = async function (...args) {
    mark(`${name} start`);
    try {
      return await original.apply(this, args);
    } finally {
      mark(`${name} end`);
    }
  };
};
// the track's rows read (and, before they were built in the worker, the problem built from them)
wrap(
  AutoAssignmentService,
  AutoAssignmentService.prototype.problemParts ? 'problemParts' : 'problem',
  'inputs read',
);
wrap(AssignmentRunner, 'solveToJson', 'worker');
// the exact input of the API's worker (problem parts and options), for the independent solve
let captured = null;
{
  const original = AssignmentRunner.prototype.solveToJson;
  AssignmentRunner.prototype.solveToJson = function (parts, options, ...rest) {
    captured = { parts, options };
    return original.call(this, parts, options, ...rest);
  };
}
// every gap > 20 ms between 5 ms ticks (the stretches the main thread ran without serving anything), and
// node:perf_hooks' event loop delay histogram beside it
function stallMonitor() {
  const stalls = [];
  const histogram = monitorEventLoopDelay({ resolution: 10 });
  histogram.enable();
  let last = performance.now();
  const timer = setInterval(() => {
    const now = performance.now();
    if (now - last > 20) stalls.push({ at: last, ms: now - last });
    last = now;
  }, 5);
  return {
    stop: () => {
      clearInterval(timer);
      histogram.disable();
      return { stalls, delayMax: histogram.max / 1e6, delayP99: histogram.percentile(99) / 1e6 };
    },
  };
}

const { values: opts } = parseArgs({
  options: {
    papers: { type: 'string', default: '10000' },
    reviewers: { type: 'string', default: '6000' },
    'skip-postgres': { type: 'boolean', default: false },
  },
});
const PAPERS = Number(opts.papers);
const REVIEWERS = Number(opts.reviewers);
const SIZE = `${PAPERS / 1000}k×${REVIEWERS / 1000}k`;

/** Sampler of an authenticated GET (AUTH header): like HEALTH_SAMPLER, for a request that reads the database. */
const GET_SAMPLER = HEALTH_SAMPLER.replace(
  'await fetch(process.env.URL)',
  'await fetch(process.env.URL, { headers: { authorization: process.env.AUTH } })',
);

// LEMON's NetworkSimplex (bench/assignment/lemon-ns.cpp), the independent solver of the proposal's problem
const work = mkdtempSync(join(tmpdir(), 'symposium-bench-assignment-api-'));
process.on('exit', () => rmSync(work, { recursive: true, force: true }));
const lemon = (() => {
  if (!existsSync('/usr/include/lemon/network_simplex.h')) return null;
  const bin = join(work, 'lemon-ns');
  const src = fileURLToPath(new URL('./assignment/lemon-ns.cpp', import.meta.url));
  execFileSync('g++', ['-O2', '-o', bin, src], { stdio: 'inherit' });
  return bin;
})();
if (!lemon)
  console.log(
    'LEMON not installed (apt-get install -y liblemon-dev): the objective is checked against the library solved directly',
  );

/**
 * The independent solve of the captured problem: the network built here with the library and the API's
 * options, solved by LEMON (or the library's solver in this thread); the network and its objective.
 */
async function independentSolve({ parts, options }) {
  const problem = decodeProblemParts(parts);
  const model = buildModel(problem, options);
  const net = model.network;
  const M = shortageCostFor(net);
  let cost;
  let by;
  if (lemon) {
    const file = join(work, 'proposal.min');
    await writeDimacs(net, M, file);
    const run = spawnSync(lemon, [file], { encoding: 'utf8' });
    if (run.status !== 0) throw new Error(`LEMON failed: ${run.stdout}${run.stderr}`);
    cost = BigInt(run.stdout.trim().split(/\s+/)[0]);
    by = 'LEMON NetworkSimplex';
  } else {
    cost = BigInt(solveAssignmentFlow(net).totalCost);
    by = 'the library solving directly';
  }
  return { problem, net, M, cost, by };
}

/** CPU ms of the given PostgreSQL backends (pid → ms now; a backend gone is missing). */
function backendsCpu(pids) {
  const out = new Map();
  for (const pid of pids) {
    const s = procStat(pid);
    if (s) out.set(pid, s.self);
  }
  return out;
}
/** The pids of the server backends connected to the database of `url` (this query's own left out). */
async function backendPids(url) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query(
      'select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
    );
    return rows.map((r) => Number(r.pid));
  } finally {
    await client.end();
  }
}

const instance = generateInstance({ papers: PAPERS, reviewers: REVIEWERS, tracks: 1, seed: 20241125 });

async function seed(db) {
  const password = 'bench-password-1';
  const [chair] = await db
    .insert(usersTable)
    .values({
      firstName: 'Bench',
      lastName: 'Chair',
      email: 'bench.chair@example.org',
      passwordHash: await hashPassword(password),
      isChair: true,
    })
    .returning();
  const [track] = await db.insert(tracksTable).values({ name: 'Track 1', position: 0 }).returning();
  // every person of the instance (reviewers and authors) as a user; generated id → user id
  const userOf = new Map();
  const reviewerIds = new Set(instance.reviewers.map((r) => r.id));
  const reviewerOf = new Map(instance.reviewers.map((r) => [r.id, r]));
  const BATCH = 1000;
  for (let i = 0; i < instance.people.length; i += BATCH) {
    const people = instance.people.slice(i, i + BATCH);
    const rows = await db
      .insert(usersTable)
      .values(
        people.map((p) => ({
          firstName: `First${p.id}`,
          lastName: `Last${p.id}`,
          email: p.emails[0],
          organization: p.organization,
          isReviewer: reviewerIds.has(p.id),
          reviewerTracks: reviewerIds.has(p.id) ? [track.id] : [],
        })),
      )
      .returning({ id: usersTable.id });
    people.forEach((p, k) => userOf.set(p.id, rows[k].id));
  }
  const paperOf = new Map();
  for (let i = 0; i < instance.papers.length; i += BATCH) {
    const papers = instance.papers.slice(i, i + BATCH);
    const rows = await db
      .insert(papersTable)
      .values(
        papers.map((p) => {
          const [title, ...rest] = p.text.split('. ');
          return {
            title,
            abstractText: rest.join('. '),
            trackId: track.id,
            primaryAuthorId: userOf.get(p.authorIds[0]),
          };
        }),
      )
      .returning({ id: papersTable.id });
    papers.forEach((p, k) => paperOf.set(p.id, rows[k].id));
    await db
      .insert(paperAuthorsTable)
      .values(
        papers.flatMap((p, k) =>
          p.authorIds.map((a, position) => ({ paperId: rows[k].id, userId: userOf.get(a), position })),
        ),
      );
  }
  // the reviewers' own papers (their texts), as papers of the same track already decided? No: a second
  // track keeps them out of the solved one
  const [past] = await db.insert(tracksTable).values({ name: 'Earlier papers', position: 1 }).returning();
  const own = instance.reviewers.map((r) => ({
    title: r.text.split('. ')[0].slice(0, 200),
    abstractText: r.text,
    trackId: past.id,
    primaryAuthorId: userOf.get(r.id),
  }));
  for (let i = 0; i < own.length; i += BATCH) {
    const rows = await db
      .insert(papersTable)
      .values(own.slice(i, i + BATCH))
      .returning({ id: papersTable.id, author: papersTable.primaryAuthorId });
    await db
      .insert(paperAuthorsTable)
      .values(rows.map((r) => ({ paperId: r.id, userId: r.author, position: 0 })));
  }
  const seen = new Set();
  const bids = [];
  for (const b of instance.bids) {
    const key = `${b.reviewerId}:${b.paperId}`;
    if (seen.has(key)) continue;
    seen.add(key);
    bids.push({ reviewerId: userOf.get(b.reviewerId), paperId: paperOf.get(b.paperId), bid: b.bid });
  }
  for (let i = 0; i < bids.length; i += 5000) await db.insert(bidsTable).values(bids.slice(i, i + 5000));
  return { chair, password, track, userOf, paperOf, reviewerOf, bids: bids.length };
}

/** The seeded problem as the API knows it (for the pair checks): one track, no earlier papers, first bids. */
function seededView(instance) {
  const seen = new Set();
  const bids = instance.bids.filter((b) => {
    const key = `${b.reviewerId}:${b.paperId}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  return {
    ...instance,
    papers: instance.papers.map((p) => ({ ...p, reviewerIds: [] })),
    // the earlier years' papers are not seeded; the reviewers' own papers have them as sole author
    authorships: instance.authorships.filter((a) => a.paperId < 1000000),
    bids,
    declined: [],
    declaredConflicts: [],
  };
}
const view = seededView(instance);
const facts = problemFacts(view);

async function benchOn(label, dbConfig) {
  console.log(`\n== ${label}`);
  const { app, base, db } = await startBenchApi(createApp, DB, dbConfig);
  const t0 = performance.now();
  const seeded = await seed(db);
  console.log(
    `seeded one track of ${PAPERS} papers, ${REVIEWERS} reviewers, ${seeded.bids} bids in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
  );
  const { headers } = await signIn(base, seeded.chair.email, seeded.password);
  const tracksUrl = `${base}/api/chair/tracks`;
  const probe = await fetch(tracksUrl, { headers });
  const probeBody = await probe.json();
  check(
    `${label}: GET /api/chair/tracks answers the seeded tracks`,
    probe.status === 200 && Array.isArray(probeBody) && probeBody.some((t) => t._id === seeded.track.id),
    `status ${probe.status}`,
  );
  const samplers = () => ({
    tracks: child(GET_SAMPLER, { URL: tracksUrl, AUTH: headers.authorization }),
    health: child(HEALTH_SAMPLER, { URL: `${base}/api/health` }),
  });
  const stopAll = async (s) => {
    s.tracks.stop();
    s.health.stop();
    return { tracks: await s.tracks.done, health: await s.health.done };
  };

  // idle first (the reference: the same samplers with nothing else running)
  const idleS = samplers();
  await new Promise((r) => setTimeout(r, 2000));
  const idle = await stopAll(idleS);

  const running = samplers();
  await new Promise((r) => setTimeout(r, 200));
  phases.length = 0;
  captured = null;
  const monitor = stallMonitor();
  const pgUrl = dbConfig.databaseUrl;
  const pids = pgUrl ? await backendPids(pgUrl) : [];
  const meter = cpuMeter({ postgres: Boolean(pgUrl) });
  const before = meter.read();
  const backends0 = backendsCpu(pids);
  const w0 = performance.now();
  const res = await fetch(`${base}/api/chair/review_requests/auto/proposal`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ track: seeded.track.id }),
  });
  mark('answer received');
  // the answer's bytes as they come (the API writes them); joined, decoded and parsed only once the
  // monitor and the samplers are stopped: the bench's own client work (tens of MB) runs on the API's event
  // loop (one process) and must not count as the API's stall
  const chunks = [];
  for await (const chunk of res.body) chunks.push(chunk);
  const wall = performance.now() - w0;
  const cpu = meter.since(before);
  const { stalls, delayMax, delayP99 } = monitor.stop();
  const lat = await stopAll(running);
  let backends = 0;
  if (pgUrl) {
    const now = backendsCpu(new Set([...pids, ...(await backendPids(pgUrl))]));
    for (const [pid, v] of now) backends += v - (backends0.get(pid) ?? 0);
  }
  const text = Buffer.concat(chunks).toString('utf8');
  chunks.length = 0;
  const body = JSON.parse(text);

  check(
    `${label}: proposal answered 200`,
    res.status === 200,
    res.status === 200 ? '' : `${res.status}: ${text.slice(0, 300)}`,
  );
  check(`${label}: proposal assigns reviews`, Boolean(body.objective?.assigned), '');
  if (res.status === 200 && captured) {
    const byUser = new Map([...seeded.userOf].map(([gen, user]) => [user, gen]));
    const paperGen = new Map([...seeded.paperOf].map(([gen, id]) => [id, gen]));
    const genPaper = new Map(view.papers.map((p) => [p.id, p]));
    const loads = new Map();
    const pairProblems = [];
    for (const p of body.papers) {
      const gp = genPaper.get(paperGen.get(p.paperId));
      for (const r of p.proposed) {
        const why = pairProblem(facts, gp, seeded.reviewerOf.get(byUser.get(r.reviewerId)));
        if (why) pairProblems.push(`paper ${p.paperId} ← user ${r.reviewerId}: ${why}`);
        loads.set(r.reviewerId, (loads.get(r.reviewerId) ?? 0) + 1);
      }
    }
    check(
      `${label}: every proposed pair respects the seeded hard constraints (checked from the generated instance)`,
      pairProblems.length === 0,
      pairProblems.slice(0, 5).join('; '),
    );
    const over = [...loads].filter(([, l]) => l > 10);
    check(
      `${label}: no reviewer proposed more than 10 times`,
      over.length === 0,
      JSON.stringify(over.slice(0, 5)),
    );
    // the independent solve of the worker's exact input
    const ind = await independentSolve(captured);
    check(
      `${label}: objective equals the independent solve (${ind.by}) of the same problem`,
      BigInt(body.objective.cost) === ind.cost,
      `API ${body.objective.cost}, ${ind.by} ${ind.cost}`,
    );
    // the cost recomputed from the proposed pairs on that network
    const paperIndex = new Map(ind.problem.papers.map((p, i) => [p.id, i]));
    const reviewerIndex = new Map(ind.problem.reviewers.map((r, i) => [r.id, i]));
    let cost = 0n;
    const notArcs = [];
    for (const p of body.papers) {
      const i = paperIndex.get(p.paperId);
      const arcs = new Map();
      for (let a = ind.net.arcStart[i]; a < ind.net.arcStart[i + 1]; a++)
        arcs.set(ind.net.arcReviewer[a], ind.net.arcCost[a]);
      for (const r of p.proposed) {
        const c = arcs.get(reviewerIndex.get(r.reviewerId));
        if (c === undefined) notArcs.push(`paper ${p.paperId} ← user ${r.reviewerId}`);
        else cost += BigInt(c);
      }
      const short = ind.net.need[i] - p.proposed.length;
      if (short < 0)
        notArcs.push(`paper ${p.paperId}: ${p.proposed.length} proposed, need ${ind.net.need[i]}`);
      cost += BigInt(short) * BigInt(ind.M);
    }
    check(
      `${label}: cost recomputed from the proposed pairs equals the objective`,
      notArcs.length === 0 && cost === BigInt(body.objective.cost),
      notArcs.length
        ? `not candidate arcs: ${notArcs.slice(0, 5).join('; ')}`
        : `${cost} vs ${body.objective.cost}`,
    );
    console.log(
      `proposal: ${body.objective.assigned} reviews assigned to ${body.papers.length} papers, ${body.stats.arcs} arcs, ` +
        `${body.conflicts.length} conflicts, objective ${body.objective.cost} (${ind.by}: ${ind.cost})`,
    );
  } else if (res.status === 200)
    check(`${label}: the worker's input was captured`, false, 'solveToJson not called');
  check(
    `${label}: every sampled answer was 200`,
    !lat.tracks.bad && !lat.health.bad,
    JSON.stringify({ tracks: lat.tracks.bad, health: lat.health.bad }),
  );
  console.log(
    `phases (s from the request): ${phases.map((p) => `${p.name} ${((p.at - w0) / 1000).toFixed(2)}`).join(', ')}; ` +
      `answer ${(text.length / 1e6).toFixed(1)} MB`,
  );
  const longest = [...stalls].sort((a, b) => b.ms - a.ms).slice(0, 5);
  const phaseAt = (t) => phases.filter((p) => p.at <= t).at(-1)?.name ?? 'before';
  console.log(
    `event loop delay (perf_hooks, the API's main thread) during the proposal: max ${delayMax.toFixed(1)} ms, ` +
      `p99 ${delayP99.toFixed(1)} ms; gaps > 20 ms: ${stalls.length} (> 50 ms: ${stalls.filter((x) => x.ms > 50).length}, ` +
      `> 100 ms: ${stalls.filter((x) => x.ms > 100).length})` +
      (longest.length
        ? `, longest ${longest.map((x) => `${x.ms.toFixed(0)} ms at ${((x.at - w0) / 1000).toFixed(2)} s (after ${phaseAt(x.at)})`).join(', ')}`
        : ''),
  );
  const apiCpu = cpu.self + backends;
  console.log(
    `assignment over HTTP: ${fmtMs(wall)} wall; CPU ${fmtMs(apiCpu)} = API process ${fmtMs(cpu.self)} (main thread, worker` +
      `${pgUrl ? '' : ', PGlite'})${pgUrl ? ` + this database's backends ${fmtMs(backends)} (whole server: ${fmtMs(cpu.postgres)})` : ''}`,
  );
  const row = (name, l) =>
    `  ${name.padEnd(34)} ${String(l.length).padStart(5)} samples: p50 ${ms(pct(l, 50))}, p95 ${ms(pct(l, 95))}, p99 ${ms(pct(l, 99))}, max ${ms(Math.max(...l))}`;
  console.log('sampled every ~20 ms:');
  console.log(row('GET /api/chair/tracks idle', idle.tracks.lat));
  console.log(row('GET /api/chair/tracks during', lat.tracks.lat));
  console.log(row('GET /api/health idle', idle.health.lat));
  console.log(row('GET /api/health during', lat.health.lat));
  const db1 = label.startsWith('PGlite') ? 'PGlite' : 'PostgreSQL';
  const p95 = pct(lat.tracks.lat, 95);
  figure(`${db1}: GET /api/chair/tracks p95 during the assignment`, p95, {
    unit: 'ms',
    goal: { op: '<=', value: 50 },
    note: `idle p95 ${pct(idle.tracks.lat, 95).toFixed(1)} ms`,
  });
  figure(`${db1}: GET /api/health p95 during the assignment`, pct(lat.health.lat, 95), { unit: 'ms' });
  figure(`${db1}: event loop delay max during the assignment`, delayMax, {
    unit: 'ms',
    note: `p99 ${delayP99.toFixed(1)} ms (perf_hooks monitorEventLoopDelay)`,
  });
  figure(`${db1}: assignment ${SIZE} over HTTP, wall`, wall / 1000, { unit: 's' });
  figure(`${db1}: assignment ${SIZE} over HTTP, CPU (API${pgUrl ? ' + backends' : ''})`, apiCpu / 1000, {
    unit: 's',
  });
  await app.close();
  return { label, wall, cpu: apiCpu, p95, health: pct(lat.health.lat, 95), delayMax };
}

async function main() {
  const rows = [await benchOn('PGlite (in memory)', { inMemoryDatabase: true })];
  if (opts['skip-postgres']) console.log('\nPostgreSQL skipped (--skip-postgres)');
  else {
    const row = await withScratchPostgres('bench_assignment', (url) =>
      benchOn(`PostgreSQL (${url.host})`, { databaseUrl: url.toString() }),
    );
    if (row) rows.push(row);
  }
  console.log(
    '\n| database | assignment wall | CPU | /api/chair/tracks p95 (target ≤ 50 ms) | /api/health p95 | event loop delay max |',
  );
  console.log('|---|---|---|---|---|---|');
  for (const r of rows)
    console.log(
      `| ${r.label} | ${(r.wall / 1000).toFixed(2)} s | ${(r.cpu / 1000).toFixed(2)} s | ${ms(r.p95)} | ${ms(r.health)} | ${ms(r.delayMax)} |`,
    );
}

await main();
finish();
