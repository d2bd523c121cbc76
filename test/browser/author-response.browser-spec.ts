/**
 * The author response screen (issue 25): an author opens it from their paper while the window is open, sees
 * the reviews (comments to the authors, never to the chair) beside the response, the live counter turns red
 * over the limit with the server's message and Submit is disabled; a draft is saved, the response submitted
 * and still there after a reload; on a phone the two columns stack; after the window it is read-only.
 */
import { and, eq } from 'drizzle-orm';
import type { Page } from 'puppeteer-core';
import { paperAuthorsTable, papersTable } from '../../apps/api/src/modules/papers/papers.table.js';
import {
  authorResponsesTable,
  reviewRequestsTable,
  reviewRoundsTable,
  reviewsTable,
} from '../../apps/api/src/modules/reviews/reviews.table.js';
import { tracksTable } from '../../apps/api/src/modules/tracks/tracks.table.js';
import { checkAccessibility } from '../support/axe.js';
import { clickText, waitForText } from '../support/browser.js';
import { insertUser, openAs, openScreen, useBrowserEnv } from '../support/browser-setup.js';
import { expectFits, PHONE } from './small-screen.helpers.js';

const AUTHOR = { email: 'ada@example.org', password: 'author-pass-1' };
const AUTHOR_COMMENT = 'Please compare with the greedy baseline.';
const CHAIR_COMMENT = 'Confidential: borderline.';
const HOUR = 3_600_000;

/** Replaces the text of the textarea labelled `label` (typed as one insertion, like a paste). */
async function setTextArea(page: Page, label: string, value: string): Promise<void> {
  const id = await page.$$eval(
    'label',
    (labels, l) => labels.find((x) => x.textContent?.replace('*', '').trim() === l)?.getAttribute('for'),
    label,
  );
  const area = (await page.waitForSelector(`textarea#${id}`))!;
  await area.click();
  await page.keyboard.down('Control');
  await page.keyboard.press('KeyA');
  await page.keyboard.up('Control');
  await page.keyboard.press('Backspace');
  if (value) await page.keyboard.sendCharacter(value);
}

const waitForCounter = (page: Page, text: string) =>
  page.waitForFunction(
    (t: string) => document.querySelector('[data-testid=response-counter]')?.textContent === t,
    {},
    text,
  );

