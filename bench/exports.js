// Exports benchmark (issue 11 figure), `npm run bench:exports`:
//  the xlsx export of 20,000 papers through the API's export path (PaperExportsService.xlsx, the service of
//  POST /api/chair/papers/export/xls, on a seeded in-memory PGlite database with the migrations applied)
//  against a bare exceljs streaming writer (exceljs.stream.xlsx.WorkbookWriter) writing the same columns of
//  the same papers, read with one SQL statement, in the same run; ratio = bare wall / API wall (≥ 0.7 is the
//  target). Wall and CPU (process.cpuUsage) of each, and the peak memory over the baseline (rss and
//  heapUsed sampled every 10 ms, after a gc). Best of --rounds (default 2), alternating the two.
// Then the same on PostgreSQL (a throwaway database on PGURL, default 127.0.0.1:5432) when it answers.
// Options: --papers N (20000), --rounds N (2), --skip-postgres.
import 'reflect-metadata';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { PassThrough } from 'node:stream';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { createApp } from '../apps/api/dist/app.factory.js';
import { DB } from '../apps/api/dist/database/database.js';
import { PaperExportsService } from '../apps/api/dist/modules/papers/paper-exports.service.js';
import { paperAuthorsTable, papersTable } from '../apps/api/dist/modules/papers/papers.table.js';
import { statusesTable, tracksTable } from '../apps/api/dist/modules/tracks/tracks.table.js';
import { usersTable } from '../apps/api/dist/modules/users/users.table.js';

const { values: opts } = parseArgs({
  options: {
    papers: { type: 'string', default: '20000' },
    rounds: { type: 'string', default: '2' },
    'skip-postgres': { type: 'boolean', default: false },
  },
});
const PAPERS = Number(opts.papers);
const ROUNDS = Number(opts.rounds);
const fmt = (ms) => (ms >= 1000 ? `${(ms / 1000).toFixed(2)} s` : `${ms.toFixed(0)} ms`);
const mb = (bytes) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

