/**
 * POST /api/{chair|cochair}/papers reads a page in 3 SQL statements, for chairs and track chairs: the
 * caller's user row (the session), the count, and the page, each paper's JSON (with its track, status,
 * authors, files and consent) built by the database. Counted through the Drizzle session's logger, which
 * every statement passes. Each listed paper equals the one-paper view (GET /papers/:id), decision, files,
 * consent and actions included, also for a paper with every field filled and text that JSON escapes.
 */
import { eq, sql } from 'drizzle-orm';
import { conferenceTable } from '../../apps/api/src/modules/conference/conference.table.js';
import {
  paperConsentsTable,
  paperFilesTable,
  type PaperRow,
} from '../../apps/api/src/modules/papers/papers.table.js';
import { setupChair, type ChairEnv } from './papers-chair.helpers.js';

/** The page: the caller's session row, the count and the page (each paper's JSON built by the database). */
const PAGE = 3;
/**
 * The discussion column (issue 25: comments and unread per paper): the page's paper rows and the caller's row
 * for the access check, the authors and their conflict fields, the caller's co-authorships, declared
 * conflicts, bids and conflict overrides, then one count — the same for any page size, never one per paper.
 */
const DISCUSSION_COLUMN = 9;

describe('paper list statements', () => {
  let env: ChairEnv;
  let graph: PaperRow, quantum: PaperRow, genome: PaperRow, full: PaperRow, bare: PaperRow;
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
    // every field filled: registrations, questions, a subject area, flags, a revision stamp with microseconds,
    // text with quotes, a backslash, control characters and non-ASCII; two abstract files and every slot
    full = await env.paper(
      {
        title: 'Full "paper" \\ with\ttabs,\nlines and \u0001 — ünïcödé 😀',
        trackId: trackB,
        primarySubjectAreaId: env.areasB[1],
        statusId: status.revision,
        notes: 'a note\nwith "quotes"',
        abstractQuestions: [{ title: 'Why?', answer: 'Because "x"' }],
        cameraReadyQuestions: [{ title: 'Pages', answer: '12' }],
        presentationReadyQuestions: [{ title: 'Who presents?', answer: 'Ünal' }],
        registration: { author: bob.id, id: '1234-A', amount: 150.5, extra: '' },
        otherRegistrations: [{ author: null, id: 'Waived', amount: null, extra: 'x' }],
        submittedCameraReady: true,
        submittedPresentationReady: true,
        isCameraReady: true,
        isPresentationReady: true,
        acceptanceLetterEnabled: true,
        certificateEnabled: true,
        invitationLetterEnabled: true,
        authorViewReviewEnabled: true,
      },
      [bob.id, alice.id],
    );
    await env.t.db.execute(
      sql`update papers set accept_with_revision_timestamp = '2024-02-03 04:05:06.789987+00' where id = ${full.id}`,
    );
    // no status and no authors (the primary author's account deleted)
    bare = await env.paper({ title: 'Bare', statusId: null, primaryAuthorId: null }, []);
    await env.t.db.insert(paperFilesTable).values(
      ['abstract', 'abstract', 'word', 'pdf', 'springerCopyright', 'ppt', 'ppt_pdf', 'video'].map(
        (part, i) => ({
          paperId: full.id,
          part,
          key: `full-${i}`,
          name: `${part} "${i}".bin`,
          size: 1000 + i,
          sha256: `s${i}`,
          contentType: 'application/octet-stream',
        }),
      ),
    );
    await env.t.db.insert(paperConsentsTable).values({
      paperId: full.id,
      userId: alice.id,
      agreementVersion: 3,
      agreementHtml: '<p>agreement</p>',
      signatureName: 'Alice "Z"',
      font: 'script',
      jpeg: Buffer.from([4, 5, 6]),
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
    const res = await env.t.call('post', `/api/${prefix}/papers`, who.auth).send(body);
    expect(res.status).toBe(200);
    return { body: res.body as { count: number; data: { _id: number }[] }, statements: log.length };
  };
  const one = async (prefix: string, who: ChairEnv['chair'], id: number) => {
    const res = await env.t.call('get', `/api/${prefix}/papers/${id}`, who.auth);
    expect(res.status).toBe(200);
    return res.body as unknown;
  };
  /** A list row without the discussion column (issue 25), which the one-paper view does not carry. */
  const withoutDiscussion = (p: object) => {
    const { discussion: _d, ...rest } = p as { discussion?: unknown };
    void _d;
    return rest;
  };

  it('the chair: a filtered page sorted by title in 3 statements (+ the discussion column), each paper as its own view shows it', async () => {
    const { body, statements } = await list('chair', env.chair, {
      filters: [{ name: 'isDeleted', value: false }],
      sort: { field: 'title', order: 'asc' },
    });
    expect(statements).toBe(PAGE + DISCUSSION_COLUMN);
    expect(body.count).toBe(5);
    expect(body.data.map((p) => p._id)).toEqual([bare.id, full.id, genome.id, graph.id, quantum.id]);
    for (const p of body.data) expect(withoutDiscussion(p)).toEqual(await one('chair', env.chair, p._id));
    const q = body.data[4] as unknown as Record<string, unknown>;
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
    const f = body.data[1] as unknown as Record<string, unknown>;
    expect(f).toMatchObject({
      title: full.title,
      decision: 'Accept with Revision (minor)',
      acceptWithRevisionTimestamp: '2024-02-03T04:05:06.789Z',
      authors: [{ _id: env.bob.id }, { _id: env.alice.id }],
      abstract: { files: [{ name: 'abstract "0".bin' }, { name: 'abstract "1".bin' }] },
      cameraReady: {
        files: { word: { size: 1002 }, pdf: { size: 1003 }, springerCopyright: { size: 1004 } },
      },
      presentationReady: { files: { ppt: { size: 1005 }, ppt_pdf: { size: 1006 }, video: { size: 1007 } } },
      consent: { signedBy: env.alice.id, agreementVersion: 3, signatureName: 'Alice "Z"' },
    });
    expect(body.data[0]).toMatchObject({ status: null, statusText: null, decision: null, authors: [] });
    expect(body.data[0]).not.toHaveProperty('consent');
  });

  it('the answer is the JSON of a PaperQueryResult, with X-Total-Count and, a write’s answer, no ETag', async () => {
    const res = await env.t.call('post', '/api/chair/papers', env.chair.auth).send({ pg: 2 });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.headers['x-total-count']).toBe('5');
    expect(res.headers.etag).toBeUndefined();
    expect(Number(res.headers['content-length'])).toBe(Buffer.byteLength(res.text));
    expect(JSON.parse(res.text)).toMatchObject({ count: 5, data: [{}, {}] });
    // a GET still has its ETag (only answers to writes go without)
    const one = await env.t.call('get', `/api/chair/papers/${quantum.id}`, env.chair.auth);
    expect(one.status).toBe(200);
    expect(one.headers.etag).toBeTruthy();
  });

  it('every sort order, and the primary author sort, in 3 statements (+ the discussion column)', async () => {
    for (const field of ['_id', 'title', 'track', 'status', 'updatedAt', 'createdAt', 'primaryAuthor'])
      for (const order of ['asc', 'desc']) {
        const { body, statements } = await list('chair', env.chair, { sort: { field, order } });
        expect(statements).toBe(PAGE + DISCUSSION_COLUMN);
        expect(body.count).toBe(5);
      }
  });

  it('the track chair: their track only, in 3 statements (+ the discussion column)', async () => {
    const { body, statements } = await list('cochair', env.cochair, { search: 'u' });
    expect(statements).toBeLessThanOrEqual(PAGE + DISCUSSION_COLUMN);
    expect(body.data.map((p) => p._id).sort()).toEqual([graph.id, quantum.id].sort());
    for (const p of body.data) expect(withoutDiscussion(p)).toEqual(await one('cochair', env.cochair, p._id));
  });

  it('the discussion column costs no more statements for a page of five than for one paper', async () => {
    const single = await list('chair', env.chair, { pg: 1 });
    const page = await list('chair', env.chair, { pg: 5 });
    expect(single.body.data).toHaveLength(1);
    expect(page.body.data).toHaveLength(5);
    // (one statement fewer when no paper of the page is readable: the count is not asked)
    expect(page.statements).toBe(PAGE + DISCUSSION_COLUMN);
    expect(single.statements).toBeLessThanOrEqual(page.statements);
  });

  it('an empty page or a page past the end: 2 statements (the session and the count)', async () => {
    expect((await list('chair', env.chair, { search: 'no such paper' })).statements).toBe(2);
    const past = await list('chair', env.chair, { cp: 6, pg: 1 });
    expect(past.statements).toBe(2);
    expect(past.body).toEqual({ count: 5, data: [] });
  });
});
