// Papers benchmark (issue 12 figures), `npm run bench:papers`, on PGlite and then on PostgreSQL (a throwaway
// database on PGURL, default 127.0.0.1:5432; --skip-postgres leaves it out):
//  1. a page of 100 filtered papers out of 20,000 (POST /api/chair/papers) against the bare SQL: the very
//     statements the endpoint issues (captured once through Drizzle's logger: text and parameters, the
//     session's user row, the count, the page with its sort, joins and each paper's JSON), replayed with the
//     raw driver one after the other. One request at a time (node:http on a kept-alive connection, each
//     answer read in full, its status and length checked): median and p95, ratio (target endpoint ≤ 1.3×
//     bare), and the server's own part of each request (its 'request' event to the answer's 'finish').
//  2. the same at 20 concurrent connections (autocannon, in a child process) against the endpoint and against
//     a bare node:http route in the same process on the same database (the same pool) running the same SQL
//     and serialising its rows as JSON: p50/p95/p99 and requests per second of both (target endpoint ≥ 0.8×
//     bare rps), in interleaved rounds so both see the same load of a shared machine; meanwhile another
//     child samples GET /api/health every ~20 ms and its p95 is printed (target ≤ 50 ms), with this process's
//     event loop delay (how much of the health check's wait is the server's own).
//  3. a bulk status change of 1,000 papers (POST /api/chair/papers/bulk) against the bare UPDATE.
//  4. uploads (bench/papers/uploads.js), once, unless --skip-uploads.
// Wall and CPU time (process.cpuUsage of this process, which serves both the endpoint and the bare route; the
// load generator's own CPU beside it). No thresholds; exits non-zero when a correctness check fails: the
// endpoint's page differs from the bare SQL's rows, a non-2xx answer, a lost bulk change.
// API_DIST=<dir> runs another build of the API (default apps/api/dist).
// Options: --papers N (20000) --rounds N (100) --connections N (20) --seconds N (10 per side)
//          --load-rounds N (4 interleaved rounds of the 20-connection loads, ~SECONDS/N each) --uploads N (200)
//          --skip-postgres --skip-uploads --skip-pglite
//          --cpu-prof DIR: a V8 CPU profile of this process (endpoint and database driver; PGlite's worker
//          thread is not in it) during one more endpoint load at 20 connections, after the measured ones,
//          DIR/papers-<database>.cpuprofile (open in Chrome DevTools, or summarise with
//          `node bench/papers/profile-summary.js FILE`).
import { sql } from 'drizzle-orm';
import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import { Agent as HttpAgent, createServer, request as httpRequest } from 'node:http';
import { Session } from 'node:inspector/promises';
import { parseArgs } from 'node:util';
import { pathToFileURL } from 'node:url';
import { HEALTH_SAMPLER, child, cpuMs, ms, pct, startBenchApi, withScratchPostgres } from '../api-support.js';
import { runUploads } from './uploads.js';

// the built API (API_DIST: another build of it, e.g. one made from a clean copy of a commit)
const DIST = process.env.API_DIST
  ? pathToFileURL(`${process.env.API_DIST.replace(/\/$/, '')}/`).href
  : new URL('../../apps/api/dist/', import.meta.url).href;
const api = (path) => import(new URL(path, DIST).href);
const { createApp } = await api('app.factory.js');
const { DB } = await api('database/database.js');
const { hashPassword } = await api('common/passwords.js');
const { usersTable } = await api('modules/users/users.table.js');
const { statusesTable, tracksTable } = await api('modules/tracks/tracks.table.js');
const { paperAuthorsTable, papersTable } = await api('modules/papers/papers.table.js');

const { values: opts } = parseArgs({
  options: {
    papers: { type: 'string', default: '20000' },
    uploads: { type: 'string', default: '200' },
    rounds: { type: 'string', default: '100' },
    connections: { type: 'string', default: '20' },
    seconds: { type: 'string', default: '10' },
    'load-rounds': { type: 'string', default: '4' },
    'skip-postgres': { type: 'boolean', default: false },
    'skip-uploads': { type: 'boolean', default: false },
    'skip-pglite': { type: 'boolean', default: false },
    'cpu-prof': { type: 'string' },
  },
});
const PAPERS = Number(opts.papers);
const ROUNDS = Number(opts.rounds);
const CONNECTIONS = Number(opts.connections);
const SECONDS = Number(opts.seconds);
const LOAD_ROUNDS = Number(opts['load-rounds']);

