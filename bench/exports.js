// Exports benchmark (issues 11 and 23), `npm run bench:exports`.
//
// What it measures: the xlsx export of 20,000 papers (3 authors each; deleted papers, subject areas,
// registrations and text that looks like a formula among them) requested over HTTP, two ways, in interleaved
// rounds (API, bare, bare, API, … : ABBA, --rounds pairs, default 4):
//  API:  POST /api/chair/papers/export/xls of the running API (bench/api-support.js startBenchApi: the real
//        app with its guards, pipes, controller and PaperExportsService), as a signed-in chair, body {};
//  bare: a bare node:http route in the same process, on the same database handle, doing the same work with
//        the least code: the conference's time zone, ONE SQL statement for every cell, and exceljs's streaming
//        WorkbookWriter piped straight into the response — the same workbook (same columns and headers, the
//        header row bold, date-time cells in the conference's zone with the same number format, text that
//        could start a formula kept as text with the '@' format, no shared strings) and the same headers.
// Both are fetched by the same client code and the whole answer is read; the clock runs from the request to
// its last byte. Ratio = bare wall / API wall (throughput API / bare); goal ≥ 0.7 on PGlite (the in-memory
// database the app runs in-process); the same on PostgreSQL (a database of its own at PGURL, default
// 127.0.0.1:5432) is informative. The figure is the median of the pair ratios, with their range.
// CPU beside wall: this process (server and client: PGlite runs in it) and, on PostgreSQL, every PostgreSQL
// server process (bench/lib/measure.js cpuMeter).
//
// Checks (exit 1 on any difference): the answer of each side (first round) is read back with exceljs and
// EVERY cell — header row, 20 columns × every exported paper, the row order and the paper ids — is compared
// with an independent computation from plain SQL written here (papers, tracks, subject areas, statuses, and
// the authors by position, assembled in JavaScript; the wall clock in the zone computed with Intl): Authors
// and Author E-mails in the paper's author order (the spec's Paper.authors is an ordered list), Organizations
// and Countries as sets (the spec does not say their order: they are the distinct values of the authors);
// the number formats of the date-time cells and of the formula-like text cells are checked too.
// Options: --papers N (20000), --rounds N (4 pairs), --skip-postgres.
import 'reflect-metadata';
import ExcelJS from 'exceljs';
import { createServer } from 'node:http';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { formulaLike, wallClockInZone } from '../libs/domain/dist/index.js';
import { createApp } from '../apps/api/dist/app.factory.js';
import { DB } from '../apps/api/dist/database/database.js';
import { hashPassword } from '../apps/api/dist/common/passwords.js';
import { paperAuthorsTable, papersTable } from '../apps/api/dist/modules/papers/papers.table.js';
import {
  statusesTable,
  subjectAreasTable,
  tracksTable,
} from '../apps/api/dist/modules/tracks/tracks.table.js';
import { usersTable } from '../apps/api/dist/modules/users/users.table.js';
import { signIn, startBenchApi, withScratchPostgres } from './api-support.js';
import {
  benchName,
  check,
  cpuMeter,
  figure,
  finish,
  fmtMeasure,
  fmtRatio,
  interleave,
  measure,
  median,
} from './lib/measure.js';

const { values: opts } = parseArgs({
  options: {
    papers: { type: 'string', default: '20000' },
    rounds: { type: 'string', default: '4' },
    'skip-postgres': { type: 'boolean', default: false },
  },
});
const PAPERS = Number(opts.papers);
const ROUNDS = Number(opts.rounds);
const ZONE = 'Europe/Lisbon';
const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const TIME_FORMAT = 'yyyy-mm-dd hh:mm:ss';

// ---------------------------------------------------------------------------------------------------------
// The data

