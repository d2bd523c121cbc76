/**
 * Keyboard-only flows (issue 12, WCAG 2.1.1): an author signs in, submits a paper — the form, a subject area
 * from the select, the PDF through the upload box opened with Enter/Space — and a reviewer accepts a review
 * request and submits the review, all with page.keyboard only (Tab, Shift+Tab, Enter, Space, arrows, typing),
 * never the mouse. The validation errors of both forms are announced (role=alert). The stored rows are checked
 * in the database; every screen on the way is checked with axe-core (waitForText).
 */
import { emptyRoles, type TrackDto, type UserRoles } from '@symposium/domain';
import { eq } from 'drizzle-orm';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'puppeteer-core';
import { hashPassword } from '../support/passwords.js';
import {
  paperAuthorsTable,
  paperFilesTable,
  papersTable,
} from '../../apps/api/src/modules/papers/papers.table.js';
import { reviewRequestsTable, reviewsTable } from '../../apps/api/src/modules/reviews/reviews.table.js';
import { rolesToColumns } from '../../apps/api/src/modules/users/users.mapper.js';
import { usersTable } from '../../apps/api/src/modules/users/users.table.js';
import { pdf } from '../api/papers-author.helpers.js';
import { checkAccessibility } from '../support/axe.js';
import { chooseFiles, startBrowserEnv, waitForText, type BrowserEnv } from '../support/browser.js';
import { callAs } from '../support/browser-setup.js';

const PASSWORD = 'keyboard-pass-1';
const CHAIR = 'chair@keyboard.example.org';
const AUTHOR = 'ana@keyboard.example.org';
const REVIEWER = 'rui@lisbon-uni.example.net';
const TITLE = 'Graph colouring from the keyboard';
const ABSTRACT = 'We colour the vertices of large sparse graphs with few colours, using no mouse at all.';
const AUTHOR_COMMENT = 'Clear and well argued; compare with the greedy baseline.';
const CHAIR_COMMENT = 'A solid paper.';

/** What a keyboard user hears for the focused element: its tag, role and accessible name (roughly). */
interface Focused {
  tag: string;
  role: string | null;
  name: string;
  id: string;
}

const focused = (page: Page): Promise<Focused> =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return { tag: 'body', role: null, name: '', id: '' };
    const labelled = el.getAttribute('aria-labelledby');
    const fromLabels = (el as HTMLInputElement).labels?.[0]?.textContent ?? '';
    const name =
      el.getAttribute('aria-label') ??
      (labelled
        ? labelled
            .split(' ')
            .map((id) => document.getElementById(id)?.textContent ?? '')
            .join(' ')
        : '') ??
      '';
    return {
      tag: el.tagName.toLowerCase(),
      role: el.getAttribute('role'),
      name: (name || fromLabels || el.textContent || '')
        .replace(/\s+/g, ' ')
        .replace(/\s*\*\s*$/, '')
        .trim(),
      id: el.id,
    };
  });

/**
 * Presses Tab (Shift+Tab when `back`) until the focused element's accessible name matches `name` — the way a
 * keyboard user moves through a page. Fails naming the stops it went through when the control never gets focus.
 */
async function tabTo(page: Page, name: string | RegExp, back = false): Promise<Focused> {
  const stops: string[] = [];
  const matches = (f: Focused) => (typeof name === 'string' ? f.name === name : name.test(f.name));
  let current = await focused(page);
  if (matches(current)) return current;
  for (let i = 0; i < 80; i++) {
    if (back) await page.keyboard.down('Shift');
    await page.keyboard.press('Tab');
    if (back) await page.keyboard.up('Shift');
    current = await focused(page);
    if (matches(current)) return current;
    stops.push(`${current.tag}${current.role ? `[${current.role}]` : ''} "${current.name.slice(0, 40)}"`);
  }
  throw new Error(`Tab never reached "${String(name)}"; it went through:\n${stops.join('\n')}`);
}

/** Opens the MUI select that has the focus with the arrow key and picks `option` with the arrows and Enter. */
async function chooseWithArrows(page: Page, option: string): Promise<void> {
  await page.keyboard.press('ArrowDown');
  await page.waitForSelector('[role=listbox]');
  for (let i = 0; i < 20; i++) {
    const current = await focused(page);
    if (current.role === 'option' && current.name === option) {
      await page.keyboard.press('Enter');
      await page.waitForFunction(() => !document.querySelector('[role=listbox]'));
      return;
    }
    await page.keyboard.press('ArrowDown');
  }
  throw new Error(`No option "${option}" reached with the arrow keys`);
}

