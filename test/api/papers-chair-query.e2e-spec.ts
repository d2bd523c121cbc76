/**
 * POST /api/{chair|cochair}/papers: every filter of the contract, search, sort, pages, the X-Total-Count
 * header, bad input (400 with a message, never a 500) and the track chair's reach.
 */
import { CHAIR_PAPER_MESSAGES } from '@symposium/domain';
import { papersTable, type PaperRow } from '../../apps/api/src/modules/papers/papers.table.js';
import { setupChair, type ChairEnv } from './papers-chair.helpers.js';

describe('chair paper query', () => {
  let env: ChairEnv;
  let p1: PaperRow, p2: PaperRow, p3: PaperRow, p4: PaperRow, p5: PaperRow;

  beforeAll(async () => {
    env = await setupChair();
    const { alice, bob, status, trackA, trackB } = env;
    p1 = await env.paper({
      title: 'Graph colouring heuristics',
      updatedAt: new Date('2024-01-10T10:00:00Z'),
    });
    p2 = await env.paper(
      {
        title: 'Quantum search',
        statusId: status.accept,
        submittedCameraReady: true,
        isCameraReady: true,
        registration: { author: alice.id, id: 'R-1', amount: 100, extra: '' },
        updatedAt: new Date('2024-03-01T23:00:00Z'),
      },
      [bob.id, alice.id],
    );
    p3 = await env.paper(
      {
        title: 'Genome assembly',
        trackId: trackB,
        statusId: status.revision,
        submittedPresentationReady: true,
        isPresentationReady: true,
        updatedAt: new Date('2024-06-15T08:00:00Z'),
      },
      [bob.id],
    );
    p4 = await env.paper({
      title: 'Protein folding',
      trackId: trackB,
      statusId: status.reject,
      isDeleted: true,
    });
    p5 = await env.paper(
      { title: 'Zebra sorting', statusId: null, updatedAt: new Date('2024-02-01T00:00:00Z') },
      [],
    );
    void trackA;
  });
  afterAll(async () => {
    await env.close();
  });

  const query = (body: Record<string, unknown>, who = env.chair, prefix = 'chair') =>
    env.t.call('post', `/api/${prefix}/papers`, who.auth).send(body);
  const ids = async (body: Record<string, unknown>, who = env.chair, prefix = 'chair') => {
    const res = await query(body, who, prefix);
    expect(res.status).toBe(200);
    return (res.body.data as { _id: number }[]).map((p) => p._id);
  };
  const filter = (name: string, value: unknown) => ({ filters: [{ name, value }] });

  it('lists the papers that are not deleted with the total in the body and in X-Total-Count', async () => {
    const res = await query({});
    expect(res.status).toBe(200);
    expect(res.headers['x-total-count']).toBe('4');
    expect(res.body.count).toBe(4);
    expect(res.body.data.map((p: { _id: number }) => p._id)).toEqual([p1.id, p2.id, p3.id, p5.id]);
    const quantum = res.body.data[1];
    expect(quantum).toMatchObject({
      _id: p2.id,
      title: 'Quantum search',
      trackName: 'Algorithms',
      statusText: 'Accept',
      acceptanceLetterEnabled: false,
      authorViewReviewEnabled: false,
      submittedCameraReady: true,
      registration: { id: 'R-1' },
    });
    expect(quantum.authors.map((a: { _id: number }) => a._id)).toEqual([env.bob.id, env.alice.id]);
    expect(res.body.data[3].statusText).toBeNull();
  });

  it('filters by track (one id or a list)', async () => {
    expect(await ids(filter('track', env.trackA))).toEqual([p1.id, p2.id, p5.id]);
    expect(await ids(filter('track', [env.trackB]))).toEqual([p3.id]);
    expect(await ids(filter('track', [env.trackA, env.trackB]))).toEqual([p1.id, p2.id, p3.id, p5.id]);
  });

  it('ignores a filter whose value is null, empty text or an empty list', async () => {
    const all = [p1.id, p2.id, p3.id, p5.id];
    expect(await ids(filter('track', ''))).toEqual(all);
    expect(await ids(filter('track', []))).toEqual(all);
    expect(await ids(filter('status', null))).toEqual(all);
    expect(await ids(filter('isRegistered', ''))).toEqual(all);
    expect(await ids(filter('paperStatus', null))).toEqual(all);
    expect(await ids(filter('updatedAt', null))).toEqual(all);
    expect(await ids(filter('updatedAt', { from: '', to: null }))).toEqual(all);
  });

  it('shows deleted papers only with an isDeleted filter', async () => {
    expect(await ids(filter('isDeleted', true))).toEqual([p4.id]);
    expect(await ids(filter('isDeleted', false))).toEqual([p1.id, p2.id, p3.id, p5.id]);
  });

  it('matches no paper with hasSession=true and every paper with hasSession=false while none is scheduled', async () => {
    expect(await ids(filter('hasSession', true))).toEqual([]);
    expect(await ids(filter('hasSession', false))).toEqual([p1.id, p2.id, p3.id, p5.id]);
  });

  it('filters by status id', async () => {
    expect(await ids(filter('status', env.status.accept))).toEqual([p2.id]);
    expect(await ids(filter('status', [env.status.revision, env.status.awaiting]))).toEqual([p1.id, p3.id]);
  });

  it('filters by paperStatus: accepted, notAccepted, undecided (default status or none)', async () => {
    expect(await ids(filter('paperStatus', 'accepted'))).toEqual([p2.id, p3.id]);
    expect(await ids(filter('paperStatus', 'notAccepted'))).toEqual([]);
    expect(
      await ids({
        filters: [
          { name: 'paperStatus', value: 'notAccepted' },
          { name: 'isDeleted', value: true },
        ],
      }),
    ).toEqual([p4.id]);
    expect(await ids(filter('paperStatus', 'undecided'))).toEqual([p1.id, p5.id]);
  });

  it('filters by the camera-ready and presentation-ready flags', async () => {
    expect(await ids(filter('submittedCameraReady', true))).toEqual([p2.id]);
    expect(await ids(filter('submittedCameraReady', false))).toEqual([p1.id, p3.id, p5.id]);
    expect(await ids(filter('isCameraReady', true))).toEqual([p2.id]);
    expect(await ids(filter('submittedPresentationReady', true))).toEqual([p3.id]);
    expect(await ids(filter('isPresentationReady', true))).toEqual([p3.id]);
    expect(await ids(filter('isPresentationReady', 'false'))).toEqual([p1.id, p2.id, p5.id]);
  });

  it('filters registered papers (a registration id)', async () => {
    expect(await ids(filter('isRegistered', true))).toEqual([p2.id]);
    expect(await ids(filter('isRegistered', false))).toEqual([p1.id, p3.id, p5.id]);
  });

  it('filters by last modified time, a day given without time counting whole', async () => {
    expect(await ids(filter('updatedAt', { from: '2024-02-01', to: '2024-03-01' }))).toEqual([p2.id, p5.id]);
    expect(await ids(filter('updatedAt', { from: '2024-05-01' }))).toContain(p3.id);
    expect(await ids(filter('updatedAt', { from: '2024-05-01' }))).not.toContain(p2.id);
    expect(await ids(filter('updatedAt', { to: '2024-01-31T00:00:00Z' }))).toEqual([p1.id]);
    expect(await ids(filter('updatedAt', { to: '2024-03-01T22:59:59Z' }))).toEqual([p1.id, p5.id]);
  });

  it.each([
    [{ from: 'yesterday' }],
    [{ to: '2024-13-45' }],
    [{ from: 12 }],
    ['2024-01-01'],
    [{ from: '2024-01-01', until: '2024-02-01' }],
  ])('answers an unparsable last modified time %j with the spec message', async (value) => {
    const res = await query(filter('updatedAt', value));
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(CHAIR_PAPER_MESSAGES.invalidLastModified);
  });

  it.each([
    [{ filters: [{ name: 'title', value: 'x' }] }, 'Unknown filter "title"'],
    [{ filters: [{ name: 'isDeleted', value: 'yes' }] }, 'The isDeleted filter takes true or false'],
    [{ filters: [{ name: 'track', value: 'abc' }] }, 'The track filter takes an id or a list of ids'],
    [{ filters: [{ name: 'status', value: [1.5] }] }, 'The status filter takes an id or a list of ids'],
    [{ filters: [{ name: 'track', value: { $gt: 0 } }] }, 'The track filter takes an id or a list of ids'],
    [{ filters: [{ name: 'paperStatus', value: 'maybe' }] }, 'paperStatus filter takes accepted'],
    [{ filters: { name: 'track', value: 1 } }, 'The filters must be a list'],
    [{ filters: ['track'] }, 'The filters must be a list'],
    [{ sort: { field: 'password', order: 'asc' } }, 'Sort by one of'],
    [{ sort: { field: 'title', order: 'up' } }, 'Sort by one of'],
    [{ sort: 'title' }, 'Sort by one of'],
    [{ search: 42 }, 'The search must be text'],
    [{ search: 'x'.repeat(201) }, 'The search must be text'],
    [{ cp: 0 }, 'The page (cp)'],
    [{ pg: 0 }, 'The page (cp)'],
    [{ pg: 1001 }, 'The page (cp)'],
    [{ pg: 'ten' }, 'The page (cp)'],
    [{ where: '1=1' }, 'should not exist'],
  ])('refuses %j with 400 and a clear message', async (body, message) => {
    const res = await query(body as Record<string, unknown>);
    expect(res.status).toBe(400);
    expect(res.body.message).toContain(message);
  });

  describe('search', () => {
    it('finds by title, case-insensitively', async () => {
      expect(await ids({ search: 'GRAPH col' })).toEqual([p1.id]);
    });
    it('finds by author first name, last name, full name or e-mail', async () => {
      expect(await ids({ search: 'zephyr' })).toEqual([p1.id, p2.id]);
      expect(await ids({ search: 'Bob' })).toEqual([p2.id, p3.id]);
      expect(await ids({ search: 'alice zephyr' })).toEqual([p1.id, p2.id]);
      expect(await ids({ search: 'lab.example' })).toEqual([p2.id, p3.id]);
    });
    it('finds by paper id', async () => {
      expect(await ids({ search: String(p3.id) })).toContain(p3.id);
      expect(await ids({ search: String(p5.id) })).toContain(p5.id);
    });
    it('treats % and _ as plain characters', async () => {
      expect(await ids({ search: '%' })).toEqual([]);
      expect(await ids({ search: '_' })).toEqual([]);
    });
    it('combines with filters and leaves deleted papers out', async () => {
      expect(await ids({ search: 'protein' })).toEqual([]);
      expect(await ids({ search: 'protein', ...filter('isDeleted', true) })).toEqual([p4.id]);
      expect(await ids({ search: 'bob', ...filter('track', env.trackA) })).toEqual([p2.id]);
    });
  });

  describe('sort', () => {
    const sorted = (field: string, order: 'asc' | 'desc') => ids({ sort: { field, order } });
    it('by id', async () => {
      expect(await sorted('_id', 'desc')).toEqual([p5.id, p3.id, p2.id, p1.id]);
    });
    it('by title, ignoring case', async () => {
      expect(await sorted('title', 'asc')).toEqual([p3.id, p1.id, p2.id, p5.id]);
      expect(await sorted('title', 'desc')).toEqual([p5.id, p2.id, p1.id, p3.id]);
    });
    it('by track name', async () => {
      expect(await sorted('track', 'asc')).toEqual([p1.id, p2.id, p5.id, p3.id]);
      expect(await sorted('track', 'desc')).toEqual([p3.id, p5.id, p2.id, p1.id]);
    });
    it('by status text, papers without a status last', async () => {
      // Accept, Accept with Revision (minor), Awaiting Decision, none
      expect(await sorted('status', 'asc')).toEqual([p2.id, p3.id, p1.id, p5.id]);
      expect(await sorted('status', 'desc')).toEqual([p5.id, p1.id, p3.id, p2.id]);
    });
    it('by last modified and created time', async () => {
      expect(await sorted('updatedAt', 'asc')).toEqual([p1.id, p5.id, p2.id, p3.id]);
      expect(await sorted('updatedAt', 'desc')).toEqual([p3.id, p2.id, p5.id, p1.id]);
      expect(await sorted('createdAt', 'asc')).toEqual([p1.id, p2.id, p3.id, p5.id]);
    });
    it('by primary author name (last name, first name), papers without one last', async () => {
      // Young (Bob) before Zephyr (Alice)
      expect(await sorted('primaryAuthor', 'asc')).toEqual([p2.id, p3.id, p1.id, p5.id]);
    });
  });

  describe('pages', () => {
    it('cuts pages of pg papers, cp counting from 1', async () => {
      const first = await query({ pg: 2, cp: 1 });
      expect(first.body.count).toBe(4);
      expect(first.headers['x-total-count']).toBe('4');
      expect(first.body.data.map((p: { _id: number }) => p._id)).toEqual([p1.id, p2.id]);
      expect(await ids({ pg: 2, cp: 2 })).toEqual([p3.id, p5.id]);
      const past = await query({ pg: 2, cp: 3 });
      expect(past.body).toEqual({ count: 4, data: [] });
    });
    it('returns 100 papers by default and up to 1000 when asked', async () => {
      await env.t.db.insert(papersTable).values(
        Array.from({ length: 101 }, (_, i) => ({
          title: `Bulkpaper ${i}`,
          abstractText: 'x'.repeat(60),
          trackId: env.trackB,
          statusId: env.status.awaiting,
        })),
      );
      const res = await query({ search: 'bulkpaper' });
      expect(res.body.count).toBe(101);
      expect(res.body.data).toHaveLength(100);
      expect((await query({ search: 'bulkpaper', pg: 1000 })).body.data).toHaveLength(101);
      expect((await query({ search: 'bulkpaper', cp: 2 })).body.data).toHaveLength(1);
    });
  });

  describe('track chairs', () => {
    it('see only the papers of their tracks', async () => {
      expect(await ids({}, env.cochair, 'cochair')).toEqual([p1.id, p2.id, p5.id]);
      expect(await ids(filter('track', env.trackB), env.cochair, 'cochair')).toEqual([]);
      expect(await ids({ search: 'genome' }, env.cochair, 'cochair')).toEqual([]);
      expect(await ids(filter('isDeleted', true), env.cochair, 'cochair')).toEqual([]);
      const res = await query({}, env.cochair, 'cochair');
      expect(res.headers['x-total-count']).toBe('3');
    });
    it('chairs and admins reach every track under the cochair prefix too', async () => {
      expect(await ids({ search: 'genome' }, env.chair, 'cochair')).toEqual([p3.id]);
      expect(await ids({ search: 'genome' }, env.admin, 'chair')).toEqual([p3.id]);
    });
    it('cannot use the chair prefix', async () => {
      expect((await query({}, env.cochair, 'chair')).status).toBe(403);
    });
  });
});