async function seed(db) {
  const password = 'bench-password-1';
  const [chair] = await db
    .insert(usersTable)
    .values({
      firstName: 'Bench',
      lastName: 'Chair',
      email: 'bench.chair@example.org',
      alternateEmail: 'bench.chair.alt@example.org',
      passwordHash: await hashPassword(password),
      isChair: true,
    })
    .returning();
  const authors = await db
    .insert(usersTable)
    .values(
      Array.from({ length: 4000 }, (_, i) => ({
        firstName: i % 211 === 0 ? `=Author${i}` : `Author${i}`,
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
  const areas = await db
    .insert(subjectAreasTable)
    .values(
      tracks.flatMap((t, k) =>
        [0, 1, 2].map((j) => ({ trackId: t.id, name: `Area ${k + 1}.${j + 1}`, position: j })),
      ),
    )
    .returning({ id: subjectAreasTable.id, trackId: subjectAreasTable.trackId });
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
    for (let i = start; i < Math.min(PAPERS, start + BATCH); i++) {
      const track = tracks[i % tracks.length];
      const trackAreas = areas.filter((a) => a.trackId === track.id);
      rows.push({
        title: `${i % 101 === 0 ? '+' : ''}Paper ${i}: ${['Graphs', 'Learning', 'Networks', 'Systems', 'Databases'][i % 5]} at scale ${i % 113}`,
        abstractText: `${abstract}${i}`,
        trackId: track.id,
        primarySubjectAreaId: i % 3 ? trackAreas[i % 3].id : null,
        statusId: i % 7 === 0 ? null : statuses[i % 2].id,
        primaryAuthorId: i % 17 === 0 ? null : authors[i % authors.length].id,
        notes: i % 3 ? '' : `${i % 9 === 0 ? '-' : ''}Note on paper ${i}`,
        registration: i % 4 ? null : { author: null, id: String(10000 + i), amount: 100, extra: '' },
        isDeleted: i % 50 === 49,
        submittedCameraReady: i % 2 === 0,
        isCameraReady: i % 4 === 0,
        submittedPresentationReady: i % 5 === 0,
        isPresentationReady: i % 10 === 0,
        createdAt: new Date(Date.UTC(2026, 0, 1) + i * 3_600_123),
        updatedAt: new Date(Date.UTC(2026, 5, 1) + i * 1_234_567),
      });
    }
    const papers = await db.insert(papersTable).values(rows).returning({ id: papersTable.id });
    await db.insert(paperAuthorsTable).values(
      papers.flatMap((p, k) =>
        // positions given out of id order, so the author order is not the order of the users' ids
        [
          { paperId: p.id, userId: authors[(start + k + 13) % authors.length].id, position: 2 },
          { paperId: p.id, userId: authors[(start + k) % authors.length].id, position: 0 },
          { paperId: p.id, userId: authors[(start + k + 7) % authors.length].id, position: 1 },
        ].slice(0, k % 11 === 0 ? 1 : 3),
      ),
    );
  }
  await db.execute(sql`update conference set time_zone = ${ZONE}`);
  return { chair, password };
}

// ---------------------------------------------------------------------------------------------------------
// The bare route: one statement, exceljs's streaming writer piped into the response.

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
];
const HEADERS = (zone) =>
  COLUMNS.map(([h, key]) => (key === 'createdAt' || key === 'updatedAt' ? `${h} (${zone})` : h));

const yesNo = (b) => (b ? 'Yes' : 'No');
const rowsOf = (res) => res.rows ?? res;

const BARE_QUERY = sql`
  with a as (
    select pa.paper_id,
           string_agg(u.first_name || ' ' || u.last_name, '; ' order by pa.position) as authors,
           string_agg(u.email, '; ' order by pa.position) as emails,
           string_agg(distinct u.organization, '; ') as organizations,
           string_agg(distinct u.country, '; ') as countries
      from paper_authors pa join users u on u.id = pa.user_id
     group by pa.paper_id)
  select p.id, p.title, t.name as track, coalesce(sa.name, '') as area, coalesce(s.text, '') as status,
         a.authors, a.emails, a.organizations, a.countries,
         case when pu.id is not null and exists (select 1 from paper_authors x
                                                  where x.paper_id = p.id and x.user_id = pu.id)
              then pu.first_name || ' ' || pu.last_name || ' <' || pu.email || '>' else '' end as primary,
         p.submitted_camera_ready, p.is_camera_ready, p.submitted_presentation_ready, p.is_presentation_ready,
         coalesce(p.registration->>'id', '') as registration, p.is_deleted, p.notes,
         p.created_at, p.updated_at, p.abstract_text
    from papers p
    join tracks t on t.id = p.track_id
    left join statuses s on s.id = p.status_id
    left join subject_areas sa on sa.id = p.primary_subject_area_id and sa.track_id = p.track_id
    left join users pu on pu.id = p.primary_author_id
    left join a on a.paper_id = p.id
   where not p.is_deleted
   order by p.id`;

/** The bare export, written into `res` as it is produced. */
async function bareExport(db, res) {
  const zone = rowsOf(await db.execute(sql`select time_zone from conference limit 1`))[0]?.time_zone || 'UTC';
  const rows = rowsOf(await db.execute(BARE_QUERY));
  res.writeHead(200, {
    'content-type': XLSX_TYPE,
    'content-disposition': 'attachment; filename="papers.xlsx"',
  });
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: res,
    useStyles: true,
    useSharedStrings: false,
  });
  wb.creator = 'Symposium';
  const sheet = wb.addWorksheet('Papers');
  const headers = HEADERS(zone);
  sheet.columns = COLUMNS.map(([, key, width], i) => ({
    header: headers[i],
    key,
    width,
    ...(key === 'createdAt' || key === 'updatedAt' ? { style: { numFmt: TIME_FORMAT } } : {}),
  }));
  const header = sheet.getRow(1);
  header.font = { bold: true };
  header.commit();
  for (const r of rows) {
    const row = sheet.addRow({
      id: r.id,
      title: r.title,
      track: r.track,
      subjectArea: r.area,
      status: r.status,
      authors: r.authors ?? '',
      emails: r.emails ?? '',
      organizations: r.organizations ?? '',
      countries: r.countries ?? '',
      primaryAuthor: r.primary,
      submittedCameraReady: yesNo(r.submitted_camera_ready),
      isCameraReady: yesNo(r.is_camera_ready),
      submittedPresentationReady: yesNo(r.submitted_presentation_ready),
      isPresentationReady: yesNo(r.is_presentation_ready),
      registration: r.registration,
      deleted: yesNo(r.is_deleted),
      notes: r.notes,
      createdAt: wallClockInZone(r.created_at, zone) ?? '',
      updatedAt: wallClockInZone(r.updated_at, zone) ?? '',
      abstract: r.abstract_text,
    });
    row.eachCell((cell) => {
      if (typeof cell.value === 'string' && formulaLike(cell.value)) cell.numFmt = '@';
    });
    row.commit();
  }
  sheet.commit();
  await wb.commit();
}

