/**
 * The final material of an accepted paper: camera-ready (§5 rules and messages, deadline), presentation-ready
 * (slides, PDF proof, exactly three answers, size limit, deadline) and the signed consent form (JPEG).
 */
import {
  commentTooLongMessage,
  DEFAULT_PRESENTATION_QUESTIONS,
  PAPER_FILE_LABELS,
  PAPER_MESSAGES,
  type PaperDto,
} from '@symposium/domain';
import { eq } from 'drizzle-orm';
import { conferenceTable } from '../../apps/api/src/modules/conference/conference.table.js';
import { paperConsentsTable, papersTable } from '../../apps/api/src/modules/papers/papers.table.js';
import {
  cfb,
  docx,
  minutesFromNow,
  mp4,
  pdf,
  pptx,
  setupPapers,
  submission,
  type PapersEnv,
} from './papers-author.helpers.js';

type User = Awaited<ReturnType<PapersEnv['t']['user']>>;

describe('camera-ready, presentation-ready and consent', () => {
  let env: PapersEnv;
  let author: User;
  let coAuthor: User;
  let other: User;
  let track: number;

  const http = () => env.t.http();
  const upload = (paperId: number, part: string, file: Buffer, name: string) =>
    http()
      .post(`/api/author/papers/${paperId}/upload?p=${part}`)
      .set(...author.auth)
      .attach('file', file, name);
  const newPaper = async (trackId = track, accepted = true): Promise<number> => {
    const res = await http()
      .post('/api/author/papers')
      .set(...author.auth)
      .send(submission(trackId, [author.id, coAuthor.id]));
    if (res.status !== 201) throw new Error(JSON.stringify(res.body));
    if (accepted) await env.accept(res.body._id);
    return res.body._id;
  };
  const rowOf = async (id: number) =>
    (await env.t.db.select().from(papersTable).where(eq(papersTable.id, id)))[0]!;

  beforeAll(async () => {
    env = await setupPapers();
    author = await env.t.user({ firstName: 'Ana', lastName: 'Silva' });
    coAuthor = await env.t.user();
    other = await env.t.user();
    await env.conference({ shortName: 'ICGT 2026' });
    track = await env.track({
      submissionProperties: { minFilesLimit: 0 },
      cameraReadySubmissionProperties: {
        questions: [
          { title: 'Pages in {conference} format', isComment: true },
          { title: 'Final remarks', isComment: true, isTextArea: true },
        ],
      },
    });
  });
  afterAll(async () => {
    await env.close();
  });

  describe('camera-ready (POST /api/author/papers/:paperId/camera-ready)', () => {
    const answers = (...a: string[]) => ({ questions: a.map((answer) => ({ answer })) });
    const submit = (id: number, body: object) =>
      http()
        .post(`/api/author/papers/${id}/camera-ready`)
        .set(...author.auth)
        .send(body);

    it('refuses a paper that has not been accepted', async () => {
      const id = await newPaper(track, false);
      const res = await submit(id, answers('12', 'none'));
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({
        code: 'papers.not_accepted',
        message: 'This paper has not been accepted',
      });
      const paper = (
        await http()
          .get(`/api/author/papers/${id}`)
          .set(...author.auth)
      ).body as PaperDto;
      expect(paper.actions.canSubmitCameraReady).toBe(false);
    });

    it("lists the missing files: 'Please upload the following files: ...!'", async () => {
      const id = await newPaper();
      const res = await submit(id, answers('12', 'none'));
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(
        'Please upload the following files: Final paper in word (doc or docx format), Final paper in pdf format!',
      );
      await upload(id, 'word', docx(), 'final.docx');
      expect((await submit(id, answers('12', 'none'))).body.message).toBe(
        `Please upload the following files: ${PAPER_FILE_LABELS.pdf}!`,
      );
    });

    it("requires every question answered ('Please answer the questions highlighted in red') and short comments of at most 14 characters", async () => {
      const id = await newPaper();
      await upload(id, 'word', docx(), 'final.docx');
      await upload(id, 'pdf', pdf(), 'final.pdf');
      const unanswered = await submit(id, answers('12'));
      expect(unanswered.body).toMatchObject({
        message: 'Please answer the questions highlighted in red',
        details: [{ field: 'questions.1.answer' }],
      });
      expect((await submit(id, answers('x'.repeat(15), 'none'))).body.message).toBe(
        commentTooLongMessage(14),
      );
      expect((await submit(id, answers('12', 'x'.repeat(2001)))).body.message).toBe(
        commentTooLongMessage(2000),
      );
      expect((await submit(id, answers('x'.repeat(14), 'x'.repeat(2000)))).status).toBe(200);
    });

    it('checks the final title and abstract with the submission rules', async () => {
      const id = await newPaper();
      await upload(id, 'word', cfb(), 'final.doc');
      await upload(id, 'pdf', pdf(), 'final.pdf');
      expect(
        (await submit(id, { ...answers('1', '2'), abstract: { text: 'a'.repeat(49) } })).body.message,
      ).toBe('Please write more than 49 characters on the abstract');
      expect(
        (await submit(id, { ...answers('1', '2'), title: 'A literature review of graphs' })).body.message,
      ).toBe(PAPER_MESSAGES.titleForbidden);
      expect(
        (await submit(id, { ...answers('1', '2'), authors: [coAuthor.id], primaryAuthor: coAuthor.id })).body
          .message,
      ).toBe(PAPER_MESSAGES.submitterNotAuthor);
    });

    it("sets submittedCameraReady with the final title, abstract, authors and answers: 'Camera Ready successfully submited'", async () => {
      const id = await newPaper();
      await upload(id, 'word', docx(), 'final.docx');
      await upload(id, 'pdf', pdf(), 'final.pdf');
      const res = await submit(id, {
        ...answers('12', 'Thanks'),
        title: 'Final title',
        abstract: { text: 'b'.repeat(60) },
        authors: [coAuthor.id, author.id],
        primaryAuthor: coAuthor.id,
      });
      expect(res.status).toBe(200);
      expect(res.body.message).toBe('Camera Ready successfully submited');
      expect(res.body.paper).toMatchObject({
        submittedCameraReady: true,
        title: 'Final title',
        primaryAuthor: coAuthor.id,
        cameraReady: {
          questions: [
            { title: 'Pages in ICGT 2026 format', answer: '12' },
            { title: 'Final remarks', answer: 'Thanks' },
          ],
          files: { word: { name: 'final.docx' }, pdf: { name: 'final.pdf' }, springerCopyright: null },
        },
      });
      expect(res.body.paper.authors.map((a: { _id: number }) => a._id)).toEqual([coAuthor.id, author.id]);
      const row = await rowOf(id);
      expect(row).toMatchObject({
        submittedCameraReady: true,
        title: 'Final title',
        abstractText: 'b'.repeat(60),
      });
    });

    it('clears submittedCameraReady when a camera-ready file is deleted, removing it from the store', async () => {
      const id = await newPaper();
      await upload(id, 'word', docx(), 'final.docx');
      const finalPdf = await upload(id, 'pdf', pdf(), 'final.pdf');
      expect((await submit(id, answers('1', '2'))).status).toBe(200);
      const res = await http()
        .delete(`/api/author/papers/${id}/delete/${finalPdf.body.file._id}`)
        .set(...author.auth);
      expect(res.status).toBe(200);
      expect(res.body.paper).toMatchObject({
        submittedCameraReady: false,
        cameraReady: { files: { pdf: null } },
      });
      expect((await rowOf(id)).submittedCameraReady).toBe(false);
    });

    describe('with consentFileUpload', () => {
      beforeAll(async () => {
        await env.conference({ consentFileUpload: true });
      });
      afterAll(async () => {
        await env.conference({ consentFileUpload: false });
      });

      it('requires a copyright pdf named differently from the paper pdf, said at upload', async () => {
        const id = await newPaper();
        await upload(id, 'word', docx(), 'final.docx');
        await upload(id, 'pdf', pdf(), 'final.pdf');
        const missing = `Please upload the following files: ${PAPER_FILE_LABELS.springerCopyright}!`;
        expect((await submit(id, answers('1', '2'))).body.message).toBe(missing);
        // The clash is said at upload, and nothing is stored.
        const clash = await upload(id, 'springerCopyright', pdf('copyright'), 'final.pdf');
        expect(clash.status).toBe(400);
        expect(clash.body.message).toBe(
          'File name already used: the signed copyright form must have a different file name from the paper pdf',
        );
        expect((await submit(id, answers('1', '2'))).body.message).toBe(missing);
        await upload(id, 'springerCopyright', pdf('copyright'), 'copyright.pdf');
        // ... and the other way round.
        const pdfClash = await upload(id, 'pdf', pdf(), 'copyright.pdf');
        expect(pdfClash.status).toBe(400);
        expect(pdfClash.body.message).toBe(
          'File name already used: the paper pdf must have a different file name from the signed copyright form',
        );
        const ok = await submit(id, answers('1', '2'));
        expect(ok.status).toBe(200);
        expect(ok.body.paper.cameraReady.files.springerCopyright.name).toBe('copyright.pdf');
      });
    });

    describe('the camera-ready deadline', () => {
      let deadlineTrack: number;
      let id: number;
      beforeAll(async () => {
        deadlineTrack = await env.track({ submissionProperties: { minFilesLimit: 0 } });
        id = await newPaper(deadlineTrack);
        await upload(id, 'word', docx(), 'final.docx');
        await upload(id, 'pdf', pdf(), 'final.pdf');
      });
      it('refuses one minute after the deadline', async () => {
        await env.setActivity(deadlineTrack, 'canSubmitCameraReady', true, minutesFromNow(-1));
        const res = await submit(id, {});
        expect(res.status).toBe(400);
        expect(res.body).toMatchObject({
          code: 'papers.camera_ready_closed',
          message: 'The camera-ready submission period for this track is closed',
        });
        expect((await rowOf(id)).submittedCameraReady).toBe(false);
      });
      it('refuses while disabled', async () => {
        await env.setActivity(deadlineTrack, 'canSubmitCameraReady', false, null);
        expect((await submit(id, {})).body.message).toBe(PAPER_MESSAGES.cameraReadyClosed);
      });
      it('accepts one minute before the deadline', async () => {
        await env.setActivity(deadlineTrack, 'canSubmitCameraReady', true, minutesFromNow(1));
        const res = await submit(id, {});
        expect(res.status).toBe(200);
        expect(res.body.paper.actions.canSubmitCameraReady).toBe(true);
      });
    });
  });

  describe('presentation-ready (POST /api/author/papers/:paperId/presentation-ready)', () => {
    let presTrack: number;
    const three = { questions: [{ answer: 'Ana Silva' }, { answer: 'In person' }, { answer: 'Slides' }] };
    const submit = (id: number, body: object) =>
      http()
        .post(`/api/author/papers/${id}/presentation-ready`)
        .set(...author.auth)
        .send(body);
    beforeAll(async () => {
      presTrack = await env.track({
        submissionProperties: { minFilesLimit: 0 },
        presentationReadySubmissionProperties: { fileSizeLimit: 2 },
      });
    });

    it('asks for the slides and the PDF proof', async () => {
      const id = await newPaper(presTrack);
      const res = await submit(id, three);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(
        `Please upload the following files: ${PAPER_FILE_LABELS.ppt}, ${PAPER_FILE_LABELS.ppt_pdf}!`,
      );
    });

    it('refuses a PDF proof named like the camera-ready pdf', async () => {
      const id = await newPaper(presTrack);
      await upload(id, 'pdf', pdf('paper'), 'final.pdf');
      await upload(id, 'ppt', pptx(), 'talk.pptx');
      await upload(id, 'ppt_pdf', pdf('slides'), 'final.pdf');
      const res = await submit(id, three);
      expect(res.body.message).toBe(
        'File name already used: Change the PDF proof file name for the presentation slides',
      );
    });

    it("refuses files above the track's limit in decimal MB: 'Files with size above 2 MB'", async () => {
      const id = await newPaper(presTrack);
      const big = Buffer.concat([mp4(), Buffer.alloc(2_000_001 - mp4().length)]);
      const res = await upload(id, 'video', big, 'talk.mp4');
      expect(res.status).toBe(413);
      expect(res.body.message).toBe('Files with size above 2 MB');
    });

    it('expects exactly three answers, each valid', async () => {
      const id = await newPaper(presTrack);
      await upload(id, 'ppt', pptx(), 'talk.pptx');
      await upload(id, 'ppt_pdf', pdf('slides'), 'slides.pdf');
      for (const questions of [
        three.questions.slice(0, 2),
        [...three.questions, { answer: 'x' }],
        undefined,
      ]) {
        const res = await submit(id, { questions });
        expect(res.status).toBe(400);
        expect(res.body.message).toBe(PAPER_MESSAGES.presentationQuestions);
      }
      const wrongChoice = await submit(id, {
        questions: [{ answer: 'Ana' }, { answer: 'By post' }, { answer: 'Slides' }],
      });
      expect(wrongChoice.body).toMatchObject({
        message: 'Please answer the questions highlighted in red',
        details: [{ field: 'questions.1.answer' }],
      });
    });

    it("sets submittedPresentationReady: 'Presentation successfully submited'", async () => {
      const id = await newPaper(presTrack);
      await upload(id, 'ppt', pptx(), 'talk.pptx');
      await upload(id, 'ppt_pdf', pdf('slides'), 'slides.pdf');
      await upload(id, 'video', mp4(), 'talk.mp4');
      const res = await submit(id, three);
      expect(res.status).toBe(200);
      expect(res.body.message).toBe('Presentation successfully submited');
      expect(res.body.paper.submittedPresentationReady).toBe(true);
      expect(res.body.paper.presentationReady.questions).toEqual([
        {
          title: DEFAULT_PRESENTATION_QUESTIONS[0]!.title.replace('{conference}', 'ICGT 2026'),
          answer: 'Ana Silva',
        },
        { title: DEFAULT_PRESENTATION_QUESTIONS[1]!.title, answer: 'In person' },
        { title: DEFAULT_PRESENTATION_QUESTIONS[2]!.title, answer: 'Slides' },
      ]);
      expect((await rowOf(id)).submittedPresentationReady).toBe(true);
    });

    it('refuses one minute after the presentation-ready deadline and accepts one minute before', async () => {
      const id = await newPaper(presTrack);
      await upload(id, 'ppt', pptx(), 'talk.pptx');
      await upload(id, 'ppt_pdf', pdf('slides'), 'slides.pdf');
      await env.setActivity(presTrack, 'canSubmitPresentationReady', true, minutesFromNow(-1));
      const late = await submit(id, three);
      expect(late.body).toMatchObject({
        code: 'papers.presentation_ready_closed',
        message: 'The presentation-ready submission period for this track is closed',
      });
      await env.setActivity(presTrack, 'canSubmitPresentationReady', true, minutesFromNow(1));
      expect((await submit(id, three)).status).toBe(200);
    });
  });

  describe('the consent form (POST …/consent, GET …/consent/signature)', () => {
    let id: number;
    const sign = (user: User, body: object) =>
      http()
        .post(`/api/author/papers/${id}/consent`)
        .set(...user.auth)
        .send(body);
    beforeAll(async () => {
      id = await newPaper();
      await env.conference({ digitalConsentSigning: false, publishingAgreementHtml: '<p>I agree.</p>' });
    });

    it('refuses while the conference does not use digital signing', async () => {
      const res = await sign(author, { signature: 'Ana Silva' });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(PAPER_MESSAGES.consentDisabled);
    });

    it("asks for a signature: 'Please provide a signature first.'", async () => {
      await env.conference({ digitalConsentSigning: true });
      for (const body of [{}, { signature: '' }, { signature: '   ' }]) {
        const res = await sign(author, body);
        expect(res.status).toBe(400);
        expect(res.body.message).toBe('Please provide a signature first.');
      }
    });

    it('draws the signature as a JPEG and stores it with who, when, the paper and the agreement version', async () => {
      const [conference] = await env.t.db.select().from(conferenceTable);
      const res = await sign(author, { signature: '  Ana   Silva ' });
      expect(res.status).toBe(200);
      expect(res.body.message).toBe(PAPER_MESSAGES.consentSigned);
      expect(res.body.paper.consent).toEqual({
        signedAt: expect.any(String),
        signedBy: author.id,
        agreementVersion: conference!.agreementVersion,
        signatureName: 'Ana Silva',
        font: expect.any(String),
      });
      const [row] = await env.t.db
        .select()
        .from(paperConsentsTable)
        .where(eq(paperConsentsTable.paperId, id));
      expect(row).toMatchObject({
        userId: author.id,
        agreementVersion: conference!.agreementVersion,
        agreementHtml: '<p>I agree.</p>',
        signatureName: 'Ana Silva',
      });
      expect([...row!.jpeg.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
      expect(Math.abs(row!.signedAt.getTime() - Date.now())).toBeLessThan(5 * 60_000);

      const image = await http()
        .get(`/api/author/papers/${id}/consent/signature`)
        .set(...coAuthor.auth)
        .buffer(true)
        .parse((r, cb) => {
          const chunks: Buffer[] = [];
          r.on('data', (c: Buffer) => chunks.push(c));
          r.on('end', () => cb(null, Buffer.concat(chunks)));
        });
      expect(image.status).toBe(200);
      expect(image.headers['content-type']).toBe('image/jpeg');
      expect([...(image.body as Buffer).subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
      expect((image.body as Buffer).equals(row!.jpeg)).toBe(true);
    }, 60_000);

    it('keeps the signature from other users (404 as for a missing paper)', async () => {
      const res = await http()
        .get(`/api/author/papers/${id}/consent/signature`)
        .set(...other.auth);
      expect(res.status).toBe(404);
      expect(res.body.message).toBe('The paper could not be obtained');
    });

    it('answers 404 for the signature of a paper not signed yet', async () => {
      const unsigned = await newPaper();
      const res = await http()
        .get(`/api/author/papers/${unsigned}/consent/signature`)
        .set(...author.auth);
      expect(res.status).toBe(404);
      expect(res.body.message).toBe(PAPER_MESSAGES.consentNotFound);
    });
  });
});
