import { eq } from 'drizzle-orm';
import { openDatabase, type DatabaseHandle } from '../database/database.js';
import type { ParsedPaperQuery } from '../modules/papers/paper-filters.js';
import { paperAuthorsTable, papersTable } from '../modules/papers/papers.table.js';
import { sessionPapersTable, sessionsTable } from '../modules/programme/programme.table.js';
import { statusesTable, subjectAreasTable, tracksTable } from '../modules/tracks/tracks.table.js';
import { usersTable } from '../modules/users/users.table.js';
import { PaperSearchRead, selectionCondition, subjectAreaKeptIn } from './paper-search.read.js';

const query = (q: Partial<ParsedPaperQuery> = {}): ParsedPaperQuery => ({ filters: [], search: '', ...q });
const all = { offset: 0, limit: 100 };

describe('PaperSearchRead', () => {
  let h: DatabaseHandle;
  let read: PaperSearchRead;
  const id: Record<string, number> = {};

  beforeAll(async () => {
    h = await openDatabase({ inMemory: true });
    read = new PaperSearchRead(h.db);
    const db = h.db;
    const tracks = await db
      .insert(tracksTable)
      .values([{ name: 'beta track' }, { name: 'Alpha track' }])
      .returning();
    for (const t of tracks) id[t.name.split(' ')[0]!] = t.id;
    const [accept] = await db
      .insert(statusesTable)
      .values({ text: 'Accept', position: 1, isAccepted: true })
      .returning();
    const users = await db
      .insert(usersTable)
      .values([
        { firstName: 'Ann', lastName: 'Zed', email: 'ann@x.org' },
        { firstName: 'Bob', lastName: 'Young', email: 'bob@uni.edu' },
      ])
      .returning();
    for (const u of users) id[u.firstName] = u.id;
    const paper = (title: string, v: Partial<typeof papersTable.$inferInsert> = {}) => ({
      title,
      abstractText: `about ${title}`,
      trackId: id.beta!,
      ...v,
    });
    const papers = await db
      .insert(papersTable)
      .values([
        paper('graph colouring', { primaryAuthorId: id.Ann, statusId: accept!.id }),
        paper('Quantum search', { trackId: id.Alpha, primaryAuthorId: id.Bob }),
        paper('zebra sort', { registration: { id: 'R9', author: id.Bob! } as never }),
        paper('deleted one', { isDeleted: true }),
      ])
      .returning();
    for (const p of papers) id[p.title.split(' ')[0]!] = p.id;
    await db.insert(paperAuthorsTable).values([
      { paperId: id.graph!, userId: id.Ann!, position: 0 },
      { paperId: id.graph!, userId: id.Bob!, position: 1 },
      { paperId: id.Quantum!, userId: id.Bob!, position: 0 },
    ]);
    const [session] = await db
      .insert(sessionsTable)
      .values({ kind: 'poster', number: 1, title: 'P1' })
      .returning();
    await db.insert(sessionPapersTable).values({ paperId: id.zebra!, sessionId: session!.id, position: 0 });
    await db.insert(subjectAreasTable).values({ trackId: id.Alpha!, name: 'Graphs', position: 0 });
  });
  afterAll(() => h.close());

  const ids = async (q: ParsedPaperQuery, scope: number[] | null = null) =>
    (await read.pageJson(scope, q, all)).papers.map((p) => p.id);

  it('answers a page of papers as JSON with the count, the tracks and the conference flag', async () => {
    const page = await read.pageJson(null, query(), { offset: 0, limit: 2 });
    expect(page.count).toBe(3);
    expect(page.papers.map((p) => p.id)).toEqual([id.graph, id.Quantum]);
    const first = JSON.parse(page.papers[0]!.json) as Record<string, unknown>;
    expect(first).toMatchObject({
      _id: id.graph,
      title: 'graph colouring',
      abstract: { text: 'about graph colouring', questions: [], files: [] },
      authors: [
        { _id: id.Ann, firstName: 'Ann', lastName: 'Zed', email: 'ann@x.org', organization: '', country: '' },
        {
          _id: id.Bob,
          firstName: 'Bob',
          lastName: 'Young',
          email: 'bob@uni.edu',
          organization: '',
          country: '',
        },
      ],
      primaryAuthor: id.Ann,
      track: id.beta,
      trackName: 'beta track',
      statusText: 'Accept',
      isDeleted: false,
    });
    expect(page.papers[0]).toMatchObject({
      trackId: id.beta,
      isAccepted: true,
      hasDecision: true,
      consent: null,
    });
    expect(page.papers[1]).toMatchObject({ trackId: id.Alpha, isAccepted: false, hasDecision: false });
    expect([...page.tracks.keys()]).toEqual([id.beta, id.Alpha]);
    expect(page.tracks.get(id.Alpha!)).toMatchObject({ name: 'Alpha track', canSubmitPaper: true });
    expect(page.digitalConsentSigning).toEqual(expect.any(Boolean));
  });

  it('answers the count alone past the last page, and nothing for an empty scope', async () => {
    const past = await read.pageJson(null, query(), { offset: 3, limit: 2 });
    expect(past).toEqual({ count: 3, papers: [], tracks: new Map(), digitalConsentSigning: null });
    expect((await read.pageJson([], query(), all)).count).toBe(0);
    expect(await ids(query(), [id.Alpha!])).toEqual([id.Quantum]);
  });

  it('filters and searches (author name or e-mail, title, #id)', async () => {
    expect(await ids(query({ filters: [{ name: 'isDeleted', value: true }] }))).toEqual([id.deleted]);
    expect(await ids(query({ filters: [{ name: 'hasSession', value: true }] }))).toEqual([id.zebra]);
    expect(await ids(query({ filters: [{ name: 'isRegistered', value: true }] }))).toEqual([id.zebra]);
    expect(await ids(query({ filters: [{ name: 'paperStatus', value: 'accepted' }] }))).toEqual([id.graph]);
    expect(await ids(query({ filters: [{ name: 'paperStatus', value: 'undecided' }] }))).toEqual([
      id.Quantum,
      id.zebra,
    ]);
    expect(await ids(query({ filters: [{ name: 'track', value: [id.Alpha!] }] }))).toEqual([id.Quantum]);
    expect(await ids(query({ search: 'young' }))).toEqual([id.graph, id.Quantum]);
    expect(await ids(query({ search: 'UNI.EDU' }))).toEqual([id.graph, id.Quantum]);
    expect(await ids(query({ search: 'ann zed' }))).toEqual([id.graph]);
    expect(await ids(query({ search: 'SORT' }))).toEqual([id.zebra]);
    expect(await ids(query({ search: `#${id.Quantum}` }))).toEqual([id.Quantum]);
    expect(await ids(query({ search: '100%' }))).toEqual([]);
  });

  it('sorts by a whitelisted key, missing values last, then by id', async () => {
    expect(await ids(query({ sort: { field: 'title', order: 'asc' } }))).toEqual([
      id.graph,
      id.Quantum,
      id.zebra,
    ]);
    expect(await ids(query({ sort: { field: 'track', order: 'asc' } }))).toEqual([
      id.Quantum,
      id.graph,
      id.zebra,
    ]);
    expect(await ids(query({ sort: { field: 'primaryAuthor', order: 'asc' } }))).toEqual([
      id.Quantum,
      id.graph,
      id.zebra,
    ]);
    expect(await ids(query({ sort: { field: 'primaryAuthor', order: 'desc' } }))).toEqual([
      id.zebra,
      id.graph,
      id.Quantum,
    ]);
    // no status last, then by id
    expect(await ids(query({ sort: { field: 'status', order: 'asc' } }))).toEqual([
      id.graph,
      id.Quantum,
      id.zebra,
    ]);
  });

  it('lists the rows of a selection (the exports) in the same order', async () => {
    const rows = await read.list(null, { query: query({ search: 'o' }) }, { field: 'title', order: 'desc' });
    // 'o' in a title, or in an author's name (Bob)
    expect(rows.map((r) => r.title)).toEqual(['zebra sort', 'Quantum search', 'graph colouring']);
    expect((await read.list(null, { ids: [id.deleted!, id.zebra!] })).map((r) => r.id)).toEqual([
      id.zebra,
      id.deleted,
    ]);
    expect(await read.list(null, { ids: [] })).toEqual([]);
    expect(
      (await read.list(null, { query: query() }, undefined, { offset: 1, limit: 1 })).map((r) => r.id),
    ).toEqual([id.Quantum]);
  });

  it('gives the bulk edit its WHERE and the subject area kept by a track move', async () => {
    const where = selectionCondition([id.beta!], { query: query({ search: 'graph' }) });
    const kept = (track: number) =>
      h.db
        .select({ id: papersTable.id, area: subjectAreaKeptIn(track) })
        .from(papersTable)
        .where(where);
    expect(await kept(id.Alpha!)).toEqual([{ id: id.graph, area: null }]);
    const [area] = await h.db.select().from(subjectAreasTable);
    await h.db
      .update(papersTable)
      .set({ primarySubjectAreaId: area!.id })
      .where(eq(papersTable.id, id.graph!));
    expect(await kept(id.Alpha!)).toEqual([{ id: id.graph, area: area!.id }]);
    expect(await kept(id.beta!)).toEqual([{ id: id.graph, area: null }]);
  });
});
