/**
 * The reviewer front end in the browser: the console (requests with due dates and state, accept, decline
 * with confirmation, bids), the review form (draft kept across a reload, the §5 messages before submitting,
 * the stored review), a reviewer refused another reviewer's paper and request, and an author reading the
 * reviews of their paper only once the chair enabled it (no comments to the chair, no reviewer identity).
 */
import { emptyRoles, type UserRoles } from '@symposium/domain';
import { and, eq } from 'drizzle-orm';
import type { Page } from 'puppeteer-core';
import { hashPassword } from '../support/passwords.js';
import { paperAuthorsTable, papersTable } from '../../apps/api/src/modules/papers/papers.table.js';
import {
  bidsTable,
  declaredConflictsTable,
  reviewRequestsTable,
  reviewsTable,
} from '../../apps/api/src/modules/reviews/reviews.table.js';
import { tracksTable } from '../../apps/api/src/modules/tracks/tracks.table.js';
import { rolesToColumns } from '../../apps/api/src/modules/users/users.mapper.js';
import { usersTable } from '../../apps/api/src/modules/users/users.table.js';
import {
  clickText,
  fillByLabel,
  signIn,
  waitForText,
  type BrowserEnv,
  selectOption,
  clickSelector,
} from '../support/browser.js';
import { useBrowserEnv, callAs, formError } from '../support/browser-setup.js';

const PASSWORD = 'reviewer-pass-1';
const ABSTRACT = 'We colour the vertices of large sparse graphs with few colours and measure it in practice.';
const CHAIR_COMMENT = 'Confidential: the authors know the field well.';
const AUTHOR_COMMENT = 'Please shorten section 3 and compare with the greedy baseline.';

/** Signed-in calls as the chair (Bearer token), for set-up only. */
async function asChair<T>(env: BrowserEnv, method: string, path: string, body?: unknown): Promise<T> {
  return callAs<T>(env, { email: 'chair@chairs.example.net', password: PASSWORD }, method, path, body);
}

/** The visible text of the request row of `id` in the console. */
const rowText = (page: Page, id: number) =>
  page.$eval(`[data-testid=request][data-request="${id}"]`, (e) => (e as HTMLElement).innerText);

/** Clicks the button `text` inside the request row of `id`. */
async function clickInRow(page: Page, id: number, text: string): Promise<void> {
  await clickText(
    page,
    text,
    `[data-testid=request][data-request="${id}"] button, [data-testid=request][data-request="${id}"] a`,
  );
}

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

const textAreaValue = (page: Page, label: string) =>
  page.$$eval(
    'label',
    (labels, l) => {
      const id = labels.find((x) => x.textContent?.replace('*', '').trim() === l)?.getAttribute('for');
      return (document.getElementById(id ?? '') as HTMLTextAreaElement | null)?.value ?? null;
    },
    label,
  );

