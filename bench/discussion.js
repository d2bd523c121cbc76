// Discussion benchmark (issue 25), `npm run bench:discussion`.
//
// Two figures, on PGlite (in process) and on PostgreSQL (a database of its own at PGURL, default
// 127.0.0.1:5432; --skip-postgres leaves it out):
//
// 1. Statements per paper view. A paper's discussion (GET /api/{chair|reviewer}/discussion/{id}) and its
//    reviews with their versions (GET …/{id}/reviews) are read through the running API at two sizes: 10
//    comments and 1 version per review, then 200 comments and 10 versions per review (3 reviews). Every SQL
//    statement passes the Drizzle session's logger, which counts them (the health probe's `select 1` aside).
//    The check: each route needs the same number of statements at both sizes (no statement per comment or per
//    version); the counts are printed.
//
// 2. The chairs' discussion list over 3,000 papers (GET /api/chair/discussion, its first page of 100), against
//    a bare reference doing the same work with the least code: a node:http route in the same process, on the
//    same database handle, that reads the caller's row, the candidate papers with their authors (one join, as
//    the API does), the caller's co-authorships, declared conflicts, conflict bids and overrides (one statement
//    each), applies the same conflict rule (detectConflicts of libs/domain, as the API does), then runs the
//    list as one hand-written SQL statement and answers the same JSON. Interleaved rounds (ABBA, --rounds pairs, default 4); the clock
//    runs from the request to the last byte; CPU of this process (server and client; PGlite runs in it) and,
//    on PostgreSQL, of its server processes. Ratio = API wall / bare wall; goal ≤ 1.3.
//    Checks: the API's page equals the bare page (first round), and both equal what was seeded: 3,000 papers
//    with reviews, less the 30 whose author shares the chair's organization (a conflict), comments and
//    unread counts as written, the spread of the finals.
//
// Options: --papers N (3000), --rounds N (4 pairs), --skip-postgres.
import 'reflect-metadata';
import { createServer } from 'node:http';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { detectConflicts } from '../libs/domain/dist/index.js';
import { createApp } from '../apps/api/dist/app.factory.js';
import { DB } from '../apps/api/dist/database/database.js';
import { hashPassword } from '../apps/api/dist/common/passwords.js';
import { signIn, startBenchApi, withScratchPostgres } from './api-support.js';
import {
  benchName,
  check,
  cpuMeter,
  diffRows,
  figure,
  finish,
  fmtMeasure,
  fmtRatio,
  interleave,
  measure,
  medianOf,
} from './lib/measure.js';

const { values: opts } = parseArgs({
  options: {
    papers: { type: 'string', default: '3000' },
    rounds: { type: 'string', default: '4' },
    'skip-postgres': { type: 'boolean', default: false },
  },
});
const PAPERS = Number(opts.papers);
const ROUNDS = Number(opts.rounds);
const CONFLICTED = Math.min(30, Math.floor(PAPERS / 10));
const REVIEWERS = 30;
const PASSWORD = 'bench-pass-discussion-1';

const rowsOf = (r) => r.rows ?? r;
const q = async (db, text) => rowsOf(await db.execute(sql.raw(text)));

/**
 * The conference: three tracks, a chair (organization "Bench Institute"), 30 reviewers, PAPERS papers with
 * three authors each (the first CONFLICTED papers' first author at the chair's organization), three submitted
 * reviews per paper; two of every three papers carry 4 comments, and the chair has read the first 2 of them on
 * every sixth paper. Plus paper "Views" (the statement counts) with 3 reviewers and their reviews.
 */
