import type { DatabaseHandle, Tx } from '../../database/database.js';
import { openWith, seedPaper, seedTrack, seedUser, type SeededUser } from '../../database/test-database.js';
import { PapersRepository, type NewConsentRow } from './papers.repository.js';
import type { NewPaperFileRow, PaperRow } from './papers.table.js';

describe('PapersRepository (PGlite)', () => {
  let handle: DatabaseHandle;
  let repo: PapersRepository;
  let t1: number;
  let t2: number;
  let ann: SeededUser;
  let bob: SeededUser;
  let cat: SeededUser;
  const tx = <T>(work: (ex: Tx) => Promise<T>) => handle.db.transaction(work);
  const ids = (rows: { id: number }[]) => rows.map((r) => r.id);

  beforeAll(async () => {
    ({ handle, repo } = await openWith((db) => new PapersRepository(db)));
    t1 = (await seedTrack(handle.db)).id;
    t2 = (await seedTrack(handle.db)).id;
    ann = await seedUser(handle.db);
    bob = await seedUser(handle.db);
    cat = await seedUser(handle.db);
  });
  afterAll(() => handle.close());

  describe('papers', () => {
    it('insert applies the defaults; findById, findByIds; update sets updatedAt; unknown → undefined', async () => {
      const p = await repo.insert({ title: 'T', abstractText: 'A', trackId: t1, primaryAuthorId: ann.id });
      expect(p).toMatchObject({
        isDeleted: false,
        registration: null,
        otherRegistrations: [],
        abstractQuestions: [],
        statusId: null,
      });
      expect(await repo.findById(p.id)).toEqual(p);
      expect(await repo.findById(p.id + 1000)).toBeUndefined();
      expect(ids(await repo.findByIds([p.id, p.id + 1000]))).toEqual([p.id]);
      expect(await repo.findByIds([])).toEqual([]);
      const u = await repo.update(p.id, { title: 'T2', notes: 'n' });
      expect(u).toMatchObject({ id: p.id, title: 'T2', notes: 'n' });
      expect(u!.updatedAt.getTime()).toBeGreaterThanOrEqual(p.updatedAt.getTime());
      expect(await repo.update(p.id + 1000, { title: 'x' })).toBeUndefined();
    });

    it('insertMany answers the rows in the order given, across INSERT chunks', async () => {
      const rows = Array.from({ length: 503 }, (_, i) => ({
        title: `Bulk ${i}`,
        abstractText: '',
        trackId: t2,
      }));
      const created = await tx((ex) => repo.insertMany(rows, ex));
      expect(created.map((p) => p.title)).toEqual(rows.map((r) => r.title));
      expect(created.map((p) => p.id)).toEqual(rows.map((_, i) => created[0]!.id + i));
    });

    it('setRegistrations writes the main and other registrations of many papers', async () => {
      const a = await seedPaper(handle.db, { trackId: t1 });
      const b = await seedPaper(handle.db, {
        trackId: t1,
        registration: { author: 1, id: '1234', amount: 10, extra: '' },
      });
      const reg = { author: ann.id, id: '5555', amount: 300, extra: 'x' };
      await tx((ex) =>
        repo.setRegistrations(
          [
            { paperId: a.id, main: reg, others: [{ ...reg, id: '5556' }] },
            { paperId: b.id, main: null, others: [] },
          ],
          ex,
        ),
      );
      expect(await repo.findById(a.id)).toMatchObject({
        registration: reg,
        otherRegistrations: [{ ...reg, id: '5556' }],
      });
      expect(await repo.findById(b.id)).toMatchObject({ registration: null, otherRegistrations: [] });
      await tx((ex) => repo.setRegistrations([], ex));
    });

    it('findRegistered: not deleted and a registration id that is not blank', async () => {
      const reg = { author: null, amount: null, extra: '' };
      const yes = await seedPaper(handle.db, { trackId: t1, registration: { ...reg, id: '1000' } });
      const blank = await seedPaper(handle.db, { trackId: t1, registration: { ...reg, id: '  ' } });
      const none = await seedPaper(handle.db, { trackId: t1 });
      const deleted = await seedPaper(handle.db, {
        trackId: t1,
        isDeleted: true,
        registration: { ...reg, id: '1001' },
      });
      expect((await repo.findRegistered(yes.id))!.id).toBe(yes.id);
      for (const p of [blank, none, deleted]) expect(await repo.findRegistered(p.id)).toBeUndefined();
    });

    it('touch sets updatedAt of these papers and answers their rows; lock and lockMany lock them in a transaction', async () => {
      const a = await seedPaper(handle.db, { trackId: t1, updatedAt: new Date('2020-01-01T00:00:00Z') });
      const b = await seedPaper(handle.db, { trackId: t1, updatedAt: new Date('2020-01-01T00:00:00Z') });
      const touched = await tx(async (ex) => {
        await repo.lockMany([b.id, a.id], ex);
        await repo.lockMany([], ex);
        expect(await repo.touch([], ex)).toEqual([]);
        expect((await repo.lock(a.id, ex))!.id).toBe(a.id);
        expect(await repo.lock(a.id + 1000, ex)).toBeUndefined();
        return repo.touch([a.id], ex);
      });
      expect(ids(touched)).toEqual([a.id]);
      expect(touched[0]!.updatedAt.getTime()).toBeGreaterThan(new Date('2020-01-02T00:00:00Z').getTime());
      expect((await repo.findById(b.id))!.updatedAt).toEqual(new Date('2020-01-01T00:00:00Z'));
    });
  });

  describe('scope reads', () => {
    let a: PaperRow;
    let b: PaperRow;
    let gone: PaperRow;
    let other: PaperRow;
    beforeAll(async () => {
      const track = (await seedTrack(handle.db)).id;
      const otherTrack = (await seedTrack(handle.db)).id;
      a = await seedPaper(handle.db, { trackId: track, title: 'Alpha', abstractText: 'aa' });
      b = await seedPaper(handle.db, { trackId: track, title: 'Beta', abstractText: 'bb' });
      gone = await seedPaper(handle.db, { trackId: track, isDeleted: true });
      other = await seedPaper(handle.db, { trackId: otherTrack });
    });

    it('findManaged: the ids in scope, by id, without deleted ones unless asked; odd ids match nothing', async () => {
      const all = [other.id, b.id, a.id, gone.id, a.id, 0, -1, 2 ** 31, 1.5];
      expect(ids(await repo.findManaged(all, null, { includeDeleted: false }))).toEqual([
        a.id,
        b.id,
        other.id,
      ]);
      expect(ids(await repo.findManaged(all, [a.trackId], { includeDeleted: true }))).toEqual([
        a.id,
        b.id,
        gone.id,
      ]);
      expect(await repo.findManaged(all, [], { includeDeleted: true })).toEqual([]);
      expect(await repo.findManaged([0, 2 ** 31], null, { includeDeleted: true })).toEqual([]);
      const locked = await tx((ex) =>
        repo.findManaged([a.id], null, { includeDeleted: false, forUpdate: true }, ex),
      );
      expect(ids(locked)).toEqual([a.id]);
    });

    it('listOfTracks and idsOfTracks: not deleted, by id; textsOf: track, title, abstract by id', async () => {
      expect(ids(await repo.listOfTracks([a.trackId, other.trackId]))).toEqual([a.id, b.id, other.id]);
      expect(await repo.idsOfTracks([a.trackId])).toEqual([a.id, b.id]);
      expect(await repo.listOfTracks([])).toEqual([]);
      expect(await repo.idsOfTracks([])).toEqual([]);
      expect(await repo.textsOf([b.id, a.id])).toEqual([
        { id: a.id, trackId: a.trackId, title: 'Alpha', abstractText: 'aa' },
        { id: b.id, trackId: b.trackId, title: 'Beta', abstractText: 'bb' },
      ]);
      expect(await repo.textsOf([])).toEqual([]);
    });
  });

  describe('authors', () => {
    let p1: PaperRow;
    let p2: PaperRow;
    let gone: PaperRow;
    beforeAll(async () => {
      p1 = await seedPaper(handle.db, { trackId: t1 });
      p2 = await seedPaper(handle.db, { trackId: t1 });
      gone = await seedPaper(handle.db, { trackId: t1, isDeleted: true });
      await tx(async (ex) => {
        await repo.setAuthors(p1.id, [bob.id, ann.id], ex);
        await repo.insertAuthors([{ paperId: p2.id, userId: ann.id, position: 0 }], ex);
        await repo.setAuthors(gone.id, [ann.id], ex);
      });
    });

    it('authorsOf: by paper, then position', async () => {
      expect(await repo.authorsOf([p2.id, p1.id])).toEqual([
        { paperId: p1.id, userId: bob.id, position: 0 },
        { paperId: p1.id, userId: ann.id, position: 1 },
        { paperId: p2.id, userId: ann.id, position: 0 },
      ]);
      expect(await repo.authorsOf([])).toEqual([]);
    });

    it('setAuthors replaces the ordered list; an author appears once in a paper', async () => {
      const p = await seedPaper(handle.db, { trackId: t1 });
      await tx((ex) => repo.setAuthors(p.id, [cat.id, bob.id], ex));
      await tx((ex) => repo.setAuthors(p.id, [bob.id], ex));
      expect(await repo.authorsOf([p.id])).toEqual([{ paperId: p.id, userId: bob.id, position: 0 }]);
      await expect(tx((ex) => repo.setAuthors(p.id, [cat.id, cat.id], ex))).rejects.toThrow();
      await tx((ex) => repo.setAuthors(p.id, [], ex));
      expect(await repo.authorsOf([p.id])).toEqual([]);
    });

    it('an author’s papers: found, found among ids (locked on demand), listed newest first; never deleted ones', async () => {
      expect((await repo.findForAuthor(p1.id, ann.id))!.id).toBe(p1.id);
      expect(await repo.findForAuthor(p1.id, cat.id)).toBeUndefined();
      expect(await repo.findForAuthor(gone.id, ann.id)).toBeUndefined();
      expect(ids(await repo.findManyForAuthor([p2.id, p1.id, gone.id], ann.id))).toEqual([p1.id, p2.id]);
      expect(ids(await repo.findManyForAuthor([p2.id, p1.id], bob.id))).toEqual([p1.id]);
      expect(await repo.findManyForAuthor([], ann.id)).toEqual([]);
      const locked = await tx((ex) => repo.findManyForAuthor([p1.id], ann.id, ex, { forUpdate: true }));
      expect(ids(locked)).toEqual([p1.id]);
      const mine = ids(await repo.listForAuthor(ann.id));
      expect(mine).toEqual(expect.arrayContaining([p2.id, p1.id]));
      expect(mine).not.toContain(gone.id);
      expect(mine).toEqual([...mine].sort((x, y) => y - x));
      expect(await repo.authoredAmong(ann.id, [p1.id, p2.id, gone.id])).toEqual(
        new Set([p1.id, p2.id, gone.id]),
      );
      expect(await repo.authoredAmong(bob.id, [p2.id])).toEqual(new Set());
      expect(await repo.authoredAmong(bob.id, [])).toEqual(new Set());
    });

    it('coauthored: papers on which a reviewer and one of the authors are both authors', async () => {
      expect(await repo.coauthored([bob.id, cat.id], [ann.id])).toEqual([
        { reviewerId: bob.id, authorId: ann.id, paperId: p1.id, title: p1.title },
      ]);
      expect(await repo.coauthored([ann.id], [ann.id])).toEqual([]); // not with oneself
      expect(await repo.coauthored([], [ann.id])).toEqual([]);
      expect(await repo.coauthored([bob.id], [])).toEqual([]);
    });

    it('papersAuthoredBy: each paper of these users with every author in order', async () => {
      const rows = await repo.papersAuthoredBy([bob.id]);
      expect(rows).toEqual([
        { paperId: p1.id, title: p1.title, abstract: p1.abstractText, authorIds: [bob.id, ann.id] },
      ]);
      expect(await repo.papersAuthoredBy([])).toEqual([]);
    });
  });

  describe('files and consent', () => {
    let p: PaperRow;
    const file = (part: string, key: string): NewPaperFileRow => ({
      paperId: p.id,
      part,
      key,
      name: `${key}.pdf`,
      size: 3_000_000_000, // bigint column: sizes over 2 GiB read back as numbers
      sha256: 'h',
      contentType: 'application/pdf',
    });
    beforeAll(async () => {
      p = await seedPaper(handle.db, { trackId: t1 });
    });

    it('files inserted, read by paper (by id) and by id, referenced keys, deleted', async () => {
      const [f1, f2, f3] = await tx((ex) =>
        repo.insertFiles([file('abstract', 'k1'), file('abstract', 'k2'), file('cameraReady', 'k3')], ex),
      );
      expect(f1).toMatchObject({ paperId: p.id, part: 'abstract', key: 'k1', size: 3_000_000_000 });
      expect(ids(await repo.filesOf([p.id]))).toEqual([f1!.id, f2!.id, f3!.id]);
      expect(await repo.filesOf([])).toEqual([]);
      expect(await repo.findFile(p.id, f2!.id)).toEqual(f2);
      expect(await repo.findFile(p.id + 1000, f2!.id)).toBeUndefined();
      expect(await repo.findFileById(f3!.id)).toEqual(f3);
      expect(await repo.findFileById(f3!.id + 1000)).toBeUndefined();
      expect((await repo.referencedFileKeys(['k1', 'k3', 'k9'])).sort()).toEqual(['k1', 'k3']);
      expect(await repo.referencedFileKeys([])).toEqual([]);
      await tx((ex) => repo.deleteFiles([f1!.id, f3!.id], ex));
      await tx((ex) => repo.deleteFiles([], ex));
      expect(ids(await repo.filesOf([p.id]))).toEqual([f2!.id]);
    });

    it('a store key is recorded once, and each slot other than abstract holds one file', async () => {
      await tx((ex) => repo.insertFiles([file('presentationReady', 'k10')], ex));
      await expect(tx((ex) => repo.insertFiles([file('abstract', 'k10')], ex))).rejects.toThrow();
      await expect(tx((ex) => repo.insertFiles([file('presentationReady', 'k11')], ex))).rejects.toThrow();
    });

    it('saveConsent records the signature and a later one replaces it; consentsOf leaves the image out', async () => {
      const consent = (name: string): NewConsentRow => ({
        paperId: p.id,
        userId: ann.id,
        agreementVersion: 1,
        agreementHtml: '<p>A</p>',
        signatureName: name,
        font: 'allura',
        jpeg: Buffer.from([0xff, 0xd8]),
      });
      expect(await repo.findConsent(p.id)).toBeUndefined();
      const first = await tx((ex) => repo.saveConsent(consent('Ann'), ex));
      const second = await tx((ex) =>
        repo.saveConsent({ ...consent('Ann B'), userId: bob.id, agreementVersion: 2 }, ex),
      );
      expect(second).toMatchObject({
        id: first.id,
        userId: bob.id,
        signatureName: 'Ann B',
        agreementVersion: 2,
      });
      expect(await repo.findConsent(p.id)).toEqual(second);
      const [listed] = await repo.consentsOf([p.id]);
      expect(listed).not.toHaveProperty('jpeg');
      expect(listed).toEqual((({ jpeg: _j, ...rest }) => rest)(second));
      expect(await repo.consentsOf([])).toEqual([]);
    });
  });
});
