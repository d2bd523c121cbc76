/**
 * Submission checks in the chair console (issue 26): the chair sets a track's rules on the track screen;
 * papers are then submitted (one over the page limit, two with the same text); the chair filters the paper
 * list by format problems, opens the paper's checks and accepts the finding with a reason; the duplicates tab
 * shows the pair the background scan found, with the shared passages, and dismisses it with a reason; the
 * report counts it all. Test PDFs are printed by Chromium from HTML (US Letter, 1 in margins).
 */
import { CHECK_MESSAGES, type CheckReportDto, type TrackChecks, type TrackDto } from '@symposium/domain';
import type { Page } from 'puppeteer-core';
import { DuplicateScansService } from '../../apps/api/src/modules/papers/checks/duplicate-scans.service.js';
import { checkAccessibility } from '../support/axe.js';
import {
  clickSelector,
  clickText,
  fillByLabel,
  selectOption,
  signIn,
  waitForText,
} from '../support/browser.js';
import {
  ABSTRACT,
  accessToken,
  callApi,
  CHAIR,
  clickMenuItem,
  insertChair,
  insertUser,
  useBrowserEnv,
  waitForPaperCount,
} from '../support/browser-setup.js';
import { letterPdf } from './checks.helpers.js';

const AUTHORS = [
  { email: 'ana@checks.example.org', password: 'author-pass-1', firstName: 'Ana', lastName: 'Silva' },
  { email: 'rui@checks.example.net', password: 'author-pass-2', firstName: 'Rui', lastName: 'Costa' },
];

/** Replaces the value of the input matching `selector` by typing `value`. */
async function typeInto(page: Page, selector: string, value: string): Promise<void> {
  const input = await page.waitForSelector(selector, { visible: true });
  await input!.click({ count: 3 });
  await page.keyboard.press('Backspace');
  await input!.type(value);
}