function startBareServer(db) {
  const server = createServer((req, res) => {
    const chunks = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      JSON.parse(Buffer.concat(chunks).toString() || '{}');
      bareExport(db, res).catch((e) => {
        console.error(e);
        res.destroy(e);
      });
    });
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({ url: `http://127.0.0.1:${server.address().port}/export`, close: () => server.close() }),
    ),
  );
}

// ---------------------------------------------------------------------------------------------------------
// The independent expectation: plain statements, assembled here.

function wallClock(epochMs, zone) {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    })
      .formatToParts(new Date(epochMs))
      .map((p) => [p.type, p.value]),
  );
  return Date.UTC(+parts.year, +parts.month - 1, +parts.day, +parts.hour, +parts.minute, +parts.second);
}

async function expectedSheet(db) {
  const papers = rowsOf(
    await db.execute(sql`
      select p.id, p.title, p.track_id, p.primary_subject_area_id, p.status_id, p.primary_author_id,
             p.submitted_camera_ready, p.is_camera_ready, p.submitted_presentation_ready, p.is_presentation_ready,
             p.registration->>'id' as registration, p.is_deleted, p.notes, p.abstract_text,
             floor(extract(epoch from p.created_at))::float8 * 1000 as created,
             floor(extract(epoch from p.updated_at))::float8 * 1000 as updated
        from papers p where p.is_deleted = false`),
  ).sort((a, b) => a.id - b.id);
  const tracks = new Map(rowsOf(await db.execute(sql`select id, name from tracks`)).map((t) => [t.id, t]));
  const areas = new Map(
    rowsOf(await db.execute(sql`select id, track_id, name from subject_areas`)).map((a) => [a.id, a]),
  );
  const statuses = new Map(
    rowsOf(await db.execute(sql`select id, text from statuses`)).map((s) => [s.id, s]),
  );
  const users = new Map(
    rowsOf(
      await db.execute(sql`select id, first_name, last_name, email, organization, country from users`),
    ).map((u) => [u.id, u]),
  );
  const links = rowsOf(await db.execute(sql`select paper_id, user_id, position from paper_authors`));
  const authorsOf = new Map();
  for (const l of links) {
    if (!authorsOf.has(l.paper_id)) authorsOf.set(l.paper_id, []);
    authorsOf.get(l.paper_id).push(l);
  }
  const zone = rowsOf(await db.execute(sql`select time_zone from conference`))[0].time_zone;
  const rows = papers.map((p) => {
    const authors = (authorsOf.get(p.id) ?? [])
      .sort((a, b) => a.position - b.position)
      .map((l) => users.get(l.user_id));
    const area = areas.get(p.primary_subject_area_id);
    const primary = authors.find((a) => a.id === p.primary_author_id);
    return {
      id: p.id,
      title: p.title,
      track: tracks.get(p.track_id).name,
      subjectArea: area && area.track_id === p.track_id ? area.name : '',
      status: p.status_id === null ? '' : (statuses.get(p.status_id)?.text ?? ''),
      authors: authors.map((a) => `${a.first_name} ${a.last_name}`),
      emails: authors.map((a) => a.email),
      organizations: new Set(authors.map((a) => a.organization)),
      countries: new Set(authors.map((a) => a.country)),
      primaryAuthor: primary ? `${primary.first_name} ${primary.last_name} <${primary.email}>` : '',
      submittedCameraReady: yesNo(p.submitted_camera_ready),
      isCameraReady: yesNo(p.is_camera_ready),
      submittedPresentationReady: yesNo(p.submitted_presentation_ready),
      isPresentationReady: yesNo(p.is_presentation_ready),
      registration: p.registration ?? '',
      deleted: yesNo(p.is_deleted),
      notes: p.notes,
      createdAt: wallClock(Number(p.created), zone),
      updatedAt: wallClock(Number(p.updated), zone),
      abstract: p.abstract_text,
    };
  });
  return { zone, rows };
}

