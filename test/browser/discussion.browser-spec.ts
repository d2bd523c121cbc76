/**
 * The reviewer discussion in both apps (issue 25): a reviewer posts on /ViewPaperReview/{id} with an @mention
 * (the mentioned reviewer's e-mail is queued); the chair sees the unread count on /ViewDiscussions and the
 * "New" marker on /ViewPaperReviews/{id}; reading clears both. The "discussion" column (comments, new ones) of
 * the reviewer console and of the chair's paper list shows and clears; the track switch "Discussion before
 * review" saves. Every screen axe-clean.
 */
import { and, eq } from 'drizzle-orm';
import type { Page } from 'puppeteer-core';
import { outboxTable } from '../../apps/api/src/modules/outbox/outbox.table.js';
import { paperAuthorsTable, papersTable } from '../../apps/api/src/modules/papers/papers.table.js';
import { authorResponsesTable } from '../../apps/api/src/modules/reviews/reviews.table.js';
import { tracksTable } from '../../apps/api/src/modules/tracks/tracks.table.js';
import { checkAccessibility } from '../support/axe.js';
import { clickText, selectOption, signIn, waitForText, type BrowserEnv } from '../support/browser.js';
import {
  callAs,
  CHAIR,
  insertChair,
  insertUser,
  openScreen,
  useBrowserEnv,
} from '../support/browser-setup.js';

const PASSWORD = 'discussion-pass-1';
const ABSTRACT = 'We colour the vertices of large sparse graphs with few colours and measure it in practice.';
const REVIEW = {
  quality: 8,
  contribution: 7,
  originality: 6,
  final: 2,
  comments: { author: 'A clear paper.', chair: 'Accept.' },
};
const COMMENT = '@Reviewer2 is Lemma 2 really new?';
const RESPONSE = 'We thank the reviewers.\n\n- Lemma 2 is **new**: see [our note](https://example.org/note).';

async function signOut(env: BrowserEnv): Promise<void> {
  await env.page.evaluate(() => fetch('/api/auth/logout', { method: 'POST' }));
}

const cellText = (page: Page, paperId: number) =>
  page.$eval(
    `[data-testid=discussion-row][data-paper="${paperId}"] [data-testid=discussion-unread]`,
    (e) => (e as HTMLElement).innerText,
  );

