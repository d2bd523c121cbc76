/**
 * /ViewSessionPaper: registered papers (their registration has an id) for registered participants, session
 * chairs and chairs, with the downloads of their public files.
 */
import { PAPER_MESSAGES, type RegisteredPaperDto } from '@symposium/domain';
import { eq } from 'drizzle-orm';
import { createHash } from 'node:crypto';
import { papersTable } from '../../apps/api/src/modules/papers/papers.table.js';
import { usersTable } from '../../apps/api/src/modules/users/users.table.js';
import { docx, pdf, setupPapers, submission, type PapersEnv } from './papers-author.helpers.js';

type User = Awaited<ReturnType<PapersEnv['t']['user']>>;
const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');

describe('registered papers (GET /api/registered/papers/:paperId and …/download/:fileId)', () => {
  let env: PapersEnv;
  let author: User;
  let participant: User;
  let stranger: User;
  let sessionChair: User;
  let paperId: number;
  let files: { submitted: number; pdf: number; word: number };

  const http = () => env.t.http();
  const register = (id: number, registration: object | null) =>
    env.t.db
      .update(papersTable)
      .set({ registration: registration as never })
      .where(eq(papersTable.id, id));

  beforeAll(async () => {
    env = await setupPapers();
    author = await env.t.user({ firstName: 'Ana', lastName: 'Silva' });
    participant = await env.t.user();
    await env.t.db.update(usersTable).set({ isRegistered: true }).where(eq(usersTable.id, participant.id));
    stranger = await env.t.user();
    sessionChair = await env.t.user({ roles: { sessionChair: { sessions: [1] } } });
    const track = await env.track();
    const created = await http()
      .post('/api/author/papers')
      .set(...author.auth)
      .field('paper', JSON.stringify(submission(track, [author.id])))
      .attach('files', pdf('submitted'), 'submitted.pdf');
    paperId = created.body._id;
    await env.accept(paperId);
    await http()
      .put(`/api/author/papers/${paperId}/notes`)
      .set(...author.auth)
      .send({ notes: 'private note' });
    const word = await http()
      .post(`/api/author/papers/${paperId}/upload?p=word`)
      .set(...author.auth)
      .attach('file', docx(), 'final.docx');
    const finalPdf = await http()
      .post(`/api/author/papers/${paperId}/upload?p=pdf`)
      .set(...author.auth)
      .attach('file', pdf('final'), 'final.pdf');
    files = {
      submitted: created.body.abstract.files[0]._id,
      pdf: finalPdf.body.file._id,
      word: word.body.file._id,
    };
  });
  afterAll(async () => {
    await env.close();
  });

  it('answers 404 while the paper has no registration id', async () => {
    await register(paperId, { author: author.id, id: '', amount: null, extra: '' });
    const res = await http()
      .get(`/api/registered/papers/${paperId}`)
      .set(...participant.auth);
    expect(res.status).toBe(404);
    expect(res.body.message).toBe(PAPER_MESSAGES.notFound);
  });

  describe('once registered', () => {
    beforeAll(async () => {
      await register(paperId, { author: author.id, id: '1234-A', amount: 300, extra: '' });
    });

    it('shows a registered participant the title, abstract, authors and public files, not the private fields', async () => {
      const res = await http()
        .get(`/api/registered/papers/${paperId}`)
        .set(...participant.auth);
      expect(res.status).toBe(200);
      const paper = res.body as RegisteredPaperDto;
      expect(paper).toMatchObject({
        _id: paperId,
        title: 'Graph colouring in practice',
        authors: [{ _id: author.id, firstName: 'Ana', lastName: 'Silva' }],
        primaryAuthor: author.id,
        cameraReady: { files: { pdf: { _id: files.pdf, name: 'final.pdf' } } },
        presentationReady: { files: { ppt: null, ppt_pdf: null, video: null } },
      });
      expect(paper.abstract.files.map((f) => f._id)).toEqual([files.submitted]);
      for (const key of ['notes', 'registration', 'status', 'otherRegistrations', 'actions'])
        expect(res.body).not.toHaveProperty(key);
      expect(JSON.stringify(res.body)).not.toContain('final.docx');
    });

    it('lets chairs read it, and a session chair only the papers of their sessions (none until sessions exist)', async () => {
      const asSessionChair = await http()
        .get(`/api/registered/papers/${paperId}`)
        .set(...sessionChair.auth);
      expect(asSessionChair.status).toBe(404);
      expect(asSessionChair.body.message).toBe('The paper could not be obtained');
      expect(
        (
          await http()
            .get(`/api/registered/papers/${paperId}/download/${files.pdf}`)
            .set(...sessionChair.auth)
        ).status,
      ).toBe(404);
      expect(
        (
          await http()
            .get(`/api/registered/papers/${paperId}`)
            .set(...env.chair.auth)
        ).status,
      ).toBe(200);
    });

    it('refuses users who are not registered participants', async () => {
      const res = await http()
        .get(`/api/registered/papers/${paperId}`)
        .set(...stranger.auth);
      expect(res.status).toBe(403);
      const download = await http()
        .get(`/api/registered/papers/${paperId}/download/${files.pdf}`)
        .set(...stranger.auth);
      expect(download.status).toBe(403);
    });

    it('downloads the camera-ready pdf as an attachment', async () => {
      const res = await http()
        .get(`/api/registered/papers/${paperId}/download/${files.pdf}`)
        .set(...participant.auth)
        .buffer(true)
        .parse((r, cb) => {
          const chunks: Buffer[] = [];
          r.on('data', (c: Buffer) => chunks.push(c));
          r.on('end', () => cb(null, Buffer.concat(chunks)));
        });
      expect(res.status).toBe(200);
      expect(res.headers['content-disposition']).toContain('attachment; filename="final.pdf"');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(sha256(res.body as Buffer)).toBe(sha256(pdf('final')));
    });

    it('keeps the word file and missing files out of reach (404)', async () => {
      for (const fileId of [files.word, 999_999]) {
        const res = await http()
          .get(`/api/registered/papers/${paperId}/download/${fileId}`)
          .set(...participant.auth);
        expect(res.status).toBe(404);
        expect(res.body.message).toBe(PAPER_MESSAGES.fileNotFound);
      }
    });

    it('answers 404 for a deleted paper and for a paper that does not exist', async () => {
      await env.t.db.update(papersTable).set({ isDeleted: true }).where(eq(papersTable.id, paperId));
      const deleted = await http()
        .get(`/api/registered/papers/${paperId}`)
        .set(...participant.auth);
      const missing = await http()
        .get('/api/registered/papers/999999')
        .set(...participant.auth);
      const file = await http()
        .get(`/api/registered/papers/${paperId}/download/${files.pdf}`)
        .set(...participant.auth);
      for (const res of [deleted, missing, file]) {
        expect(res.status).toBe(404);
        expect(res.body.message).toBe(PAPER_MESSAGES.notFound);
      }
      await env.t.db.update(papersTable).set({ isDeleted: false }).where(eq(papersTable.id, paperId));
    });
  });
});
