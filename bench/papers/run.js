// The chair's paper list and bulk status change (issues 12 and 23), `npm run bench:papers`, on PGlite and then on
// PostgreSQL (a throwaway database on PGURL, default 127.0.0.1:5432; --skip-postgres leaves it out). 20,000
// papers seeded with every kind of value the filters and sorts look at (statuses and none, deleted, flags,
// registrations and blank ones, sessions, primary authors and none, spread timestamps).
//
// What it measures, and why it is fair (bench/lib/measure.js: ABBA rounds, median of the pair ratios with its
// range, CPU of this process — which serves both sides and runs PGlite — and of the PostgreSQL backends of
// this bench's database, bench/lib/measure.js databaseCpuMs: the server is shared with other benches):
//  0. correctness first, independently: for each filter and sort the chair's list offers (bench/papers/cases.js:
//     track, status, decision, deleted, session, camera-/presentation-ready, registered, last-modified day and
//     time, search by title, author name, full name, e-mail and id; sorted by id, title, track, status, created,
//     updated, primary author, both orders; a page past the end), the endpoint's page — ids, order, total count,
//     X-Total-Count — against a HAND-WRITTEN SQL query in the bench, and each paper's title, track, status,
//     primary author, deleted flag and authors against the tables. Any difference fails the run (exit 1).
//  1. one request at a time: POST /api/chair/papers (node:http, one kept-alive connection, each answer read in
//     full and its status and length checked) against the bare SQL: the very statements the endpoint runs
//     (captured once through Drizzle's logger: the session's user row, the count, the page), replayed with the
//     raw driver. Interleaved rounds of a few requests a side; figure endpoint/bare wall (goal ≤ 1.3).
//  2. 20 concurrent connections (autocannon in a child process, every request answered before a load ends):
//     the endpoint against a bare node:http route in the same process, on the same pool, running the same
//     statements AND batching the user-row statement across concurrent requests exactly as the endpoint's guard
//     does (one statement for the requests queued while the previous one ran, ids de-duplicated): statements
//     per request are counted in the driver for both sides and printed (a check fails if they differ by more
//     than 0.1). Interleaved loads; figure endpoint/bare requests per second (goal ≥ 0.8); CPU per request of
//     this process and of PostgreSQL beside it. Meanwhile a child samples GET /api/health every ~20 ms: its
//     p95 during the endpoint's loads is a figure (goal ≤ 50 ms).
//  3. bulk status change of 1,000 papers: POST /api/chair/papers/bulk against the bare UPDATE — the same
//     rows, the same condition (only rows whose status changes), RETURNING the ids, one commit (one fsync)
//     each — interleaved, each call toggling the status so every call changes all 1,000. After every call an
//     independent SELECT checks that the 1,000 have the new status, the endpoint's nModified and the bare
//     UPDATE's returned ids are the 1,000, and at the end no other paper changed. Figure endpoint/bare wall
//     (goal ≤ 1.5).
// Uploads are bench/uploads.js (--uploads runs them here too, once, as before).
// API_DIST=<dir> runs another build of the API (default apps/api/dist).
// Options: --papers N (20000) --rounds N (30 one-at-a-time pairs) --batch N (5 requests a side per round)
//          --connections N (20) --load-rounds N (4 pairs of loads) --load-seconds N (4 per load)
//          --bulk-rounds N (16 pairs) --skip-postgres --skip-pglite --uploads
//          --cpu-prof DIR: V8 CPU profiles of this process during one more endpoint load at 20 connections and
//          BULK_ROUNDS more bulk changes through the endpoint, after the measured ones,
//          DIR/papers-<database>.cpuprofile and DIR/papers-bulk-<database>.cpuprofile
//          (`node bench/papers/profile-summary.js FILE`).
import { mkdirSync, writeFileSync } from 'node:fs';
import { Agent as HttpAgent, createServer, request as httpRequest } from 'node:http';
import { Session } from 'node:inspector/promises';
import { parseArgs } from 'node:util';
import { pathToFileURL } from 'node:url';
import { HEALTH_SAMPLER, child, pct, signIn, startBenchApi, withScratchPostgres } from '../api-support.js';
import {
  benchName,
  check,
  cpuMeter,
  diffRows,
  figure,
  finish,
  fmtMeasure,
  fmtMs,
  fmtRatio,
  interleave,
  measure,
  median,
} from '../lib/measure.js';
import { PAPER_FIELDS_SQL, handSql, listCases } from './cases.js';
import { runUploads } from './uploads.js';