async function seed(db) {
  const hash = await hashPassword(PASSWORD);
  await q(db, `insert into tracks (name, position) values ('T1', 0), ('T2', 1), ('T3', 2)`);
  const tracks = (await q(db, `select id from tracks order by id`)).map((r) => r.id);
  await q(
    db,
    `insert into users (first_name, last_name, email, organization, is_chair, password_hash)
     values ('Bench', 'Chair', 'bench.chair@chair-institute.example', 'Bench Institute', true, '${hash}')`,
  );
  await q(
    db,
    `insert into users (first_name, last_name, email, organization, is_reviewer, reviewer_tracks, password_hash)
     select 'Rev' || i, 'Iewer', 'reviewer' || i || '@rev' || i || '.example', 'Review Lab ' || i, true,
            array[${tracks.join(',')}], '${hash}'
     from generate_series(1, ${REVIEWERS}) i`,
  );
  await q(
    db,
    `insert into users (first_name, last_name, email, organization)
     select 'Author' || i, 'Writer', 'author' || i || '@org' || (i % 200) || '.example',
            case when i <= ${CONFLICTED * 3} and (i - 1) % 3 = 0 then 'Bench Institute'
                 else 'Organization ' || (i % 200) end
     from generate_series(1, ${PAPERS * 3}) i`,
  );
  const chair = (await q(db, `select id from users where is_chair`))[0].id;
  const reviewers = (await q(db, `select id from users where is_reviewer order by id`)).map((r) => r.id);
  const firstAuthor = (await q(db, `select min(id) as id from users where first_name like 'Author%'`))[0].id;
  await q(
    db,
    `insert into papers (title, abstract_text, track_id, primary_author_id)
     select 'Paper ' || i, 'Abstract of paper ' || i, (array[${tracks.join(',')}])[1 + i % 3], ${firstAuthor} + (i - 1) * 3
     from generate_series(1, ${PAPERS}) i`,
  );
  await q(
    db,
    `insert into paper_authors (paper_id, user_id, position)
     select p.id, p.primary_author_id + k, k from papers p, generate_series(0, 2) k`,
  );
  // three requests per paper, reviewed, with a submitted review each (finals vary: spreads 0 to 3)
  await q(
    db,
    `insert into review_requests (track_id, paper_id, reviewer_id, waiting, reviewed, reply_due_at, due_at)
     select p.track_id, p.id, (array[${reviewers.join(',')}])[1 + (p.id * 7 + k * 11) % ${REVIEWERS}],
            false, true, now() + interval '5 days', now() + interval '14 days'
     from papers p, generate_series(0, 2) k`,
  );
  await q(
    db,
    `insert into reviews (request_id, track_id, paper_id, reviewer_id, quality, contribution, originality, final,
                          comments_author, comments_chair, draft, submitted_at)
     select r.id, r.track_id, r.paper_id, r.reviewer_id, 5, 6, 7, (r.paper_id + r.id) % 4 - 1,
            'To the authors ' || r.id, 'To the chairs ' || r.id, false, now()
     from review_requests r`,
  );
  await q(
    db,
    `insert into discussion_comments (paper_id, track_id, author_id, visibility, text, created_at)
     select p.id, p.track_id, r.reviewer_id, 'reviewers', 'Comment ' || k || ' on paper ' || p.id,
            now() - (p.id * interval '1 minute') + k * interval '1 second'
     from papers p
     join lateral (select reviewer_id from review_requests where paper_id = p.id order by id limit 1) r on true,
     generate_series(1, 4) k
     where p.id % 3 <> 0 order by p.id, k`,
  );
  await q(
    db,
    `insert into discussion_reads (user_id, paper_id, last_read_comment_id)
     select ${chair}, paper_id, (array_agg(id order by id))[2] from discussion_comments
     where paper_id % 6 = 1 group by paper_id`,
  );
  // the paper of the statement counts
  const [views] = await q(
    db,
    `insert into papers (title, abstract_text, track_id, primary_author_id)
     values ('Views', 'The paper read at two sizes', ${tracks[0]}, ${firstAuthor + CONFLICTED * 3 + 3}) returning id`,
  );
  await q(
    db,
    `insert into paper_authors (paper_id, user_id, position) values (${views.id}, ${firstAuthor + CONFLICTED * 3 + 3}, 0)`,
  );
  await q(
    db,
    `insert into review_requests (track_id, paper_id, reviewer_id, waiting, reviewed, reply_due_at, due_at)
     select ${tracks[0]}, ${views.id}, (array[${reviewers.join(',')}])[k], false, true, now(), now()
     from generate_series(1, 3) k`,
  );
  await q(
    db,
    `insert into reviews (request_id, track_id, paper_id, reviewer_id, quality, contribution, originality, final,
                          comments_author, comments_chair, draft, submitted_at)
     select id, track_id, paper_id, reviewer_id, 5, 5, 5, 1, 'A', 'C', false, now()
     from review_requests where paper_id = ${views.id}`,
  );
  return { chair, reviewers, views: views.id, viewsReviewer: reviewers[0] };
}

