/**
 * Submission checks for the authors (issue 26): a PDF that breaks the track's page limit shows its finding,
 * with a thumbnail of the page, as soon as it is chosen — before anything is submitted. A track that warns
 * lets the paper go in (and its view page shows the stored finding); a track that blocks disables the submit
 * until a PDF within the rules is chosen. The camera-ready PDF is checked the same way before it is uploaded.
 * Test PDFs are printed by Chromium from HTML (US Letter, 1 in margins), one section per page.
 */
import { CHECK_MESSAGES, type PaperDto, type TrackChecks, type TrackDto } from '@symposium/domain';
import { DEFAULT_FORMAT_RULES, DEFAULT_TRACK_CHECKS } from '@symposium/domain';
import { eq } from 'drizzle-orm';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { papersTable } from '../../apps/api/src/modules/papers/papers.table.js';
import { statusesTable } from '../../apps/api/src/modules/tracks/tracks.table.js';
import { docx } from '../api/papers-author.helpers.js';
import { checkAccessibility } from '../support/axe.js';
import { clickText, fillByLabel, signIn, waitForText, type BrowserEnv } from '../support/browser.js';
import {
  ABSTRACT,
  accessToken,
  callApi,
  CHAIR,
  chooseFile,
  insertChair,
  insertUser,
  useBrowserEnv,
  waitForStoredFile,
} from '../support/browser-setup.js';
import { letterPdf } from './checks.helpers.js';
import { overflowProblem, PHONE } from './small-screen.helpers.js';

const AUTHOR = { email: 'ana@checks.example.org', password: 'author-pass-1' };

/** The checks of a track: submission and camera-ready PDFs at most 2 pages, findings warn or block. */
const pageLimitChecks = (mode: TrackChecks['mode']): TrackChecks => ({
  ...DEFAULT_TRACK_CHECKS,
  mode,
  submission: { ...DEFAULT_FORMAT_RULES, enabled: true, pageLimit: 2 },
  cameraReady: { ...DEFAULT_FORMAT_RULES, enabled: true, pageLimit: 2 },
});

/** Whether the form's submit button is disabled. */
const submitDisabled = (env: BrowserEnv) =>
  env.page.$eval('button[type=submit]', (b) => (b as HTMLButtonElement).disabled);

