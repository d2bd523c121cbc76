// Automatic assignment through the API (issue 12), `npm run bench:assignment-api`, on PGlite and then on
// PostgreSQL (a throwaway database on PGURL, default 127.0.0.1:5432; --skip-postgres leaves it out).
// Seeds one track of 10,000 papers with 6,000 reviewers (bench/assignment/generate.js with one track: titles
// and abstracts, reviewers' own papers, organizations and e-mails, co-authors, bids) through the built API's
// tables, starts POST /api/chair/review_requests/auto/proposal over HTTP and meanwhile, from a child process,
// samples GET /api/health every ~20 ms for the whole run: p50/p95/p99/max of the health latency (target p95
// ≤ 50 ms), and the assignment's wall time and this process's CPU time (the API's main thread and its
// workers). Exits non-zero when a check fails: the proposal is not 200, assigns nothing, proposes a pair
// that breaks a hard constraint (an author, a reviewer beyond 10), or a health answer is not 200.
// API_DIST=<dir> runs another build of the API (default apps/api/dist).
// Options: --papers N (10000) --reviewers N (6000) --skip-postgres.
import { parseArgs } from 'node:util';
import { pathToFileURL } from 'node:url';
import { HEALTH_SAMPLER, child, cpuMs, ms, pct, startBenchApi, withScratchPostgres } from './api-support.js';
import { generateInstance } from './assignment/generate.js';

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
wrap(AutoAssignmentService, 'problem', 'inputs read');
wrap(AssignmentRunner, 'solveToJson', 'worker');
function stallMonitor() {
  const stalls = [];
  let last = performance.now();
  const timer = setInterval(() => {
    const now = performance.now();
    if (now - last > 100) stalls.push({ at: last, ms: now - last });
    last = now;
  }, 10);
  return { stop: () => (clearInterval(timer), stalls) };
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

let failed = false;
const fail = (msg) => {
  failed = true;
  console.log(`  CHECK FAILED: ${msg}`);
};

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

async function benchOn(label, dbConfig) {
  console.log(`\n== ${label}`);
  const { app, base, db } = await startBenchApi(createApp, DB, dbConfig);
  const t0 = performance.now();
  const seeded = await seed(db);
  console.log(
    `seeded one track of ${PAPERS} papers, ${REVIEWERS} reviewers, ${seeded.bids} bids in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
  );
  const login = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: seeded.chair.email, password: seeded.password }),
  });
  const { accessToken } = await login.json();
  const headers = { authorization: `Bearer ${accessToken}`, 'content-type': 'application/json' };

  // idle health first (the reference: the same sampler with nothing else running)
  const idle = child(HEALTH_SAMPLER, { URL: `${base}/api/health` });
  await new Promise((r) => setTimeout(r, 2000));
  idle.stop();
  const idleLat = (await idle.done).lat;

  const health = child(HEALTH_SAMPLER, { URL: `${base}/api/health` });
  await new Promise((r) => setTimeout(r, 200));
  phases.length = 0;
  const monitor = stallMonitor();
  const c0 = process.cpuUsage();
  const w0 = performance.now();
  const res = await fetch(`${base}/api/chair/review_requests/auto/proposal`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ track: seeded.track.id }),
  });
  mark('answer received');
  const text = await res.text();
  const wall = performance.now() - w0;
  const stalls = monitor.stop();
  const body = JSON.parse(text);
  const cpu = cpuMs(process.cpuUsage(c0));
  health.stop();
  const h = await health.done;

  if (res.status !== 200) fail(`proposal answered ${res.status}: ${JSON.stringify(body).slice(0, 300)}`);
  else {
    const byUser = new Map([...seeded.userOf].map(([gen, user]) => [user, gen]));
    const paperGen = new Map([...seeded.paperOf].map(([gen, id]) => [id, gen]));
    const genPaper = new Map(instance.papers.map((p) => [p.id, p]));
    const loads = new Map();
    for (const p of body.papers) {
      const gp = genPaper.get(paperGen.get(p.paperId));
      for (const r of p.proposed) {
        if (gp.authorIds.includes(byUser.get(r.reviewerId))) fail(`paper ${p.paperId}: its author proposed`);
        loads.set(r.reviewerId, (loads.get(r.reviewerId) ?? 0) + 1);
      }
    }
    if ([...loads.values()].some((l) => l > 10)) fail('a reviewer proposed more than 10 times');
    if (!body.objective?.assigned) fail('nothing assigned');
    console.log(
      `proposal: ${body.objective.assigned} reviews assigned to ${body.papers.length} papers, ${body.stats.arcs} arcs, ` +
        `${body.conflicts.length} conflicts, objective ${body.objective.cost}`,
    );
  }
  if (h.bad) fail(`${h.bad} health answers were not 200`);
  console.log(
    `phases (s from the request): ${phases.map((p) => `${p.name} ${((p.at - w0) / 1000).toFixed(2)}`).join(', ')}; ` +
      `answer ${(text.length / 1e6).toFixed(1)} MB`,
  );
  const longest = [...stalls].sort((a, b) => b.ms - a.ms).slice(0, 5);
  console.log(
    `event loop stalls > 100 ms in this process: ${stalls.length}` +
      (longest.length
        ? `, longest ${longest.map((x) => `${x.ms.toFixed(0)} ms at ${((x.at - w0) / 1000).toFixed(2)} s`).join(', ')}`
        : ''),
  );
  console.log(
    `assignment over HTTP: ${(wall / 1000).toFixed(2)} s wall, ${(cpu / 1000).toFixed(2)} s CPU (this process: API and its workers)`,
  );
  const row = (name, lat) =>
    `  ${name.padEnd(26)} ${String(lat.length).padStart(5)} samples: p50 ${ms(pct(lat, 50))}, p95 ${ms(pct(lat, 95))}, p99 ${ms(pct(lat, 99))}, max ${ms(Math.max(...lat))}`;
  console.log('GET /api/health every ~20 ms:');
  console.log(row('idle (reference)', idleLat));
  console.log(row('during the assignment', h.lat));
  console.log(
    `  p95 during / idle: ${(pct(h.lat, 95) / pct(idleLat, 95)).toFixed(1)}× — target p95 ≤ 50 ms: ${pct(h.lat, 95) <= 50 ? 'met' : 'NOT met'}`,
  );
  await app.close();
  return { label, wall, cpu, p95: pct(h.lat, 95) };
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
  console.log('\n| database | assignment wall | CPU | health p95 (target ≤ 50 ms) |');
  console.log('|---|---|---|---|');
  for (const r of rows)
    console.log(
      `| ${r.label} | ${(r.wall / 1000).toFixed(2)} s | ${(r.cpu / 1000).toFixed(2)} s | ${ms(r.p95)} |`,
    );
  if (failed) {
    console.error('\nFAILED: a correctness check failed (see CHECK FAILED above)');
    process.exit(1);
  }
}

await main();
process.exit(0);
