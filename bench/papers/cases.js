// The paper list's filters and sorts, each with a HAND-WRITTEN SQL query of what the chair's list must answer
// (bench/papers/run.js checks the endpoint's page against it: ids, order, total count). Written here from the
// contract (libs/domain paper-query.ts, the chair console's filters), not taken from the endpoint's code: a
// filter or sort the product gets wrong shows as a difference.
//
// Each case: { name, body (the POST /api/chair/papers body), where (SQL over papers p, tracks t, statuses s,
// users pa = the primary author), params, order (SQL) }. The bench runs
//   select p.id from papers p join tracks t … where <where> order by <order> limit … offset …
//   select count(*) from papers p … where <where>
// and compares.

/** `ctx`: { tracks: [ids], statuses: {def, accept, reject, awr}, updatedDay: 'YYYY-MM-DD' }. */
export function listCases(ctx) {
  const { tracks, statuses } = ctx;
  const notDeleted = 'not p.is_deleted';
  const byAuthor = (param) =>
    `exists (select 1 from paper_authors pa2 join users u2 on u2.id = pa2.user_id where pa2.paper_id = p.id and ` +
    `(u2.email ilike ${param} or u2.first_name ilike ${param} or u2.last_name ilike ${param} or (u2.first_name || ' ' || u2.last_name) ilike ${param}))`;
  return [
    {
      name: 'no filter, default order (id), page 1',
      body: {},
      where: notDeleted,
      params: [],
      order: 'p.id asc',
      page: [1, 100],
    },
    {
      name: 'track + status, title asc, page 3 (the timed query)',
      body: {
        filters: [
          { name: 'track', value: tracks[2] },
          { name: 'status', value: statuses.accept },
        ],
        sort: { field: 'title', order: 'asc' },
      },
      where: `${notDeleted} and p.track_id = $1 and p.status_id = $2`,
      params: [tracks[2], statuses.accept],
      order: 'lower(p.title) asc nulls last, p.id asc',
      page: [3, 100],
    },
    {
      name: 'two tracks, track name desc',
      body: {
        filters: [{ name: 'track', value: [tracks[0], tracks[5]] }],
        sort: { field: 'track', order: 'desc' },
      },
      where: `${notDeleted} and p.track_id in ($1, $2)`,
      params: [tracks[0], tracks[5]],
      order: 'lower(t.name) desc nulls first, p.id desc',
      page: [2, 50],
    },
    {
      name: 'status list, status text asc (null statuses last)',
      body: {
        filters: [{ name: 'status', value: [statuses.reject, statuses.def] }],
        sort: { field: 'status' },
      },
      where: `${notDeleted} and p.status_id in ($1, $2)`,
      params: [statuses.reject, statuses.def],
      order: 'lower(s.text) asc nulls last, p.id asc',
      page: [4, 100],
    },
    {
      name: 'every paper, status desc (nulls first)',
      body: { sort: { field: 'status', order: 'desc' } },
      where: notDeleted,
      params: [],
      order: 'lower(s.text) desc nulls first, p.id desc',
      page: [1, 200],
    },
    {
      name: 'decision accepted, updatedAt desc',
      body: {
        filters: [{ name: 'paperStatus', value: 'accepted' }],
        sort: { field: 'updatedAt', order: 'desc' },
      },
      where: `${notDeleted} and s.is_accepted`,
      params: [],
      order: 'p.updated_at desc nulls first, p.id desc',
      page: [2, 100],
    },
    {
      name: 'decision notAccepted, createdAt asc',
      body: { filters: [{ name: 'paperStatus', value: 'notAccepted' }], sort: { field: 'createdAt' } },
      where: `${notDeleted} and s.id is not null and not s.is_accepted and not s.is_default`,
      params: [],
      order: 'p.created_at asc nulls last, p.id asc',
      page: [1, 100],
    },
    {
      name: 'decision undecided (no status or the default one), title desc',
      body: {
        filters: [{ name: 'paperStatus', value: 'undecided' }],
        sort: { field: 'title', order: 'desc' },
      },
      where: `${notDeleted} and (p.status_id is null or (s.is_default and not s.is_accepted))`,
      params: [],
      order: 'lower(p.title) desc nulls first, p.id desc',
      page: [5, 100],
    },
    {
      name: 'deleted papers, id desc',
      body: { filters: [{ name: 'isDeleted', value: true }], sort: { field: '_id', order: 'desc' } },
      where: 'p.is_deleted',
      params: [],
      order: 'p.id desc',
      page: [1, 100],
    },
    {
      name: 'deleted = false given explicitly, primary author asc (no author last)',
      body: { filters: [{ name: 'isDeleted', value: false }], sort: { field: 'primaryAuthor' } },
      where: notDeleted,
      params: [],
      order: 'lower(pa.last_name) asc nulls last, lower(pa.first_name) asc nulls last, p.id asc',
      page: [30, 100],
    },
    {
      name: 'primary author desc (no author first)',
      body: { sort: { field: 'primaryAuthor', order: 'desc' } },
      where: notDeleted,
      params: [],
      order: 'lower(pa.last_name) desc nulls first, lower(pa.first_name) desc nulls first, p.id desc',
      page: [1, 100],
    },
    {
      name: 'in a session',
      body: { filters: [{ name: 'hasSession', value: true }] },
      where: `${notDeleted} and p.id in (select paper_id from programme_session_papers)`,
      params: [],
      order: 'p.id asc',
      page: [2, 100],
    },
    {
      name: 'not in a session, track asc',
      body: { filters: [{ name: 'hasSession', value: false }], sort: { field: 'track', order: 'asc' } },
      where: `${notDeleted} and p.id not in (select paper_id from programme_session_papers)`,
      params: [],
      order: 'lower(t.name) asc nulls last, p.id asc',
      page: [7, 100],
    },
    {
      name: 'camera-ready submitted, not yet accepted as camera-ready',
      body: {
        filters: [
          { name: 'submittedCameraReady', value: true },
          { name: 'isCameraReady', value: 'false' },
        ],
      },
      where: `${notDeleted} and p.submitted_camera_ready and not p.is_camera_ready`,
      params: [],
      order: 'p.id asc',
      page: [3, 100],
    },
    {
      name: 'presentation submitted and ready',
      body: {
        filters: [
          { name: 'submittedPresentationReady', value: true },
          { name: 'isPresentationReady', value: true },
        ],
        sort: { field: 'title' },
      },
      where: `${notDeleted} and p.submitted_presentation_ready and p.is_presentation_ready`,
      params: [],
      order: 'lower(p.title) asc nulls last, p.id asc',
      page: [1, 100],
    },
    {
      name: 'registered',
      body: { filters: [{ name: 'isRegistered', value: true }] },
      where: `${notDeleted} and p.registration is not null and btrim(p.registration->>'id') <> ''`,
      params: [],
      order: 'p.id asc',
      page: [2, 100],
    },
    {
      name: 'not registered (a blank number is none)',
      body: { filters: [{ name: 'isRegistered', value: false }] },
      where: `${notDeleted} and (p.registration is null or p.registration->>'id' is null or btrim(p.registration->>'id') = '')`,
      params: [],
      order: 'p.id asc',
      page: [1, 100],
    },
    {
      name: 'last modified on one day (date only: the whole day)',
      body: { filters: [{ name: 'updatedAt', value: { from: ctx.updatedDay, to: ctx.updatedDay } }] },
      where: `${notDeleted} and p.updated_at >= $1::timestamptz and p.updated_at < $1::timestamptz + interval '1 day'`,
      params: [`${ctx.updatedDay}T00:00:00Z`],
      order: 'p.id asc',
      page: [1, 100],
    },
    {
      name: 'last modified up to a time (inclusive), updatedAt asc',
      body: {
        filters: [{ name: 'updatedAt', value: { to: `${ctx.updatedDay}T05:00:00.000Z` } }],
        sort: { field: 'updatedAt' },
      },
      where: `${notDeleted} and p.updated_at <= $1::timestamptz`,
      params: [`${ctx.updatedDay}T05:00:00.000Z`],
      order: 'p.updated_at asc nulls last, p.id asc',
      page: [1, 100],
    },
    {
      name: 'search a title word (any case)',
      body: { search: 'LEARNING at scale 7', sort: { field: 'title' } },
      where: `${notDeleted} and (p.title ilike $1 or ${byAuthor('$1')})`,
      params: ['%LEARNING at scale 7%'],
      order: 'lower(p.title) asc nulls last, p.id asc',
      page: [1, 100],
    },
    {
      name: "search an author's last name",
      body: { search: 'surname42', filters: [{ name: 'track', value: tracks[1] }] },
      where: `${notDeleted} and p.track_id = $2 and (p.title ilike $1 or ${byAuthor('$1')})`,
      params: ['%surname42%', tracks[1]],
      order: 'p.id asc',
      page: [1, 100],
    },
    {
      name: "search an author's full name",
      body: { search: 'Author17 Surname', sort: { field: 'createdAt', order: 'desc' } },
      where: `${notDeleted} and (p.title ilike $1 or ${byAuthor('$1')})`,
      params: ['%Author17 Surname%'],
      order: 'p.created_at desc nulls first, p.id desc',
      page: [1, 100],
    },
    {
      name: "search an author's e-mail",
      body: { search: 'author1234@bench' },
      where: `${notDeleted} and (p.title ilike $1 or ${byAuthor('$1')})`,
      params: ['%author1234@bench%'],
      order: 'p.id asc',
      page: [1, 100],
    },
    {
      name: 'search a paper id (#n)',
      body: { search: '#4321' },
      where: `${notDeleted} and (p.title ilike $1 or ${byAuthor('$1')} or p.id = $2)`,
      params: ['%#4321%', 4321],
      order: 'p.id asc',
      page: [1, 100],
    },
    {
      name: 'search digits: the id or titles holding them',
      body: { search: '777', sort: { field: 'title', order: 'desc' } },
      where: `${notDeleted} and (p.title ilike $1 or ${byAuthor('$1')} or p.id = $2)`,
      params: ['%777%', 777],
      order: 'lower(p.title) desc nulls first, p.id desc',
      page: [1, 100],
    },
    {
      name: 'a page past the end',
      body: { filters: [{ name: 'track', value: tracks[3] }] },
      where: `${notDeleted} and p.track_id = $1`,
      params: [tracks[3]],
      order: 'p.id asc',
      page: [1000, 100],
    },
  ];
}

/** The hand-written statements of a case: the page's ids in order, and the count. */
export function handSql(c) {
  const from =
    'from papers p join tracks t on t.id = p.track_id left join statuses s on s.id = p.status_id ' +
    'left join users pa on pa.id = p.primary_author_id';
  const n = c.params.length;
  const [cp, pg] = c.page;
  return {
    page: {
      text: `select p.id ${from} where ${c.where} order by ${c.order} limit $${n + 1} offset $${n + 2}`,
      values: [...c.params, pg, (cp - 1) * pg],
    },
    count: { text: `select count(*)::int ${from} where ${c.where}`, values: c.params },
  };
}

/**
 * What the list shows of each paper, read by hand from the tables: title, track name, status text, primary
 * author, deleted flag, the authors' ids in order.
 */
export const PAPER_FIELDS_SQL = `
select p.id, p.title, t.name as track_name, s.text as status_text, p.primary_author_id, p.is_deleted,
       coalesce((select array_agg(pa.user_id order by pa.position) from paper_authors pa where pa.paper_id = p.id), '{}') as authors
from papers p join tracks t on t.id = p.track_id left join statuses s on s.id = p.status_id
where p.id = any($1::int[])`;