benchName('papers/run.js');

// the built API (API_DIST: another build of it, e.g. one made from a clean copy of a commit)
const DIST = process.env.API_DIST
  ? pathToFileURL(`${process.env.API_DIST.replace(/\/$/, '')}/`).href
  : new URL('../../apps/api/dist/', import.meta.url).href;
const api = (path) => import(new URL(path, DIST).href);
const { createApp } = await api('app.factory.js');
const { DB } = await api('database/database.js');
const { hashPassword } = await api('common/passwords.js');
const { usersTable } = await api('modules/users/users.table.js');
const { tracksTable } = await api('modules/tracks/tracks.table.js');
const { paperAuthorsTable, papersTable } = await api('modules/papers/papers.table.js');

const { values: opts } = parseArgs({
  options: {
    papers: { type: 'string', default: '20000' },
    rounds: { type: 'string', default: '30' },
    batch: { type: 'string', default: '5' },
    connections: { type: 'string', default: '20' },
    'load-rounds': { type: 'string', default: '4' },
    'load-seconds': { type: 'string', default: '4' },
    'bulk-rounds': { type: 'string', default: '16' },
    'skip-postgres': { type: 'boolean', default: false },
    'skip-pglite': { type: 'boolean', default: false },
    uploads: { type: 'boolean', default: false },
    'cpu-prof': { type: 'string' },
  },
});
const PAPERS = Number(opts.papers);
const ROUNDS = Number(opts.rounds);
const BATCH = Number(opts.batch);
const CONNECTIONS = Number(opts.connections);
const LOAD_ROUNDS = Number(opts['load-rounds']);
const LOAD_SECONDS = Number(opts['load-seconds']);
const BULK_ROUNDS = Number(opts['bulk-rounds']);

