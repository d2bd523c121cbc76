/**
 * Meta-reviews in both apps (issue 25): the meta-reviewer opens /MetaReview/{id} from the reviewer console
 * (the request's "Meta-review" action), reads the two submitted reviews beside the form, picks a
 * recommendation, writes the texts and submits; the chair sees the recommendation and the text to the
 * committee beside the scores on /PaperDecisionMaking. Every screen axe-clean.
 */
import { eq } from 'drizzle-orm';
import { paperAuthorsTable, papersTable } from '../../apps/api/src/modules/papers/papers.table.js';
import { metaReviewsTable } from '../../apps/api/src/modules/reviews/reviews.table.js';
import { statusesTable, tracksTable } from '../../apps/api/src/modules/tracks/tracks.table.js';
import { checkAccessibility } from '../support/axe.js';
import { clickText, fillByLabel, signIn, waitForText, type BrowserEnv } from '../support/browser.js';
import {
  callAs,
  CHAIR,
  insertChair,
  insertUser,
  openScreen,
  pickOption,
  useBrowserEnv,
} from '../support/browser-setup.js';

const PASSWORD = 'meta-review-pass-1';
const ABSTRACT = 'We colour the vertices of large sparse graphs with few colours and measure it in practice.';
const REVIEW = {
  quality: 8,
  contribution: 7,
  originality: 6,
  final: 2,
  comments: { author: 'A clear paper.', chair: 'Accept.' },
};
const COMMITTEE = 'Both reviewers agree the results are new; accept.';
const TO_AUTHORS = 'The committee liked the experiments.';

async function signOut(env: BrowserEnv): Promise<void> {
  await env.page.evaluate(() => fetch('/api/auth/logout', { method: 'POST' }));
}

describe('the meta-review screens', () => {
  let paperId: number;
  const meta = { email: 'mia@coimbra-uni.edu', password: PASSWORD };
  const statusText = 'Accept (meta)';

  const env = useBrowserEnv(async () => {
    const [track] = await env.db
      .insert(tracksTable)
      .values({ name: 'Graph Theory', position: 1 })
      .returning();
    await env.db.insert(statusesTable).values({ text: statusText, position: 50, isAccepted: true });
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
    const rui = { email: 'rui@lisbon-uni.edu', password: PASSWORD };
    const olga = { email: 'olga@minho-uni.edu', password: PASSWORD };
    const ruiId = await reviewer('Rui', 'Reviewer', rui.email, 'University of Lisbon');
    const olgaId = await reviewer('Olga', 'Other', olga.email, 'University of Minho');
    const miaId = await reviewer('Mia', 'Meta', meta.email, 'University of Coimbra');
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
    await callAs(env, CHAIR, 'POST', '/api/chair/review_requests', {
      track: track!.id,
      paper: paperId,
      reviewer: miaId,
      role: 'meta',
    });
    await callAs(env, rui, 'PUT', `/api/reviewer/papers/${paperId}`, REVIEW);
    await callAs(env, olga, 'PUT', `/api/reviewer/papers/${paperId}`, { ...REVIEW, final: 1 });
  });

  it('the meta-reviewer writes and submits the meta-review beside the reviews', async () => {
    const { page } = env;
    await signIn(env, 'author', meta.email, meta.password);
    await openScreen(env, '/', { responses: ['/api/reviewer/review_requests'] });
    // accept the invitation, then open the meta-review from the request's action
    await clickText(page, 'Accept', 'button');
    await clickText(page, 'Meta-review', 'a');
    await page.waitForResponse((r) => r.url().endsWith(`/api/reviewer/papers/${paperId}/meta_review`));
    await waitForText(page, 'Reviews and scores');
    await waitForText(page, 'Reviewer 2');
    await checkAccessibility(page, 'meta-review form');
    await pickOption(page, 'Recommendation', statusText);
    await fillByLabel(page, 'Text to the committee', COMMITTEE);
    await fillByLabel(page, 'Text to the authors (optional)', TO_AUTHORS);
    const submitted = page.waitForResponse(
      (r) =>
        r.url().endsWith(`/api/reviewer/papers/${paperId}/meta_review/submit`) &&
        r.request().method() === 'POST',
    );
    await clickText(page, 'Submit', 'button');
    expect((await submitted).status()).toBe(200);
    await page.waitForSelector('[data-testid=meta-submitted]');
    await waitForText(page, 'Your meta-review (submitted)');
    await checkAccessibility(page, 'meta-review submitted');
    // readable on a phone: at 390 px the two columns stack and nothing is wider than the screen
    await page.setViewport({ width: 390, height: 844 });
    try {
      await page.waitForFunction(() => document.documentElement.scrollWidth <= 390);
      const top = (id: string) => page.$eval(`#${id}`, (h) => (h as HTMLElement).getBoundingClientRect().top);
      // the form under the reviews, not beside them
      expect(await top('meta-form-heading')).toBeGreaterThan(await top('meta-reviews-heading'));
    } finally {
      await page.setViewport({ width: 1400, height: 1000 });
    }
    const [row] = await env.db.select().from(metaReviewsTable).where(eq(metaReviewsTable.paperId, paperId));
    expect(row).toMatchObject({ committeeText: COMMITTEE, authorText: TO_AUTHORS });
    expect(row!.submittedAt).not.toBeNull();
    await signOut(env);
  });

  it('the chair sees the meta-review beside the scores on the decision-making screen', async () => {
    const { page } = env;
    await signIn(env, 'chair', CHAIR.email, CHAIR.password);
    await openScreen(env, '/chair/PaperDecisionMaking', {
      responses: ['/api/chair/reviews/papers/meta_reviews'],
      selector: `[data-testid=meta-${paperId}]`,
    });
    await page.waitForFunction(
      (id: number, t: string) =>
        document.querySelector<HTMLElement>(`[data-testid=meta-${id}]`)?.innerText.includes(t) ?? false,
      {},
      paperId,
      COMMITTEE,
    );
    const cell = await page.$eval(`[data-testid=meta-${paperId}]`, (e) => (e as HTMLElement).innerText);
    expect(cell).toContain(statusText);
    expect(cell).toContain('Mia Meta');
    await checkAccessibility(page, 'decision making with meta-review');
    await openScreen(env, `/chair/ViewPaperReviews/${paperId}`, {
      responses: [`/api/chair/reviews/paper/${paperId}/meta_reviews`],
      selector: '[data-testid=meta-reviews]',
    });
    await waitForText(page, TO_AUTHORS);
    await checkAccessibility(page, 'paper reviews with meta-review');
    // the review request list names the role: one meta-reviewer among the paper's reviewers
    await page.goto(`${env.baseUrl}/chair/ViewReviewRequests`);
    await waitForText(page, 'Mia Meta');
    const roles = await page.$$eval('[data-testid=request-role]', (cells) =>
      cells.map((c) => (c as HTMLElement).innerText),
    );
    expect(roles.filter((r) => r === 'Meta-reviewer')).toHaveLength(1);
    expect(roles.filter((r) => r === 'Reviewer').length).toBeGreaterThan(0);
  });
});