/** Changes the focused native <select> with the arrow keys until its value is `value`. */
async function arrowSelect(page: Page, value: string): Promise<void> {
  const read = () => page.evaluate(() => (document.activeElement as HTMLSelectElement).value);
  for (let i = 0; i < 15 && (await read()) !== value; i++) await page.keyboard.press('ArrowDown');
  expect(await read()).toBe(value);
}

/** Text of the alerts (role=alert) the page shows now: what a screen reader announces. */
const alerts = (page: Page) =>
  page.$$eval('[role=alert]', (els) => els.map((e) => (e as HTMLElement).innerText.trim()).filter(Boolean));

async function waitForAlert(page: Page, text: string): Promise<void> {
  await page.waitForFunction(
    (t: string) =>
      [...document.querySelectorAll<HTMLElement>('[role=alert]')].some((e) => e.innerText.includes(t)),
    {},
    text,
  );
}

/** Signs in on the author app's sign-in page with the keyboard only. */
async function keyboardSignIn(page: Page, baseUrl: string, email: string): Promise<void> {
  await page.goto(`${baseUrl}/SignIn`);
  await page.waitForSelector('form input');
  await tabTo(page, 'Email');
  await page.keyboard.type(email);
  await tabTo(page, 'Password');
  await page.keyboard.type(PASSWORD);
  await page.keyboard.press('Enter');
  await page.waitForSelector('[data-testid=current-user]');
}