let failed = false;
const fail = (msg) => {
  failed = true;
  console.log(`  CHECK FAILED: ${msg}`);
};

/**
 * Runs each of fns `rounds` times after a warm-up, interleaved (a, b, a, b…) so that both see the same load
 * of a shared machine: per fn the latencies, and the summed wall and CPU time of its calls.
 */
async function time(rounds, ...fns) {
  for (let i = 0; i < 3; i++) for (const fn of fns) await fn(i);
  const out = fns.map(() => ({ lat: [], wall: 0, cpu: 0 }));
  for (let i = 0; i < rounds; i++)
    for (const [k, fn] of fns.entries()) {
      const c0 = process.cpuUsage();
      const t0 = performance.now();
      await fn(i);
      const t = performance.now() - t0;
      out[k].lat.push(t);
      out[k].wall += t;
      out[k].cpu += cpuMs(process.cpuUsage(c0));
    }
  return out;
}

async function seed(db) {
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
  const tracks = await db
    .insert(tracksTable)
    .values(Array.from({ length: 8 }, (_, i) => ({ name: `Track ${i + 1}`, position: i })))
    .returning({ id: tracksTable.id });
  const statuses = await db
    .insert(statusesTable)
    .values([
      { text: 'Accept', position: 2, isAccepted: true },
      { text: 'Reject', position: 3 },
      { text: 'Accept with Revision', position: 4, isAccepted: true },
    ])
    .returning({ id: statusesTable.id });
  const BATCH = 1000;
  for (let start = 0; start < PAPERS; start += BATCH) {
    const rows = [];
    for (let i = start; i < Math.min(PAPERS, start + BATCH); i++)
      rows.push({
        title: `${i % 3 ? 'paper' : 'Paper'} ${i}: ${['Graphs', 'Learning', 'Networks', 'Systems', 'Databases'][i % 5]} at scale ${i % 113}`,
        abstractText: `Abstract of paper ${i}, long enough for the rules of the conference system to accept it.`,
        trackId: tracks[i % tracks.length].id,
        statusId: statuses[i % 2].id,
        primaryAuthorId: authors[i % authors.length].id,
      });
    const papers = await db.insert(papersTable).values(rows).returning({ id: papersTable.id });
    await db.insert(paperAuthorsTable).values(
      papers.flatMap((p, k) => [
        { paperId: p.id, userId: authors[(start + k) % authors.length].id, position: 0 },
        { paperId: p.id, userId: authors[(start + k + 7) % authors.length].id, position: 1 },
      ]),
    );
  }
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

// autocannon with every response's latency recorded (its own histogram has no p95): AMOUNT requests at
// CONNECTIONS at once, every one answered before it ends (a load stopped at a deadline would leave up to
// CONNECTIONS requests running in the server, a backlog for whatever is measured next); a request times out
// only after 300 s
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

/**
 * One load of `amount` requests: autocannon on url, the health sampler beside it until it ends, this
 * process's CPU and event loop delay (how late it runs a 10 ms timer) meanwhile.
 */
async function load(url, headers, body, healthUrl, amount) {
  const c0 = process.cpuUsage();
  const w0 = performance.now();
  const loop = [];
  let last = performance.now();
  const timer = setInterval(() => {
    const now = performance.now();
    loop.push(Math.max(0, now - last - 10));
    last = now;
  }, 10);
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
  clearInterval(timer);
  return { ...lr, health: hr, loop, wall: performance.now() - w0, serverCpu: cpuMs(process.cpuUsage(c0)) };
}

/**
 * The loads of several targets, interleaved in LOAD_ROUNDS rounds (a, b, then b, a, …) so that every target
 * sees the same share of a shared machine's changing load, each round sized to take about
 * SECONDS / LOAD_ROUNDS at the target's rate so far (the first from `rps`, an estimate); per target the rounds
 * summed: latencies, requests, seconds, errors, health samples, server CPU, event loop delays.
 */
async function loads(targets, healthUrl, rps) {
  const out = targets.map(() => ({
    lat: [],
    requests: 0,
    seconds: 0,
    non2xx: 0,
    errors: 0,
    timeouts: 0,
    cpu: 0,
    wall: 0,
    serverCpu: 0,
    health: { lat: [], bad: 0 },
    loop: [],
  }));
  for (let round = 0; round < LOAD_ROUNDS; round++)
    for (let j = 0; j < targets.length; j++) {
      const k = round % 2 ? targets.length - 1 - j : j;
      const [t, o] = [targets[k], out[k]];
      const rate = o.seconds ? o.requests / o.seconds : rps;
      const amount = Math.max(CONNECTIONS, Math.round((rate * SECONDS) / LOAD_ROUNDS));
      const r = await load(t.url, t.headers, t.body, healthUrl, amount);
      for (const x of r.lat) o.lat.push(x);
      for (const x of r.loop) o.loop.push(x);
      for (const key of ['requests', 'seconds', 'non2xx', 'errors', 'timeouts', 'cpu', 'wall', 'serverCpu'])
        o[key] += r[key];
      for (const x of r.health.lat) o.health.lat.push(x);
      o.health.bad += r.health.bad;
    }
  return out.map((o) => ({
    ...o,
    rps: o.requests / o.seconds,
    loopDelay: { p50: pct(o.loop, 50), p99: pct(o.loop, 99), max: Math.max(...o.loop) },
  }));
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
    console.log(`  CPU profile of the endpoint's load: ${file}`);
  }
}