/** Comments and versions of paper "Views" grown to `comments` comments and `versions` versions per review. */
async function grow(db, paper, reviewer, comments, versions) {
  await q(
    db,
    `insert into discussion_comments (paper_id, track_id, author_id, visibility, text)
     select ${paper}, track_id, ${reviewer}, case when k % 5 = 0 then 'authors' else 'reviewers' end,
            'Views comment ' || k
     from papers, generate_series((select count(*) from discussion_comments where paper_id = ${paper}) + 1, ${comments}) k
     where papers.id = ${paper}`,
  );
  await q(
    db,
    `insert into review_versions (review_id, paper_id, version, quality, contribution, originality, final,
                                  comments_author, comments_chair)
     select r.id, r.paper_id, v, 5 + v % 3, 5, 5, 1, 'A v' || v, 'C v' || v
     from reviews r, generate_series(1, ${versions}) v
     where r.paper_id = ${paper}
     on conflict do nothing`,
  );
}

/** Counts the statements `fn` sends through the app's database handle. */
async function statementsOf(db, fn) {
  const session = db.session;
  const before = session.logger;
  const log = [];
  session.logger = { logQuery: (text) => void (text.trim() === 'select 1' || log.push(text)) };
  try {
    await fn();
  } finally {
    session.logger = before;
  }
  return log.length;
}

async function get(url, headers) {
  const res = await fetch(url, { headers });
  const body = await res.text();
  if (!res.ok) throw new Error(`GET ${url}: ${res.status} ${body.slice(0, 300)}`);
  return body;
}

/** The bare reference of the chairs' list: the same reads and rule with the least code (see the top). */
function bareList(db) {
  return async (userId) => {
    const [user] = await q(
      db,
      `select id, first_name, last_name, email, alternate_email, organization from users where id = ${userId}`,
    );
    // the candidates and their authors in one statement (a paper without authors has one row of nulls)
    const rows0 = await q(
      db,
      `select p.id as paper_id, u.id, u.first_name, u.last_name, u.email, u.alternate_email, u.organization
       from papers p left join paper_authors pa on pa.paper_id = p.id left join users u on u.id = pa.user_id
       where not p.is_deleted
         and (exists (select 1 from discussion_comments c where c.paper_id = p.id)
              or exists (select 1 from reviews r where r.paper_id = p.id and not r.draft))
       order by p.id, pa.position`,
    );
    const papers = [...new Set(rows0.map((r) => r.paper_id))];
    const authors = rows0.filter((r) => r.id !== null);
    const authorIds = [...new Set(authors.map((a) => a.id))];
    const coauthored = authorIds.length
      ? await q(
          db,
          `select a2.user_id as author_id, p.id as paper_id, p.title from paper_authors a1
           join paper_authors a2 on a2.paper_id = a1.paper_id and a2.user_id <> a1.user_id
           join papers p on p.id = a1.paper_id
           where a1.user_id = ${userId} and a2.user_id in (${authorIds.join(',')})`,
        )
      : [];
    const declared = await q(
      db,
      `select user_id, reason from declared_conflicts where reviewer_id = ${userId}`,
    );
    const bids = new Set(
      (await q(db, `select paper_id from bids where reviewer_id = ${userId} and bid = 'conflict'`)).map(
        (r) => r.paper_id,
      ),
    );
    const overridden = new Set(
      (
        await q(
          db,
          `select paper_id from conflict_overrides where reviewer_id = ${userId} and paper_id = any('{${papers.join(',')}}'::int[])`,
        )
      ).map((r) => r.paper_id),
    );
    const person = (u) => ({
      id: u.id,
      firstName: u.first_name,
      lastName: u.last_name,
      email: u.email,
      alternateEmail: u.alternate_email,
      organization: u.organization,
    });
    const byPaper = new Map();
    for (const a of authors) byPaper.set(a.paper_id, [...(byPaper.get(a.paper_id) ?? []), a]);
    const exclude = [];
    for (const id of papers) {
      const list = byPaper.get(id) ?? [];
      if (list.some((a) => a.id === userId)) {
        exclude.push(id);
        continue;
      }
      const flags = detectConflicts({
        reviewer: person(user),
        authors: list.map(person),
        coauthored: coauthored
          .filter((c) => c.paper_id !== id)
          .map((c) => ({ authorId: c.author_id, paperId: c.paper_id, title: c.title })),
        declaredPeople: declared.map((d) => ({ userId: d.user_id, reason: d.reason })),
        declaredPaper: bids.has(id),
      });
      if (flags.length && !overridden.has(id)) exclude.push(id);
    }
    const rows = await q(
      db,
      `select p.id, p.title, p.track_id, t.name as track_name,
              coalesce(s.comments, 0)::int as comments, s.last_at, coalesce(s.unread, 0)::int as unread,
              coalesce(v.reviews, 0)::int as reviews, v.spread, count(*) over ()::int as total
       from papers p
       join tracks t on t.id = p.track_id
       left join (select c.paper_id, count(*)::int as comments, max(c.created_at) as last_at,
                         count(*) filter (where c.author_id <> ${userId} and c.id > coalesce(
                           (select r.last_read_comment_id from discussion_reads r
                            where r.user_id = ${userId} and r.paper_id = c.paper_id), 0))::int as unread
                  from discussion_comments c group by c.paper_id) s on s.paper_id = p.id
       left join (select paper_id, count(*)::int as reviews,
                         case when count(*) filter (where final <> -2) > 1
                              then max(final) filter (where final <> -2) - min(final) filter (where final <> -2) end as spread
                  from reviews where not draft group by paper_id) v on v.paper_id = p.id
       where not p.is_deleted
         and (exists (select 1 from discussion_comments c where c.paper_id = p.id)
              or exists (select 1 from reviews r where r.paper_id = p.id and not r.draft))
         ${exclude.length ? `and p.id <> all('{${exclude.join(',')}}'::int[])` : ''}
       order by s.last_at desc nulls last, p.id desc
       limit 100`,
    );
    return {
      count: rows[0]?.total ?? 0,
      data: rows.map((r) => ({
        paper: r.id,
        title: r.title,
        track: r.track_id,
        trackName: r.track_name,
        comments: r.comments,
        lastCommentAt: r.last_at ? new Date(r.last_at).toISOString() : null,
        unread: r.unread,
        reviews: r.reviews,
        spread: r.spread === null ? null : Number(r.spread),
        disagreement: r.spread !== null && Number(r.spread) >= 2,
      })),
    };
  };
}