describe('the reviewer front end', () => {
  let trackId: number;
  let reviewer: { id: number; email: string };
  let other: { id: number; email: string };
  let author: { id: number; email: string };
  let reviewedPaper: number;
  let declinedPaper: number;
  let othersPaper: number;
  let bidPaper: number;
  let acceptId: number;
  let declineId: number;
  let othersRequestId: number;

  const user = async (
    firstName: string,
    lastName: string,
    email: string,
    organization: string,
    roles: Partial<UserRoles> = {},
  ) => {
    const [row] = await env.db
      .insert(usersTable)
      .values({
        firstName,
        lastName,
        email,
        alternateEmail: `alt.${email}`,
        organization,
        country: 'Portugal',
        phone: '+351 000 000',
        passwordHash: await hashPassword(PASSWORD),
        ...rolesToColumns({ ...emptyRoles(), ...roles }),
      })
      .returning();
    return { id: row!.id, email };
  };
  const paper = async (title: string) => {
    const [row] = await env.db
      .insert(papersTable)
      .values({ title, abstractText: ABSTRACT, trackId, primaryAuthorId: author.id })
      .returning();
    await env.db.insert(paperAuthorsTable).values({ paperId: row!.id, userId: author.id, position: 0 });
    return row!.id;
  };
  const invite = async (paperId: number, reviewerId: number) =>
    (
      await asChair<{ _id: number }>(env, 'POST', '/api/chair/review_requests', {
        track: trackId,
        paper: paperId,
        reviewer: reviewerId,
      })
    )._id;
  const request = async (id: number) =>
    (await env.db.select().from(reviewRequestsTable).where(eq(reviewRequestsTable.id, id)))[0]!;

  const env = useBrowserEnv(async () => {
    const [track] = await env.db
      .insert(tracksTable)
      .values({ name: 'Graph Theory', position: 1 })
      .returning();
    trackId = track!.id;
    await user('Carla', 'Chair', 'chair@chairs.example.net', 'Conference Board', { chair: { is: true } });
    author = await user('Ana', 'Silva', 'ana@porto-uni.edu', 'University of Porto');
    const reviewerRole = { reviewer: { is: true, tracks: [trackId], count: 0 } };
    reviewer = await user('Rui', 'Reviewer', 'rui@lisbon-uni.edu', 'University of Lisbon', reviewerRole);
    other = await user('Olga', 'Other', 'olga@minho-uni.edu', 'University of Minho', reviewerRole);
    reviewedPaper = await paper('Greedy colouring of sparse graphs');
    declinedPaper = await paper('Edge colouring in linear time');
    othersPaper = await paper('List colouring of planar graphs');
    bidPaper = await paper('Matchings in bipartite graphs');
    acceptId = await invite(reviewedPaper, reviewer.id);
    declineId = await invite(declinedPaper, reviewer.id);
    othersRequestId = await invite(othersPaper, other.id);
    await signIn(env, 'author', reviewer.email, PASSWORD);
  });

  it('opens on the reviewer console with the requests, their track, due dates and state', async () => {
    const { page } = env;
    await waitForText(page, 'Reviewer console');
    await page.waitForSelector(`[data-testid=request][data-request="${acceptId}"]`);
    const stored = await request(acceptId);
    const row = await rowText(page, acceptId);
    expect(row).toContain('Greedy colouring of sparse graphs');
    expect(row).toContain('Graph Theory');
    expect(row).toContain('Waiting for your answer');
    expect(row).toContain(`Reply by ${stored.replyDueAt.toISOString().slice(0, 10)} UTC`);
    expect(row).toContain(`Review by ${stored.dueAt.toISOString().slice(0, 10)} UTC`);
    expect(stored.dueAt.getTime() - stored.invitedAt.getTime()).toBe(14 * 86_400_000);
    expect(await rowText(page, declineId)).toContain('Edge colouring in linear time');
    const all = await page.$$eval('[data-testid=request]', (rows) => rows.length);
    expect(all).toBe(2);
    // a reviewer is an author too: with no papers of their own, the switch offers to submit one
    await clickText(page, 'Submit a paper', 'header button');
    await waitForText(page, 'My papers');
    await clickText(page, 'Reviewer console', 'button');
    await page.waitForSelector(`[data-testid=request][data-request="${acceptId}"]`);
  });

  it('accepts a request', async () => {
    const { page } = env;
    await clickInRow(page, acceptId, 'Accept');
    await page.waitForFunction(
      (id: number) =>
        document.querySelector<HTMLElement>(`[data-request="${id}"]`)?.innerText.includes('Accepted') ??
        false,
      {},
      acceptId,
    );
    const row = await request(acceptId);
    expect([row.waiting, row.declined, row.reviewed]).toEqual([false, false, false]);
    expect(row.respondedAt).not.toBeNull();
  });

  it('declines another request after confirming', async () => {
    const { page } = env;
    await clickInRow(page, declineId, 'Decline');
    await waitForText(page, 'Decline this review request?');
    await clickSelector(page, '[data-testid=confirm-button]');
    await page.waitForFunction(
      (id: number) =>
        document.querySelector<HTMLElement>(`[data-request="${id}"]`)?.innerText.includes('Declined') ??
        false,
      {},
      declineId,
    );
    await page.waitForFunction(() => !document.querySelector('[role=dialog]'));
    const row = await request(declineId);
    expect([row.waiting, row.declined, row.reviewed]).toEqual([false, true, false]);
  });

  it('saves a draft review, which comes back after a reload', async () => {
    const { page } = env;
    await clickInRow(page, acceptId, 'Review paper');
    await waitForText(page, 'Your review');
    expect(await page.$eval('[data-testid=paper-title]', (e) => e.textContent)).toBe(
      'Greedy colouring of sparse graphs',
    );
    expect(await page.$eval('[data-testid=paper-abstract]', (e) => e.textContent)).toBe(ABSTRACT);
    await selectOption(page, '#review-quality', '7');
    await setTextArea(page, 'Comments to the authors', 'A first impression.');
    await clickText(page, 'Save draft', 'button');
    await waitForText(page, 'Draft saved');
    const [draft] = await env.db.select().from(reviewsTable).where(eq(reviewsTable.requestId, acceptId));
    expect(draft).toMatchObject({ draft: true, quality: 7, contribution: null, final: -2 });
    expect(draft!.commentsAuthor).toBe('A first impression.');

    await page.reload();
    await page.waitForSelector('[data-testid=draft-info]');
    expect(await page.$eval('#review-quality', (e) => (e as HTMLSelectElement).value)).toBe('7');
    expect(await page.$eval('#review-final', (e) => (e as HTMLSelectElement).value)).toBe('-2');
    expect(await textAreaValue(page, 'Comments to the authors')).toBe('A first impression.');
  });

  it('shows the §5 messages before submitting, then submits the review', async () => {
    const { page } = env;
    await clickText(page, 'Submit review', 'button');
    let error = await formError(page);
    expect(error).toContain('Contribution must be a whole number from 0 to 10');
    expect(error).toContain('Originality must be a whole number from 0 to 10');
    expect(error).toContain('Please choose a final decision');
    expect(error).toContain('Please write your comments to the track chair');
    expect(error).not.toContain('Please write your comments to the authors');

    await selectOption(page, '#review-contribution', '8');
    await selectOption(page, '#review-originality', '6');
    await selectOption(page, '#review-final', '1');
    await setTextArea(page, 'Comments to the authors', 'x'.repeat(1001));
    await setTextArea(page, 'Comments to the track chair', CHAIR_COMMENT);
    await waitForText(page, '1001 / 1000');
    await clickText(page, 'Submit review', 'button');
    await page.waitForFunction(() =>
      document
        .querySelector('[data-testid=form-error]')
        ?.textContent?.includes('Comments to authors must be at most 1000 characters'),
    );
    error = await formError(page);
    expect(error).toBe('Comments to authors must be at most 1000 characters');
    const [stillDraft] = await env.db.select().from(reviewsTable).where(eq(reviewsTable.requestId, acceptId));
    expect(stillDraft!.draft).toBe(true);

    await setTextArea(page, 'Comments to the authors', AUTHOR_COMMENT);
    await clickText(page, 'Submit review', 'button');
    await waitForText(page, 'Your review');
    await page.waitForSelector('[data-testid=decision]');
    expect(page.url()).toBe(`${env.baseUrl}/ViewPaperReview/${reviewedPaper}`);
    expect(await page.$eval('[data-testid=decision]', (e) => e.textContent)).toBe('accept');
    expect(await page.$eval('[data-testid=comments-chair]', (e) => e.textContent)).toBe(CHAIR_COMMENT);

    const [review] = await env.db.select().from(reviewsTable).where(eq(reviewsTable.requestId, acceptId));
    expect(review).toMatchObject({
      draft: false,
      quality: 7,
      contribution: 8,
      originality: 6,
      final: 1,
      commentsAuthor: AUTHOR_COMMENT,
      commentsChair: CHAIR_COMMENT,
      source: 'reviewer',
    });
    const row = await request(acceptId);
    expect([row.reviewed, row.evaluation]).toEqual([true, 21]);

    // the submitted review is no longer a form
    await page.goto(`${env.baseUrl}/ReviewPaper/${reviewedPaper}`);
    await waitForText(page, 'You have submitted your review of this paper.');
    expect(await page.$('#review-quality')).toBeNull();
  });

  it('shows one of the reviewer’s requests with its paper', async () => {
    const { page } = env;
    await page.goto(`${env.baseUrl}/ViewReviewRequest/${acceptId}`);
    await waitForText(page, 'Greedy colouring of sparse graphs');
    await waitForText(page, 'Reviewed');
    await page.waitForSelector('[data-testid=paper-abstract]');
    await page.goto(`${env.baseUrl}/ViewReviewRequest/${declineId}`);
    await waitForText(page, 'You declined this review request.');
  });

  it('bids on a paper of the reviewer’s track', async () => {
    const { page } = env;
    await page.goto(`${env.baseUrl}/`);
    await page.waitForSelector(`[data-testid=bid][data-paper="${bidPaper}"]`);
    await selectOption(page, `select[aria-label="Bid for paper ${bidPaper}"]`, 'eager');
    await selectOption(page, `select[aria-label="Bid for paper ${othersPaper}"]`, 'notWilling');
    await waitForText(page, '2 unsaved changes');
    await clickText(page, 'Save bids', 'button');
    await waitForText(page, 'Bids saved');
    const rows = await env.db.select().from(bidsTable).where(eq(bidsTable.reviewerId, reviewer.id));
    expect(rows.map((r) => [r.paperId, r.bid]).sort()).toEqual(
      [
        [bidPaper, 'eager'],
        [othersPaper, 'notWilling'],
      ].sort(),
    );
    await page.reload();
    await page.waitForSelector(`select[aria-label="Bid for paper ${bidPaper}"]`);
    expect(
      await page.$eval(
        `select[aria-label="Bid for paper ${bidPaper}"]`,
        (e) => (e as HTMLSelectElement).value,
      ),
    ).toBe('eager');
  });

  it('declares a conflict of interest with a person by e-mail', async () => {
    const { page } = env;
    await page.goto(`${env.baseUrl}/`);
    await page.waitForSelector('[data-testid=no-conflicts]');
    await fillByLabel(page, 'E-mail of the person', 'nobody@nowhere-uni.edu');
    await clickText(page, 'Declare conflict', 'button');
    await page.waitForSelector('[data-testid=conflict-error]');
    expect(await page.$eval('[data-testid=conflict-error]', (e) => e.textContent)).toBe('User not found');
    await fillByLabel(page, 'E-mail of the person', other.email.toUpperCase());
    await fillByLabel(page, 'Reason', 'same research group');
    await clickText(page, 'Declare conflict', 'button');
    await page.waitForSelector('[data-testid=conflict]');
    const row = await page.$eval('[data-testid=conflict]', (e) => (e as HTMLElement).innerText);
    expect(row).toContain('Olga Other');
    expect(row).toContain('same research group');
    expect(await page.$('[data-testid=conflict-error]')).toBeNull();
    const stored = await env.db
      .select()
      .from(declaredConflictsTable)
      .where(eq(declaredConflictsTable.reviewerId, reviewer.id));
    expect(stored.map((c) => [c.userId, c.reason])).toEqual([[other.id, 'same research group']]);
  });

  it('refuses another reviewer’s paper and request with a message', async () => {
    const { page } = env;
    await page.goto(`${env.baseUrl}/ReviewPaper/${othersPaper}`);
    await page.waitForSelector('[data-testid=load-error]');
    expect(await page.$eval('[data-testid=load-error]', (e) => e.textContent)).toBe(
      'The paper could not be obtained',
    );
    expect(await page.$('#review-quality')).toBeNull();
    await page.goto(`${env.baseUrl}/ViewPaperReview/${othersPaper}`);
    await page.waitForSelector('[data-testid=load-error]');
    expect(await page.$eval('[data-testid=load-error]', (e) => e.textContent)).toBe(
      'The paper could not be obtained',
    );
    await page.goto(`${env.baseUrl}/ViewReviewRequest/${othersRequestId}`);
    await page.waitForSelector('[data-testid=load-error]');
    expect(await page.$eval('[data-testid=load-error]', (e) => e.textContent)).toBe(
      'Review request not found',
    );
    expect(await page.$$eval('button', (bs) => bs.some((b) => b.textContent === 'Accept'))).toBe(false);
    const row = await request(othersRequestId);
    expect(row.waiting).toBe(true);
  });

  it('shows the author the reviews only once enabled, without chair comments or reviewer names', async () => {
    const context = await env.browser.createBrowserContext();
    const page = await context.newPage();
    await page.setViewport({ width: 1400, height: 1000 });
    try {
      const authorEnv = { ...env, page };
      await signIn(authorEnv, 'author', author.email, PASSWORD);
      await waitForText(page, 'My papers');
      await page.goto(`${env.baseUrl}/ViewPaperReview/${reviewedPaper}`);
      await page.waitForSelector('[data-testid=reviews-closed]');
      expect(await page.$eval('[data-testid=reviews-closed]', (e) => e.textContent)).toContain(
        'The reviews of this paper are not available',
      );
      expect(await page.$('[data-testid=review]')).toBeNull();
      // the author menu offers no Reviews link yet
      await page.goto(`${env.baseUrl}/`);
      await page.waitForSelector('[data-testid=paper]');
      await waitForText(page, 'Greedy colouring of sparse graphs');
      expect(
        await page.$$eval('[data-testid=paper] a', (as) => as.some((a) => a.textContent === 'Reviews')),
      ).toBe(false);

      await env.db
        .update(papersTable)
        .set({ authorViewReviewEnabled: true })
        .where(eq(papersTable.id, reviewedPaper));
      await page.reload();
      await clickText(page, 'Reviews', 'a');
      await page.waitForSelector('[data-testid=review]');
      expect(page.url()).toBe(`${env.baseUrl}/ViewPaperReview/${reviewedPaper}`);
      expect(await page.$$eval('[data-testid=review]', (r) => r.length)).toBe(1);
      expect(await page.$eval('[data-testid=decision]', (e) => e.textContent)).toBe('accept');
      expect(await page.$eval('[data-testid=comments-author]', (e) => e.textContent)).toBe(AUTHOR_COMMENT);
      expect(await page.$('[data-testid=comments-chair]')).toBeNull();
      const text = await page.evaluate(() => document.body.innerText);
      expect(text).toContain('Review 1');
      expect(text).not.toContain(CHAIR_COMMENT);
      expect(text).not.toContain('Rui');
      expect(text).not.toContain(reviewer.email);
      // the declined paper has no review to show
      const declined = await env.db
        .select()
        .from(reviewsTable)
        .where(and(eq(reviewsTable.paperId, declinedPaper), eq(reviewsTable.reviewerId, reviewer.id)));
      expect(declined).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
