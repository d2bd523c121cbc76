/**
 * The list's count and page statements are built once per shape of query (the kinds of its filters, its
 * search, its sort) and cached; each request binds its own values. For every filter, sort and scope, page by
 * page, the list answers the papers the exports select for the same query (PaperSearchRead.list, a
 * statement built each time), in the same order and with their count; queries of one shape but different
 * values, one after the other, each get their own papers.
 */
import { sql } from 'drizzle-orm';
import { parsePaperQuery } from '../../apps/api/src/modules/papers/paper-filters.js';
import { PaperSearchRead, type TrackScope } from '../../apps/api/src/reads/paper-search.read.js';
import type { PaperRow } from '../../apps/api/src/modules/papers/papers.table.js';
import { setupChair, type ChairEnv } from './papers-chair.helpers.js';

describe('paper list: statements cached per shape', () => {
  let env: ChairEnv;
  let papers: PaperRow[];

  beforeAll(async () => {
    env = await setupChair();
    const { alice, bob, status, trackA, trackB } = env;
    const statuses = [status.awaiting, status.accept, status.revision, status.reject, null];
    const titles = ['graph colouring', 'Quantum search', 'genome assembly', 'Protein folding', 'zebra sort'];
    papers = [];
    for (let i = 0; i < 14; i++)
      papers.push(
        await env.paper(
          {
            // repeated titles: the order falls back to the id
            title: `${titles[i % titles.length]} ${i % 4}`,
            trackId: i % 3 ? trackA : trackB,
            statusId: statuses[i % statuses.length],
            isDeleted: i % 7 === 6,
            submittedCameraReady: i % 2 === 0,
            isCameraReady: i % 4 === 0,
            submittedPresentationReady: i % 3 === 0,
            isPresentationReady: i % 5 === 0,
            registration: i % 4 === 1 ? { author: alice.id, id: `${1000 + i}`, amount: 10, extra: '' } : null,
            updatedAt: new Date(Date.UTC(2024, i % 12, 1 + i, 12)),
          },
          i % 5 === 4 ? [] : i % 2 ? [bob.id, alice.id] : [alice.id],
        ),
      );
    // a primary author whose name sorts differently from the ids
    await env.t.db.execute(sql`update users set last_name = 'Aardvark' where id = ${bob.id}`);
  });
  afterAll(async () => {
    await env.close();
  });

  const repo = () => env.t.app.get(PaperSearchRead);

  /** Every page of the list for this body, pg papers at a time: the ids in order, and each page's count. */
  async function listed(prefix: 'chair' | 'cochair', body: Record<string, unknown>, pg: number) {
    const who = prefix === 'chair' ? env.chair : env.cochair;
    const ids: number[] = [];
    const counts = new Set<number>();
    for (let cp = 1; ; cp++) {
      const res = await env.t.call('post', `/api/${prefix}/papers`, who.auth).send({ ...body, cp, pg });
      expect(res.status).toBe(200);
      counts.add(res.body.count as number);
      const page = (res.body.data as { _id: number }[]).map((p) => p._id);
      ids.push(...page);
      if (page.length < pg) break;
    }
    return { ids, counts: [...counts] };
  }

  async function expectSameAsExports(prefix: 'chair' | 'cochair', body: Record<string, unknown>) {
    const scope: TrackScope = prefix === 'chair' ? null : [env.trackA];
    const q = parsePaperQuery(body);
    const expected = (await repo().list(scope, { query: q }, q.sort)).map((p) => p.id);
    const { ids, counts } = await listed(prefix, body, 4);
    expect({ body, prefix, ids, counts }).toEqual({ body, prefix, ids: expected, counts: [expected.length] });
  }

  const day = (i: number) => new Date(Date.UTC(2024, i % 12, 1 + i, 12)).toISOString().slice(0, 10);
  const FILTERS: Record<string, unknown>[] = [
    {},
    { filters: [{ name: 'track', value: 0 }] }, // replaced by track A below
    { filters: [{ name: 'status', value: 0 }] }, // replaced by the accept status below
    { filters: [{ name: 'paperStatus', value: 'accepted' }] },
    { filters: [{ name: 'paperStatus', value: 'notAccepted' }] },
    { filters: [{ name: 'paperStatus', value: 'undecided' }] },
    { filters: [{ name: 'isRegistered', value: true }] },
    { filters: [{ name: 'isRegistered', value: false }] },
    { filters: [{ name: 'hasSession', value: true }] },
    { filters: [{ name: 'hasSession', value: false }] },
    { filters: [{ name: 'isDeleted', value: true }] },
    { filters: [{ name: 'isDeleted', value: false }] },
    { filters: [{ name: 'submittedCameraReady', value: true }] },
    { filters: [{ name: 'submittedCameraReady', value: false }] },
    { filters: [{ name: 'isCameraReady', value: 'true' }] },
    { filters: [{ name: 'submittedPresentationReady', value: true }] },
    { filters: [{ name: 'isPresentationReady', value: false }] },
    { filters: [{ name: 'updatedAt', value: { from: day(3) } }] },
    { filters: [{ name: 'updatedAt', value: { to: day(8) } }] },
    { filters: [{ name: 'updatedAt', value: { from: day(2), to: `${day(9)}T00:00:00Z` } }] },
    { search: 'graph' },
    { search: 'zephyr' },
    { search: '%' },
  ];

  it('every filter answers what the exports select, for the chair and the track chair, page by page', async () => {
    const bodies = FILTERS.map((b) => JSON.parse(JSON.stringify(b)) as Record<string, unknown>);
    (bodies[1]!.filters as { value: unknown }[])[0]!.value = env.trackA;
    (bodies[2]!.filters as { value: unknown }[])[0]!.value = env.status.accept;
    for (const body of bodies)
      for (const prefix of ['chair', 'cochair'] as const) await expectSameAsExports(prefix, body);
  });

  it('every sort, both ways, alone and with filters and search', async () => {
    for (const field of ['_id', 'title', 'track', 'status', 'updatedAt', 'createdAt', 'primaryAuthor'])
      for (const order of ['asc', 'desc']) {
        await expectSameAsExports('chair', { sort: { field, order } });
        await expectSameAsExports('cochair', {
          sort: { field, order },
          filters: [{ name: 'isDeleted', value: false }],
          search: 'o',
        });
      }
  });

  it('one shape with other values answers other papers (a cached statement binds each request’s values)', async () => {
    const shapes: Record<string, unknown>[][] = [
      [env.trackA, env.trackB, [env.trackA, env.trackB]].map((value) => ({
        filters: [{ name: 'track', value }],
      })),
      [env.status.accept, env.status.reject, [env.status.revision, env.status.awaiting]].map((value) => ({
        filters: [{ name: 'status', value }],
        sort: { field: 'title', order: 'desc' },
      })),
      [true, false].map((value) => ({ filters: [{ name: 'isCameraReady', value }] })),
      ['graph', 'protein', 'Aardvark'].map((search) => ({ search })),
      [papers[2]!.id, papers[9]!.id].map((id) => ({ search: `#${id}` })),
      [
        { from: day(1), to: day(5) },
        { from: day(6), to: day(12) },
      ].map((value) => ({ filters: [{ name: 'updatedAt', value }] })),
    ];
    for (const bodies of shapes) {
      const answers = new Set<string>();
      for (const body of bodies) {
        await expectSameAsExports('chair', body);
        answers.add((await listed('chair', body, 100)).ids.join());
      }
      // the values mattered: not every body of the shape answered the same papers
      expect(answers.size).toBeGreaterThan(1);
    }
  });
});