/** What was seeded, computed here from the seeding rules (independent of both sides' SQL). */
function expectedPage(seeded) {
  // every seeded paper and "Views" have submitted reviews; the first CONFLICTED are in conflict
  const total = PAPERS + 1 - CONFLICTED;
  return { count: total, conflictedFirst: CONFLICTED, chair: seeded.chair };
}

async function run(kind, dbConfig) {
  console.log(`\n== ${kind}`);
  const { app, base, db } = await startBenchApi(createApp, DB, dbConfig);
  const bare = createServer(async (req, res) => {
    try {
      const body = JSON.stringify(
        await bareList(db)(Number(new URL(req.url, 'http://x').searchParams.get('user'))),
      );
      res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'x-total-count': '0' });
      res.end(body);
    } catch (e) {
      res.writeHead(500);
      res.end(String(e?.stack ?? e));
    }
  });
  await new Promise((r) => bare.listen(0, '127.0.0.1', r));
  const bareBase = `http://127.0.0.1:${bare.address().port}`;
  try {
    const t0 = performance.now();
    const seeded = await seed(db);
    console.log(`seeded ${PAPERS} papers in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    const chair = await signIn(base, 'bench.chair@chair-institute.example', PASSWORD);
    const [rev] = await q(db, `select email from users where id = ${seeded.viewsReviewer}`);
    const reviewer = await signIn(base, rev.email, PASSWORD);

    // 1. statements per view at two sizes
    const counts = {};
    for (const [label, comments, versions] of [
      ['10 comments, 1 version per review', 10, 1],
      ['200 comments, 10 versions per review', 200, 10],
    ]) {
      await grow(db, seeded.views, seeded.viewsReviewer, comments, versions);
      const row = {};
      for (const [who, auth, prefix] of [
        ['chair', chair, 'chair'],
        ['reviewer', reviewer, 'reviewer'],
      ])
        for (const [what, path] of [
          ['discussion', `/api/${prefix}/discussion/${seeded.views}`],
          ['reviews', `/api/${prefix}/discussion/${seeded.views}/reviews`],
        ]) {
          await get(`${base}${path}`, auth.headers); // warm: the first read marks the thread read
          let body = '';
          row[`${who} ${what}`] = await statementsOf(db, async () => {
            body = await get(`${base}${path}`, auth.headers);
          });
          if (what === 'discussion' && who === 'chair')
            check(
              `${kind}: the chair's discussion holds ${comments} comments`,
              JSON.parse(body).comments.length === comments,
              `${JSON.parse(body).comments.length}`,
            );
          if (what === 'reviews' && who === 'chair')
            check(
              `${kind}: each review lists ${versions} version(s)`,
              JSON.parse(body).every((r) => r.versions.length === versions),
              JSON.stringify(JSON.parse(body).map((r) => r.versions.length)),
            );
        }
      counts[label] = row;
      console.log(
        `${label}: ${Object.entries(row)
          .map(([k, v]) => `${k} ${v}`)
          .join(', ')} statements`,
      );
    }
    const [small, large] = Object.values(counts);
    for (const k of Object.keys(small)) {
      check(
        `${kind}: ${k} in as many statements at 200 comments as at 10`,
        small[k] === large[k],
        `${small[k]} vs ${large[k]}`,
      );
      figure(`${kind}: statements of ${k} (200 comments, 10 versions)`, large[k], { unit: 'statements' });
    }

    // 2. the chairs' list over PAPERS papers, API vs bare
    const meter = cpuMeter({ postgres: kind === 'PostgreSQL' });
    const apiUrl = `${base}/api/chair/discussion`;
    const bareUrl = `${bareBase}/?user=${seeded.chair}`;
    const first = {};
    const result = await interleave({
      rounds: ROUNDS,
      a: async (i) => {
        const m = await measure(() => get(apiUrl, chair.headers), meter);
        if (i === 0) first.api = JSON.parse(m.value);
        return m;
      },
      b: async (i) => {
        const m = await measure(() => get(bareUrl, {}), meter);
        if (i === 0) first.bare = JSON.parse(m.value);
        return m;
      },
    });
    const want = expectedPage(seeded);
    check(
      `${kind}: the API's list page equals the bare page`,
      diffRows(first.api.data, first.bare.data) === '' && first.api.count === first.bare.count,
      diffRows(first.api.data, first.bare.data) || `${first.api.count} vs ${first.bare.count}`,
    );
    check(
      `${kind}: ${want.count} papers listed (${PAPERS} and "Views", less the ${CONFLICTED} in conflict)`,
      first.api.count === want.count,
      `${first.api.count}`,
    );
    const listed = new Set(first.api.data.map((r) => r.paper));
    const conflictedIds = (
      await q(
        db,
        `select id from papers where title in (${Array.from({ length: CONFLICTED }, (_, i) => `'Paper ${i + 1}'`).join(',')})`,
      )
    ).map((r) => r.id);
    check(
      `${kind}: no paper in conflict on the page`,
      conflictedIds.every((id) => !listed.has(id)),
      '',
    );
    const wrong = first.api.data.filter((r) => {
      if (r.paper === seeded.views) return false;
      const n = r.comments === 0 ? 0 : 4;
      const unread = n === 0 ? 0 : r.paper % 6 === 1 ? 2 : 4;
      return r.comments !== n || r.unread !== unread || r.reviews !== 3;
    });
    check(
      `${kind}: comments (4), unread (2 where read, else 4) and reviews (3) as seeded`,
      wrong.length === 0,
      JSON.stringify(wrong.slice(0, 3)),
    );
    const api = medianOf(result.a);
    const bareM = medianOf(result.b);
    console.log(
      `API:  ${fmtMeasure(result.a[0])} (median ${api.wall.toFixed(0)} ms wall, ${api.cpu.toFixed(0)} ms CPU)`,
    );
    console.log(
      `bare: ${fmtMeasure(result.b[0])} (median ${bareM.wall.toFixed(0)} ms wall, ${bareM.cpu.toFixed(0)} ms CPU)`,
    );
    console.log(`ratio API / bare (wall): ${fmtRatio(result)}`);
    figure(`${kind}: discussion list over ${PAPERS} papers, API / bare`, result.median, {
      goal: { op: '<=', value: 1.3 },
      range: [result.min, result.max],
      wall: { api: api.wall, bare: bareM.wall },
      cpu: { api: api.cpu, bare: bareM.cpu },
    });
  } finally {
    await new Promise((r) => bare.close(r));
    await app.close();
  }
}

benchName('discussion');
await run('PGlite', { inMemoryDatabase: true });
if (!opts['skip-postgres'])
  await withScratchPostgres('bench_discussion', (url) => run('PostgreSQL', { databaseUrl: url.toString() }));
finish();
