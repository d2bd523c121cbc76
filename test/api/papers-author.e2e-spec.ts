/**
 * The author's papers: submission (JSON and multipart) with every §5 rule and message, deadlines, reading,
 * editing, withdrawing, notes, the confirmation e-mail, and co-author accounts.
 */
import {
  abstractTooLongMessage,
  commentTooLongMessage,
  maxFilesMessage,
  PAPER_MESSAGES,
  PEOPLE_MESSAGES,
  type PaperDto,
} from '@symposium/domain';
import { createHash } from 'node:crypto';
import { desc, eq } from 'drizzle-orm';
import { outboxTable } from '../../apps/api/src/modules/outbox/outbox.table.js';
import {
  paperAuthorsTable,
  paperFilesTable,
  papersTable,
} from '../../apps/api/src/modules/papers/papers.table.js';
import { statusesTable } from '../../apps/api/src/modules/tracks/tracks.table.js';
import {
  ABSTRACT,
  docx,
  minutesFromNow,
  pdf,
  setupPapers,
  submission,
  type PapersEnv,
} from './papers-author.helpers.js';

type User = Awaited<ReturnType<PapersEnv['t']['user']>>;

const FORBIDDEN_TITLE =
  'Please update submission title: It\'s not recommended to use "Research on", "Proposal on", "Study on", or "Literature Review" for paper titles!';
const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');