describe('author response screen', () => {
  let paper: number;
  let track: number;
  const stored = async () =>
    (await env.db.select().from(authorResponsesTable).where(eq(authorResponsesTable.paperId, paper)))[0];

  const env = useBrowserEnv(async () => {
    const author = await insertUser(env, {
      firstName: 'Ada',
      lastName: 'Author',
      email: AUTHOR.email,
      password: AUTHOR.password,
      organization: 'Lisbon University',
    });
    const reviewer = await insertUser(env, {
      firstName: 'Rui',
      lastName: 'Reviewer',
      email: 'rui@reviewers.example.net',
      organization: 'Porto University',
    });
    const [t] = await env.db.insert(tracksTable).values({ name: 'Main track', position: 0 }).returning();
    track = t!.id;
    const [p] = await env.db
      .insert(papersTable)
      .values({
        title: 'Colouring sparse graphs',
        abstractText: 'We colour the vertices of large sparse graphs with few colours in practice.',
        trackId: track,
        primaryAuthorId: author,
      })
      .returning();
    paper = p!.id;
    await env.db.insert(paperAuthorsTable).values({ paperId: paper, userId: author, position: 0 });
    const [request] = await env.db
      .insert(reviewRequestsTable)
      .values({
        trackId: track,
        paperId: paper,
        reviewerId: reviewer,
        waiting: false,
        reviewed: true,
        replyDueAt: new Date(),
        dueAt: new Date(),
      })
      .returning();
    await env.db.insert(reviewsTable).values({
      requestId: request!.id,
      trackId: track,
      paperId: paper,
      reviewerId: reviewer,
      quality: 8,
      contribution: 7,
      originality: 6,
      final: 2,
      commentsAuthor: AUTHOR_COMMENT,
      commentsChair: CHAIR_COMMENT,
      draft: false,
      submittedAt: new Date(),
    });
    await env.db
      .update(reviewRoundsTable)
      .set({
        responseOpensAt: new Date(Date.now() - HOUR),
        responseClosesAt: new Date(Date.now() + 24 * HOUR),
        responseLimit: 5,
        responseLimitUnit: 'words',
      })
      .where(and(eq(reviewRoundsTable.trackId, track), eq(reviewRoundsTable.number, 1)));
  });

  it('counts live, refuses over the limit, saves a draft, submits and shows it after a reload', async () => {
    const { page } = env;
    await openAs(env, 'author', AUTHOR, `/ViewPaper/${paper}`, { selector: '[data-testid=response-links]' });
    await clickText(page, 'Write the response', 'a');
    await page.waitForFunction((p: number) => location.pathname === `/PaperResponse/${p}/1`, {}, paper);
    await waitForText(page, 'Author response · R1');
    await waitForText(page, AUTHOR_COMMENT);
    expect(await page.evaluate(() => document.body.innerText)).not.toContain(CHAIR_COMMENT);
    await waitForCounter(page, '0 / 5 words');
    await checkAccessibility(page, 'response screen, empty');

    await setTextArea(page, 'Response', 'We thank the reviewers');
    await waitForCounter(page, '4 / 5 words');
    const counterColor = () => page.$eval('[data-testid=response-counter]', (e) => getComputedStyle(e).color);
    const normalColor = await counterColor();
    await clickText(page, 'Save draft', 'button');
    await waitForText(page, 'Response saved as a draft');
    expect(await stored()).toMatchObject({ text: 'We thank the reviewers', submitted: false });

    await setTextArea(page, 'Response', 'We thank the reviewers very much');
    await waitForCounter(page, '6 / 5 words');
    await waitForText(page, 'The response is 6 words long; the limit is 5 words');
    const overColor = await counterColor();
    expect(overColor).not.toBe(normalColor);
    const submitDisabled = () =>
      page.$$eval('button', (bs) => bs.find((b) => b.textContent?.trim() === 'Submit')?.disabled ?? null);
    expect(await submitDisabled()).toBe(true);
    await checkAccessibility(page, 'response screen, over the limit');

    await setTextArea(page, 'Response', 'We *thank* the reviewers.');
    await waitForCounter(page, '4 / 5 words');
    expect(await submitDisabled()).toBe(false);
    await page.waitForSelector('[data-testid=response-text] em');
    await clickText(page, 'Submit', 'button');
    await waitForText(page, 'Response submitted');
    expect(await stored()).toMatchObject({ text: 'We *thank* the reviewers.', submitted: true });

    await page.reload();
    await waitForText(page, 'Your response (submitted)');
    await waitForCounter(page, '4 / 5 words');
    expect(await page.$$eval('button', (bs) => bs.map((b) => b.textContent?.trim()))).toEqual(
      expect.arrayContaining(['Submit again']),
    );
    expect(await page.$$eval('button', (bs) => bs.map((b) => b.textContent?.trim()))).not.toContain(
      'Save draft',
    );
  });

  it('stacks the reviews above the response on a phone', async () => {
    const { page } = env;
    await page.setViewport(PHONE);
    try {
      await openScreen(env, `/PaperResponse/${paper}/1`, { texts: ['Your response (submitted)'] });
      const boxes = await page.$$eval('[data-testid=response-column]', (s) =>
        s.map((e) => {
          const r = e.getBoundingClientRect();
          return { top: r.top, bottom: r.bottom, left: r.left };
        }),
      );
      expect(boxes).toHaveLength(2);
      expect(boxes[1]!.top).toBeGreaterThanOrEqual(boxes[0]!.bottom);
      expect(boxes[1]!.left).toBe(boxes[0]!.left);
      await expectFits(page, 'response screen');
      await checkAccessibility(page, 'response screen on a phone');
    } finally {
      await page.setViewport({ width: 1280, height: 900 });
    }
  });

  it('is read-only once the window has closed', async () => {
    const { page } = env;
    await env.db
      .update(reviewRoundsTable)
      .set({ responseClosesAt: new Date(Date.now() - 60_000) })
      .where(and(eq(reviewRoundsTable.trackId, track), eq(reviewRoundsTable.number, 1)));
    await openScreen(env, `/PaperResponse/${paper}/1`, { selector: '[data-testid=response-closed]' });
    await page.waitForSelector('[data-testid=response-text] em');
    expect(await page.$('textarea')).toBeNull();
    expect(await page.$$eval('button', (bs) => bs.map((b) => b.textContent?.trim()))).not.toContain(
      'Submit again',
    );
    await checkAccessibility(page, 'response screen, closed');
  });
});
