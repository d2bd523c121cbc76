/**
 * The author app on a phone (issue 12): at 390 × 844 the author home with its paper list, the track list, the
 * paper form, the reviews of a paper and the reviewer console fit the width (no sideways scrolling of the page;
 * wide tables scroll inside their own box), and the side menu opens as a drawer from the menu button, closing
 * when one of its links is followed. Every screen is checked with axe-core on the way (waitForText), the open
 * drawer explicitly.
 */
import { emptyRoles, type LoginResponse, type TrackDto, type UserRoles } from '@symposium/domain';
import { eq } from 'drizzle-orm';
import type { Page } from 'puppeteer-core';
import { hashPassword } from '../../apps/api/src/common/passwords.js';
import { paperAuthorsTable, papersTable } from '../../apps/api/src/modules/papers/papers.table.js';
import { reviewRequestsTable, reviewsTable } from '../../apps/api/src/modules/reviews/reviews.table.js';
import { rolesToColumns } from '../../apps/api/src/modules/users/users.mapper.js';
import { usersTable } from '../../apps/api/src/modules/users/users.table.js';
import { checkAccessibility } from '../support/axe.js';
import {
  clickSelector,
  clickText,
  signIn,
  startBrowserEnv,
  waitForText,
  type BrowserEnv,
} from '../support/browser.js';

const PASSWORD = 'small-screen-pass-1';
const PHONE = { width: 390, height: 844 };
const TITLE = 'A rather long title about colouring the vertices of very large sparse graphs in practice';
const ABSTRACT =
  'We colour the vertices of large sparse graphs with few colours and measure the quality on a phone screen.';
const COMMENT =
  'Section 3 would gain from a comparison with the greedy baseline; the experiments on road networks are convincing.';

/** How far the page scrolls sideways: 0 when it fits the screen. */
const overflow = (page: Page) =>
  page.evaluate(() => document.scrollingElement!.scrollWidth - document.scrollingElement!.clientWidth);