async function benchOn(label, dbConfig) {
  console.log(`\n== ${label}`);
  const { app, base, db } = await startBenchApi(createApp, DB, dbConfig);
  const kind = dbConfig.databaseUrl ? 'postgres' : 'pglite';
  const raw = rawQuery(db, kind);
  // the pool the endpoint and the bare route share (the application's default size, DATABASE_POOL_SIZE)
  if (kind === 'postgres') console.log(`pool of ${db.$client.options.max} connections`);
  const t0 = performance.now();
  const { chair, password, tracks, statuses } = await seed(db);
  console.log(`seeded ${PAPERS} papers in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  const login = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: chair.email, password }),
  });
  const { accessToken } = await login.json();
  const headers = { authorization: `Bearer ${accessToken}`, 'content-type': 'application/json' };
  const post = async (path, body) => {
    const res = await fetch(`${base}${path}`, { method: 'POST', headers, body: JSON.stringify(body) });
    const json = await res.json();
    if (!res.ok) throw new Error(`${path}: ${res.status} ${JSON.stringify(json)}`);
    return json;
  };

  // 1. a filtered page: track 3, status Accept, sorted by title, third page
  const query = {
    filters: [
      { name: 'track', value: tracks[2].id },
      { name: 'status', value: statuses[0].id },
    ],
    sort: { field: 'title', order: 'asc' },
    cp: 3,
    pg: 100,
  };
  // the endpoint's statements, captured once (text and parameters) through Drizzle's logger
  const session = db.session;
  const logger = session.logger;
  const captured = [];
  // (not the health check's background probe, `select 1` every second on the same handle)
  session.logger = {
    logQuery: (text, params) =>
      void (text.trim() === 'select 1' || captured.push({ text, params: [...params] })),
  };
  const first = await post('/api/chair/papers', query);
  session.logger = logger;
  console.log(`the endpoint runs ${captured.length} SQL statements for one page`);
  if (first.data.length !== 100) fail(`expected a full page, got ${first.data.length}`);

  const bare = async () => {
    const results = [];
    for (const s of captured) results.push(await raw(s.text, s.params));
    return results;
  };
  // correctness: the endpoint's page is the bare SQL's page, in the same order, with the same count
  const results = await bare();
  const countRow = results.find(
    (r) => r.rows.length === 1 && r.rows[0].length === 1 && typeof r.rows[0][0] === 'number',
  );
  const pageRows = results.find((r) => r.rows.length === first.data.length && r.rows.length > 1);
  if (!countRow || countRow.rows[0][0] !== first.count)
    fail(`count ${first.count} ≠ bare ${countRow?.rows[0][0]}`);
  if (!pageRows || pageRows.rows.map((r) => r[0]).join() !== first.data.map((p) => p._id).join())
    fail('the endpoint page differs from the bare SQL rows');
  else {
    // each paper as the endpoint answers it is the JSON its row holds (column 2), with the actions added
    const differs = first.data.findIndex((paper, i) => {
      const { actions, consent, ...rest } = paper;
      const row = pageRows.rows[i];
      try {
        assert.deepStrictEqual(rest, JSON.parse(row[1]));
        assert.deepStrictEqual(consent, row[2] === null ? undefined : JSON.parse(row[2]));
        return typeof actions !== 'object' || actions === null;
      } catch {
        return true;
      }
    });
    if (differs >= 0)
      fail(`paper ${first.data[differs]._id} of the endpoint page differs from its bare SQL row`);
  }

  // The timed client: node:http on one kept-alive connection, reading each answer in full and checking its
  // status and length against the first (checked paper by paper above). Not fetch + JSON.parse: undici's
  // streams and the parse of 135 kB are the client's cost (the bare side gets its rows' JSON as text, unparsed),
  // ~1.5 ms a request here, which made the ratio 1.37–1.45 for the same server.
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
  // the server's own part of each timed request: from its 'request' event to the answer's 'finish'
  const serverSide = [];
  const onRequest = (req, res) => {
    if (req.url !== '/api/chair/papers') return;
    const t0 = performance.now();
    res.on('finish', () => serverSide.push(performance.now() - t0));
  };
  app.getHttpServer().prependListener('request', onRequest);
  const [http, sqlOnly] = await time(ROUNDS, viaHttp, bare);
  app.getHttpServer().off('request', onRequest);
  agent.destroy();
  const serverMedian = pct(serverSide.slice(-ROUNDS), 50);
  const row = (name, t) =>
    `  ${name.padEnd(22)} median ${ms(pct(t.lat, 50))}, p95 ${ms(pct(t.lat, 95))}; ${t.lat.length} rounds (interleaved): wall ${ms(t.wall)}, CPU ${ms(t.cpu)}`;
  console.log(`\n1. page 3 of 100 filtered papers (title order) of ${PAPERS}, one request at a time`);
  console.log(row('endpoint (HTTP)', http));
  console.log(row('bare SQL (same stmts)', sqlOnly));
  console.log(
    `  ratio endpoint / bare SQL: median ${(pct(http.lat, 50) / pct(sqlOnly.lat, 50)).toFixed(2)}, p95 ${(pct(http.lat, 95) / pct(sqlOnly.lat, 95)).toFixed(2)}, CPU ${(http.cpu / sqlOnly.cpu).toFixed(2)} (target ≤ 1.3)`,
  );
  console.log(
    `  the server's part (request event to answer sent): median ${ms(serverMedian)}, ${(serverMedian / pct(sqlOnly.lat, 50)).toFixed(2)}× the bare SQL`,
  );

  // 2. 20 connections: the endpoint, then a bare node:http route running the same statements
  const bareServer = createServer((req, res) => {
    const chunks = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', async () => {
      try {
        JSON.parse(Buffer.concat(chunks).toString() || '{}');
        const r = await bare();
        const body = JSON.stringify({ count: countRow.rows[0][0], data: r.map((x) => x.rows) });
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
  const [loadEndpoint, loadBare] = await loads(
    [
      { url: endpointUrl, headers, body: query },
      { url: bareUrl, headers, body: query },
    ],
    health,
    // a first guess of the rate: the bare statements one at a time
    1000 / pct(sqlOnly.lat, 50),
  );
  // the profile in a load of its own, after the measured ones (the profiler slows what it watches)
  if (opts['cpu-prof'])
    await profiled(kind, () =>
      load(
        endpointUrl,
        headers,
        query,
        health,
        Math.max(CONNECTIONS, Math.round(loadEndpoint.rps * SECONDS)),
      ),
    );
  await new Promise((r) => bareServer.close(r));
  console.log(
    `\n2. the same page at ${CONNECTIONS} concurrent connections for ~${SECONDS} s each (autocannon in a child process; ${LOAD_ROUNDS} interleaved rounds, each answered in full)`,
  );
  for (const [name, l] of [
    ['endpoint', loadEndpoint],
    ['bare node:http', loadBare],
  ]) {
    console.log(
      `  ${name.padEnd(15)} ${l.rps.toFixed(1)} req/s, p50 ${ms(pct(l.lat, 50))}, p95 ${ms(pct(l.lat, 95))}, p99 ${ms(pct(l.lat, 99))}; ` +
        `${l.requests} requests, non-2xx ${l.non2xx}, errors ${l.errors}; wall ${ms(l.wall)}, server CPU ${ms(l.serverCpu)}, load generator CPU ${ms(l.cpu)}`,
    );
    console.log(
      `  ${''.padEnd(15)} GET /api/health meanwhile: ${l.health.lat.length} samples, p50 ${ms(pct(l.health.lat, 50))}, p95 ${ms(pct(l.health.lat, 95))}, max ${ms(Math.max(...l.health.lat))} (target p95 ≤ 50 ms); ` +
        `server event loop delay p50 ${ms(l.loopDelay.p50)}, p99 ${ms(l.loopDelay.p99)}, max ${ms(l.loopDelay.max)}`,
    );
    if (l.non2xx || l.errors || l.health.bad)
      fail(`${name}: non-2xx ${l.non2xx}, errors ${l.errors}, health failures ${l.health.bad}`);
  }
  const endpointBytes = (
    await (
      await fetch(`${base}/api/chair/papers`, { method: 'POST', headers, body: JSON.stringify(query) })
    ).arrayBuffer()
  ).byteLength;
  const bareBytes = Buffer.byteLength(
    JSON.stringify({ count: countRow.rows[0][0], data: (await bare()).map((x) => x.rows) }),
  );
  console.log(
    `  ratio endpoint / bare rps ${(loadEndpoint.rps / loadBare.rps).toFixed(2)} (target ≥ 0.8); server CPU per request: endpoint ${ms(loadEndpoint.serverCpu / loadEndpoint.requests)}, bare ${ms(loadBare.serverCpu / loadBare.requests)}; answer ${endpointBytes} bytes, bare ${bareBytes} bytes`,
  );

  // 3. bulk status change of 1,000 papers, alternating between two statuses so every round changes rows
  const ids = Array.from({ length: 1000 }, (_, i) => i * Math.floor(PAPERS / 1000) + 1);
  let modified = 0;
  const bulkRounds = Math.max(10, Math.floor(ROUNDS / 3));
  const idList = sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );
  // interleaved: round i sets status i % 2 through the endpoint, then the same through the bare UPDATE, so
  // the endpoint's next round changes all 1,000 again
  const [httpBulk, bareBulk] = await time(
    bulkRounds,
    async (i) => {
      const r = await post('/api/chair/papers/bulk', {
        ids,
        op: 'set',
        field: 'status',
        value: statuses[i % 2].id,
      });
      modified = r.nModified;
    },
    (i) =>
      db.execute(
        sql`update papers set status_id = ${statuses[i % 2].id}, updated_at = now() where id in (${idList})`,
      ),
  );
  console.log(`\n3. bulk status change of 1,000 papers (nModified ${modified}), ${bulkRounds} rounds`);
  console.log(row('endpoint (HTTP)', httpBulk));
  console.log(row('bare UPDATE', bareBulk));
  console.log(
    `  ratio endpoint / bare: median ${(pct(httpBulk.lat, 50) / pct(bareBulk.lat, 50)).toFixed(2)}`,
  );
  if (modified !== 1000) fail(`bulk modified ${modified} papers, not 1000`);
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

  if (opts['skip-uploads']) console.log('\nuploads skipped (--skip-uploads)');
  else {
    const up = await runUploads({ count: Number(opts.uploads), sizeMb: 5 });
    console.log(
      `\n4. ${up.uploads} concurrent ${up.sizeMb} MB uploads: ${up.errors} errors, ${up.lostOrCorrupted} lost or corrupted files, ` +
        `${up.seconds.toFixed(1)} s (${up.throughputMBs.toFixed(0)} MB/s), server RSS idle ${up.idleRssMb.toFixed(0)} MB, peak ${up.peakRssMb.toFixed(0)} MB`,
    );
    if (up.errorSample.length) console.log(`  error sample: ${up.errorSample.join(' | ')}`);
    if (up.errors || up.lostOrCorrupted) fail('uploads lost or failed');
  }
  if (failed) process.exitCode = 1;
}

await main();
