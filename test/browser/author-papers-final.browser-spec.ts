/**
 * The final material of an accepted paper in the browser: the camera-ready wizard (with the copyright form),
 * the presentation-ready wizard (size limit, PDF proof name), the consent form with the server-drawn
 * signature, and the registered paper view.
 */
import type { PaperDto, TrackDto } from '@symposium/domain';
import { eq } from 'drizzle-orm';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'puppeteer-core';
import { hashPassword } from '../support/passwords.js';
import { conferenceTable } from '../../apps/api/src/modules/conference/conference.table.js';
import {
  paperConsentsTable,
  paperFilesTable,
  papersTable,
} from '../../apps/api/src/modules/papers/papers.table.js';
import { statusesTable } from '../../apps/api/src/modules/tracks/tracks.table.js';
import { usersTable } from '../../apps/api/src/modules/users/users.table.js';
import { docx, mp4, pdf, pptx } from '../api/papers-author.helpers.js';
import { clickText, fillByLabel, signIn, waitForText } from '../support/browser.js';
import {
  useBrowserEnv,
  accessToken,
  callApi,
  chooseFile,
  waitForStoredFile,
  pickOption,
  formError,
} from '../support/browser-setup.js';

const CHAIR = { email: 'chair@example.org', password: 'chair-pass-1' };
const AUTHOR = { email: 'ana@example.org', password: 'author-pass-1' };
const ABSTRACT = 'This abstract describes the paper in more than fifty characters, as required.';

const next = (page: Page) => clickText(page, 'Next', 'button');