describe('the discussion screens', () => {
  let paperId: number;
  let trackId: number;
  const rui = { email: 'rui@lisbon-uni.edu', password: PASSWORD };
  const olga = { email: 'olga@minho-uni.edu', password: PASSWORD };

  const env = useBrowserEnv(async () => {
    const [track] = await env.db
      .insert(tracksTable)
      .values({ name: 'Graph Theory', position: 1 })
      .returning();
    trackId = track!.id;
    await insertChair(env);
    const author = await insertUser(env, {
      firstName: 'Ana',
      lastName: 'Silva',
      email: 'ana@porto-uni.edu',
      organization: 'University of Porto',
      password: PASSWORD,
    });
    const reviewer = (firstName: string, lastName: string, email: string, organization: string) =>
      insertUser(env, {
        firstName,
        lastName,
        email,
        organization,
        password: PASSWORD,
        isReviewer: true,
        reviewerTracks: [track!.id],
      });
    const ruiId = await reviewer('Rui', 'Reviewer', rui.email, 'University of Lisbon');
    const olgaId = await reviewer('Olga', 'Other', olga.email, 'University of Minho');
    const [paper] = await env.db
      .insert(papersTable)
      .values({
        title: 'Greedy colouring of sparse graphs',
        abstractText: ABSTRACT,
        trackId: track!.id,
        primaryAuthorId: author,
      })
      .returning();
    paperId = paper!.id;
    await env.db.insert(paperAuthorsTable).values({ paperId, userId: author, position: 0 });
    for (const id of [ruiId, olgaId])
      await callAs(env, CHAIR, 'POST', '/api/chair/review_requests', {
        track: track!.id,
        paper: paperId,
        reviewer: id,
      });
    // The authors' submitted response of round 1 (and a draft of round 2, which reviewers never see).
    await env.db.insert(authorResponsesTable).values([
      { paperId, trackId: track!.id, round: 1, text: RESPONSE, submitted: true, submittedAt: new Date() },
      { paperId, trackId: track!.id, round: 2, text: 'Draft, not sent.', submitted: false },
    ]);
    await callAs(env, rui, 'PUT', `/api/reviewer/papers/${paperId}`, REVIEW);
    await callAs(env, olga, 'PUT', `/api/reviewer/papers/${paperId}`, { ...REVIEW, final: -1 });
  });

  it('a reviewer posts a comment with a mention on the review page', async () => {
    const { page } = env;
    await signIn(env, 'author', rui.email, rui.password);
    await openScreen(env, `/ViewPaperReview/${paperId}`, {
      responses: [`/api/reviewer/discussion/${paperId}`],
      texts: ['Discussion', 'No comments yet.'],
    });
    await waitForText(page, 'Reviewer 2');
    await checkAccessibility(page, 'reviewer discussion');
    const area = (await page.waitForSelector('[data-testid=comment-text]'))!;
    await area.click();
    await page.keyboard.sendCharacter(COMMENT);
    const posted = page.waitForResponse(
      (r) => r.url().endsWith(`/api/reviewer/discussion/${paperId}`) && r.request().method() === 'POST',
    );
    await clickText(page, 'Post comment', 'button');
    expect((await posted).status()).toBe(201);
    await page.waitForFunction(
      (t: string) =>
        document.querySelector<HTMLElement>('[data-testid=comments]')?.innerText.includes(t) ?? false,
      {},
      COMMENT,
    );
    const mails = await env.db
      .select()
      .from(outboxTable)
      .where(and(eq(outboxTable.kind, 'discussion-mention'), eq(outboxTable.paperId, paperId)));
    expect(mails.map((m) => m.to)).toEqual([[olga.email]]);
    await checkAccessibility(page, 'reviewer discussion after posting');
    await signOut(env);
  });

  it("a reviewer reads the authors' submitted response on the review page", async () => {
    const { page } = env;
    await signIn(env, 'author', olga.email, olga.password);
    await openScreen(env, `/ReviewPaper/${paperId}`, {
      responses: [`/api/reviewer/papers/${paperId}/responses`],
      selector: '[data-testid=author-responses] [data-testid=response-text]',
    });
    await waitForText(page, 'Author responses');
    const shown = await page.$$eval('[data-testid=author-response]', (els) =>
      els.map((e) => [e.getAttribute('data-round'), (e as HTMLElement).innerText]),
    );
    expect(shown.map(([round]) => round)).toEqual(['1']);
    expect(shown[0]![1]).toContain('R1 · submitted');
    expect(shown[0]![1]).toContain('We thank the reviewers.');
    expect(shown[0]![1]).not.toContain('Draft, not sent.');
    // The safe Markdown subset: a list item with strong text and an https link, no raw markup.
    expect(await page.$eval('[data-testid=response-text] li strong', (e) => e.textContent)).toBe('new');
    expect(await page.$eval('[data-testid=response-text] a', (e) => e.getAttribute('href'))).toBe(
      'https://example.org/note',
    );
    expect(shown[0]![1]).not.toContain('**');
    await checkAccessibility(page, 'review page with the author responses');
    await signOut(env);
  });

  it('the reviewer console shows the new comment in the discussion column; reading clears it', async () => {
    const { page } = env;
    await signIn(env, 'author', olga.email, olga.password);
    await openScreen(env, '/', {
      responses: ['/api/reviewer/review_requests'],
      selector: '[data-testid=request] [data-testid=discussion-unread]',
    });
    expect(
      await page.$eval(
        '[data-testid=request] [data-testid=discussion-link]',
        (e) => (e as HTMLElement).innerText,
      ),
    ).toBe('1 comment · 1 new');
    await checkAccessibility(page, 'reviewer console with the discussion column');
    const read = page.waitForResponse((r) => r.url().endsWith(`/api/reviewer/discussion/${paperId}`));
    await page.click('[data-testid=request] [data-testid=discussion-link]');
    expect((await read).status()).toBe(200);
    await waitForText(page, COMMENT);
    await openScreen(env, '/', {
      responses: ['/api/reviewer/review_requests'],
      selector: '[data-testid=request] [data-testid=discussion-link]',
    });
    expect(
      await page.$eval(
        '[data-testid=request] [data-testid=discussion-link]',
        (e) => (e as HTMLElement).innerText,
      ),
    ).toBe('1 comment');
    expect(await page.$('[data-testid=request] [data-testid=discussion-unread]')).toBeNull();
    await signOut(env);
  });

  it("the chair's paper list shows the new comment in the discussion column", async () => {
    const { page } = env;
    await signIn(env, 'chair', CHAIR.email, CHAIR.password);
    // The paper list's discussion column.
    const paperRow = `[data-testid=paper-${paperId}]`;
    await openScreen(env, '/chair/ViewPapers', {
      responses: ['/api/chair/papers'],
      selector: `${paperRow} [data-testid=discussion-unread]`,
    });
    expect(
      await page.$eval(`${paperRow} [data-testid=discussion-link]`, (e) => (e as HTMLElement).innerText),
    ).toBe('1 comment · 1 new');
    await checkAccessibility(page, 'paper list with the discussion column');
  });

  it('the chair sees the unread count and the New marker, which reading clears', async () => {
    const { page } = env;
    await openScreen(env, '/chair/ViewDiscussions', {
      responses: ['/api/chair/discussion'],
      selector: `[data-testid=discussion-row][data-paper="${paperId}"]`,
    });
    expect(await cellText(page, paperId)).toBe('1');
    await checkAccessibility(page, 'discussion list');
    await openScreen(env, `/chair/ViewPaperReviews/${paperId}`, {
      responses: [`/api/chair/discussion/${paperId}`],
      selector: '[data-testid=unread-marker]',
    });
    await waitForText(page, '1 new comment');
    await waitForText(page, 'Rui Reviewer (Reviewer 1)');
    await checkAccessibility(page, 'chair paper discussion');
    // Read: the next visit shows no marker, and the list no unread.
    await openScreen(env, `/chair/ViewPaperReviews/${paperId}`, {
      responses: [`/api/chair/discussion/${paperId}`],
      texts: ['No new comments', COMMENT],
    });
    expect(await page.$('[data-testid=unread-marker]')).toBeNull();
    await openScreen(env, '/chair/ViewDiscussions', {
      responses: ['/api/chair/discussion'],
      selector: `[data-testid=discussion-row][data-paper="${paperId}"]`,
    });
    await page.waitForFunction(
      (id: number) =>
        document.querySelector<HTMLElement>(
          `[data-testid=discussion-row][data-paper="${id}"] [data-testid=discussion-unread]`,
        )?.innerText === '–',
      {},
      paperId,
    );
  });

  it("after reading, the chair's paper list shows no new comment", async () => {
    const { page } = env;
    const paperRow = `[data-testid=paper-${paperId}]`;
    await openScreen(env, '/chair/ViewPapers', {
      responses: ['/api/chair/papers'],
      selector: `${paperRow} [data-testid=discussion-link]`,
    });
    expect(
      await page.$eval(`${paperRow} [data-testid=discussion-link]`, (e) => (e as HTMLElement).innerText),
    ).toBe('1 comment');
    expect(await page.$(`${paperRow} [data-testid=discussion-unread]`)).toBeNull();
    await signOut(env);
  });

  it('the chair opens the discussion before review with the switch on the track screen', async () => {
    const { page } = env;
    await signIn(env, 'chair', CHAIR.email, CHAIR.password);
    await openScreen(env, `/chair/EditTrack/${trackId}`, {
      responses: [`/api/chair/tracks/${trackId}`],
      selector: 'input[name=discussionBeforeReview]',
    });
    await waitForText(page, 'Discussion before review');
    expect(
      await page.$eval('input[name=discussionBeforeReview]', (e) => (e as HTMLInputElement).checked),
    ).toBe(false);
    await checkAccessibility(page, 'track form with the review settings');
    await page.click('input[name=discussionBeforeReview]');
    await page.waitForFunction(
      () => document.querySelector<HTMLInputElement>('input[name=discussionBeforeReview]')?.checked === true,
    );
    const saved = page.waitForResponse(
      (r) => r.url().endsWith(`/api/chair/tracks/${trackId}`) && r.request().method() === 'PUT',
    );
    await clickText(page, 'Save track', 'button');
    const res = await saved;
    expect(res.status()).toBe(200);
    expect(((await res.json()) as { discussionBeforeReview: boolean }).discussionBeforeReview).toBe(true);
    const [row] = await env.db.select().from(tracksTable).where(eq(tracksTable.id, trackId));
    expect(row!.discussionBeforeReview).toBe(true);
    // Back on the form, the switch shows the stored value.
    await openScreen(env, `/chair/EditTrack/${trackId}`, {
      responses: [`/api/chair/tracks/${trackId}`],
      selector: 'input[name=discussionBeforeReview]:checked',
    });
    await signOut(env);
  });

  it('a reviewer revises the submitted review; the other reviewer sees what changed', async () => {
    const { page } = env;
    await signIn(env, 'author', olga.email, olga.password);
    await openScreen(env, `/ReviewPaper/${paperId}`, {
      responses: [`/api/reviewer/papers/${paperId}`],
      texts: ['You have submitted your review of this paper.'],
    });
    await clickText(page, 'Revise review', 'button');
    await page.waitForSelector('[data-testid=revise-info]');
    // the form holds the submitted review; a revision has no draft
    expect(await page.$eval('#review-final', (e) => (e as HTMLSelectElement).value)).toBe('-1');
    expect(await page.$$eval('button', (bs) => bs.map((b) => b.textContent?.trim()))).not.toContain(
      'Save draft',
    );
    await checkAccessibility(page, 'revising a submitted review');
    await selectOption(page, '#review-final', '1');
    const saved = page.waitForResponse(
      (r) => r.url().endsWith(`/api/reviewer/papers/${paperId}`) && r.request().method() === 'PUT',
    );
    await clickText(page, 'Submit revised review', 'button');
    expect((await saved).status()).toBe(200);
    await page.waitForFunction((p: number) => location.pathname === `/ViewPaperReview/${p}`, {}, paperId);
    await signOut(env);
    await signIn(env, 'author', rui.email, rui.password);
    await openScreen(env, `/ViewPaperReview/${paperId}`, {
      responses: [`/api/reviewer/discussion/${paperId}/reviews`],
      selector: '[data-testid=revised]',
    });
    await signOut(env);
  });
});