describe('author papers', () => {
  let env: PapersEnv;
  let author: User;
  let coAuthor: User;
  let other: User;
  /** A track accepting JSON-only submissions (minFilesLimit 0). */
  let openTrack: number;

  const http = () => env.t.http();
  const submitJson = (user: User, body: unknown) =>
    http()
      .post('/api/author/papers')
      .set(...user.auth)
      .send(body as object);
  const paperRows = () => env.t.db.select().from(papersTable);

  beforeAll(async () => {
    env = await setupPapers();
    author = await env.t.user({ firstName: 'Ana', lastName: 'Silva' });
    coAuthor = await env.t.user({ firstName: 'Bruno', lastName: 'Costa' });
    other = await env.t.user();
    openTrack = await env.track({ submissionProperties: { minFilesLimit: 0, maxFilesLimit: 2 } });
  });
  afterAll(async () => {
    await env.close();
  });

  describe('submitting (POST /api/author/papers)', () => {
    it('stores a multipart submission with its file, sha256 and size in one go, with the default status', async () => {
      const track = await env.track();
      const file = pdf('multipart');
      const res = await http()
        .post('/api/author/papers')
        .set(...author.auth)
        .field('paper', JSON.stringify(submission(track, [author.id, coAuthor.id])))
        .attach('files', file, 'my paper.pdf');
      expect(res.status).toBe(201);
      const paper = res.body as PaperDto;
      const [defaultStatus] = await env.t.db
        .select()
        .from(statusesTable)
        .where(eq(statusesTable.isDefault, true));
      expect(paper).toMatchObject({
        title: 'Graph colouring in practice',
        abstract: { text: ABSTRACT, questions: [] },
        authors: [
          { _id: author.id, firstName: 'Ana', lastName: 'Silva' },
          { _id: coAuthor.id, firstName: 'Bruno', lastName: 'Costa' },
        ],
        primaryAuthor: author.id,
        track,
        primarySubjectArea: null,
        status: defaultStatus!.id,
        isDeleted: false,
        notes: '',
        submittedCameraReady: false,
        submittedPresentationReady: false,
        isCameraReady: false,
        isPresentationReady: false,
        cameraReady: { files: { word: null, pdf: null, springerCopyright: null }, questions: [] },
        presentationReady: { files: { ppt: null, ppt_pdf: null, video: null }, questions: [] },
        registration: null,
        otherRegistrations: [],
        acceptWithRevisionTimestamp: null,
        actions: {
          canEdit: false,
          canDelete: true,
          canSubmitCameraReady: false,
          canSubmitPresentationReady: false,
          canSignConsent: false,
          canViewReviews: false,
        },
      });
      expect(paper.consent).toBeUndefined();
      expect(paper.abstract.files).toEqual([
        {
          _id: expect.any(Number),
          part: 'abstract',
          name: 'my paper.pdf',
          size: file.length,
          sha256: sha256(file),
          contentType: 'application/pdf',
          createdAt: expect.any(String),
        },
      ]);
      const [row] = await env.t.db
        .select()
        .from(paperFilesTable)
        .where(eq(paperFilesTable.paperId, paper._id));
      expect(row).toMatchObject({ part: 'abstract', size: file.length, sha256: sha256(file) });
      expect((await env.storedFiles()).some((f) => f.endsWith(row!.key))).toBe(true);
      const authors = await env.t.db
        .select()
        .from(paperAuthorsTable)
        .where(eq(paperAuthorsTable.paperId, paper._id))
        .orderBy(paperAuthorsTable.position);
      expect(authors.map((a) => [a.userId, a.position])).toEqual([
        [author.id, 0],
        [coAuthor.id, 1],
      ]);
    });

    it('accepts a JSON-only submission when the track asks for no file', async () => {
      const res = await submitJson(author, submission(openTrack, [author.id]));
      expect(res.status).toBe(201);
      expect((res.body as PaperDto).abstract.files).toEqual([]);
    });

    it("refuses a JSON-only submission when the track needs a file: 'Please submit the minimum of files required'", async () => {
      const track = await env.track();
      const before = (await paperRows()).length;
      const res = await submitJson(author, submission(track, [author.id]));
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({
        code: 'papers.invalid',
        message: 'Please submit the minimum of files required',
      });
      expect((await paperRows()).length).toBe(before);
    });

    it('refuses more files than maxFilesLimit and leaves no file in the store', async () => {
      const track = await env.track();
      const before = await env.storedFiles();
      const res = await http()
        .post('/api/author/papers')
        .set(...author.auth)
        .field('paper', JSON.stringify(submission(track, [author.id])))
        .attach('files', pdf('one'), 'one.pdf')
        .attach('files', docx(), 'two.docx');
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(maxFilesMessage(1));
      expect(await env.storedFiles()).toEqual(before);
    });

    it('refuses a multipart submission whose paper field is invalid, removing the files it carried', async () => {
      const track = await env.track();
      const before = await env.storedFiles();
      const res = await http()
        .post('/api/author/papers')
        .set(...author.auth)
        .field('paper', JSON.stringify(submission(track, [author.id], { title: 'A study of rivers' })))
        .attach('files', pdf(), 'paper.pdf');
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(FORBIDDEN_TITLE);
      expect(await env.storedFiles()).toEqual(before);
      const noJson = await http()
        .post('/api/author/papers')
        .set(...author.auth)
        .field('paper', '{not json')
        .attach('files', pdf(), 'paper.pdf');
      expect(noJson.status).toBe(400);
      expect(noJson.body.message).toBe(PAPER_MESSAGES.paperFieldInvalid);
      const missing = await http()
        .post('/api/author/papers')
        .set(...author.auth)
        .attach('files', pdf(), 'paper.pdf');
      expect(missing.status).toBe(400);
      expect(missing.body.message).toBe(PAPER_MESSAGES.paperFieldMissing);
      expect(await env.storedFiles()).toEqual(before);
    });

    it('refuses a submission file that is not a doc, docx or pdf by content', async () => {
      const track = await env.track();
      const res = await http()
        .post('/api/author/papers')
        .set(...author.auth)
        .field('paper', JSON.stringify(submission(track, [author.id])))
        .attach('files', Buffer.from('MZ\x90\x00 this is a program'), 'paper.pdf');
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('Please select a valid file');
    });

    it.each([
      'Research on solar panels',
      'Research of solar panels',
      'Study on bridges',
      'Study of bridges',
      'A research on birds',
      'A research of birds',
      'A study on rivers',
      'A study of rivers',
      'Proposal on water',
      'Proposal of water',
      'A proposal on water',
      'A proposal of water',
      'Conceptual proposal for smart cities',
      'A conceptual proposal for smart cities',
      'Graphs: a Literature Review',
    ])('refuses the title "%s" with the §5 message', async (title) => {
      const res = await submitJson(author, submission(openTrack, [author.id], { title }));
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: 'papers.invalid', message: FORBIDDEN_TITLE });
      expect(res.body.details[0]).toEqual({ field: 'title', message: FORBIDDEN_TITLE });
    });

    it("requires a title ('Please write a title') of at most 150 characters", async () => {
      for (const title of [undefined, '', '   ']) {
        const res = await submitJson(author, submission(openTrack, [author.id], { title }));
        expect(res.body.message).toBe('Please write a title');
      }
      expect(
        (await submitJson(author, submission(openTrack, [author.id], { title: 'T'.repeat(151) }))).body
          .message,
      ).toBe(PAPER_MESSAGES.titleTooLong);
      expect(
        (await submitJson(author, submission(openTrack, [author.id], { title: 'T'.repeat(150) }))).status,
      ).toBe(201);
    });

    it('refuses an abstract of 49 characters and accepts one of 50', async () => {
      const short = await submitJson(
        author,
        submission(openTrack, [author.id], { abstract: { text: 'a'.repeat(49) } }),
      );
      expect(short.status).toBe(400);
      expect(short.body.message).toBe('Please write more than 49 characters on the abstract');
      const ok = await submitJson(
        author,
        submission(openTrack, [author.id], { abstract: { text: 'a'.repeat(50) } }),
      );
      expect(ok.status).toBe(201);
    });

    it("refuses an abstract longer than the track's abstractLength", async () => {
      const track = await env.track({ submissionProperties: { abstractLength: 100, minFilesLimit: 0 } });
      const res = await submitJson(
        author,
        submission(track, [author.id], { abstract: { text: 'a'.repeat(101) } }),
      );
      expect(res.body.message).toBe(abstractTooLongMessage(100));
      expect(
        (await submitJson(author, submission(track, [author.id], { abstract: { text: 'a'.repeat(100) } })))
          .status,
      ).toBe(201);
    });

    it("requires a subject area of the track when it has some ('Please select a subject area')", async () => {
      const track = await env.track({
        subjectAreas: [{ name: 'Graphs' }, { name: 'Logic' }],
        submissionProperties: { minFilesLimit: 0 },
      });
      const missing = await submitJson(author, submission(track, [author.id]));
      expect(missing.body.message).toBe('Please select a subject area');
      const foreign = await submitJson(author, submission(track, [author.id], { primarySubjectArea: 999 }));
      expect(foreign.body.message).toBe('Please select a subject area');
      const areas = (
        await http()
          .get(`/api/author/tracks/${track}`)
          .set(...author.auth)
      ).body.subjectAreas;
      const ok = await submitJson(
        author,
        submission(track, [author.id], { primarySubjectArea: areas[1]._id }),
      );
      expect(ok.status).toBe(201);
      expect(ok.body.primarySubjectArea).toBe(areas[1]._id);
    });

    it("requires an author ('Please add an author') and a primary author ('Please select a primary author')", async () => {
      const none = await submitJson(author, submission(openTrack, [], { primaryAuthor: null }));
      expect(none.body.message).toBe('Please add an author');
      const noPrimary = await submitJson(author, submission(openTrack, [author.id], { primaryAuthor: null }));
      expect(noPrimary.body.message).toBe('Please select a primary author');
      const outside = await submitJson(
        author,
        submission(openTrack, [author.id], { primaryAuthor: coAuthor.id }),
      );
      expect(outside.body.message).toBe(PAPER_MESSAGES.primaryAuthorNotAuthor);
    });

    it('requires the submitting author among the authors, and existing users as authors', async () => {
      const notMe = await submitJson(author, submission(openTrack, [coAuthor.id]));
      expect(notMe.status).toBe(400);
      expect(notMe.body.message).toBe('You must be one of the authors of the paper');
      const ghost = await submitJson(author, submission(openTrack, [author.id, 999_999]));
      expect(ghost.body).toMatchObject({
        message: 'User not found',
        details: [{ field: 'authors.1', message: 'User not found' }],
      });
    });

    it('keeps the order of the authors and lets the primary author be any of them', async () => {
      const res = await submitJson(
        author,
        submission(openTrack, [coAuthor.id, author.id, other.id], { primaryAuthor: other.id }),
      );
      expect(res.status).toBe(201);
      expect((res.body as PaperDto).authors.map((a) => a._id)).toEqual([coAuthor.id, author.id, other.id]);
      expect(res.body.primaryAuthor).toBe(other.id);
    });

    it('never lets the author set the status or other chair fields', async () => {
      const res = await submitJson(author, {
        ...submission(openTrack, [author.id]),
        status: 5,
        isCameraReady: true,
      });
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('request.invalid');
    });

    describe('track questions', () => {
      let track: number;
      beforeAll(async () => {
        track = await env.track({
          submissionProperties: {
            minFilesLimit: 0,
            questions: [
              { title: 'Will you present at {conference}?', isRequired: true, choices: ['Yes', 'No'] },
              { title: 'Comments', isComment: true, isTextArea: true },
              { title: 'Short note', isComment: true },
            ],
          },
        });
        await env.conference({ shortName: 'ICGT 2026' });
      });
      const withAnswers = (answers: (string | undefined)[]) =>
        submission(track, [author.id], {
          abstract: { text: ABSTRACT, questions: answers.map((answer) => ({ answer })) },
        });

      it("requires the required questions ('Please answer all the questions highlighted in red')", async () => {
        const res = await submitJson(author, withAnswers([]));
        expect(res.body).toMatchObject({
          message: 'Please answer all the questions highlighted in red',
          details: [{ field: 'abstract.questions.0.answer' }],
        });
      });

      it('refuses an answer that is not among the choices', async () => {
        const res = await submitJson(author, withAnswers(['Maybe']));
        expect(res.body.message).toBe('Please answer all the questions highlighted in red');
      });

      it('limits the text-area comment to 2000 and the short comment to 150 characters', async () => {
        expect((await submitJson(author, withAnswers(['Yes', 'x'.repeat(2001)]))).body.message).toBe(
          commentTooLongMessage(2000),
        );
        expect((await submitJson(author, withAnswers(['Yes', '', 'x'.repeat(151)]))).body.message).toBe(
          commentTooLongMessage(150),
        );
        const ok = await submitJson(author, withAnswers(['Yes', 'x'.repeat(2000), 'y'.repeat(150)]));
        expect(ok.status).toBe(201);
      });

      it('stores the answers with the question titles, the conference placeholder replaced by its short name', async () => {
        const res = await submitJson(author, withAnswers(['No', 'fine']));
        expect(res.body.abstract.questions).toEqual([
          { title: 'Will you present at ICGT 2026?', answer: 'No' },
          { title: 'Comments', answer: 'fine' },
          { title: 'Short note', answer: '' },
        ]);
      });
    });

    describe('the submission deadline (UTC, decided by the server)', () => {
      it('accepts a submission one minute before the deadline', async () => {
        const track = await env.track({ submissionProperties: { minFilesLimit: 0 } });
        await env.setActivity(track, 'canSubmitPaper', true, minutesFromNow(1));
        expect((await submitJson(author, submission(track, [author.id]))).status).toBe(201);
      });
      it('refuses a submission one minute after the deadline', async () => {
        const track = await env.track({ submissionProperties: { minFilesLimit: 0 } });
        await env.setActivity(track, 'canSubmitPaper', true, minutesFromNow(-1));
        const res = await submitJson(author, submission(track, [author.id]));
        expect(res.status).toBe(400);
        expect(res.body).toMatchObject({
          code: 'papers.submission_closed',
          message: 'The submission period for this track is closed',
        });
      });
      it('refuses a submission while submissions are disabled, and stores no file', async () => {
        const track = await env.track();
        await env.setActivity(track, 'canSubmitPaper', false);
        const before = await env.storedFiles();
        const res = await http()
          .post('/api/author/papers')
          .set(...author.auth)
          .field('paper', JSON.stringify(submission(track, [author.id])))
          .attach('files', pdf(), 'paper.pdf');
        expect(res.body.message).toBe(PAPER_MESSAGES.submissionClosed);
        expect(await env.storedFiles()).toEqual(before);
      });
      it('answers 404 for a track that does not exist', async () => {
        const res = await submitJson(author, submission(999_999, [author.id]));
        expect(res.status).toBe(404);
        expect(res.body.message).toBe('Track not found');
      });
    });
  });

  describe('reading (GET /api/author/papers, GET /api/author/papers/:paperId)', () => {
    let paperId: number;
    beforeAll(async () => {
      paperId = (
        await submitJson(coAuthor, submission(openTrack, [coAuthor.id, other.id], { title: 'Shared paper' }))
      ).body._id;
    });

    it("lists the author's papers, including those submitted by a co-author", async () => {
      const mine = await http()
        .get('/api/author/papers')
        .set(...other.auth);
      expect(mine.status).toBe(200);
      expect((mine.body as PaperDto[]).map((p) => p._id)).toContain(paperId);
      const theirs = await http()
        .get('/api/author/papers')
        .set(...author.auth);
      expect((theirs.body as PaperDto[]).map((p) => p._id)).not.toContain(paperId);
    });

    it('shows a paper to its authors', async () => {
      const res = await http()
        .get(`/api/author/papers/${paperId}`)
        .set(...other.auth);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ _id: paperId, title: 'Shared paper' });
    });

    it("answers another author's paper, a missing paper and a malformed id with the same 404", async () => {
      const foreign = await http()
        .get(`/api/author/papers/${paperId}`)
        .set(...author.auth);
      const missing = await http()
        .get('/api/author/papers/999999')
        .set(...author.auth);
      const malformed = await http()
        .get('/api/author/papers/1e3')
        .set(...author.auth);
      for (const res of [foreign, missing, malformed]) {
        expect(res.status).toBe(404);
        expect(res.body).toEqual({
          statusCode: 404,
          code: 'papers.not_found',
          message: 'The paper could not be obtained',
        });
      }
    });

    it('answers 404 alike on every route of a paper that is not the caller’s', async () => {
      const routes: ['get' | 'post' | 'put' | 'delete', string, object?][] = [
        ['put', `/api/author/papers/${paperId}`, submission(openTrack, [author.id])],
        ['delete', `/api/author/papers/${paperId}`],
        ['put', `/api/author/papers/${paperId}/notes`, { notes: 'x' }],
        ['get', `/api/author/papers/${paperId}/email`],
        ['post', `/api/author/papers/${paperId}/email`, {}],
        ['post', `/api/author/papers/${paperId}/camera-ready`, {}],
        ['post', `/api/author/papers/${paperId}/presentation-ready`, { questions: [] }],
        ['post', `/api/author/papers/${paperId}/consent`, { signature: 'Ana Silva' }],
        ['get', `/api/author/papers/${paperId}/consent/signature`],
      ];
      for (const [method, url, body] of routes) {
        const agent = http();
        const req = agent[method](url).set(...author.auth);
        const res = await (body ? req.send(body) : req);
        expect([method, url, res.status, res.body.message]).toEqual([
          method,
          url,
          404,
          PAPER_MESSAGES.notFound,
        ]);
      }
    });
  });

  describe('editing (PUT /api/author/papers/:paperId)', () => {
    let track: number;
    let paper: PaperDto;
    beforeAll(async () => {
      track = await env.track({ submissionProperties: { minFilesLimit: 1, maxFilesLimit: 2 } });
      paper = (
        await http()
          .post('/api/author/papers')
          .set(...author.auth)
          .field('paper', JSON.stringify(submission(track, [author.id])))
          .attach('files', pdf('first'), 'first.pdf')
      ).body;
    });
    const edit = (body: object) =>
      http()
        .put(`/api/author/papers/${paper._id}`)
        .set(...author.auth)
        .send(body);

    it("refuses an edit while editing is disabled (the default): 'The editing period for this track is closed'", async () => {
      const res = await edit(submission(track, [author.id], { title: 'New title' }));
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({
        code: 'papers.edit_closed',
        message: 'The editing period for this track is closed',
      });
    });

    it('accepts an edit one minute before the editing deadline and refuses it one minute after', async () => {
      await env.setActivity(track, 'canEditPaper', true, minutesFromNow(1));
      const ok = await edit(
        submission(track, [author.id, coAuthor.id], { title: 'Edited title', primaryAuthor: coAuthor.id }),
      );
      expect(ok.status).toBe(200);
      expect(ok.body).toMatchObject({
        title: 'Edited title',
        primaryAuthor: coAuthor.id,
        actions: { canEdit: true },
      });
      expect(ok.body.authors.map((a: { _id: number }) => a._id)).toEqual([author.id, coAuthor.id]);
      await env.setActivity(track, 'canEditPaper', true, minutesFromNow(-1));
      const late = await edit(submission(track, [author.id], { title: 'Too late' }));
      expect(late.body.message).toBe(PAPER_MESSAGES.editClosed);
      const [row] = await env.t.db.select().from(papersTable).where(eq(papersTable.id, paper._id));
      expect(row!.title).toBe('Edited title');
    });

    describe('with editing open', () => {
      beforeAll(async () => {
        await env.setActivity(track, 'canEditPaper', true, null);
      });

      it('applies the same §5 rules as a submission', async () => {
        expect((await edit(submission(track, [author.id], { title: 'Study on graphs' }))).body.message).toBe(
          FORBIDDEN_TITLE,
        );
        expect(
          (await edit(submission(track, [author.id], { abstract: { text: 'short' } }))).body.message,
        ).toBe(PAPER_MESSAGES.abstractTooShort);
        expect((await edit(submission(track, [coAuthor.id]))).body.message).toBe(
          PAPER_MESSAGES.submitterNotAuthor,
        );
        expect((await edit(submission(track + 1000, [author.id]))).body.message).toBe(
          PAPER_MESSAGES.trackChange,
        );
      });

      it('adds files and removes others in one transaction, deleting the removed file from the store after it', async () => {
        const [first] = paper.abstract.files;
        const firstKey = (
          await env.t.db.select().from(paperFilesTable).where(eq(paperFilesTable.id, first!._id))
        )[0]!.key;
        const res = await http()
          .put(`/api/author/papers/${paper._id}`)
          .set(...author.auth)
          .field('paper', JSON.stringify(submission(track, [author.id], { removeFiles: [first!._id] })))
          .attach('files', docx(), 'second.docx');
        expect(res.status).toBe(200);
        expect((res.body as PaperDto).abstract.files.map((f) => f.name)).toEqual(['second.docx']);
        expect((await env.storedFiles()).some((f) => f.endsWith(firstKey))).toBe(false);
        paper = res.body;
      });

      it('refuses an edit that would leave fewer files than minFilesLimit, keeping the file', async () => {
        const [only] = paper.abstract.files;
        const res = await edit(submission(track, [author.id], { removeFiles: [only!._id] }));
        expect(res.body.message).toBe('Please submit the minimum of files required');
        expect(
          (
            await http()
              .get(`/api/author/papers/${paper._id}`)
              .set(...author.auth)
          ).body.abstract.files,
        ).toHaveLength(1);
      });

      it('refuses to remove a file that is not one of the paper’s submission files', async () => {
        const res = await edit(submission(track, [author.id], { removeFiles: [999_999] }));
        expect(res.status).toBe(400);
        expect(res.body.message).toBe(PAPER_MESSAGES.fileNotFound);
      });
    });
  });

  describe('withdrawing (DELETE /api/author/papers/:paperId)', () => {
    it('marks the paper deleted; it leaves the list and answers 404 from then on', async () => {
      const id = (await submitJson(author, submission(openTrack, [author.id, coAuthor.id]))).body._id;
      const res = await http()
        .delete(`/api/author/papers/${id}`)
        .set(...coAuthor.auth);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ ok: true, message: PAPER_MESSAGES.deleted });
      const [row] = await env.t.db.select().from(papersTable).where(eq(papersTable.id, id));
      expect(row!.isDeleted).toBe(true);
      expect(
        (
          await http()
            .get('/api/author/papers')
            .set(...author.auth)
        ).body.map((p: PaperDto) => p._id),
      ).not.toContain(id);
      const again = await http()
        .get(`/api/author/papers/${id}`)
        .set(...author.auth);
      expect(again.status).toBe(404);
      expect(again.body.message).toBe('The paper could not be obtained');
    });
  });

  describe('a decided paper', () => {
    it('cannot be withdrawn once it has a decision other than the default, and the menu does not offer it', async () => {
      const id = (await submitJson(author, submission(openTrack, [author.id]))).body._id as number;
      await env.accept(id);
      const listed = (
        await http()
          .get('/api/author/papers')
          .set(...author.auth)
      ).body.find((p: PaperDto) => p._id === id) as PaperDto;
      expect(listed.actions.canDelete).toBe(false);
      const res = await http()
        .delete(`/api/author/papers/${id}`)
        .set(...author.auth);
      expect(res.status).toBe(409);
      expect(res.body.message).toBe(
        'This paper already has a decision and can no longer be withdrawn. Please contact the conference chair.',
      );
      const [row] = await env.t.db.select().from(papersTable).where(eq(papersTable.id, id));
      expect(row!.isDeleted).toBe(false);
    });

    it('shows its decision to the authors only when the conference shows the track status to authors', async () => {
      const id = (await submitJson(author, submission(openTrack, [author.id]))).body._id as number;
      const decisionOf = async () =>
        (
          (
            await http()
              .get(`/api/author/papers/${id}`)
              .set(...author.auth)
          ).body as PaperDto
        ).decision;
      await env.conference({ authorView: { viewConferenceTrackStatus: true } });
      expect(await decisionOf()).toBeNull(); // the default status is no decision
      await env.accept(id);
      expect(await decisionOf()).toBe('Accept');
      await env.conference({ authorView: { viewConferenceTrackStatus: false } });
      expect(await decisionOf()).toBeNull();
    });
  });

  describe('notes (PUT /api/author/papers/:paperId/notes)', () => {
    it("saves the author's notes", async () => {
      const id = (await submitJson(author, submission(openTrack, [author.id]))).body._id;
      const res = await http()
        .put(`/api/author/papers/${id}/notes`)
        .set(...author.auth)
        .send({ notes: 'Check the figures' });
      expect(res.status).toBe(200);
      expect(res.body.notes).toBe('Check the figures');
      const [row] = await env.t.db.select().from(papersTable).where(eq(papersTable.id, id));
      expect(row!.notes).toBe('Check the figures');
      expect(
        (
          await http()
            .put(`/api/author/papers/${id}/notes`)
            .set(...author.auth)
            .send({})
        ).status,
      ).toBe(400);
    });
  });

  describe('the confirmation e-mail (GET and POST /api/author/papers/:paperId/email)', () => {
    let id: number;
    beforeAll(async () => {
      await env.conference({ shortName: 'ICGT 2026', fullName: 'International Conference on Graph Theory' });
      id = (
        await submitJson(
          author,
          submission(openTrack, [author.id, coAuthor.id], { title: 'Confirmed paper' }),
        )
      ).body._id;
    });

    it('previews the e-mail: every author, a subject and a text with the paper', async () => {
      const res = await http()
        .get(`/api/author/papers/${id}/email`)
        .set(...author.auth);
      expect(res.status).toBe(200);
      expect(res.body.to).toEqual([
        { _id: author.id, firstName: 'Ana', lastName: 'Silva', email: author.email },
        { _id: coAuthor.id, firstName: 'Bruno', lastName: 'Costa', email: coAuthor.email },
      ]);
      expect(res.body.subject).toBe(`ICGT 2026: submission confirmation for paper ${id}`);
      expect(res.body.text).toContain('Title: Confirmed paper');
      expect(res.body.text).toContain(`Paper ID: ${id}`);
      expect(res.body.text).toContain('International Conference on Graph Theory');
      expect(res.body.text).toContain(ABSTRACT);
    });

    it('sends it to every author through the outbox', async () => {
      const res = await http()
        .post(`/api/author/papers/${id}/email`)
        .set(...author.auth)
        .send({});
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        ok: true,
        message: 'The confirmation e-mail was sent',
        to: [author.email, coAuthor.email],
      });
      const [row] = await env.t.db.select().from(outboxTable).orderBy(desc(outboxTable.id)).limit(1);
      expect(row).toMatchObject({
        kind: 'paper-confirmation',
        to: [author.email, coAuthor.email],
        subject: `ICGT 2026: submission confirmation for paper ${id}`,
        state: 'pending',
        createdBy: author.id,
      });
      expect(row!.text).toContain('Title: Confirmed paper');
    });

    it('sends it to the chosen authors only, and refuses recipients who are not authors', async () => {
      const res = await http()
        .post(`/api/author/papers/${id}/email`)
        .set(...author.auth)
        .send({ recipients: [coAuthor.id] });
      expect(res.body.to).toEqual([coAuthor.email]);
      const [row] = await env.t.db.select().from(outboxTable).orderBy(desc(outboxTable.id)).limit(1);
      expect(row!.to).toEqual([coAuthor.email]);
      const count = (await env.t.db.select().from(outboxTable)).length;
      const bad = await http()
        .post(`/api/author/papers/${id}/email`)
        .set(...author.auth)
        .send({ recipients: [other.id] });
      expect(bad.status).toBe(400);
      expect(bad.body.message).toBe(PAPER_MESSAGES.emailRecipients);
      expect((await env.t.db.select().from(outboxTable)).length).toBe(count);
    });
  });

  describe('co-author accounts (POST /api/author/users)', () => {
    const person = (over: Record<string, unknown> = {}) => ({
      firstName: 'Carla',
      lastName: 'Dias',
      email: 'Carla.Dias@Example.org',
      alternateEmail: 'carla@home.example',
      organization: 'University of Lisbon',
      country: 'Portugal',
      phone: '+351 210 000 000',
      ...over,
    });

    it('creates a co-author (e-mail lowercased) who can then be found by e-mail and added to a paper', async () => {
      const res = await http()
        .post('/api/author/users')
        .set(...author.auth)
        .send(person());
      expect(res.status).toBe(201);
      expect(res.body).toEqual({
        _id: expect.any(Number),
        firstName: 'Carla',
        lastName: 'Dias',
        email: 'carla.dias@example.org',
        organization: 'University of Lisbon',
        country: 'Portugal',
      });
      const found = await http()
        .get('/api/author/users/search')
        .query({ email: 'carla.dias@example.org' })
        .set(...author.auth);
      expect(found.body.map((u: { _id: number }) => u._id)).toEqual([res.body._id]);
      const paper = await submitJson(author, submission(openTrack, [author.id, res.body._id]));
      expect(paper.status).toBe(201);
    });

    it("refuses a taken e-mail with 'User already present!'", async () => {
      const res = await http()
        .post('/api/author/users')
        .set(...author.auth)
        .send(person({ email: coAuthor.email }));
      expect(res.status).toBe(409);
      expect(res.body.message).toBe('User already present!');
    });

    it('applies the §5 People rules with their messages', async () => {
      expect(
        (
          await http()
            .post('/api/author/users')
            .set(...author.auth)
            .send(person({ firstName: '' }))
        ).body.message,
      ).toBe(PEOPLE_MESSAGES.firstName);
      expect(
        (
          await http()
            .post('/api/author/users')
            .set(...author.auth)
            .send(person({ country: ' ' }))
        ).body.message,
      ).toBe('Please fill in the Country');
      const same = await http()
        .post('/api/author/users')
        .set(...author.auth)
        .send(person({ email: 'x@example.org', alternateEmail: 'X@example.org' }));
      expect(same.body.message).toBe('Please type different a email on alternate email');
      const extra = await http()
        .post('/api/author/users')
        .set(...author.auth)
        .send(person({ email: 'y@example.org', roles: {} }));
      expect(extra.status).toBe(400);
    });
  });
});