async function seed(db, raw) {
  const password = 'bench-password-1';
  const hash = await hashPassword(password);
  const [chair] = await db
    .insert(usersTable)
    .values({
      firstName: 'Bench',
      lastName: 'Chair',
      email: 'bench.chair@example.org',
      alternateEmail: 'bench.chair.alt@example.org',
      passwordHash: hash,
      isChair: true,
    })
    .returning();
  const authors = await db
    .insert(usersTable)
    .values(
      Array.from({ length: 2000 }, (_, i) => ({
        firstName: `Author${i}`,
        lastName: `Surname${i % 97}`,
        email: `author${i}@bench.example.org`,
        alternateEmail: `author${i}@alt.example.org`,
      })),
    )
    .returning({ id: usersTable.id });
  const tracks = (
    await db
      .insert(tracksTable)
      .values(Array.from({ length: 8 }, (_, i) => ({ name: `Track ${i + 1}`, position: i })))
      .returning({ id: tracksTable.id })
  ).map((t) => t.id);
  // the default status comes with the schema ('Awaiting Decision'); three more
  await raw(
    `insert into statuses (text, position, is_accepted) values ('Accept', 2, true), ('Reject', 3, false), ('Accept with Revision', 4, true)`,
  );
  const st = Object.fromEntries(
    (await raw(`select id, text, is_default from statuses`)).rows.map((r) => [r[2] ? 'Default' : r[1], r[0]]),
  );
  const statuses = { def: st.Default, accept: st.Accept, reject: st.Reject, awr: st['Accept with Revision'] };
  const cycle = [statuses.def, statuses.accept, statuses.reject, statuses.awr];
  const BATCH_ROWS = 1000;
  for (let start = 0; start < PAPERS; start += BATCH_ROWS) {
    const rows = [];
    for (let i = start; i < Math.min(PAPERS, start + BATCH_ROWS); i++)
      rows.push({
        title: `${i % 3 ? 'paper' : 'Paper'} ${i}: ${['Graphs', 'Learning', 'Networks', 'Systems', 'Databases'][i % 5]} at scale ${i % 113}`,
        abstractText: `Abstract of paper ${i}, long enough for the rules of the conference system to accept it.`,
        trackId: tracks[i % tracks.length],
        // every track has every status (the track is i % 8): the timed query (track 3, Accept) finds ~ PAPERS / 38
        statusId: i % 7 === 3 ? null : cycle[Math.floor(i / 8) % 4],
        primaryAuthorId: i % 13 === 5 ? null : authors[i % authors.length].id,
        isDeleted: i % 50 === 7,
        submittedCameraReady: i % 3 === 0,
        isCameraReady: i % 5 === 0,
        submittedPresentationReady: i % 4 === 1,
        isPresentationReady: i % 6 === 1,
      });
    const papers = await db.insert(papersTable).values(rows).returning({ id: papersTable.id });
    await db.insert(paperAuthorsTable).values(
      papers.flatMap((p, k) => [
        { paperId: p.id, userId: authors[(start + k) % authors.length].id, position: 0 },
        { paperId: p.id, userId: authors[(start + k + 7) % authors.length].id, position: 1 },
      ]),
    );
  }
  // spread timestamps, registrations (some blank), a session holding every 11th paper
  await raw(
    `update papers set created_at = '2026-01-01T00:00:00Z'::timestamptz + (id % 1000) * interval '37 minutes',
                       updated_at = '2026-03-01T00:00:00Z'::timestamptz + (id % 500) * interval '1 hour'`,
  );
  await raw(
    `update papers set registration = jsonb_build_object('id', case when id % 18 = 0 then '  ' else 'REG-' || id end) where id % 9 = 0`,
  );
  const [[sessionId]] = (
    await raw(
      `insert into programme_sessions (kind, number, title) values ('technical', 1, 'Bench') returning id`,
    )
  ).rows;
  await raw(
    `insert into programme_session_papers (paper_id, session_id, position) select id, $1, row_number() over (order by id) from papers where id % 11 = 0`,
    [sessionId],
  );
  await raw('analyze');
  return { chair, password, tracks, statuses };
}

/** The raw driver under Drizzle: PGlite's query(text, params, options) or a pg.Pool. */
function rawQuery(db, kind) {
  const client = db.$client;
  if (!client || typeof client.query !== 'function')
    throw new Error('no raw client under the Drizzle handle');
  return kind === 'postgres'
    ? (text, values) => client.query({ text, values, rowMode: 'array' })
    : (text, values) => client.query(text, values, { rowMode: 'array' });
}

/**
 * Counts the statements sent through the driver (the endpoint's through Drizzle and the bare route's alike),
 * but for the health check's background `select 1`.
 */
function countStatements(db) {
  const client = db.$client;
  const query = client.query;
  const counter = { n: 0 };
  client.query = function (...args) {
    const text = typeof args[0] === 'string' ? args[0] : args[0]?.text;
    if (text && text.trim() !== 'select 1') counter.n++;
    return query.apply(this, args);
  };
  return counter;
}

/**
 * The bare route's batching of the user-row statement, as the endpoint's guard does it (common/batcher.ts): a
 * lookup waits for the batch in flight; every lookup queued meanwhile runs as the next batch, one statement,
 * the ids de-duplicated; a lone lookup runs after the current I/O callbacks.
 */
function userBatcher(run) {
  let queue = [];
  let running = false;
  const next = () => {
    if (running || !queue.length) return;
    running = true;
    setImmediate(flush);
  };
  const flush = async () => {
    const batch = queue.splice(0, 500);
    try {
      const rows = await run([...new Set(batch.map((b) => b.id))]);
      for (const b of batch) b.resolve(rows);
    } catch (e) {
      for (const b of batch) b.reject(e);
    } finally {
      running = false;
      next();
    }
  };
  return (id) =>
    new Promise((resolve, reject) => {
      queue.push({ id, resolve, reject });
      next();
    });
}