describe('submission checks in the author app', () => {
  let dir = '';
  let authorId = 0;
  let warnTrack = 0;
  let blockTrack = 0;
  let paperId = 0;

  const env = useBrowserEnv(
    async () => {
      dir = mkdtempSync(join(tmpdir(), 'checks-author-'));
      writeFileSync(join(dir, 'long paper.pdf'), await letterPdf(env, 1, 4));
      writeFileSync(join(dir, 'short paper.pdf'), await letterPdf(env, 2, 1));
      writeFileSync(join(dir, 'final.docx'), docx());
      await insertChair(env);
      authorId = await insertUser(env, {
        firstName: 'Ana',
        lastName: 'Silva',
        email: AUTHOR.email,
        alternateEmail: 'ana@home.example.org',
        organization: 'Porto Institute',
        country: 'Portugal',
        password: AUTHOR.password,
      });
      const chair = await accessToken(env, CHAIR);
      const track = async (name: string, mode: TrackChecks['mode']) => {
        const t = await callApi<TrackDto>(env, chair, 'POST', '/api/chair/tracks', {
          name,
          submissionProperties: { minFilesLimit: 1, maxFilesLimit: 1 },
        });
        await callApi(env, chair, 'PUT', `/api/chair/checks/tracks/${t._id}`, pageLimitChecks(mode));
        return t._id;
      };
      warnTrack = await track('Warning Track', 'warn');
      blockTrack = await track('Blocking Track', 'block');
      await signIn(env, 'author', AUTHOR.email, AUTHOR.password);
    },
    { cleanup: () => rmSync(dir, { recursive: true, force: true }) },
  );

  /** Opens the submission form of `track` and fills the title and the abstract. */
  async function startSubmission(track: number, title: string): Promise<void> {
    const { page } = env;
    await page.goto(`${env.baseUrl}/ChooseTrack/${track}/SubmissionLight`);
    await waitForText(page, 'Submit a paper');
    await fillByLabel(page, 'Title', title);
    await fillByLabel(page, 'Abstract', ABSTRACT);
  }

  it('shows the page-limit finding with its thumbnail before submitting, and submits in a track that warns', async () => {
    const { page } = env;
    // on a phone: the findings and their thumbnails must fit its 390 px
    await page.setViewport(PHONE);
    await startSubmission(warnTrack, 'Colouring sparse graphs');
    const checked = page.waitForResponse((r) => r.url().includes('/api/author/checks?') && r.ok());
    await chooseFile(page, 'paper-files', join(dir, 'long paper.pdf'));
    await checked;
    await page.waitForSelector('[data-testid=check-warning]');
    expect(await page.$eval('[data-testid=check-warning]', (e) => (e as HTMLElement).innerText)).toContain(
      'The track’s rules are not met; you can still submit',
    );
    const finding = await page.waitForSelector('[data-testid=finding][data-code=pageLimit]');
    expect(await finding!.evaluate((e) => (e as HTMLElement).innerText)).toMatch(/Rule: .+ · Measured: .+/);
    // the evidence: a thumbnail of the page with the place marked in red
    const thumb = await page.waitForSelector(
      '[data-testid=finding][data-code=pageLimit] svg[role=img][aria-label$="with the finding marked"]',
    );
    expect(await thumb!.evaluate((s) => s.getAttribute('aria-label'))).toMatch(
      /^Page \d+ with the finding marked$/,
    );
    expect(
      await thumb!.evaluate((s) => s.querySelectorAll('[data-testid=evidence-box]').length),
    ).toBeGreaterThan(0);
    expect(await thumb!.evaluate((s) => s.getBoundingClientRect().width)).toBe(150);
    expect(await submitDisabled(env)).toBe(false);
    await checkAccessibility(page, 'submission form with a page-limit warning');

    expect(await overflowProblem(page, 'submission form with findings')).toBe('');

    await clickText(page, 'Submit paper', 'button');
    await page.waitForFunction(() => location.pathname.startsWith('/ConfirmationEmail/'));
    await page.setViewport({ width: 1400, height: 1000 });
    paperId = Number((await page.evaluate(() => location.pathname)).split('/').pop());
    expect(paperId).toBeGreaterThan(0);
  });

  it('shows the stored finding on the paper’s view page', async () => {
    const { page } = env;
    const loaded = page.waitForResponse((r) => r.url().endsWith(`/api/author/papers/${paperId}/checks`));
    await page.goto(`${env.baseUrl}/ViewPaper/${paperId}`);
    await loaded;
    await page.waitForSelector('[data-testid=paper-checks] [data-testid=finding][data-code=pageLimit]');
    await page.waitForSelector('[data-testid=paper-checks] svg[role=img]');
    expect(await page.$eval('[data-testid=paper-checks]', (e) => (e as HTMLElement).innerText)).toContain(
      'long paper.pdf',
    );
    await checkAccessibility(page, 'paper view with its checks');
  });

  it('disables the submit in a track that blocks until a PDF within the rules is chosen', async () => {
    const { page } = env;
    await startSubmission(blockTrack, 'Matching in dense graphs');
    await chooseFile(page, 'paper-files', join(dir, 'long paper.pdf'));
    await page.waitForSelector('[data-testid=check-blocked]');
    await page.waitForSelector('[data-testid=finding][data-code=pageLimit] svg[role=img]');
    expect(await submitDisabled(env)).toBe(true);
    await checkAccessibility(page, 'submission form with a blocking finding');

    await chooseFile(page, 'paper-files', join(dir, 'short paper.pdf'));
    await page.waitForSelector('[data-testid=check-result][data-status=passed]');
    await waitForText(page, 'No problems found');
    await page.waitForFunction(
      () => !document.querySelector<HTMLButtonElement>('button[type=submit]')?.disabled,
    );
    await clickText(page, 'Submit paper', 'button');
    await page.waitForFunction(() => location.pathname.startsWith('/ConfirmationEmail/'));
    const id = Number((await page.evaluate(() => location.pathname)).split('/').pop());
    const [row] = await env.db.select().from(papersTable).where(eq(papersTable.id, id));
    expect(row).toMatchObject({ title: 'Matching in dense graphs', trackId: blockTrack });
  });

  it('checks the camera-ready PDF before uploading it: the finding, then “Upload anyway” in a track that warns', async () => {
    const { page } = env;
    const [accepted] = await env.db
      .insert(statusesTable)
      .values({ text: 'Accept', position: 2, isAccepted: true })
      .returning();
    await env.db.update(papersTable).set({ statusId: accepted!.id }).where(eq(papersTable.id, paperId));
    const paper = await callApi<PaperDto>(
      env,
      await accessToken(env, AUTHOR),
      'GET',
      `/api/author/papers/${paperId}`,
    );
    expect(paper.authors.map((a) => a._id)).toEqual([authorId]);

    await page.goto(`${env.baseUrl}/CameraReadySubmission/${warnTrack}/${paperId}`);
    for (const step of ['Title and abstract', 'Authors', 'Upload']) {
      await clickText(page, 'Next', 'button');
      await page.waitForSelector(`[data-testid=wizard-step][aria-label="${step}"]`);
    }
    const checked = page.waitForResponse(
      (r) => r.url().includes('/api/author/checks?') && r.url().includes('stage=cameraReady'),
    );
    await chooseFile(page, 'pdf', join(dir, 'long paper.pdf'));
    await checked;
    await page.waitForSelector('[data-testid=part-pdf] [data-testid=check-warning]');
    await page.waitForSelector(
      '[data-testid=part-pdf] [data-testid=finding][data-code=pageLimit] svg[role=img]',
    );
    // nothing is stored before the author says so
    expect(await page.$('[data-testid=part-pdf] [data-testid=stored-file]')).toBeNull();
    await checkAccessibility(page, 'camera-ready upload with a page-limit warning');
    await clickText(page, 'Upload anyway', 'button');
    await waitForStoredFile(page, 'pdf', 'long paper.pdf');
  });

  it('shows the findings when a track that blocks refuses the camera-ready confirmation', async () => {
    const { page } = env;
    // the chairs make the track block after the PDF was uploaded with its finding
    await callApi(
      env,
      await accessToken(env, CHAIR),
      'PUT',
      `/api/chair/checks/tracks/${warnTrack}`,
      pageLimitChecks('block'),
    );
    await chooseFile(page, 'word', join(dir, 'final.docx'));
    await waitForStoredFile(page, 'word', 'final.docx');
    for (const step of ['Questions', 'Confirm']) {
      await clickText(page, 'Next', 'button');
      await page.waitForSelector(`[data-testid=wizard-step][aria-label="${step}"]`);
    }
    await clickText(page, 'Submit camera-ready', 'button');
    await page.waitForSelector('[data-testid=form-error]');
    expect(await page.$eval('[data-testid=form-error]', (e) => (e as HTMLElement).innerText)).toBe(
      CHECK_MESSAGES.cameraReadyBlocked,
    );
    await page.waitForSelector('[data-testid=refused-check] [data-testid=finding][data-code=pageLimit]');
    await page.waitForSelector('[data-testid=refused-check] svg[role=img]');
    await checkAccessibility(page, 'camera-ready confirmation refused by the checks');
    const [row] = await env.db.select().from(papersTable).where(eq(papersTable.id, paperId));
    expect(row!.submittedCameraReady).toBe(false);
  });
});