const LIST_SEP = '; ';
/** Every cell of the workbook against the expectation → a list of differences (empty when equal). */
async function compareWorkbook(buffer, expected) {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(buffer);
  const sheet = wb.getWorksheet('Papers');
  const diffs = [];
  let cells = 0;
  const note = (r, key, got, want) => {
    if (diffs.length < 10) diffs.push(`row ${r} ${key}: ${JSON.stringify(got)} ≠ ${JSON.stringify(want)}`);
    else diffs.push(null);
  };
  if (!sheet) return { diffs: ['no sheet "Papers"'], cells };
  const headers = HEADERS(expected.zone);
  const head = sheet.getRow(1);
  headers.forEach((h, c) => {
    cells++;
    if (head.getCell(c + 1).value !== h) note(1, `header ${c + 1}`, head.getCell(c + 1).value, h);
    if (!head.getCell(c + 1).font?.bold) note(1, `header ${c + 1} bold`, false, true);
  });
  if (sheet.rowCount - 1 !== expected.rows.length)
    diffs.push(`${sheet.rowCount - 1} paper rows, expected ${expected.rows.length}`);
  const text = (v) =>
    v === null || v === undefined
      ? ''
      : typeof v === 'object' && 'richText' in v
        ? v.richText.map((t) => t.text).join('')
        : v;
  const setOf = (v) => new Set(String(text(v)) === '' ? [] : String(text(v)).split(LIST_SEP));
  const sameSet = (a, b) => a.size === b.size && [...a].every((x) => b.has(x));
  expected.rows.forEach((want, i) => {
    const r = i + 2;
    const row = sheet.getRow(r);
    COLUMNS.forEach(([, key], c) => {
      cells++;
      const cell = row.getCell(c + 1);
      const got = text(cell.value);
      const w = want[key];
      if (key === 'organizations' || key === 'countries') {
        if (!sameSet(setOf(got), w)) note(r, key, got, [...w]);
      } else if (key === 'authors' || key === 'emails') {
        if (got !== w.join(LIST_SEP)) note(r, key, got, w.join(LIST_SEP));
      } else if (key === 'createdAt' || key === 'updatedAt') {
        if (!(got instanceof Date) || got.getTime() !== w) note(r, key, got, new Date(w));
        if (cell.numFmt !== TIME_FORMAT) note(r, `${key} format`, cell.numFmt, TIME_FORMAT);
      } else {
        if (got !== w) note(r, key, got, w);
        if (typeof w === 'string' && /^[=+\-@\t\r]/.test(w) && cell.numFmt !== '@')
          note(r, `${key} format`, cell.numFmt, '@');
      }
    });
  });
  return { diffs, cells };
}