describe('the final material of an accepted paper', () => {
  let dir: string;
  let track: TrackDto;
  let authorId: number;
  let paperId: number;
  const rowOf = async () => (await env.db.select().from(papersTable).where(eq(papersTable.id, paperId)))[0]!;

  const env = useBrowserEnv(
    async () => {
      dir = mkdtempSync(join(tmpdir(), 'author-final-'));
      const files: Record<string, Buffer> = {
        'final.docx': docx(),
        'final.pdf': pdf('final'),
        'copyright.pdf': pdf('copyright'),
        'talk.pptx': pptx(),
        'slides.pdf': pdf('slides'),
        'talk.mp4': mp4(),
        'big.mp4': Buffer.concat([mp4(), Buffer.alloc(1_500_000)]),
      };
      for (const [name, content] of Object.entries(files)) writeFileSync(join(dir, name), content);

      await env.db.insert(usersTable).values({
        firstName: 'Carla',
        lastName: 'Chair',
        email: CHAIR.email,
        alternateEmail: 'carla@other.org',
        passwordHash: await hashPassword(CHAIR.password),
        isChair: true,
      });
      const [author] = await env.db
        .insert(usersTable)
        .values({
          firstName: 'Ana',
          lastName: 'Silva',
          email: AUTHOR.email,
          alternateEmail: 'ana@home.example.org',
          organization: 'University of Porto',
          country: 'Portugal',
          passwordHash: await hashPassword(AUTHOR.password),
        })
        .returning();
      authorId = author!.id;
      await env.db
        .update(conferenceTable)
        .set({
          shortName: 'ICGT 2026',
          fullName: 'International Conference on Graph Theory',
          consentFileUpload: true,
          digitalConsentSigning: true,
          publishingAgreementHtml:
            '<h2>Publishing agreement</h2><p>The authors transfer the copyright to the publisher.</p>',
        })
        .where(eq(conferenceTable.id, 1));
      const chair = await accessToken(env, CHAIR);
      track = await callApi<TrackDto>(env, chair, 'POST', '/api/chair/tracks', {
        name: 'Graph Theory',
        submissionProperties: { minFilesLimit: 0 },
        cameraReadySubmissionProperties: {
          welcomeMessage: 'Congratulations! Please send the final version.',
          questions: [
            { title: 'Pages in the {conference} format', isRequired: true, isComment: true, choices: [] },
          ],
        },
        presentationReadySubmissionProperties: { fileSizeLimit: 1 },
      });
      const token = await accessToken(env, AUTHOR);
      const paper = await callApi<PaperDto>(env, token, 'POST', '/api/author/papers', {
        track: track._id,
        title: 'Graph colouring in practice',
        abstract: { text: ABSTRACT, questions: [] },
        authors: [authorId],
        primaryAuthor: authorId,
      });
      paperId = paper._id;
      const [accepted] = await env.db
        .insert(statusesTable)
        .values({ text: 'Accept', position: 2, isAccepted: true })
        .returning();
      await env.db.update(papersTable).set({ statusId: accepted!.id }).where(eq(papersTable.id, paperId));
      await signIn(env, 'author', AUTHOR.email, AUTHOR.password);
    },
    { cleanup: () => rmSync(dir, { recursive: true, force: true }) },
  );

  it('offers camera-ready, presentation-ready and the consent form for the accepted paper', async () => {
    const { page } = env;
    await page.waitForSelector('[data-testid=paper]');
    const buttons = await page.$$eval('[data-testid=paper] .MuiCardActions-root a', (as) =>
      as.map((a) => a.textContent),
    );
    expect(buttons).toEqual([
      'View',
      'Confirmation e-mail',
      'Camera-ready',
      'Presentation-ready',
      'Sign consent form',
    ]);
    // A decided paper can no longer be withdrawn by its authors (issue 8): no Delete.
  });

  it('shows the decision on the author menu once the conference shows the track status to authors', async () => {
    const { page } = env;
    await page.waitForSelector('[data-testid=paper]'); // the card and its decision come in one answer
    expect(await page.$('[data-testid=decision]')).toBeNull();
    await env.db
      .update(conferenceTable)
      .set({ authorView: { viewConferenceTrackStatus: true } })
      .where(eq(conferenceTable.id, 1));
    await page.reload();
    const decision = await page.waitForSelector('[data-testid=decision]');
    expect(await decision!.evaluate((e) => e.textContent)).toBe('Decision: Accept');
  });

  it('goes through the camera-ready wizard with its §5 messages', async () => {
    const { page } = env;
    await clickText(page, 'Camera-ready', '[data-testid=paper] a');
    await page.waitForFunction(
      (p: string) => location.pathname === p,
      {},
      `/CameraReadySubmission/${track._id}/${paperId}`,
    );
    await waitForText(page, 'Congratulations! Please send the final version.');
    await next(page);

    await fillByLabel(page, 'Abstract', 'Short.');
    await next(page);
    expect(await formError(page)).toBe('Please write more than 49 characters on the abstract');
    await fillByLabel(page, 'Abstract', `${ABSTRACT} Final version.`);
    await fillByLabel(page, 'Title', 'Graph colouring in practice, revised');
    await next(page);

    await waitForText(page, '1. Ana Silva (primary author)');
    await next(page);

    await page.waitForSelector('[data-testid=part-word]');
    await next(page);
    expect(await formError(page)).toBe(
      'Please upload the following files: Final paper in word (doc or docx format), Final paper in pdf format, Signed copyright form in pdf format!',
    );
    await chooseFile(page, 'word', join(dir, 'final.pdf'));
    await waitForText(page, 'Please select a valid file');
    await chooseFile(page, 'word', join(dir, 'final.docx'));
    await waitForStoredFile(page, 'word', 'final.docx');
    await chooseFile(page, 'pdf', join(dir, 'final.pdf'));
    await waitForStoredFile(page, 'pdf', 'final.pdf');
    // A copyright form named like the paper pdf is refused at upload, with the reason (issue 8).
    await chooseFile(page, 'springerCopyright', join(dir, 'final.pdf'));
    await waitForText(
      page,
      'File name already used: the signed copyright form must have a different file name from the paper pdf',
    );
    await chooseFile(page, 'springerCopyright', join(dir, 'copyright.pdf'));
    await waitForStoredFile(page, 'springerCopyright', 'copyright.pdf');
    await next(page);

    await waitForText(page, 'Pages in the ICGT 2026 format');
    await next(page);
    expect(await formError(page)).toBe('Please answer the questions highlighted in red');
    await fillByLabel(page, 'Pages in the ICGT 2026 format', '12 pages in total');
    // a short comment is capped at 14 characters on camera-ready
    expect(await page.$eval('input[maxlength="14"]', (i) => (i as HTMLInputElement).value)).toBe(
      '12 pages in to',
    );
    await fillByLabel(page, 'Pages in the ICGT 2026 format', '12');
    await next(page);

    await page.waitForSelector('[data-testid=camera-ready-summary]');
    const summary = await page.$eval(
      '[data-testid=camera-ready-summary]',
      (e) => (e as HTMLElement).innerText,
    );
    expect(summary).toContain('Graph colouring in practice, revised');
    expect(summary).toContain('final.docx, final.pdf, copyright.pdf');
    await clickText(page, 'Submit camera-ready', 'button');
    await page.waitForFunction(() => location.pathname === '/');
    await waitForText(page, 'Camera Ready successfully submited');
    await waitForText(page, 'Camera-ready submitted: Yes');
    const row = await rowOf();
    expect(row).toMatchObject({
      submittedCameraReady: true,
      title: 'Graph colouring in practice, revised',
      abstractText: `${ABSTRACT} Final version.`,
      cameraReadyQuestions: [{ title: 'Pages in the ICGT 2026 format', answer: '12' }],
    });
    const files = await env.db.select().from(paperFilesTable).where(eq(paperFilesTable.paperId, paperId));
    expect(files.map((f) => [f.part, f.name]).sort()).toEqual([
      ['pdf', 'final.pdf'],
      ['springerCopyright', 'copyright.pdf'],
      ['word', 'final.docx'],
    ]);
  });

  it('goes through the presentation-ready wizard: size limit, PDF proof name, three questions', async () => {
    const { page } = env;
    await clickText(page, 'Presentation-ready', '[data-testid=paper] a');
    await page.waitForFunction(
      (p: string) => location.pathname === p,
      {},
      `/PresentationReadySubmission/${track._id}/${paperId}`,
    );
    await waitForText(page, 'Welcome');
    await next(page);

    await chooseFile(page, 'video', join(dir, 'big.mp4'));
    await waitForText(page, 'Files with size above 1 MB');
    await chooseFile(page, 'ppt', join(dir, 'talk.pptx'));
    await waitForStoredFile(page, 'ppt', 'talk.pptx');
    await chooseFile(page, 'ppt_pdf', join(dir, 'final.pdf'));
    await waitForStoredFile(page, 'ppt_pdf', 'final.pdf');
    await next(page);
    expect(await formError(page)).toBe(
      'File name already used: Change the PDF proof file name for the presentation slides',
    );
    await chooseFile(page, 'ppt_pdf', join(dir, 'slides.pdf'));
    await waitForStoredFile(page, 'ppt_pdf', 'slides.pdf');
    await chooseFile(page, 'video', join(dir, 'talk.mp4'));
    await waitForStoredFile(page, 'video', 'talk.mp4');
    await next(page);

    await waitForText(page, 'Who will present the paper at ICGT 2026?');
    expect(await page.$$eval('[data-testid=questions] > *', (qs) => qs.length)).toBe(3);
    await next(page);
    expect(await formError(page)).toBe('Please answer the questions highlighted in red');
    await fillByLabel(page, 'Who will present the paper at ICGT 2026?', 'Ana Silva');
    await pickOption(page, 'How will the paper be presented?', 'In person');
    await pickOption(page, 'Which file should be used for the presentation?', 'Slideshow');
    await next(page);

    await page.waitForSelector('[data-testid=presentation-ready-summary]');
    expect(
      await page.$eval('[data-testid=presentation-ready-summary]', (e) => (e as HTMLElement).innerText),
    ).toContain('talk.pptx, slides.pdf, talk.mp4');
    await clickText(page, 'Submit presentation', 'button');
    await page.waitForFunction(() => location.pathname === '/');
    await waitForText(page, 'Presentation successfully submited');
    await waitForText(page, 'Presentation-ready submitted: Yes');
    const row = await rowOf();
    expect(row.submittedPresentationReady).toBe(true);
    expect(row.presentationReadyQuestions.map((q) => q.answer)).toEqual([
      'Ana Silva',
      'In person',
      'Slideshow',
    ]);
  });

  it('signs the consent form and shows the JPEG the server drew', async () => {
    const { page } = env;
    await clickText(page, 'Sign consent form', '[data-testid=paper] a');
    await page.waitForFunction((p: string) => location.pathname === p, {}, `/SignConsentForm/${paperId}`);
    await page.waitForSelector('[data-testid=publishing-agreement] h2');
    await waitForText(page, 'Consent form');
    expect(
      await page.$eval('[data-testid=publishing-agreement]', (e) => (e as HTMLElement).innerText),
    ).toContain('The authors transfer the copyright to the publisher.');
    expect(await page.$('[data-testid=signature-image]')).toBeNull();

    await clickText(page, 'Sign the consent form', 'button');
    expect(await formError(page)).toBe('Please provide a signature first.');
    expect(await env.db.select().from(paperConsentsTable)).toHaveLength(0);

    await fillByLabel(page, 'Signature', 'Ana Silva');
    await clickText(page, 'Sign the consent form', 'button');
    await page.waitForFunction(
      () => {
        const img = document.querySelector<HTMLImageElement>('[data-testid=signature-image]');
        return img?.complete && img.naturalWidth > 0;
      },
      { timeout: 60_000 },
    );
    expect(await page.$('[data-testid=form-error]')).toBeNull();
    const src = await page.$eval('[data-testid=signature-image]', (i) => i.getAttribute('src'));
    const image = await page.evaluate(async (url: string) => {
      const res = await fetch(url);
      const bytes = new Uint8Array(await res.arrayBuffer());
      return { type: res.headers.get('content-type'), start: [bytes[0], bytes[1]] };
    }, src!);
    expect(image).toEqual({ type: 'image/jpeg', start: [0xff, 0xd8] });
    const [consent] = await env.db
      .select()
      .from(paperConsentsTable)
      .where(eq(paperConsentsTable.paperId, paperId));
    expect(consent).toMatchObject({ userId: authorId, signatureName: 'Ana Silva' });
  });

  it('shows the registered paper with its downloads opening in a new window', async () => {
    const { page } = env;
    await env.db
      .update(papersTable)
      .set({ registration: { author: authorId, id: '1234-A', amount: 300, extra: '' } as never })
      .where(eq(papersTable.id, paperId));
    await env.db.update(usersTable).set({ isRegistered: true }).where(eq(usersTable.id, authorId));
    await page.goto(`${env.baseUrl}/ViewSessionPaper/${paperId}`);
    await waitForText(page, 'Graph colouring in practice, revised');
    const links = await page.$$eval('[data-testid=paper-files] a', (as) =>
      as.map((a) => ({
        name: a.textContent,
        href: a.getAttribute('href'),
        target: a.getAttribute('target'),
      })),
    );
    const files = await env.db.select().from(paperFilesTable).where(eq(paperFilesTable.paperId, paperId));
    const idOf = (name: string) => files.find((f) => f.name === name)!.id;
    expect(links).toEqual(
      ['final.pdf', 'talk.pptx', 'slides.pdf', 'talk.mp4'].map((name) => ({
        name,
        href: `/api/registered/papers/${paperId}/download/${idOf(name)}`,
        target: '_blank',
      })),
    );
    const status = await page.evaluate(async (url: string) => (await fetch(url)).status, links[0]!.href!);
    expect(status).toBe(200);

    await page.goto(`${env.baseUrl}/ViewSessionPaper/999999`);
    await page.waitForSelector('[data-testid=load-error]');
    expect(await page.$eval('[data-testid=load-error]', (e) => e.textContent)).toBe(
      'The paper could not be obtained',
    );
  });
});