// autocannon with every response's latency recorded: AMOUNT requests at CONNECTIONS at once, every one
// answered before it ends (a load stopped at a deadline would leave requests running in the server, a backlog
// for whatever is measured next); a request times out only after 300 s
const LOAD = `
import autocannon from 'autocannon';
const env = process.env;
const lat = [];
const c0 = process.cpuUsage();
const inst = autocannon({
  url: env.URL, method: 'POST', connections: Number(env.CONNECTIONS), amount: Number(env.AMOUNT),
  headers: JSON.parse(env.HEADERS), body: env.BODY, timeout: 300,
});
inst.on('response', (_c, _status, _bytes, t) => lat.push(t));
const r = await inst;
const c = process.cpuUsage(c0);
console.log(JSON.stringify({ lat, requests: r.requests.total, seconds: r.duration, non2xx: r.non2xx,
  errors: r.errors, timeouts: r.timeouts, cpu: (c.user + c.system) / 1000 }));
`;

/** One load of `amount` requests with the health sampler beside it until it ends. */
async function load(url, headers, body, healthUrl, amount) {
  const l = child(LOAD, {
    CONNECTIONS: String(CONNECTIONS),
    AMOUNT: String(amount),
    URL: url,
    HEADERS: JSON.stringify(headers),
    BODY: JSON.stringify(body),
  });
  const h = child(HEALTH_SAMPLER, { URL: healthUrl });
  l.done.finally(h.stop).catch(() => {});
  const [lr, hr] = await Promise.all([l.done, h.done]);
  return { ...lr, health: hr, rps: lr.requests / lr.seconds };
}

/** fn, with a CPU profile of this process written to --cpu-prof DIR when given. */
async function profiled(name, fn) {
  if (!opts['cpu-prof']) return fn();
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: 200 });
  await session.post('Profiler.start');
  try {
    return await fn();
  } finally {
    const { profile } = await session.post('Profiler.stop');
    session.disconnect();
    mkdirSync(opts['cpu-prof'], { recursive: true });
    const file = `${opts['cpu-prof'].replace(/\/$/, '')}/papers-${name}.cpuprofile`;
    writeFileSync(file, JSON.stringify(profile));
    console.log(`  CPU profile: ${file}`);
  }
}

/** 0. every filter and sort against its hand-written SQL. */
async function checkPages(kind, post, raw, ctx) {
  const cases = listCases(ctx);
  let nonEmpty = 0;
  for (const c of cases) {
    const [cp, pg] = c.page;
    const { json, total } = await post('/api/chair/papers', { ...c.body, cp, pg });
    const hand = handSql(c);
    const expectedIds = (await raw(hand.page.text, hand.page.values)).rows.map((r) => r[0]);
    const [[expectedCount]] = (await raw(hand.count.text, hand.count.values)).rows;
    const ids = json.data.map((p) => p._id);
    const diff = diffRows(ids, expectedIds);
    if (ids.length) nonEmpty++;
    check(
      `${kind}: list "${c.name}" = hand-written SQL (ids, order, count)`,
      !diff && json.count === expectedCount && total === String(expectedCount),
      `${ids.length} papers of ${json.count} (X-Total-Count ${total}); hand-written SQL ${expectedIds.length} of ${expectedCount}${diff ? `; ${diff}` : ''}`,
    );
    // what the list shows of each paper, against the tables
    if (ids.length) {
      const rows = new Map((await raw(PAPER_FIELDS_SQL, [ids])).rows.map((r) => [r[0], r]));
      const bad = json.data.filter((p) => {
        const r = rows.get(p._id);
        return (
          !r ||
          p.title !== r[1] ||
          p.trackName !== r[2] ||
          p.statusText !== r[3] ||
          p.primaryAuthor !== r[4] ||
          p.isDeleted !== r[5] ||
          JSON.stringify(p.authors.map((a) => a._id)) !== JSON.stringify(r[6]) ||
          typeof p.actions !== 'object'
        );
      });
      check(
        `${kind}: list "${c.name}": each paper's title, track, status, authors = the tables`,
        !bad.length,
        bad.length ? `${bad.length} papers differ, e.g. ${JSON.stringify(bad[0]).slice(0, 300)}` : '',
      );
    }
  }
  check(
    `${kind}: the list cases find papers`,
    nonEmpty >= cases.length - 2,
    `${nonEmpty} of ${cases.length} non-empty`,
  );
}

