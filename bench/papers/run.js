// Papers benchmark (issue 3 figures), `npm run bench:papers`:
//  1. a page of 100 filtered papers out of 20,000 over HTTP (POST /api/chair/papers) against the bare SQL
//     the query needs (count, page, authors, files), measured in the same process on the same database;
//  2. a bulk status change of 1,000 papers (POST /api/chair/papers/bulk) against the bare UPDATE;
//  3. 200 concurrent 5 MB uploads: errors, lost or corrupted files, peak memory of the server process.
// Prints medians and ratios; no thresholds (the machines are shared). Options: --papers N --uploads N.
import { sql } from 'drizzle-orm';
import { parseArgs } from 'node:util';
import { createApp } from '../../apps/api/dist/app.factory.js';
import { DB } from '../../apps/api/dist/database/database.js';
import { hashPassword } from '../../apps/api/dist/common/passwords.js';
import { usersTable } from '../../apps/api/dist/modules/users/users.table.js';
import { statusesTable, tracksTable } from '../../apps/api/dist/modules/tracks/tracks.table.js';
import { paperAuthorsTable, papersTable } from '../../apps/api/dist/modules/papers/papers.table.js';
import { runUploads } from './uploads.js';

const { values: opts } = parseArgs({
  options: {
    papers: { type: 'string', default: '20000' },
    uploads: { type: 'string', default: '200' },
    rounds: { type: 'string', default: '30' },
  },
});
const PAPERS = Number(opts.papers);
const ROUNDS = Number(opts.rounds);

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
};
async function time(rounds, fn) {
  for (let i = 0; i < 3; i++) await fn(i); // warm-up
  const ms = [];
  for (let i = 0; i < rounds; i++) {
    const t0 = performance.now();
    await fn(i);
    ms.push(performance.now() - t0);
  }
  return median(ms);
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
        title: `Paper ${i}: ${['Graphs', 'Learning', 'Networks', 'Systems', 'Databases'][i % 5]} at scale ${i % 113}`,
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

async function main() {
  const app = await createApp(
    {
      port: 0,
      dataDir: '/nonexistent',
      inMemoryDatabase: true,
      jwtSecret: 'bench-secret-bench-secret-bench-secret-0123',
      publicUrl: 'http://localhost',
      demoData: false,
      serveApps: false,
      runJobs: false,
    },
    { logger: ['error'] },
  );
  await app.listen(0, '127.0.0.1');
  const base = `http://127.0.0.1:${app.getHttpServer().address().port}`;
  const db = app.get(DB);
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
  const track = tracks[2].id;
  const status = statuses[0].id;
  const query = {
    filters: [
      { name: 'track', value: track },
      { name: 'status', value: status },
    ],
    sort: { field: 'title', order: 'asc' },
    cp: 3,
    pg: 100,
  };
  const first = await post('/api/chair/papers', query);
  if (first.data.length !== 100) throw new Error(`expected a full page, got ${first.data.length}`);
  const httpList = await time(ROUNDS, () => post('/api/chair/papers', query));
  const bareList = await time(ROUNDS, async () => {
    await db.execute(
      sql`select count(*) from papers where track_id = ${track} and status_id = ${status} and not is_deleted`,
    );
    const page = await db.execute(
      sql`select * from papers where track_id = ${track} and status_id = ${status} and not is_deleted
          order by title asc, id asc limit 100 offset 200`,
    );
    const ids = (page.rows ?? page).map((r) => r.id);
    const idList = sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    );
    await db.execute(
      sql`select pa.paper_id, pa.position, u.id, u.first_name, u.last_name, u.email, u.organization, u.country
          from paper_authors pa join users u on u.id = pa.user_id where pa.paper_id in (${idList})
          order by pa.paper_id, pa.position`,
    );
    await db.execute(sql`select * from paper_files where paper_id in (${idList})`);
  });

  // 2. bulk status change of 1,000 papers, alternating between two statuses so every round changes rows
  const ids = Array.from({ length: 1000 }, (_, i) => i * Math.floor(PAPERS / 1000) + 1);
  let modified = 0;
  const httpBulk = await time(Math.max(10, ROUNDS / 3), async (i) => {
    const r = await post('/api/chair/papers/bulk', {
      ids,
      op: 'set',
      field: 'status',
      value: statuses[i % 2].id,
    });
    modified = r.nModified;
  });
  const idList = sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );
  const bareBulk = await time(Math.max(10, ROUNDS / 3), (i) =>
    db.execute(
      sql`update papers set status_id = ${statuses[i % 2].id}, updated_at = now() where id in (${idList})`,
    ),
  );
  await app.close();

  console.log('\nPapers benchmark (medians; ratio = HTTP endpoint / bare SQL in the same process)');
  console.log(
    `  list: page 3 of 100 filtered papers out of ${PAPERS}: HTTP ${httpList.toFixed(1)} ms, bare SQL ${bareList.toFixed(1)} ms, ratio ${(httpList / bareList).toFixed(2)}`,
  );
  console.log(
    `  bulk status change of 1,000 papers (nModified ${modified}): HTTP ${httpBulk.toFixed(1)} ms, bare SQL ${bareBulk.toFixed(1)} ms, ratio ${(httpBulk / bareBulk).toFixed(2)}`,
  );

  // 3. uploads, the server in its own process
  const up = await runUploads({ count: Number(opts.uploads), sizeMb: 5 });
  console.log(
    `  ${up.uploads} concurrent ${up.sizeMb} MB uploads: ${up.errors} errors, ${up.lostOrCorrupted} lost or corrupted files, ` +
      `${up.seconds.toFixed(1)} s (${up.throughputMBs.toFixed(0)} MB/s), server RSS idle ${up.idleRssMb.toFixed(0)} MB, peak ${up.peakRssMb.toFixed(0)} MB`,
  );
  if (up.errorSample.length) console.log(`  error sample: ${up.errorSample.join(' | ')}`);
  if (up.errors || up.lostOrCorrupted || modified !== 1000) process.exitCode = 1;
}

await main();