describe('submission checks in the chair console', () => {
  let track = 0;
  const authorIds: number[] = [];
  const papers = { long: 0, first: 0, second: 0 };
  let pairId = 0;

  const env = useBrowserEnv(async () => {
    await insertChair(env);
    for (const a of AUTHORS)
      authorIds.push(
        await insertUser(env, {
          ...a,
          alternateEmail: `alt.${a.email}`,
          organization: 'Porto Institute',
          country: 'Portugal',
        }),
      );
    const chair = await accessToken(env, CHAIR);
    track = (
      await callApi<TrackDto>(env, chair, 'POST', '/api/chair/tracks', {
        name: 'Algorithms',
        submissionProperties: { minFilesLimit: 1, maxFilesLimit: 1 },
      })
    )._id;
    await signIn(env, 'chair', CHAIR.email, CHAIR.password);
  });

  /** Submits a paper as author `who` with one PDF (multipart, as the author app does); answers its id. */
  async function submit(who: number, title: string, file: Uint8Array): Promise<number> {
    const { email, password } = AUTHORS[who]!;
    const token = await accessToken(env, { email, password });
    const form = new FormData();
    form.append(
      'paper',
      JSON.stringify({
        track,
        title,
        abstract: { text: ABSTRACT, questions: [] },
        authors: [authorIds[who]],
        primaryAuthor: authorIds[who],
        primarySubjectArea: null,
      }),
    );
    form.append('files', new Blob([Buffer.from(file)], { type: 'application/pdf' }), `${title}.pdf`);
    const res = await fetch(`${env.baseUrl}/api/author/papers`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}` },
      body: form,
    });
    if (!res.ok) throw new Error(`submission of ${title}: ${res.status} ${await res.text()}`);
    return ((await res.json()) as { _id: number })._id;
  }

  it('saves the track’s submission checks on the track screen', async () => {
    const { page } = env;
    await page.goto(`${env.baseUrl}/chair/EditTrack/${track}`);
    await page.waitForSelector('[data-testid=track-checks] form');
    await waitForText(page, 'Submission checks');
    await clickSelector(page, 'input[name="submission.enabled"]');
    await typeInto(page, 'input[name="submission.pageLimit"]', '2');
    await clickSelector(page, 'input[name="checks.doubleBlind"]');
    // a threshold out of range is refused with the API's message before anything is sent
    await typeInto(page, 'input[name="checks.duplicateThreshold"]', '0.05');
    await clickText(page, 'Save checks', 'button');
    await waitForText(page, CHECK_MESSAGES.thresholdInvalid);
    await typeInto(page, 'input[name="checks.duplicateThreshold"]', '0.6');
    await checkAccessibility(page, 'track screen, submission checks');
    const saved = page.waitForResponse(
      (r) => r.url().endsWith(`/api/chair/checks/tracks/${track}`) && r.request().method() === 'PUT',
    );
    await clickText(page, 'Save checks', 'button');
    expect((await saved).status()).toBe(200);
    await waitForText(page, CHECK_MESSAGES.saved);
    const stored = await callApi<TrackChecks>(
      env,
      await accessToken(env, CHAIR),
      'GET',
      `/api/chair/checks/tracks/${track}`,
    );
    expect(stored).toMatchObject({
      mode: 'warn',
      doubleBlind: true,
      duplicateThreshold: 0.6,
      submission: { enabled: true, pageLimit: 2, excludeReferences: true, paperSize: 'any' },
      cameraReady: { enabled: false },
    });
    // the form shows what is stored after a reload
    await page.reload();
    await page.waitForSelector('input[name="submission.pageLimit"]');
    expect(await page.$eval('input[name="submission.pageLimit"]', (i) => (i as HTMLInputElement).value)).toBe(
      '2',
    );
  });

  it('filters the paper list by format problems, opens the paper and accepts the finding with a reason', async () => {
    const { page } = env;
    papers.long = await submit(0, 'Colouring sparse graphs', await letterPdf(env, 1, 4));
    const same = await letterPdf(env, 2, 2);
    papers.first = await submit(0, 'Greedy matching in practice', same);
    papers.second = await submit(1, 'Matching greedily, revisited', same);

    await page.goto(`${env.baseUrl}/chair/ViewPapers`);
    await waitForPaperCount(env, '3 papers');
    await selectOption(page, 'select[name=filter-checkProblems]', 'true');
    await clickText(page, 'Apply filters', 'button');
    await waitForPaperCount(env, '1 paper');
    await page.waitForSelector(`[data-testid=paper-${papers.long}]`);
    await checkAccessibility(page, 'paper list filtered by format problems');

    await clickSelector(page, `[aria-label="Actions for paper ${papers.long}"]`);
    await clickMenuItem(page, 'Submission checks');
    await page.waitForFunction(
      (p: string) => location.pathname === p,
      {},
      `/chair/PaperChecks/${papers.long}`,
    );
    await page.waitForSelector(
      '[data-testid=finding][data-code=pageLimit][data-accepted=false] svg[role=img]',
    );
    await checkAccessibility(page, 'paper checks');

    await clickText(page, 'Accept…', 'button');
    await page.waitForSelector('[role=dialog]');
    await clickText(page, 'Accept finding', 'button');
    await waitForText(page, CHECK_MESSAGES.acceptReasonRequired);
    await fillByLabel(page, 'Reason', 'The last pages are an appendix, as the track chairs agreed');
    await checkAccessibility(page, 'accept a finding dialog');
    await clickText(page, 'Accept finding', 'button');
    await waitForText(page, CHECK_MESSAGES.accepted);
    await page.waitForSelector('[data-testid=finding][data-code=pageLimit][data-accepted=true]');
    const acceptance = await page.$eval(
      '[data-testid=finding-acceptance]',
      (e) => (e as HTMLElement).innerText,
    );
    expect(acceptance).toContain('The last pages are an appendix, as the track chairs agreed');
    expect(acceptance).toContain('Carla Chair');
    await page.waitForFunction(() => !document.querySelector('[role=dialog]'));
    await checkAccessibility(page, 'paper checks with the finding accepted');

    // an accepted finding is no longer a problem
    await page.goto(`${env.baseUrl}/chair/ViewPapers`);
    await waitForPaperCount(env, '3 papers');
    await selectOption(page, 'select[name=filter-checkProblems]', 'true');
    await clickText(page, 'Apply filters', 'button');
    await waitForPaperCount(env, '0 papers');
  });

  it('shows the planted pair with the shared passages on the duplicates tab and dismisses it', async () => {
    const { page } = env;
    // the background scan of the submitted texts, run now instead of waiting for the next tick
    await env.app.get(DuplicateScansService).runQueued();

    await page.goto(`${env.baseUrl}/chair/ViewPapers`);
    await waitForPaperCount(env, '3 papers');
    await selectOption(page, 'select[name=filter-hasDuplicates]', 'true');
    await clickText(page, 'Apply filters', 'button');
    await waitForPaperCount(env, '2 papers');

    await page.goto(`${env.baseUrl}/chair/SubmissionChecks?tab=duplicates`);
    const card = await page.waitForSelector('article[data-testid^=pair-]');
    pairId = Number((await card!.evaluate((e) => e.getAttribute('data-testid')))!.replace('pair-', ''));
    const text = await card!.evaluate((e) => (e as HTMLElement).innerText);
    expect(text).toContain('Greedy matching in practice');
    expect(text).toContain('Matching greedily, revisited');
    expect(text).toContain('Ana Silva');
    expect(text).toContain('Rui Costa');
    expect(text).toMatch(/\d+ % alike/);
    const marks = await card!.$$eval('mark', (ms) => ms.map((m) => m.textContent ?? ''));
    expect(marks.length).toBeGreaterThanOrEqual(2);
    expect(marks[0]!.length).toBeGreaterThan(20);
    await checkAccessibility(page, 'duplicates tab');

    await clickSelector(page, `[aria-label^="Dismiss… the pair of papers"]`);
    await page.waitForSelector('[role=dialog]');
    await clickText(page, 'Dismiss pair', 'button');
    await waitForText(page, CHECK_MESSAGES.dismissReasonRequired);
    await fillByLabel(
      page,
      'Reason',
      'The same group submitted a revised version; the first one is withdrawn',
    );
    await checkAccessibility(page, 'dismiss a pair dialog');
    await clickText(page, 'Dismiss pair', 'button');
    await waitForText(page, CHECK_MESSAGES.dismissed);
    await page.waitForFunction(
      (id: number) => !document.querySelector(`article[data-testid=pair-${id}]`),
      {},
      pairId,
    );
    await page.waitForFunction(
      () => document.querySelector('[data-testid=pair-count]')?.textContent === '0 pairs',
    );

    await clickSelector(page, 'input[name=showDismissed]');
    const dismissed = await page.waitForSelector(`article[data-testid=pair-${pairId}][data-dismissed=true]`);
    expect(
      await dismissed!.$eval('[data-testid=pair-dismissal]', (e) => (e as HTMLElement).innerText),
    ).toContain('The same group submitted a revised version; the first one is withdrawn');
    await checkAccessibility(page, 'duplicates tab with the dismissed pairs');
  });

  it('reports the checks per track and per paper, with the xlsx', async () => {
    const { page } = env;
    const loaded = page.waitForResponse((r) => r.url().endsWith('/api/chair/checks/report'));
    await page.goto(`${env.baseUrl}/chair/SubmissionChecks`);
    const report = (await (await loaded).json()) as CheckReportDto;
    const counts = report.tracks.find((t) => t.track.id === track);
    expect(counts).toMatchObject({ papers: 3, accepted: 1 });
    const row = await page.waitForSelector(`[data-testid=report-track-${track}]`);
    expect(await row!.evaluate((e) => (e as HTMLElement).innerText)).toContain('Algorithms');
    const paperRow = await page.waitForSelector(`[data-testid=report-paper-${papers.long}]`);
    expect(await paperRow!.evaluate((e) => (e as HTMLElement).innerText)).toContain('1 accepted');
    await checkAccessibility(page, 'checks report');

    const href = await page.$eval('a[download]', (a) => (a as HTMLAnchorElement).href);
    expect(href).toBe(`${env.baseUrl}/api/chair/checks/report/xlsx`);
    const xlsx = await page.evaluate(async (url: string) => {
      const res = await fetch(url, { credentials: 'same-origin' });
      return {
        status: res.status,
        type: res.headers.get('content-type'),
        size: (await res.arrayBuffer()).byteLength,
      };
    }, href);
    expect(xlsx.status).toBe(200);
    expect(xlsx.type).toContain('spreadsheetml');
    expect(xlsx.size).toBeGreaterThan(100);
  });
});