describe('keyboard-only flows', () => {
  let env: BrowserEnv;
  let dir: string;
  let track: TrackDto;
  let authorId: number;

  const user = async (
    firstName: string,
    email: string,
    roles: Partial<UserRoles> = {},
    organization = 'University of Porto',
  ) => {
    const [row] = await env.db
      .insert(usersTable)
      .values({
        firstName,
        lastName: 'Keys',
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
    return callAs<T>(env, { email: CHAIR, password: PASSWORD }, method, path, body);
  }

  beforeAll(async () => {
    env = await startBrowserEnv();
    dir = mkdtempSync(join(tmpdir(), 'keyboard-flows-'));
    writeFileSync(join(dir, 'colouring.pdf'), pdf('graph colouring from the keyboard'));
    writeFileSync(join(dir, 'notes.txt'), 'not a paper');
    await user('Carla', CHAIR, { chair: { is: true } });
    authorId = await user('Ana', AUTHOR);
    track = await asChair<TrackDto>('POST', '/api/chair/tracks', {
      name: 'Graph Theory',
      subjectAreas: [{ name: 'Colouring' }, { name: 'Matching' }],
      activities: { canEditPaper: { status: true, deadline: null } },
      submissionProperties: { minFilesLimit: 1, maxFilesLimit: 1, questions: [] },
    });
  });
  afterAll(async () => {
    await env?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('lets an author submit a paper with the keyboard only, the PDF chosen from the upload box', async () => {
    const { page } = env;
    await keyboardSignIn(page, env.baseUrl, AUTHOR);
    await waitForText(page, 'My papers');

    // the side menu, then the track's "Submit a paper" link
    await tabTo(page, 'Submit a paper');
    await page.keyboard.press('Enter');
    await waitForText(page, 'Choose the track of your paper.');
    await tabTo(page, 'Submit a paper to Graph Theory');
    await page.keyboard.press('Enter');
    await page.waitForFunction(
      (p: string) => location.pathname === p,
      {},
      `/ChooseTrack/${track._id}/SubmissionLight`,
    );
    await waitForText(page, 'Paper file (doc, docx or pdf)');
    // the tab title names the screen and the conference
    expect(await page.title()).toMatch(/^Submit a paper · \S/);

    // submitting the empty form: the first problem is announced
    await tabTo(page, 'Submit paper');
    await page.keyboard.press('Enter');
    await waitForAlert(page, 'Please write a title');
    await checkAccessibility(page, 'submission form with its error');

    await tabTo(page, 'Title', true);
    await page.keyboard.type(TITLE);
    await tabTo(page, 'Abstract');
    await page.keyboard.type(ABSTRACT);
    await tabTo(page, 'Subject area');
    await chooseWithArrows(page, 'Colouring');
    expect((await focused(page)).name).toBe('Subject area'); // the focus comes back to the select

    // the upload box is a button: Space opens the file chooser; a text file is refused out loud
    await tabTo(page, /^Choose file/);
    await chooseFiles(page, () => page.keyboard.press('Space'), [join(dir, 'notes.txt')]);
    await waitForAlert(page, 'Please select a valid file');
    // …and Enter opens it again for the PDF
    await chooseFiles(page, () => page.keyboard.press('Enter'), [join(dir, 'colouring.pdf')]);
    await waitForText(page, 'colouring.pdf');
    expect(await alerts(page)).not.toContain('Please select a valid file');

    await tabTo(page, 'Submit paper');
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => location.pathname.startsWith('/ConfirmationEmail/'));
    await waitForText(page, 'Confirmation e-mail');
    const paperId = Number((await page.evaluate(() => location.pathname)).split('/').pop());

    const [row] = await env.db.select().from(papersTable).where(eq(papersTable.id, paperId));
    expect(row).toMatchObject({
      title: TITLE,
      abstractText: ABSTRACT,
      trackId: track._id,
      primarySubjectAreaId: track.subjectAreas[0]!._id,
      primaryAuthorId: authorId,
      isDeleted: false,
    });
    const authors = await env.db
      .select()
      .from(paperAuthorsTable)
      .where(eq(paperAuthorsTable.paperId, paperId));
    expect(authors.map((a) => a.userId)).toEqual([authorId]);
    const files = await env.db.select().from(paperFilesTable).where(eq(paperFilesTable.paperId, paperId));
    expect(files.map((f) => [f.part, f.name])).toEqual([['abstract', 'colouring.pdf']]);
  });

  it('lets a reviewer accept a request and submit the review with the keyboard only', async () => {
    // a browser context of their own: nobody is signed in there
    const context = await env.browser.createBrowserContext();
    const page = await context.newPage();
    await page.setViewport({ width: 1400, height: 1000 });
    page.setDefaultTimeout(30_000);
    const reviewerId = await user(
      'Rui',
      REVIEWER,
      {
        reviewer: { is: true, tracks: [track._id], count: 0 },
      },
      'University of Lisbon',
    );
    // a paper of its own, so this flow does not depend on the author's
    const [paper] = await env.db
      .insert(papersTable)
      .values({
        title: 'Edge colouring by keyboard',
        abstractText: ABSTRACT,
        trackId: track._id,
        primaryAuthorId: authorId,
      })
      .returning();
    await env.db.insert(paperAuthorsTable).values({ paperId: paper!.id, userId: authorId, position: 0 });
    const { _id: requestId } = await asChair<{ _id: number }>('POST', '/api/chair/review_requests', {
      track: track._id,
      paper: paper!.id,
      reviewer: reviewerId,
    });
    await keyboardSignIn(page, env.baseUrl, REVIEWER);
    await waitForText(page, 'Reviewer console');
    await page.waitForSelector(`[data-testid=request][data-request="${requestId}"]`);

    await tabTo(page, 'Accept');
    await page.keyboard.press('Enter');
    await page.waitForFunction(
      (id: number) =>
        document.querySelector<HTMLElement>(`[data-request="${id}"]`)?.innerText.includes('Accepted') ??
        false,
      {},
      requestId,
    );
    await tabTo(page, 'Review paper');
    await page.keyboard.press('Enter');
    await waitForText(page, 'Your review');
    expect(await page.title()).toMatch(/^Review paper · \S/);

    // submitting the empty review: its problems are announced
    await tabTo(page, 'Submit review');
    await page.keyboard.press('Enter');
    await waitForAlert(page, 'Please choose a final decision');
    await checkAccessibility(page, 'review form with its errors');

    await tabTo(page, 'Quality', true);
    await arrowSelect(page, '7');
    await tabTo(page, 'Contribution');
    await arrowSelect(page, '8');
    await tabTo(page, 'Originality');
    await arrowSelect(page, '6');
    await tabTo(page, 'Final decision');
    await arrowSelect(page, '1');
    await tabTo(page, 'Comments to the authors');
    await page.keyboard.type(AUTHOR_COMMENT);
    await tabTo(page, 'Comments to the track chair');
    await page.keyboard.type(CHAIR_COMMENT);
    await tabTo(page, 'Submit review');
    await page.keyboard.press('Enter');
    await page.waitForFunction((p: string) => location.pathname === p, {}, `/ViewPaperReview/${paper!.id}`);
    await page.waitForSelector('[data-testid=decision]');
    await waitForText(page, CHAIR_COMMENT);

    const [review] = await env.db.select().from(reviewsTable).where(eq(reviewsTable.requestId, requestId));
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
    const [request] = await env.db
      .select()
      .from(reviewRequestsTable)
      .where(eq(reviewRequestsTable.id, requestId));
    expect([request!.waiting, request!.declined, request!.reviewed]).toEqual([false, false, true]);
    await context.close();
  });
});