async function seed(db) {
  const authors = await db
    .insert(usersTable)
    .values(
      Array.from({ length: 4000 }, (_, i) => ({
        firstName: `Author${i}`,
        lastName: `Surname${i % 97}`,
        email: `author${i}@bench.example.org`,
        alternateEmail: `author${i}@alt.example.org`,
        organization: `University ${i % 50}`,
        country: ['Portugal', 'Spain', 'Chile', 'Japan', 'Kenya'][i % 5],
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
    ])
    .returning({ id: statusesTable.id });
  const BATCH = 1000;
  const abstract = 'An abstract of a paper, long enough for the rules of the conference system. '.repeat(8);
  for (let start = 0; start < PAPERS; start += BATCH) {
    const rows = [];
    for (let i = start; i < Math.min(PAPERS, start + BATCH); i++)
      rows.push({
        title: `Paper ${i}: ${['Graphs', 'Learning', 'Networks', 'Systems', 'Databases'][i % 5]} at scale ${i % 113}`,
        abstractText: `${abstract}${i}`,
        trackId: tracks[i % tracks.length].id,
        statusId: statuses[i % 2].id,
        primaryAuthorId: authors[i % authors.length].id,
        notes: i % 3 ? '' : `Note on paper ${i}`,
        registration: i % 4 ? null : { author: null, id: String(10000 + i), amount: 100, extra: '' },
      });
    const papers = await db.insert(papersTable).values(rows).returning({ id: papersTable.id });
    await db.insert(paperAuthorsTable).values(
      papers.flatMap((p, k) => [
        { paperId: p.id, userId: authors[(start + k) % authors.length].id, position: 0 },
        { paperId: p.id, userId: authors[(start + k + 7) % authors.length].id, position: 1 },
        { paperId: p.id, userId: authors[(start + k + 13) % authors.length].id, position: 2 },
      ]),
    );
  }
}

/** Wall, CPU and the peak rss/heap over the baseline while fn runs. */
async function measure(fn) {
  globalThis.gc?.();
  const base = process.memoryUsage();
  let rss = base.rss;
  let heap = base.heapUsed;
  const sample = () => {
    const m = process.memoryUsage();
    rss = Math.max(rss, m.rss);
    heap = Math.max(heap, m.heapUsed);
  };
  const timer = setInterval(sample, 10);
  const c0 = process.cpuUsage();
  const t0 = performance.now();
  try {
    const value = await fn();
    sample();
    const c = process.cpuUsage(c0);
    return {
      wall: performance.now() - t0,
      cpu: (c.user + c.system) / 1000,
      rss: rss - base.rss,
      heap: heap - base.heapUsed,
      value,
    };
  } finally {
    clearInterval(timer);
  }
}

const COLUMNS = [
  ['Paper ID', 'id', 10],
  ['Title', 'title', 50],
  ['Track', 'track', 25],
  ['Subject Area', 'subjectArea', 25],
  ['Status', 'status', 20],
  ['Authors', 'authors', 40],
  ['Author E-mails', 'emails', 40],
  ['Organizations', 'organizations', 30],
  ['Countries', 'countries', 20],
  ['Primary Author', 'primaryAuthor', 30],
  ['Submitted Camera Ready', 'submittedCameraReady', 12],
  ['Camera Ready OK', 'isCameraReady', 12],
  ['Submitted Presentation Ready', 'submittedPresentationReady', 12],
  ['Presentation Ready OK', 'isPresentationReady', 12],
  ['Registration ID', 'registration', 15],
  ['Deleted', 'deleted', 8],
  ['Notes', 'notes', 30],
  ['Created', 'createdAt', 22],
  ['Last Modified', 'updatedAt', 22],
  ['Abstract', 'abstract', 80],
].map(([header, key, width]) => ({ header, key, width }));

const yesNo = (b) => (b ? 'Yes' : 'No');

/** The bare writer: one statement for the rows, exceljs's streaming writer into memory. */
async function bare(db) {
  const q0 = performance.now();
  const res = await db.execute(sql`
    with a as (
      select pa.paper_id,
             string_agg(u.first_name || ' ' || u.last_name, '; ' order by pa.position) as authors,
             string_agg(u.email, '; ' order by pa.position) as emails,
             string_agg(distinct u.organization, '; ') as organizations,
             string_agg(distinct u.country, '; ') as countries
        from paper_authors pa join users u on u.id = pa.user_id
       group by pa.paper_id)
    select p.id, p.title, t.name as track, coalesce(sa.name, '') as "subjectArea", coalesce(s.text, '') as status,
           a.authors, a.emails, a.organizations, a.countries,
           coalesce(pu.first_name || ' ' || pu.last_name || ' <' || pu.email || '>', '') as "primaryAuthor",
           p.submitted_camera_ready, p.is_camera_ready, p.submitted_presentation_ready, p.is_presentation_ready,
           coalesce(p.registration->>'id', '') as registration, p.is_deleted, p.notes,
           p.created_at, p.updated_at, p.abstract_text
      from papers p
      join tracks t on t.id = p.track_id
      left join statuses s on s.id = p.status_id
      left join subject_areas sa on sa.id = p.primary_subject_area_id
      left join users pu on pu.id = p.primary_author_id
      left join a on a.paper_id = p.id
     where not p.is_deleted
     order by p.id`);
  const rows = res.rows ?? res;
  if (process.env.BENCH_DEBUG) console.log(`bare query ${fmt(performance.now() - q0)}`);
  const chunks = [];
  const out = new PassThrough();
  out.on('data', (c) => chunks.push(c));
  const done = new Promise((resolve, reject) => {
    out.on('end', resolve);
    out.on('error', reject);
  });
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    useStyles: true,
    useSharedStrings: false,
  });
  const sheet = wb.addWorksheet('Papers');
  sheet.columns = COLUMNS;
  for (const r of rows)
    sheet
      .addRow({
        id: r.id,
        title: r.title,
        track: r.track,
        subjectArea: r.subjectArea,
        status: r.status,
        authors: r.authors ?? '',
        emails: r.emails ?? '',
        organizations: r.organizations ?? '',
        countries: r.countries ?? '',
        primaryAuthor: r.primaryAuthor,
        submittedCameraReady: yesNo(r.submitted_camera_ready),
        isCameraReady: yesNo(r.is_camera_ready),
        submittedPresentationReady: yesNo(r.submitted_presentation_ready),
        isPresentationReady: yesNo(r.is_presentation_ready),
        registration: r.registration,
        deleted: yesNo(r.is_deleted),
        notes: r.notes,
        createdAt: new Date(r.created_at).toISOString(),
        updatedAt: new Date(r.updated_at).toISOString(),
        abstract: r.abstract_text,
      })
      .commit();
  sheet.commit();
  await wb.commit();
  await done;
  return { rows: rows.length, buffer: Buffer.concat(chunks) };
}