// ---------------------------------------------------------------------------------------------------------

async function fetchAll(url, headers) {
  const res = await fetch(url, { method: 'POST', headers, body: '{}' });
  const body = Buffer.from(await res.arrayBuffer());
  if (!res.ok) throw new Error(`${url}: ${res.status} ${body.toString().slice(0, 300)}`);
  if (res.headers.get('content-type') !== XLSX_TYPE)
    throw new Error(`${url}: ${res.headers.get('content-type')}`);
  return body;
}

async function benchOn(label, dbConfig, postgres) {
  console.log(`\n== ${label}`);
  const { app, base, db } = await startBenchApi(createApp, DB, dbConfig);
  const bareServer = await startBareServer(db);
  try {
    const t0 = performance.now();
    const { chair, password } = await seed(db);
    console.log(`seeded ${PAPERS} papers in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    const { headers } = await signIn(base, chair.email, password);
    const apiUrl = `${base}/api/chair/papers/export/xls`;

    // warm-up of both (not measured)
    await fetchAll(apiUrl, headers);
    await fetchAll(bareServer.url, { 'content-type': 'application/json' });

    const meter = cpuMeter({ postgres });
    const files = {};
    const r = await interleave({
      rounds: ROUNDS,
      a: async (i) => {
        const m = await measure(() => fetchAll(apiUrl, headers), meter);
        if (i === 0) files.api = m.value;
        console.log(`  API  ${fmtMeasure(m)}, ${(m.value.length / 1e6).toFixed(1)} MB`);
        return m;
      },
      b: async (i) => {
        const m = await measure(
          () => fetchAll(bareServer.url, { 'content-type': 'application/json' }),
          meter,
        );
        if (i === 0) files.bare = m.value;
        console.log(`  bare ${fmtMeasure(m)}, ${(m.value.length / 1e6).toFixed(1)} MB`);
        return m;
      },
      ratio: (a, b) => b.wall / a.wall,
    });

    const expected = await expectedSheet(db);
    for (const side of ['api', 'bare']) {
      const { diffs, cells } = await compareWorkbook(files[side], expected);
      check(
        `${label}: every cell of the ${side === 'api' ? 'API' : 'bare'} export equals the independent query`,
        diffs.length === 0,
        `${cells} cells of ${expected.rows.length} papers, ${diffs.length} differ${diffs.length ? ': ' + diffs.filter(Boolean).join('; ') : ''}`,
      );
    }

    const mw = (xs) => median(xs.map((x) => x.wall));
    const mc = (xs) => median(xs.map((x) => x.cpu.total));
    console.log(
      `\nxlsx export of ${expected.rows.length} papers, ${ROUNDS} interleaved pairs: API median ${(mw(r.a) / 1000).toFixed(2)} s wall, ` +
        `${(mc(r.a) / 1000).toFixed(2)} s CPU; bare ${(mw(r.b) / 1000).toFixed(2)} s wall, ${(mc(r.b) / 1000).toFixed(2)} s CPU; ` +
        `bare/API (median of pair ratios) ${fmtRatio(r)}`,
    );
    const cpuR = r.a.map((a, i) => r.b[i].cpu.total / a.cpu.total);
    const key = postgres ? 'PostgreSQL' : 'PGlite';
    figure(`xlsx export API/bare throughput, ${key}`, r.median, {
      goal: postgres ? undefined : { op: '>=', value: 0.7 },
      range: [r.min, r.max],
      wall: { api: mw(r.a), bare: mw(r.b) },
      cpu: { api: mc(r.a), bare: mc(r.b) },
    });
    figure(`xlsx export CPU bare/API, ${key}`, median(cpuR), {
      range: [Math.min(...cpuR), Math.max(...cpuR)],
    });
  } finally {
    bareServer.close();
    await app.close();
  }
}

async function main() {
  benchName('exports');
  await benchOn('PGlite (in-process, in memory)', { inMemoryDatabase: true }, false);
  if (opts['skip-postgres']) console.log('\nPostgreSQL skipped (--skip-postgres)');
  else
    await withScratchPostgres('bench_exports', (url) =>
      benchOn(`PostgreSQL (${url.host})`, { databaseUrl: url.toString() }, true),
    );
  finish();
}

await main();
