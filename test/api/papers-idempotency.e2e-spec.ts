/**
 * Idempotent submissions: `Idempotency-Key` on POST /api/author/papers (JSON and multipart) and on
 * POST …/:paperId/upload. A retry with the same key and request replays the first answer (same paper, same
 * file, 201) and stores nothing more; the same key for another request answers 422; a retry while the first
 * attempt holds the key answers 409, and once that attempt's lease is over (its process died) the retry runs.
 */
import { IDEMPOTENCY_MESSAGES } from '../../apps/api/src/modules/papers/papers.errors.js';
import { and, eq, sql } from 'drizzle-orm';
import { PAPER_MESSAGES } from '@symposium/domain';
import { IdempotencyService, requestHash } from '../../apps/api/src/modules/papers/idempotency.service.js';
import {
  idempotencyKeysTable,
  paperFilesTable,
  papersTable,
} from '../../apps/api/src/modules/papers/papers.table.js';
import { docx, pdf, setupPapers, submission, type PapersEnv } from './papers-author.helpers.js';

type User = Awaited<ReturnType<PapersEnv['t']['user']>>;

describe('Idempotency-Key on submissions', () => {
  let env: PapersEnv;
  let author: User;
  let track: number;
  let n = 0;
  const http = () => env.t.http();
  const newKey = () => `key-${Date.now()}-${++n}`;
  const papersTitled = async (title: string) =>
    (await env.t.db.select().from(papersTable).where(eq(papersTable.title, title))).length;
  const create = (user: User, body: object, key?: string) => {
    let req = http()
      .post('/api/author/papers')
      .set(...user.auth);
    if (key !== undefined) req = req.set('Idempotency-Key', key);
    return req.send(body);
  };
  const createMultipart = (user: User, body: object, file: Buffer, key: string) =>
    http()
      .post('/api/author/papers')
      .set(...user.auth)
      .set('Idempotency-Key', key)
      .field('paper', JSON.stringify(body))
      .attach('files', file, 'paper.pdf');
  const upload = (user: User, paperId: number, file: Buffer, name: string, key: string) =>
    http()
      .post(`/api/author/papers/${paperId}/upload?p=abstract`)
      .set(...user.auth)
      .set('Idempotency-Key', key)
      .attach('file', file, name);

  beforeAll(async () => {
    env = await setupPapers();
    author = await env.t.user();
    track = await env.track({ submissionProperties: { minFilesLimit: 0, maxFilesLimit: 5 } });
  });
  afterAll(async () => {
    await env.close();
  });

  it('a JSON submission retried with its key answers the same paper (201) and stores one paper', async () => {
    const key = newKey();
    const body = submission(track, [author.id], { title: 'Retried JSON paper' });
    const first = await create(author, body, key);
    expect(first.status).toBe(201);
    const again = await create(author, body, key);
    expect(again.status).toBe(201);
    expect(again.body._id).toBe(first.body._id);
    expect(again.body.title).toBe('Retried JSON paper');
    expect(await papersTitled('Retried JSON paper')).toBe(1);
  });

  it('the same key with a different body answers 422 and changes nothing', async () => {
    const key = newKey();
    const first = await create(author, submission(track, [author.id], { title: 'Keyed paper A' }), key);
    expect(first.status).toBe(201);
    const other = await create(author, submission(track, [author.id], { title: 'Keyed paper B' }), key);
    expect(other.status).toBe(422);
    expect(other.body.message).toBe(IDEMPOTENCY_MESSAGES.reused);
    expect(await papersTitled('Keyed paper B')).toBe(0);
  });

  it('keys are per user: another author with the same key gets a paper of their own', async () => {
    const key = newKey();
    const coauthor = await env.t.user();
    const a = await create(author, submission(track, [author.id], { title: 'Per-user key' }), key);
    const b = await create(coauthor, submission(track, [coauthor.id], { title: 'Per-user key' }), key);
    expect([a.status, b.status]).toEqual([201, 201]);
    expect(b.body._id).not.toBe(a.body._id);
  });

  it.each([
    ['empty', ''],
    ['longer than 200 characters', 'k'.repeat(201)],
    ['with a space', 'two words'],
  ])('refuses a key that is %s with 400, storing nothing', async (_label, key) => {
    const res = await create(author, submission(track, [author.id], { title: `Bad key ${_label}` }), key);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(IDEMPOTENCY_MESSAGES.invalid);
    expect(await papersTitled(`Bad key ${_label}`)).toBe(0);
  });

  it('a refused attempt gives its key back: the corrected request with the same key is stored', async () => {
    const key = newKey();
    const bad = await create(author, submission(track, [author.id], { title: '' }), key);
    expect(bad.status).toBe(400);
    const good = await create(author, submission(track, [author.id], { title: 'Corrected paper' }), key);
    expect(good.status).toBe(201);
  });

  it('a multipart submission retried with its key replays the answer and keeps no second file', async () => {
    const key = newKey();
    const body = submission(track, [author.id], { title: 'Retried multipart paper' });
    const file = pdf('retried multipart');
    const first = await createMultipart(author, body, file, key);
    expect(first.status).toBe(201);
    const stored = (await env.storedFiles()).length;
    const again = await createMultipart(author, body, file, key);
    expect(again.status).toBe(201);
    expect(again.body._id).toBe(first.body._id);
    expect(again.body.files).toEqual(first.body.files);
    expect(await env.storedFiles()).toHaveLength(stored);
    expect(await papersTitled('Retried multipart paper')).toBe(1);
    // another file under the same key: 422, and its bytes leave the store
    const other = await createMultipart(author, body, pdf('something else'), key);
    expect(other.status).toBe(422);
    expect(await env.storedFiles()).toHaveLength(stored);
  });

  describe('uploads', () => {
    let paperId: number;
    beforeAll(async () => {
      const res = await create(author, submission(track, [author.id], { title: 'Upload target' }));
      paperId = res.body._id;
      await env.setActivity(track, 'canEditPaper', true, null);
    });
    const rowsOf = () => env.t.db.select().from(paperFilesTable).where(eq(paperFilesTable.paperId, paperId));

    it('an upload retried with its key answers the same file and leaves no object behind', async () => {
      const key = newKey();
      const file = pdf('uploaded once');
      const first = await upload(author, paperId, file, 'once.pdf', key);
      expect(first.status).toBe(201);
      const stored = (await env.storedFiles()).length;
      const again = await upload(author, paperId, file, 'once.pdf', key);
      expect(again.status).toBe(201);
      expect(again.body.message).toBe(PAPER_MESSAGES.fileUploaded);
      expect(again.body.file).toEqual(first.body.file);
      expect(again.body.paper._id).toBe(paperId);
      expect(await env.storedFiles()).toHaveLength(stored);
      expect((await rowsOf()).filter((r) => r.name === 'once.pdf')).toHaveLength(1);
    });

    it('another file under the same key answers 422 and stores nothing', async () => {
      const key = newKey();
      expect((await upload(author, paperId, pdf('first bytes'), 'first.pdf', key)).status).toBe(201);
      const stored = (await env.storedFiles()).length;
      const rows = (await rowsOf()).length;
      const other = await upload(author, paperId, docx(), 'second.docx', key);
      expect(other.status).toBe(422);
      expect(other.body.message).toBe(IDEMPOTENCY_MESSAGES.reused);
      expect(await env.storedFiles()).toHaveLength(stored);
      expect(await rowsOf()).toHaveLength(rows);
    });

    it('a retry after editing closed still gets the first answer', async () => {
      const key = newKey();
      const file = pdf('just before the deadline');
      const first = await upload(author, paperId, file, 'deadline.pdf', key);
      expect(first.status).toBe(201);
      await env.setActivity(track, 'canEditPaper', false, null);
      try {
        const again = await upload(author, paperId, file, 'deadline.pdf', key);
        expect(again.status).toBe(201);
        expect(again.body.file).toEqual(first.body.file);
        expect((await upload(author, paperId, file, 'deadline.pdf', newKey())).status).toBe(400);
      } finally {
        await env.setActivity(track, 'canEditPaper', true, null);
      }
    });
  });

  describe('an attempt in progress', () => {
    it('answers 409 while another attempt holds the key, and runs once its holder is gone', async () => {
      const key = newKey();
      const body = submission(track, [author.id], { title: 'Held key paper' });
      // another process's attempt holds the key (it claimed it and has not committed)
      const idem = env.t.app.get(IdempotencyService);
      const begun = await idem.begin(author.id, 'papers.create', key, requestHash({ json: body }));
      expect(begun.kind).toBe('claimed');
      const busy = await create(author, body, key);
      expect(busy.status).toBe(409);
      expect(busy.body.message).toBe(IDEMPOTENCY_MESSAGES.inProgress);
      // ... and its process died: the lease runs out
      if (begun.kind === 'claimed') await idem.end(begun.claim, false);
      await env.t.db
        .update(idempotencyKeysTable)
        .set({ leaseUntil: sql`now() - interval '1 second'` })
        .where(and(eq(idempotencyKeysTable.userId, author.id), eq(idempotencyKeysTable.key, key)));
      const retried = await create(author, body, key);
      expect(retried.status).toBe(201);
      expect(await papersTitled('Held key paper')).toBe(1);
      // the dead attempt can no longer complete: its transaction would answer 409
      if (begun.kind === 'claimed')
        expect((await idem.lockHeld([begun.claim], env.t.db)).has(begun.claim.token)).toBe(false);
    });

    it('concurrent requests with one key store one paper; the others answer 409 or the same paper', async () => {
      const key = newKey();
      const body = submission(track, [author.id], { title: 'Double click paper' });
      const answers = await Promise.all([1, 2, 3, 4].map(() => create(author, body, key)));
      const ok = answers.filter((a) => a.status === 201);
      expect(ok.length).toBeGreaterThanOrEqual(1);
      expect(new Set(ok.map((a) => a.body._id)).size).toBe(1);
      for (const a of answers) expect([201, 409]).toContain(a.status);
      expect(await papersTitled('Double click paper')).toBe(1);
    });
  });

  it('keys older than 24 hours are swept, and a key expired but not yet swept is claimed anew', async () => {
    const key = newKey();
    const body = submission(track, [author.id], { title: 'Old key paper' });
    expect((await create(author, body, key)).status).toBe(201);
    const t = idempotencyKeysTable;
    const mine = and(eq(t.userId, author.id), eq(t.key, key));
    await env.t.db
      .update(t)
      .set({ createdAt: sql`now() - interval '25 hours'` })
      .where(mine);
    expect((await create(author, body, key)).status).toBe(201);
    expect(await papersTitled('Old key paper')).toBe(2);
    await env.t.db
      .update(t)
      .set({ createdAt: sql`now() - interval '25 hours'` })
      .where(mine);
    expect(await env.t.app.get(IdempotencyService).sweep()).toBeGreaterThanOrEqual(1);
    expect(await env.t.db.select().from(t).where(mine)).toHaveLength(0);
  });
});