/** One database: seed it, check both writers make the same sheet, measure them alternately. */
async function benchOn(label, database) {
  console.log(`\n== ${label}`);
  const app = await createApp(
    {
      port: 0,
      dataDir: '/nonexistent',
      ...database,
      jwtSecret: 'bench-secret-bench-secret-bench-secret-0123',
      publicUrl: 'http://localhost',
      demoData: false,
      serveApps: false,
      runJobs: false,
    },
    { logger: ['error'] },
  );
  const db = app.get(DB);
  const t0 = performance.now();
  await seed(db);
  console.log(
    `seeded ${PAPERS} papers (3 authors each) in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
  );
  const exportsService = app.get(PaperExportsService);
  const api = () => exportsService.xlsx(null, {});
  if (process.env.BENCH_DEBUG) {
    // time spent in the parts the export calls (reading, DTOs), printed per run
    for (const [obj, name] of [
      [exportsService.chairPapers, 'select'],
      [exportsService.papers, 'authorUsersOf'],
      [exportsService.papers, 'track'],
    ]) {
      const f = obj[name].bind(obj);
      obj[name] = async (...args) => {
        const t = performance.now();
        try {
          return await f(...args);
        } finally {
          (globalThis.parts ??= {})[name] = ((globalThis.parts ?? {})[name] ?? 0) + performance.now() - t;
        }
      };
    }
  }

  // check both produce the same sheet size, once (not measured)
  const check = new ExcelJS.Workbook();
  await check.xlsx.load(await api());
  const apiRows = check.getWorksheet('Papers').rowCount - 1;
  const bareCheck = await bare(db);
  if (apiRows !== PAPERS || bareCheck.rows !== PAPERS)
    throw new Error(`row counts differ: api ${apiRows}, bare ${bareCheck.rows}, seeded ${PAPERS}`);

  const runs = { api: [], bare: [] };
  for (let r = 0; r < ROUNDS; r++) {
    globalThis.parts = {};
    runs.api.push(await measure(api));
    if (process.env.BENCH_DEBUG) console.log('api parts (ms)', globalThis.parts);
    runs.bare.push(await measure(() => bare(db)));
  }
  const best = (xs) => xs.reduce((a, b) => (b.wall < a.wall ? b : a));
  const a = best(runs.api);
  const b = best(runs.bare);
  const peak = (k, xs) => Math.max(...xs.map((x) => x[k]));
  const size = (v) => (Buffer.isBuffer(v) ? v.length : v.buffer.length);
  console.log(
    `\nxlsx export of ${PAPERS} papers (best of ${ROUNDS}; memory: peak over baseline, worst round)`,
  );
  console.log(
    `API export path (PaperExportsService.xlsx): wall ${fmt(a.wall)}, CPU ${fmt(a.cpu)}, rss +${mb(peak('rss', runs.api))}, heap +${mb(peak('heap', runs.api))}, ${mb(size(a.value))} file`,
  );
  console.log(
    `bare exceljs WorkbookWriter (one SELECT): wall ${fmt(b.wall)}, CPU ${fmt(b.cpu)}, rss +${mb(peak('rss', runs.bare))}, heap +${mb(peak('heap', runs.bare))}, ${mb(size(b.value))} file`,
  );
  console.log(`ratio bare wall / API wall: ${(b.wall / a.wall).toFixed(2)} (target ≥ 0.7)`);
  await app.close();
}

async function main() {
  await benchOn('PGlite (in-process, in memory)', { inMemoryDatabase: true });
  if (opts['skip-postgres']) return console.log('\nPostgreSQL skipped (--skip-postgres)');
  const base = process.env.PGURL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const admin = new pg.Client({ connectionString: base });
  try {
    await admin.connect();
  } catch (e) {
    return console.log(`\nPostgreSQL not reachable at ${base} (${e.message}): PGlite only`);
  }
  const name = `bench_exports_${process.pid}`;
  try {
    await admin.query(`create database ${name}`);
    const url = new URL(base);
    url.pathname = `/${name}`;
    await benchOn(`PostgreSQL (${url.host})`, { databaseUrl: url.toString() });
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`).catch(() => {});
    await admin.end();
  }
}

await main();
