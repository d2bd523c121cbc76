import { CHAIR_PAPER_MESSAGES, TRACK_MESSAGES } from '@symposium/domain';
import { and, eq } from 'drizzle-orm';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ElementHandle } from 'puppeteer-core';
import { outboxTable } from '../../apps/api/src/modules/outbox/outbox.table.js';
import {
  paperAuthorsTable,
  paperFilesTable,
  papersTable,
} from '../../apps/api/src/modules/papers/papers.table.js';
import { statusesTable, tracksTable } from '../../apps/api/src/modules/tracks/tracks.table.js';
import { usersTable } from '../../apps/api/src/modules/users/users.table.js';
import { docx, pdf } from '../api/papers-author.helpers.js';
import { clickText, fillByLabel, signIn, waitForText, clickSelector } from '../support/browser.js';
import {
  useBrowserEnv,
  insertChair,
  CHAIR,
  clickMenuItem,
  confirmDialog,
  waitForPaperCount,
  ABSTRACT,
} from '../support/browser-setup.js';

describe('chair paper files, exports, e-mail and stage screens', () => {
  let dir: string;
  let trackId: number;
  let paperId: number;
  const files = (part: string) =>
    env.db
      .select()
      .from(paperFilesTable)
      .where(and(eq(paperFilesTable.paperId, paperId), eq(paperFilesTable.part, part)));
  const row = async () => (await env.db.select().from(papersTable).where(eq(papersTable.id, paperId)))[0]!;

  /** Chooses a file in the hidden upload input of a part. */
  async function upload(part: string, name: string, content: Buffer) {
    const path = join(dir, name);
    writeFileSync(path, content);
    const input = (await env.page.waitForSelector(
      `input[name=upload-${part}]`,
    )) as ElementHandle<HTMLInputElement>;
    await input.uploadFile(path);
  }

  const env = useBrowserEnv(
    async () => {
      dir = mkdtempSync(join(tmpdir(), 'sym-chair-files-'));
      const [track] = await env.db.insert(tracksTable).values({ name: 'Networks', position: 0 }).returning();
      trackId = track!.id;
      await insertChair(env);
      const [author] = await env.db
        .insert(usersTable)
        .values({
          firstName: 'Nora',
          lastName: 'Net',
          email: 'nora@uni.example',
          alternateEmail: 'n@o.example',
        })
        .returning();
      const [awaiting] = await env.db.select().from(statusesTable).where(eq(statusesTable.isDefault, true));
      const [paper] = await env.db
        .insert(papersTable)
        .values({
          title: 'Routing in sparse meshes',
          abstractText: ABSTRACT,
          trackId,
          statusId: awaiting!.id,
          primaryAuthorId: author!.id,
          submittedCameraReady: true,
          cameraReadyQuestions: [{ title: 'Is the final version ready?', answer: 'Yes' }],
        })
        .returning();
      paperId = paper!.id;
      await env.db.insert(paperAuthorsTable).values({ paperId, userId: author!.id, position: 0 });
      await signIn(env, 'chair', CHAIR.email, CHAIR.password);
    },
    { cleanup: () => rmSync(dir, { recursive: true, force: true }) },
  );

  it('uploads, downloads and deletes a camera-ready file on /EditPaperCameraReady, showing the answers', async () => {
    await env.page.goto(`${env.baseUrl}/chair/EditPaperCameraReady/${paperId}`);
    await waitForText(env.page, 'Routing in sparse meshes');
    await waitForText(env.page, 'Is the final version ready?');
    await upload('pdf', 'final.pdf', pdf('final'));
    await waitForText(env.page, CHAIR_PAPER_MESSAGES.updated);
    await waitForText(env.page, 'final.pdf');
    const [stored] = await files('pdf');
    expect(stored).toMatchObject({ name: 'final.pdf' });

    const downloaded = env.page.waitForResponse((r) => r.url().endsWith(`/download/file/${stored!.id}`));
    await clickSelector(env.page, '[aria-label="Download final.pdf"]');
    expect((await downloaded).status()).toBe(200);

    await clickSelector(env.page, '[aria-label="Delete final.pdf"]');
    await confirmDialog(env.page);
    await env.page.waitForFunction(() => !document.body.innerText.includes('final.pdf'));
    expect(await files('pdf')).toHaveLength(0);
  });

  it('adds a submission file and a word file on /ManagePaperFiles and refuses a file of the wrong kind', async () => {
    await env.page.goto(`${env.baseUrl}/chair/ManagePaperFiles/${paperId}`);
    await waitForText(env.page, 'Submission files');
    await upload('abstract', 'paper.pdf', pdf('submission'));
    await waitForText(env.page, 'paper.pdf');
    await upload('word', 'final.docx', docx());
    await waitForText(env.page, 'final.docx');
    expect((await files('abstract')).map((f) => f.name)).toEqual(['paper.pdf']);
    expect((await files('word')).map((f) => f.name)).toEqual(['final.docx']);

    // A pdf pretending to be the slides: refused with the server's message, nothing stored.
    await upload('ppt', 'slides.pptx', pdf('not slides'));
    await env.page.waitForFunction(
      () => document.querySelector('[data-testid=toast]')?.closest('.MuiAlert-colorError') !== null,
    );
    expect(await files('ppt')).toHaveLength(0);

    // A .txt as a submission file: refused in the browser before any request, with the spec's message.
    let uploads = 0;
    const count = (r: import('puppeteer-core').HTTPRequest) => {
      if (r.method() === 'POST' && r.url().includes('/upload')) uploads++;
    };
    env.page.on('request', count);
    await upload('abstract', 'notes.txt', Buffer.from('plain text'));
    await env.page.waitForFunction(
      () => document.querySelector('[data-testid=toast]')?.textContent === 'Please select a valid file',
    );
    env.page.off('request', count);
    expect(uploads).toBe(0);
    expect((await files('abstract')).map((f) => f.name)).toEqual(['paper.pdf']);
  });

  it('exports the list as xlsx and html, and downloads the selected papers as a zip', async () => {
    await env.page.goto(`${env.baseUrl}/chair/ViewPapers`);
    await waitForPaperCount(env, '1 paper');
    const xls = env.page.waitForResponse((r) => r.url().endsWith('/api/chair/papers/export/xls'));
    await clickText(env.page, 'Export xlsx', 'button');
    const xlsRes = await xls;
    expect(xlsRes.status()).toBe(200);
    expect(xlsRes.headers()['content-type']).toContain('spreadsheetml');

    const html = env.page.waitForResponse((r) => r.url().endsWith('/api/chair/papers/export/html'));
    await clickText(env.page, 'Export html', 'button');
    const htmlRes = await html;
    expect(htmlRes.status()).toBe(200);
    expect(htmlRes.headers()['content-type']).toContain('text/html');

    await clickSelector(env.page, `[aria-label="Select paper ${paperId}"]`);
    const zip = env.page.waitForResponse((r) => r.url().endsWith('/api/chair/papers/download'));
    await clickText(env.page, 'Download files', 'button');
    const zipRes = await zip;
    expect(zipRes.status()).toBe(200);
    expect(zipRes.headers()['content-type']).toContain('zip');
  });

  it('e-mails the authors of a paper from the list', async () => {
    await env.page.goto(`${env.baseUrl}/chair/ViewPapers`);
    await clickSelector(env.page, `[aria-label="Actions for paper ${paperId}"]`);
    await clickMenuItem(env.page, 'E-mail authors');
    await fillByLabel(env.page, 'Subject', 'Your camera-ready');
    await fillByLabel(env.page, 'Message', 'Please check the pdf.');
    await clickText(env.page, 'Send', 'button');
    await waitForText(env.page, 'The e-mail was sent to the authors of the paper');
    const mails = await env.db.select().from(outboxTable).where(eq(outboxTable.subject, 'Your camera-ready'));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.to).toEqual(['nora@uni.example']);
  });

  it('refuses a half-typed last-modified date with the spec message instead of dropping the filter', async () => {
    await env.page.goto(`${env.baseUrl}/chair/ViewPapers`);
    await waitForPaperCount(env, '1 paper');
    const from = await env.page.waitForSelector('input[name=filter-updatedAt-from]');
    await from!.click();
    await env.page.keyboard.type('12');
    await clickText(env.page, 'Apply filters', 'button');
    await waitForText(env.page, CHAIR_PAPER_MESSAGES.invalidLastModified);
    await clickText(env.page, 'Clear filters', 'button');
    await env.page.waitForFunction(
      (m: string) => !document.body.innerText.includes(m),
      {},
      CHAIR_PAPER_MESSAGES.invalidLastModified,
    );
    await clickText(env.page, 'Apply filters', 'button');
    await waitForPaperCount(env, '1 paper');
    expect(
      await env.page.$eval(
        'input[name=filter-updatedAt-from]',
        (i) => (i as HTMLInputElement).validity.badInput,
      ),
    ).toBe(false);
  });

  it('sets the presentation-ready flags on /EditPresentationReadyStatus', async () => {
    await env.page.goto(`${env.baseUrl}/chair/EditPresentationReadyStatus/${paperId}`);
    await waitForText(env.page, 'Routing in sparse meshes');
    await clickSelector(env.page, 'input[name=submittedPresentationReady]');
    await clickText(env.page, 'Save', 'button');
    await waitForText(env.page, CHAIR_PAPER_MESSAGES.updated);
    expect((await row()).submittedPresentationReady).toBe(true);
  });

  it('switches presentation-ready submission off and sets its welcome message on /ConfigurePresentationReady', async () => {
    await env.page.goto(`${env.baseUrl}/chair/ConfigurePresentationReady`);
    await env.page.waitForSelector('[aria-label="Networks: Presentation-ready submission enabled"]');
    await clickSelector(env.page, '[aria-label="Networks: Presentation-ready submission enabled"]');
    await fillByLabel(env.page, 'Networks welcome message', 'Bring your slides.');
    await clickSelector(env.page, '[aria-label="Save Networks"]');
    await waitForText(env.page, TRACK_MESSAGES.updated);
    const [track] = await env.db.select().from(tracksTable).where(eq(tracksTable.id, trackId));
    expect(track!.canSubmitPresentationReady).toBe(false);
    expect(track!.presentationReadyWelcomeMessage).toBe('Bring your slides.');
  });
});