describe('the author app on a 390 px wide phone', () => {
  let env: BrowserEnv;
  let track: TrackDto;
  let paperId: number;

  const user = async (
    firstName: string,
    email: string,
    organization: string,
    roles: Partial<UserRoles> = {},
  ) => {
    const [row] = await env.db
      .insert(usersTable)
      .values({
        firstName,
        lastName: 'Phone',
        email,
        alternateEmail: `alt.${email}`,
        organization,
        country: 'Portugal',
        phone: '+351 000 000',
        passwordHash: await hashPassword(PASSWORD),
        ...rolesToColumns({ ...emptyRoles(), ...roles }),
      })
      .returning();
    return row!.id;
  };

  async function asChair<T>(method: string, path: string, body?: unknown): Promise<T> {
    const login = await fetch(`${env.baseUrl}/api/auth/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: 'chair@chairs.example.net', password: PASSWORD }),
    });
    const { accessToken } = (await login.json()) as LoginResponse;
    const res = await fetch(`${env.baseUrl}${path}`, {
      method,
      headers: { Authorization: `Bearer ${accessToken}`, 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
    return (await res.json()) as T;
  }

  beforeAll(async () => {
    env = await startBrowserEnv();
    await env.page.setViewport(PHONE);
    await user('Carla', 'chair@chairs.example.net', 'Conference Board', { chair: { is: true } });
    const authorId = await user('Ana', 'ana@porto-uni.example.org', 'University of Porto');
    track = await asChair<TrackDto>('POST', '/api/chair/tracks', {
      name: 'Graph Theory and Combinatorial Optimisation',
      subjectAreas: [{ name: 'Colouring' }, { name: 'Matching' }],
      activities: { canEditPaper: { status: true, deadline: null } },
      submissionProperties: { minFilesLimit: 1, maxFilesLimit: 1, questions: [] },
    });
    const reviewerId = await user('Rui', 'rui@lisbon-uni.example.net', 'University of Lisbon', {
      reviewer: { is: true, tracks: [track._id], count: 0 },
    });
    const [paper] = await env.db
      .insert(papersTable)
      .values({
        title: TITLE,
        abstractText: ABSTRACT,
        trackId: track._id,
        primaryAuthorId: authorId,
        authorViewReviewEnabled: true,
      })
      .returning();
    paperId = paper!.id;
    await env.db.insert(paperAuthorsTable).values({ paperId, userId: authorId, position: 0 });
    const { _id: requestId } = await asChair<{ _id: number }>('POST', '/api/chair/review_requests', {
      track: track._id,
      paper: paperId,
      reviewer: reviewerId,
    });
    await env.db
      .update(reviewRequestsTable)
      .set({ waiting: false, reviewed: true, respondedAt: new Date() })
      .where(eq(reviewRequestsTable.id, requestId));
    await env.db.insert(reviewsTable).values({
      requestId,
      trackId: track._id,
      paperId,
      reviewerId,
      quality: 7,
      contribution: 8,
      originality: 6,
      final: 1,
      commentsAuthor: COMMENT,
      commentsChair: 'For the chair only.',
      draft: false,
      submittedBy: reviewerId,
      submittedAt: new Date(),
    });
  });
  afterAll(async () => {
    await env?.close();
  });

  it('shows the author home and its paper list within the width', async () => {
    const { page } = env;
    await signIn(env, 'author', 'ana@porto-uni.example.org', PASSWORD);
    await waitForText(page, 'My papers');
    await page.waitForSelector('[data-testid=paper]');
    await waitForText(page, TITLE);
    expect(await overflow(page)).toBe(0);
  });

  it('opens the side menu as a drawer from the menu button and closes it on a link', async () => {
    const { page } = env;
    // at this width the menu is not shown until asked for
    await page.waitForSelector('nav[aria-label="Main menu"]', { hidden: true });
    await clickSelector(page, 'button[aria-label="Open the menu"]');
    await page.waitForSelector('nav[aria-label="Main menu"]', { visible: true });
    // the drawer slides in from the left edge: wait until it is in place
    await page.waitForFunction(
      () => document.querySelector('nav[aria-label="Main menu"]')!.getBoundingClientRect().left >= 0,
    );
    const drawer = await page.$eval('nav[aria-label="Main menu"]', (e) => {
      const r = e.getBoundingClientRect();
      return { left: r.left, right: r.right };
    });
    expect(drawer.left).toBeGreaterThanOrEqual(0);
    expect(drawer.right).toBeLessThanOrEqual(PHONE.width);
    await clickText(page, 'Submit a paper', 'nav[aria-label="Main menu"] a');
    await page.waitForFunction(() => location.pathname === '/ChooseTrack');
    await page.waitForSelector('nav[aria-label="Main menu"]', { hidden: true });
    await waitForText(page, 'Choose the track of your paper.');
    expect(await overflow(page)).toBe(0);
  });

  it('passes axe with the drawer open (the drawer is a dialog: it needs a name)', async () => {
    const { page } = env;
    await page.goto(`${env.baseUrl}/`);
    await waitForText(page, 'My papers');
    await clickSelector(page, 'button[aria-label="Open the menu"]');
    await page.waitForFunction(
      () => document.querySelector('nav[aria-label="Main menu"]')!.getBoundingClientRect().left >= 0,
    );
    try {
      await checkAccessibility(page, 'side menu drawer');
    } finally {
      await page.keyboard.press('Escape');
      await page.waitForSelector('nav[aria-label="Main menu"]', { hidden: true });
    }
  });

  it('fits the paper form', async () => {
    const { page } = env;
    await page.goto(`${env.baseUrl}/ChooseTrack`);
    await waitForText(page, 'Choose the track of your paper.');
    await clickText(page, 'Submit a paper', '[data-testid=track] a');
    await page.waitForFunction(
      (p: string) => location.pathname === p,
      {},
      `/ChooseTrack/${track._id}/SubmissionLight`,
    );
    await waitForText(page, 'Paper file (doc, docx or pdf)');
    expect(await overflow(page)).toBe(0);
    // the edit form of the existing paper too
    await page.goto(`${env.baseUrl}/ChooseTrack/${track._id}/SubmissionLight/${paperId}`);
    await waitForText(page, `Edit paper ${paperId}`);
    expect(await overflow(page)).toBe(0);
  });

  it("fits the paper's reviews", async () => {
    const { page } = env;
    await page.goto(`${env.baseUrl}/ViewPaperReview/${paperId}`);
    await page.waitForSelector('[data-testid=review]');
    await waitForText(page, COMMENT);
    expect(await page.$eval('[data-testid=decision]', (e) => e.textContent)).toBe('accept');
    expect(await overflow(page)).toBe(0);
  });

  it('fits the reviewer console, its request table scrolling inside its box', async () => {
    const context = await env.browser.createBrowserContext();
    const page = await context.newPage();
    await page.setViewport(PHONE);
    page.setDefaultTimeout(15000);
    try {
      await signIn({ ...env, page }, 'author', 'rui@lisbon-uni.example.net', PASSWORD);
      await waitForText(page, 'Reviewer console');
      await page.waitForSelector('[data-testid=request]');
      expect(await overflow(page)).toBe(0);
    } finally {
      await context.close();
    }
  });
});
