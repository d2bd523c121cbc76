/**
 * The author app on a phone (issues 12 and 21 item 16): at 390 × 844 every screen of the author app's route
 * table (apps/author-web/src/routes.tsx, read by the test: a new screen is walked too) fits the width —
 * document.documentElement.scrollWidth <= 390, wide tables scroll inside their own box — for the author, the
 * reviewer and the session chair, and so do the signed-out screens, each front end's home, and every step of the
 * camera-ready and presentation-ready wizards with an accepted paper's real data. The side menu opens as a
 * drawer from the menu button, closing when one of its links is followed. Every screen is checked with axe-core
 * on the way (waitForText, checkScreenOnce), the open drawer explicitly.
 */
import { emptyRoles, type TrackDto, type UserRoles } from '@symposium/domain';
import { eq } from 'drizzle-orm';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'puppeteer-core';
import { hashPassword } from '../support/passwords.js';
import { conferenceTable } from '../../apps/api/src/modules/conference/conference.table.js';
import { paperAuthorsTable, papersTable } from '../../apps/api/src/modules/papers/papers.table.js';
import { reviewRequestsTable, reviewsTable } from '../../apps/api/src/modules/reviews/reviews.table.js';
import { statusesTable } from '../../apps/api/src/modules/tracks/tracks.table.js';
import { rolesToColumns } from '../../apps/api/src/modules/users/users.mapper.js';
import { usersTable } from '../../apps/api/src/modules/users/users.table.js';
import { docx, pdf, pptx } from '../api/papers-author.helpers.js';
import { checkAccessibility, checkScreenOnce } from '../support/axe.js';
import {
  clickSelector,
  clickText,
  fillByLabel,
  signIn,
  startBrowserEnv,
  waitForText,
  type BrowserEnv,
} from '../support/browser.js';
import { callAs, chooseFile, waitForStoredFile, pickOption } from '../support/browser-setup.js';
import {
  authorRoutePatterns,
  dismissToast,
  expectFits,
  fillPattern,
  overflowProblem,
  PHONE,
  waitForContent,
} from './small-screen.helpers.js';

const PASSWORD = 'small-screen-pass-1';
/** Every route of the author app's route table (apps/author-web/src/routes.tsx): a new screen is walked too. */
const routes = await authorRoutePatterns();
const TITLE = 'A rather long title about colouring the vertices of very large sparse graphs in practice';
const ABSTRACT =
  'We colour the vertices of large sparse graphs with few colours and measure the quality on a phone screen.';
const COMMENT =
  'Section 3 would gain from a comparison with the greedy baseline; the experiments on road networks are convincing.';

/** How far the page scrolls sideways: 0 when it fits the screen. */
const overflow = (page: Page) =>
  page.evaluate(() => document.scrollingElement!.scrollWidth - document.scrollingElement!.clientWidth);

/** The wizard shows the step named `name` (its content box is labelled with it). */
const atStep = (page: Page, name: string) =>
  page.waitForSelector(`[data-testid=wizard-step][aria-label="${name}"]`);

/** The state fits 390 px and passes axe. */
async function fits(page: Page, label: string): Promise<void> {
  await expectFits(page, label);
  await checkAccessibility(page, `${label} at 390 px`);
}

