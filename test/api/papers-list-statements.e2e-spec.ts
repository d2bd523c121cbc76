/**
 * POST /api/{chair|cochair}/papers reads a page in 4 SQL statements, for chairs and track chairs: the
 * caller's user row (the session), the count, the page with its track, status and the conference's flags,
 * and the page's authors, files and consents in one. Counted through the Drizzle session's logger, which
 * every statement passes. Each listed paper equals the one-paper view (GET /papers/:id), decision, files,
 * consent and actions included.
 */
import { eq } from 'drizzle-orm';
import { conferenceTable } from '../../apps/api/src/modules/conference/conference.table.js';
import {
  paperConsentsTable,
  paperFilesTable,
  type PaperRow,
} from '../../apps/api/src/modules/papers/papers.table.js';
import { setupChair, type ChairEnv } from './papers-chair.helpers.js';

describe('paper list statements', () => {
  let env: ChairEnv;
  let graph: PaperRow, quantum: PaperRow, genome: PaperRow;
  const log: string[] = [];

  beforeAll(async () => {
    env = await setupChair();
    const { alice, bob, status, trackB } = env;
    graph = await env.paper({ title: 'graph colouring' }, [alice.id, bob.id]);
    quantum = await env.paper({ title: 'Quantum search', statusId: status.accept }, [bob.id]);
    genome = await env.paper({ title: 'Genome assembly', trackId: trackB, statusId: status.reject }, [
      alice.id,
    ]);
    await env.t.db.insert(paperFilesTable).values([
      {
        paperId: quantum.id,
        part: 'abstract',
        key: 'k1',
        name: 'a.pdf',
        size: 12345,
        sha256: 'ab',
        contentType: 'application/pdf',
      },
      {
        paperId: quantum.id,
        part: 'pdf',
        key: 'k2',
        name: 'cr.pdf',
        size: 5_000_000_000,
        sha256: 'cd',
        contentType: 'application/pdf',
        createdAt: new Date('2024-05-06T07:08:09.123Z'),
      },
    ]);
    await env.t.db.insert(paperConsentsTable).values({
      paperId: quantum.id,
      userId: bob.id,
      agreementVersion: 2,
      agreementHtml: '<p>agreement</p>',
      signatureName: 'Bob Young',
      font: 'serif',
      jpeg: Buffer.from([1, 2, 3]),
    });
    await env.t.db
      .update(conferenceTable)
      .set({ authorView: { viewConferenceTrackStatus: true }, digitalConsentSigning: true })
      .where(eq(conferenceTable.id, 1));
    const session = (env.t.db as unknown as { session: { logger: unknown } }).session;
    // the health check's background probe (`select 1` every second) shares the handle: not the list's
    session.logger = { logQuery: (sql: string) => void (sql.trim() === 'select 1' || log.push(sql)) };
  });
  afterAll(async () => {
    await env.close();
  });

  const list = async (prefix: string, who: ChairEnv['chair'], body: Record<string, unknown>) => {
    log.length = 0;
    const res = await env.t
      .http()
      .post(`/api/${prefix}/papers`)
      .set(...who.auth)
      .send(body);
    expect(res.status).toBe(200);
    return { body: res.body as { count: number; data: { _id: number }[] }, statements: log.length };
  };
  const one = async (prefix: string, who: ChairEnv['chair'], id: number) => {
    const res = await env.t
      .http()
      .get(`/api/${prefix}/papers/${id}`)
      .set(...who.auth);
    expect(res.status).toBe(200);
    return res.body as unknown;
  };

  it('the chair: a filtered page sorted by title in 4 statements, each paper as its own view shows it', async () => {
    const { body, statements } = await list('chair', env.chair, {
      filters: [{ name: 'isDeleted', value: false }],
      sort: { field: 'title', order: 'asc' },
    });
    expect(statements).toBe(4);
    expect(body.count).toBe(3);
    expect(body.data.map((p) => p._id)).toEqual([genome.id, graph.id, quantum.id]);
    for (const p of body.data) expect(p).toEqual(await one('chair', env.chair, p._id));
    const q = body.data[2] as unknown as Record<string, unknown>;
    expect(q).toMatchObject({
      decision: 'Accept',
      statusText: 'Accept',
      abstract: { files: [{ name: 'a.pdf', size: 12345 }] },
      cameraReady: {
        files: { pdf: { name: 'cr.pdf', size: 5_000_000_000, createdAt: '2024-05-06T07:08:09.123Z' } },
      },
      consent: { signedBy: env.bob.id, agreementVersion: 2, signatureName: 'Bob Young', font: 'serif' },
      actions: { canSignConsent: true, canDelete: false },
    });
  });

  it('every sort order, and the primary author sort, in 4 statements', async () => {
    for (const field of ['_id', 'title', 'track', 'status', 'updatedAt', 'createdAt', 'primaryAuthor'])
      for (const order of ['asc', 'desc']) {
        const { body, statements } = await list('chair', env.chair, { sort: { field, order } });
        expect(statements).toBe(4);
        expect(body.count).toBe(3);
      }
  });

  it('the track chair: their track only, in 4 statements', async () => {
    const { body, statements } = await list('cochair', env.cochair, { search: 'u' });
    expect(statements).toBe(4);
    expect(body.data.map((p) => p._id).sort()).toEqual([graph.id, quantum.id].sort());
    for (const p of body.data) expect(p).toEqual(await one('cochair', env.cochair, p._id));
  });

  it('an empty page or a page past the end: 2 statements (the session and the count)', async () => {
    expect((await list('chair', env.chair, { search: 'no such paper' })).statements).toBe(2);
    const past = await list('chair', env.chair, { cp: 5, pg: 1 });
    expect(past.statements).toBe(2);
    expect(past.body).toEqual({ count: 3, data: [] });
  });
});