async function benchOn(label, dbConfig) {
  console.log(`\n== ${label}`);
  const { app, base, db } = await startBenchApi(createApp, DB, dbConfig);
  const kind = dbConfig.databaseUrl ? 'postgres' : 'pglite';
  const dbName = kind === 'postgres' ? 'PostgreSQL' : 'PGlite';
  const raw = rawQuery(db, kind);
  const counter = countStatements(db);
  // this process (endpoint, bare route, PGlite) and, on PostgreSQL, the backends of this bench's database
  // (not every PostgreSQL process: the server is shared with other benches)
  const database = kind === 'postgres' ? new URL(dbConfig.databaseUrl).pathname.slice(1) : null;
  const meter = database ? cpuMeter({ postgres: { databases: () => [database] } }) : cpuMeter();
  if (kind === 'postgres') console.log(`pool of ${db.$client.options.max} connections`);
  const t0 = performance.now();
  const { chair, password, tracks, statuses } = await seed(db, raw);
  console.log(`seeded ${PAPERS} papers in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  const { headers } = await signIn(base, chair.email, password);
  const post = async (path, body) => {
    const res = await fetch(`${base}${path}`, { method: 'POST', headers, body: JSON.stringify(body) });
    const json = await res.json();
    if (!res.ok) throw new Error(`${path}: ${res.status} ${JSON.stringify(json)}`);
    return { json, total: res.headers.get('x-total-count') };
  };

  // 0. correctness of every filter and sort
  await checkPages(dbName, post, raw, { tracks, statuses, updatedDay: '2026-03-05' });

  // the timed page: track 3, status Accept, sorted by title, third page
  const query = {
    filters: [
      { name: 'track', value: tracks[2] },
      { name: 'status', value: statuses.accept },
    ],
    sort: { field: 'title', order: 'asc' },
    cp: 3,
    pg: 100,
  };
  // the endpoint's statements, captured once (text and parameters) through Drizzle's logger
  const session = db.session;
  const logger = session.logger;
  const captured = [];
  session.logger = {
    logQuery: (text, params) =>
      void (text.trim() === 'select 1' || captured.push({ text, params: [...params] })),
  };
  const first = (await post('/api/chair/papers', query)).json;
  session.logger = logger;
  check(
    `${dbName}: the endpoint runs 3 statements for a page (user row, count, page)`,
    captured.length === 3 && /"users"/.test(captured[0].text) && Array.isArray(captured[0].params[0]),
    captured.map((s) => s.text.slice(0, 60)).join(' | '),
  );
  check(`${dbName}: the timed page is full`, first.data.length === 100, `${first.data.length} papers`);
  const [userStmt, countStmt, pageStmt] = captured;
  const bare = async () => {
    const results = [];
    for (const s of captured) results.push(await raw(s.text, s.params));
    return results;
  };
  const bareCheck = await bare();
  check(
    `${dbName}: the bare statements answer the endpoint's page`,
    bareCheck[1].rows[0][0] === first.count &&
      bareCheck[2].rows.map((r) => r[0]).join() === first.data.map((p) => p._id).join(),
  );

  // 1. one request at a time
  const agent = new HttpAgent({ keepAlive: true, maxSockets: 1 });
  const queryText = JSON.stringify(query);
  let firstLength;
  const viaHttp = () =>
    new Promise((resolve, reject) => {
      const req = httpRequest(
        `${base}/api/chair/papers`,
        { method: 'POST', agent, headers: { ...headers, 'content-length': Buffer.byteLength(queryText) } },
        (res) => {
          let length = 0;
          res.on('data', (c) => (length += c.length));
          res.on('end', () =>
            res.statusCode === 200 && length === (firstLength ??= length)
              ? resolve(length)
              : reject(
                  new Error(`endpoint answered ${res.statusCode} with ${length} bytes, not ${firstLength}`),
                ),
          );
        },
      );
      req.on('error', reject);
      req.end(queryText);
    });
  const side = (fn) => async () => {
    const n0 = counter.n;
    const m = await measure(async () => {
      for (let i = 0; i < BATCH; i++) await fn();
    }, meter);
    return { ...m, statements: (counter.n - n0) / BATCH };
  };
  for (let i = 0; i < 5; i++) {
    await viaHttp();
    await bare();
  }
  const one = await interleave({ rounds: ROUNDS, a: side(viaHttp), b: side(bare) });
  agent.destroy();
  const perReq = (ms) => ({
    wall: median(ms.map((m) => m.wall)) / BATCH,
    cpu: median(ms.map((m) => m.cpu.total)) / BATCH,
  });
  const oneA = perReq(one.a);
  const oneB = perReq(one.b);
  console.log(
    `\n1. page 3 of 100 filtered papers (title order) of ${PAPERS}, one request at a time (${ROUNDS} ABBA rounds × ${BATCH} requests a side)`,
  );
  console.log(
    `  endpoint (HTTP)      per request: median ${fmtMs(oneA.wall)} wall, ${fmtMs(oneA.cpu)} CPU; statements ${median(one.a.map((m) => m.statements))}; a round: ${fmtMeasure(one.a[0])}`,
  );
  console.log(
    `  bare SQL (same stmts) per request: median ${fmtMs(oneB.wall)} wall, ${fmtMs(oneB.cpu)} CPU; statements ${median(one.b.map((m) => m.statements))}`,
  );
  console.log(`  endpoint / bare: wall ${fmtRatio(one)}, CPU ${(oneA.cpu / oneB.cpu).toFixed(2)}`);
  figure(`paper list one at a time, endpoint/bare SQL wall (${dbName})`, one.median, {
    goal: { op: '<=', value: 1.3 },
    range: [one.min, one.max],
    cpuRatio: oneA.cpu / oneB.cpu,
  });

  // 2. 20 connections: the endpoint against a bare node:http route with the same statements and batching
  const [[chairId]] = [userStmt.params[0]];
  const loadUsers = userBatcher((ids) => raw(userStmt.text, [ids]));
  const bareServer = createServer((req, res) => {
    const chunks = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', async () => {
      try {
        JSON.parse(Buffer.concat(chunks).toString() || '{}');
        const users = await loadUsers(chairId);
        if (!users.rows.some((r) => r[0] === chairId)) throw new Error('no user row');
        const count = await raw(countStmt.text, countStmt.params);
        const page = await raw(pageStmt.text, pageStmt.params);
        const body = JSON.stringify({ count: count.rows[0][0], data: page.rows });
        res.writeHead(200, { 'content-type': 'application/json' }).end(body);
      } catch (e) {
        res.writeHead(500).end(String(e));
      }
    });
  });
  await new Promise((r) => bareServer.listen(0, '127.0.0.1', r));
  const bareUrl = `http://127.0.0.1:${bareServer.address().port}/`;
  const health = `${base}/api/health`;
  const endpointUrl = `${base}/api/chair/papers`;
  const rates = { a: 1000 / oneA.wall, b: 1000 / oneB.wall };
  const loadSide = (key, url) => async () => {
    const amount = Math.max(CONNECTIONS * 2, Math.round(rates[key] * LOAD_SECONDS));
    const n0 = counter.n;
    const m = await measure(() => load(url, headers, query, health, amount), meter);
    const l = m.value;
    rates[key] = l.rps;
    check(
      `${dbName}: ${key === 'a' ? 'endpoint' : 'bare route'} load answered every request with 2xx`,
      !l.non2xx && !l.errors && !l.timeouts && !l.health.bad && l.requests === amount,
      `${l.requests}/${amount} requests, non-2xx ${l.non2xx}, errors ${l.errors}, timeouts ${l.timeouts}, health failures ${l.health.bad}`,
    );
    return { ...m, statements: (counter.n - n0) / l.requests };
  };
  // a warm-up load each
  await loadSide('a', endpointUrl)();
  await loadSide('b', bareUrl)();
  const loads = await interleave({
    rounds: LOAD_ROUNDS,
    a: loadSide('a', endpointUrl),
    b: loadSide('b', bareUrl),
    ratio: (a, b) => a.value.rps / b.value.rps,
  });
  if (opts['cpu-prof'])
    await profiled(kind, () =>
      load(endpointUrl, headers, query, health, Math.round(rates.a * LOAD_SECONDS * 2)),
    );
  await new Promise((r) => bareServer.close(r));
  console.log(
    `\n2. the same page at ${CONNECTIONS} concurrent connections (autocannon in a child process; ${LOAD_ROUNDS} ABBA pairs of loads of ~${LOAD_SECONDS} s, each answered in full)`,
  );
  const summary = {};
  for (const [name, key] of [
    ['endpoint', 'a'],
    ['bare node:http', 'b'],
  ]) {
    const ms = loads[key];
    const requests = ms.reduce((n, m) => n + m.value.requests, 0);
    const lat = ms.flatMap((m) => m.value.lat);
    const hl = ms.flatMap((m) => m.value.health.lat);
    const cpu = {};
    for (const m of ms) for (const [k, v] of Object.entries(m.cpu)) cpu[k] = (cpu[k] ?? 0) + v;
    const stmts = ms.reduce((n, m) => n + m.statements * m.value.requests, 0) / requests;
    summary[key] = { stmts, cpuPerReq: cpu.total / requests, health: hl };
    console.log(
      `  ${name.padEnd(15)} ${median(ms.map((m) => m.value.rps)).toFixed(1)} req/s (median of loads), p50 ${fmtMs(pct(lat, 50))}, p95 ${fmtMs(pct(lat, 95))}, p99 ${fmtMs(pct(lat, 99))}; ` +
        `${requests} requests; ${stmts.toFixed(2)} statements per request; CPU per request ${fmtMs(cpu.total / requests)} ` +
        `(${Object.entries(cpu)
          .filter(([k]) => k !== 'total')
          .map(([k, v]) => `${k} ${fmtMs(v / requests)}`)
          .join(', ')}); load generator CPU ${fmtMs(ms.reduce((n, m) => n + m.value.cpu, 0))}`,
    );
    console.log(
      `  ${''.padEnd(15)} GET /api/health meanwhile: ${hl.length} samples, p50 ${fmtMs(pct(hl, 50))}, p95 ${fmtMs(pct(hl, 95))}, max ${fmtMs(Math.max(...hl))}`,
    );
  }
  console.log(
    `  endpoint / bare rps: ${fmtRatio(loads)}; CPU per request ${(summary.a.cpuPerReq / summary.b.cpuPerReq).toFixed(2)}×`,
  );
  check(
    `${dbName}: the bare route runs the endpoint's statements per request at ${CONNECTIONS} connections`,
    Math.abs(summary.a.stmts - summary.b.stmts) <= 0.1,
    `endpoint ${summary.a.stmts.toFixed(2)}, bare ${summary.b.stmts.toFixed(2)} statements per request`,
  );
  figure(`statements per request at ${CONNECTIONS} connections, endpoint (${dbName})`, summary.a.stmts, {
    note: `bare ${summary.b.stmts.toFixed(2)}`,
  });
  figure(`paper list ${CONNECTIONS} connections, endpoint/bare rps (${dbName})`, loads.median, {
    goal: { op: '>=', value: 0.8 },
    range: [loads.min, loads.max],
    cpuRatio: summary.a.cpuPerReq / summary.b.cpuPerReq,
  });
  figure(
    `GET /api/health p95 during the endpoint's ${CONNECTIONS}-connection loads (${dbName})`,
    pct(summary.a.health, 95),
    {
      unit: 'ms',
      goal: { op: '<=', value: 50 },
    },
  );

  // 3. bulk status change of 1,000 papers
  const ids = Array.from({ length: 1000 }, (_, i) => i * Math.floor(PAPERS / 1000) + 2);
  await raw(`update papers set status_id = $1 where id = any($2::int[])`, [statuses.def, ids]);
  const others = `select md5(string_agg(id || ':' || coalesce(status_id, 0) || ':' || updated_at, ',' order by id)) from papers where not (id = any($1::int[]))`;
  const [[othersBefore]] = (await raw(others, [ids])).rows;
  const toggle = [statuses.accept, statuses.reject];
  let calls = 0;
  const verify = async (who, value, changed) => {
    const [[n]] = (
      await raw(`select count(*)::int from papers where id = any($1::int[]) and status_id = $2`, [ids, value])
    ).rows;
    return check(
      `${dbName}: bulk ${who} set the status of the 1,000 papers (independent SELECT)`,
      n === 1000 && changed,
      `${n} of 1000 have status ${value}`,
    );
  };
  const bulkA = async () => {
    const value = toggle[calls++ % 2];
    const m = await measure(
      () => post('/api/chair/papers/bulk', { ids, op: 'set', field: 'status', value }),
      meter,
    );
    await verify('endpoint', value, m.value.json.nModified === 1000);
    return m;
  };
  const bareUpdate = `update papers set status_id = $1, updated_at = now() where id = any($2::int[]) and (status_id is null or status_id <> $1) returning id`;
  const bulkB = async () => {
    const value = toggle[calls++ % 2];
    const m = await measure(() => raw(bareUpdate, [value, ids]), meter);
    const returned = m.value.rows.map((r) => r[0]).sort((x, y) => x - y);
    await verify('bare UPDATE', value, returned.join() === ids.join());
    return m;
  };
  // warm-up (the 1,000 were set to a third status above, so every call changes all 1,000): one of each
  await bulkA();
  await bulkB();
  const bulk = await interleave({ rounds: BULK_ROUNDS, a: bulkA, b: bulkB });
  // the profile in rounds of their own, after the measured ones
  if (opts['cpu-prof'])
    await profiled(`bulk-${kind}`, async () => {
      for (let i = 0; i < BULK_ROUNDS; i++) await bulkA();
    });
  const [[othersAfter]] = (await raw(others, [ids])).rows;
  check(`${dbName}: the bulk changes touched no other paper`, othersAfter === othersBefore);
  const bA = { wall: median(bulk.a.map((m) => m.wall)), cpu: median(bulk.a.map((m) => m.cpu.total)) };
  const bB = { wall: median(bulk.b.map((m) => m.wall)), cpu: median(bulk.b.map((m) => m.cpu.total)) };
  console.log(`\n3. bulk status change of 1,000 of ${PAPERS} papers, ${BULK_ROUNDS} ABBA pairs`);
  console.log(
    `  endpoint (HTTP)  median ${fmtMs(bA.wall)} wall, ${fmtMs(bA.cpu)} CPU; e.g. ${fmtMeasure(bulk.a.at(-1))}`,
  );
  console.log(
    `  bare UPDATE      median ${fmtMs(bB.wall)} wall, ${fmtMs(bB.cpu)} CPU; e.g. ${fmtMeasure(bulk.b.at(-1))}`,
  );
  console.log(`  endpoint / bare: wall ${fmtRatio(bulk)}, CPU ${(bA.cpu / bB.cpu).toFixed(2)}`);
  figure(`bulk status change of 1,000 papers, endpoint/bare UPDATE wall (${dbName})`, bulk.median, {
    goal: { op: '<=', value: 1.5 },
    range: [bulk.min, bulk.max],
    cpuRatio: bA.cpu / bB.cpu,
  });
  await app.close();
}

async function main() {
  const thread = process.env.PGLITE_THREAD ? `, PGLITE_THREAD=${process.env.PGLITE_THREAD}` : '';
  if (opts['skip-pglite']) console.log('PGlite skipped (--skip-pglite)');
  else await benchOn(`PGlite (in memory${thread})`, { inMemoryDatabase: true });
  if (opts['skip-postgres']) console.log('\nPostgreSQL skipped (--skip-postgres)');
  else
    await withScratchPostgres('bench_papers', (url) =>
      benchOn(`PostgreSQL (${url.host})`, { databaseUrl: url.toString() }),
    );
  if (opts.uploads) {
    const up = await runUploads({ count: 200, sizeMb: 5, rounds: 1 });
    console.log(`\n4. uploads: ${up.summary}`);
  }
  finish();
}

await main();