describe('the author app on a 390 px wide phone', () => {
  let env: BrowserEnv;
  let track: TrackDto;
  let paperId: number;
  /** Ana's accepted paper: camera-ready, presentation-ready, consent form, and a session chaired by Sam. */
  let finalId: number;
  let reviewRequestId: number;
  let dir: string;
  /** Signed-in pages of the reviewer (Rui) and the session chair (Sam), each in a browser context of its own. */
  const pages: Record<'rui' | 'sam', { context: BrowserContext; page: Page } | null> = {
    rui: null,
    sam: null,
  };

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
    return callAs<T>(env, { email: 'chair@chairs.example.net', password: PASSWORD }, method, path, body);
  }

  /** A signed-in page of its own, at 390 px. */
  async function signedIn(email: string) {
    const context = await env.browser.createBrowserContext();
    const page = await context.newPage();
    await page.setViewport(PHONE);
    page.setDefaultTimeout(30_000);
    await signIn({ ...env, page }, 'author', email, PASSWORD);
    return { context, page };
  }

  beforeAll(async () => {
    env = await startBrowserEnv();
    await env.page.setViewport(PHONE);
    dir = mkdtempSync(join(tmpdir(), 'author-small-'));
    for (const [name, content] of Object.entries({
      'final-version-of-the-paper-with-a-long-file-name.docx': docx(),
      'final-version-of-the-paper-with-a-long-file-name.pdf': pdf('final'),
      'signed-copyright-form-of-the-paper.pdf': pdf('copyright'),
      'presentation-slides-with-a-long-file-name.pptx': pptx(),
      'presentation-slides-proof.pdf': pdf('slides'),
    }))
      writeFileSync(join(dir, name), content);
    await env.db
      .update(conferenceTable)
      .set({
        shortName: 'ICGT 2026',
        fullName: 'International Conference on Graph Theory and Combinatorial Optimisation',
        consentFileUpload: true,
        digitalConsentSigning: true,
        publishingAgreementHtml:
          '<h2>Publishing agreement</h2><p>The authors transfer the copyright of the paper to the publisher.</p>',
      })
      .where(eq(conferenceTable.id, 1));
    await user('Carla', 'chair@chairs.example.net', 'Conference Board', { chair: { is: true } });
    const authorId = await user('Ana', 'ana@porto-uni.example.org', 'University of Porto');
    track = await asChair<TrackDto>('POST', '/api/chair/tracks', {
      name: 'Graph Theory and Combinatorial Optimisation',
      subjectAreas: [{ name: 'Colouring' }, { name: 'Matching' }],
      activities: { canEditPaper: { status: true, deadline: null } },
      submissionProperties: { minFilesLimit: 1, maxFilesLimit: 1, questions: [] },
      cameraReadySubmissionProperties: {
        welcomeMessage:
          'Congratulations on the acceptance of your paper! Please send the final version before the deadline.',
        questions: [
          {
            title: 'How many pages does the final version have in the {conference} format?',
            isRequired: true,
            isComment: true,
            choices: [],
          },
        ],
      },
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
    reviewRequestId = requestId;

    // Ana's accepted paper, in a technical session chaired by Sam.
    const [accepted] = await env.db
      .insert(statusesTable)
      .values({ text: 'Accepted after a long and careful discussion', position: 2, isAccepted: true })
      .returning();
    const [final] = await env.db
      .insert(papersTable)
      .values({
        title: `${TITLE}, the accepted one`,
        abstractText: ABSTRACT,
        trackId: track._id,
        primaryAuthorId: authorId,
        statusId: accepted!.id,
      })
      .returning();
    finalId = final!.id;
    await env.db.insert(paperAuthorsTable).values({ paperId: finalId, userId: authorId, position: 0 });
    const samId = await user('Sam', 'sam@sessions-institute.example.net', 'Sessions Institute');
    const room = await asChair<{ _id: number }>('POST', '/api/chair/rooms', {
      name: 'Grand auditorium of the conference centre, first floor',
      capacity: 250,
    });
    await asChair('POST', '/api/chair/technical_sessions', {
      _id: 1,
      title: 'Colouring sparse graphs, a session with a rather long title',
      responsables: [samId],
      room: room._id,
      papers: [finalId],
    });
    // In the published programme: a session chair reads the papers of their published sessions.
    const day = await asChair<{ _id: number }>('POST', '/api/chair/days', {
      date: '6/1/2027',
      desk: 'Registration desk open from 08:00 in the lobby of the conference centre',
    });
    const event = await asChair<{ _id: number }>('POST', `/api/chair/days/${day._id}/events`, {
      type: 'TechnicalSession',
      start: '10:30',
      end: '12:30',
      description: 'Technical sessions of the morning',
    });
    await asChair('PUT', `/api/chair/days/${day._id}/events/${event._id}/sessions`, { sessions: [1] });
    await asChair('POST', '/api/chair/programme/publish');
    pages.rui = await signedIn('rui@lisbon-uni.example.net');
    pages.sam = await signedIn('sam@sessions-institute.example.net');
    // Three users, a published programme and two signed-in browsers: more than a minute on a busy machine.
  }, 120_000);
  afterAll(async () => {
    await pages.rui?.context.close();
    await pages.sam?.context.close();
    await env?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
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
    page.setDefaultTimeout(30_000);
    try {
      await signIn({ ...env, page }, 'author', 'rui@lisbon-uni.example.net', PASSWORD);
      await waitForText(page, 'Reviewer console');
      await page.waitForSelector('[data-testid=request]');
      expect(await overflow(page)).toBe(0);
    } finally {
      await context.close();
    }
  });
  /** Opens each address on `page` at 390 px; fails naming every one that is wider. */
  async function walk(page: Page, addresses: string[]): Promise<void> {
    const problems: string[] = [];
    for (const address of addresses) {
      await page.goto(`${env.baseUrl}${address}`);
      await waitForContent(page);
      await checkScreenOnce(page);
      const problem = await overflowProblem(page, address);
      if (problem) problems.push(problem);
    }
    expect(problems).toEqual([]);
  }

  /** The routes a reviewer's or a session chair's request or session gives a meaning to. */
  const REVIEWER_ROUTES = ['/ReviewPaper/:paperId', '/ViewReviewRequest/:reviewRequestId'];

  it.each(routes.author)('%s fits 390 px (author; reviewer screens as the reviewer)', async (pattern) => {
    if (REVIEWER_ROUTES.includes(pattern)) {
      await walk(pages.rui!.page, fillPattern(pattern, { paperId, reviewRequestId }));
      return;
    }
    // Both of Ana's papers: the one under review and the accepted one.
    const addresses = [paperId, finalId].flatMap((id) =>
      fillPattern(pattern, { trackId: track._id, paperId: id, round: 1 }),
    );
    await walk(env.page, [...new Set(addresses)]);
  });

  it.each(routes.sessionChair)('%s fits 390 px (session chair)', async (pattern) => {
    await walk(pages.sam!.page, fillPattern(pattern, { paperId: finalId }));
  });

  it("fits each front end's home: author, reviewer console, session chair's sessions", async () => {
    await walk(env.page, ['/']);
    await walk(pages.rui!.page, ['/']);
    await waitForText(pages.rui!.page, 'Reviewer console');
    await walk(pages.sam!.page, ['/']);
    await waitForText(pages.sam!.page, 'Colouring sparse graphs, a session with a rather long title');
  });

  it.each(['/SignIn', '/SignUp', '/ForgotPassword', '/ResetPassword', '/verify/UNKNOWN-CODE-1234'])(
    'fits the signed-out screen %s',
    async (address) => {
      const context = await env.browser.createBrowserContext();
      const page = await context.newPage();
      try {
        await page.setViewport(PHONE);
        await page.goto(`${env.baseUrl}${address}`);
        await page.waitForSelector('h1');
        await checkScreenOnce(page);
        await expectFits(page, address);
      } finally {
        await context.close();
      }
    },
  );

  it('fits every step of the camera-ready wizard of the accepted paper', async () => {
    const { page } = env;
    await page.goto(`${env.baseUrl}/CameraReadySubmission/${track._id}/${finalId}`);
    await atStep(page, 'Welcome');
    await waitForText(page, 'Congratulations on the acceptance of your paper!');
    await fits(page, 'camera-ready, welcome');
    await clickText(page, 'Next', 'button');
    await atStep(page, 'Title and abstract');
    await fits(page, 'camera-ready, title and abstract');
    await clickText(page, 'Next', 'button');
    await atStep(page, 'Authors');
    await waitForText(page, 'Ana Phone');
    await fits(page, 'camera-ready, authors');
    await clickText(page, 'Next', 'button');
    await atStep(page, 'Upload');
    await chooseFile(page, 'word', join(dir, 'final-version-of-the-paper-with-a-long-file-name.docx'));
    await waitForStoredFile(page, 'word', 'final-version-of-the-paper-with-a-long-file-name.docx');
    await chooseFile(page, 'pdf', join(dir, 'final-version-of-the-paper-with-a-long-file-name.pdf'));
    await waitForStoredFile(page, 'pdf', 'final-version-of-the-paper-with-a-long-file-name.pdf');
    await chooseFile(page, 'springerCopyright', join(dir, 'signed-copyright-form-of-the-paper.pdf'));
    await waitForStoredFile(page, 'springerCopyright', 'signed-copyright-form-of-the-paper.pdf');
    await dismissToast(page);
    await fits(page, 'camera-ready, upload');
    await clickText(page, 'Next', 'button');
    await atStep(page, 'Questions');
    await fillByLabel(page, 'How many pages does the final version have in the ICGT 2026 format?', '12');
    await fits(page, 'camera-ready, questions');
    await clickText(page, 'Next', 'button');
    await atStep(page, 'Confirm');
    await page.waitForSelector('[data-testid=camera-ready-summary]');
    await fits(page, 'camera-ready, confirm');
  });

  it('fits every step of the presentation-ready wizard of the accepted paper', async () => {
    const { page } = env;
    await page.goto(`${env.baseUrl}/PresentationReadySubmission/${track._id}/${finalId}`);
    await atStep(page, 'Welcome');
    await fits(page, 'presentation-ready, welcome');
    await clickText(page, 'Next', 'button');
    await atStep(page, 'Upload');
    await chooseFile(page, 'ppt', join(dir, 'presentation-slides-with-a-long-file-name.pptx'));
    await waitForStoredFile(page, 'ppt', 'presentation-slides-with-a-long-file-name.pptx');
    await chooseFile(page, 'ppt_pdf', join(dir, 'presentation-slides-proof.pdf'));
    await waitForStoredFile(page, 'ppt_pdf', 'presentation-slides-proof.pdf');
    await dismissToast(page);
    await fits(page, 'presentation-ready, upload');
    await clickText(page, 'Next', 'button');
    await atStep(page, 'Questions');
    await fits(page, 'presentation-ready, questions');
    await clickText(page, 'Next', 'button');
    // The questions are required: the step's message shows, and fits too.
    await page.waitForSelector('[data-testid=form-error]');
    await fits(page, 'presentation-ready, questions with their messages');
    await fillByLabel(page, 'Who will present the paper at ICGT 2026?', 'Ana Phone');
    await pickOption(page, 'How will the paper be presented?', 'In person');
    await pickOption(page, 'Which file should be used for the presentation?', 'Slideshow');
    await clickText(page, 'Next', 'button');
    await atStep(page, 'Confirm');
    await page.waitForSelector('[data-testid=presentation-ready-summary]');
    await fits(page, 'presentation-ready, confirm');
  });
});
