/**
 * The chair console on a phone (390 × 844) and from the keyboard (issues 12 and 21 item 16): no screen is wider
 * than the window (document.documentElement.scrollWidth <= 390; wide tables scroll inside their own container,
 * a named region the keyboard reaches). The walk visits every route of the console's route table
 * (apps/chair-web/src/routes.tsx, read by the test, so a new screen is walked too; a route whose parameter has no
 * test value fails naming it), the screens opened on one item, the track chair's own screens and the signed-out
 * ones; the wizards' steps are in chair-small-screen-wizards.browser-spec.ts. The side menu is a drawer opened by the menu button and
 * operable with the keyboard (focus goes in, Escape closes it and gives the focus back), the skip link is the
 * first Tab stop and moves the focus to the main landmark, and a side menu item focused from the keyboard shows
 * a visible outline. Every screen it waits for is also checked with axe at that width (test/support/axe.ts).
 */
import { BULK_EDIT_PARAMS, encodeBulkFilter } from '@symposium/domain';
import { eq } from 'drizzle-orm';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'puppeteer-core';
import { outboxTable } from '../../apps/api/src/modules/outbox/outbox.table.js';
import { usersTable } from '../../apps/api/src/modules/users/users.table.js';
import { checkAccessibility, checkScreenOnce } from '../support/axe.js';
import { chooseFiles, signIn, waitForText } from '../support/browser.js';
import { useBrowserEnv } from '../support/browser-setup.js';
import {
  asChair,
  createRoom,
  createTechnicalSession,
  PASSWORD,
  seedChair,
  seedPaper,
  seedStatus,
  seedTrack,
  seedUser,
  signInChair,
} from './programme.helpers.js';
import {
  chairRoutePatterns,
  expectFits,
  fillPattern,
  overflowProblem,
  pageOverflow,
  PHONE,
  waitForScreen,
} from './small-screen.helpers.js';

const DESKTOP = { width: 1400, height: 1000 };
const TRACK_CHAIR_EMAIL = 'track.chair.with.a.rather.long.address@university-of-somewhere.example.org';

/** Every route of the chair console's route table (apps/chair-web/src/routes.tsx): a new screen is walked too. */
const routes = await chairRoutePatterns();

/** What the keyboard focus is on: its test id, text, and whether it is inside the side menu or is <main>. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    return {
      testId: el?.getAttribute('data-testid') ?? null,
      id: el?.id ?? null,
      tag: el?.tagName.toLowerCase() ?? null,
      text: el?.textContent?.trim() ?? '',
      inMenu: !!el?.closest('nav[aria-label="Main menu"]'),
    };
  });

/** Presses Tab until the focus is inside the side menu (at most `max` times); returns the presses. */
async function tabIntoMenu(page: Page, max = 12): Promise<number> {
  for (let i = 1; i <= max; i++) {
    await page.keyboard.press('Tab');
    if ((await focused(page)).inMenu) return i;
  }
  throw new Error(`the side menu was not reached in ${max} Tab presses`);
}

describe('chair console on a small screen and from the keyboard', () => {
  let paperId = 0;
  let authorId = 0;
  let trackId = 0;
  let reviewerId = 0;
  let reviewRequestId = 0;
  let emailId = 0;

  /** The value of each route parameter (by name) in the walk. */
  const values = () => ({
    trackId,
    userId: authorId,
    x: 'reviewers',
    y: 'add',
    email: 'author0.with.a.rather.long.address@university-of-somewhere.example.org',
    paperId,
    reviewRequestId,
    emailId,
  });
  /** The routes that are several screens: each bulk edit, each kind of recipients, each kind of session. */
  const variants = () => ({
    '/BulkEdit/:filter/:param': BULK_EDIT_PARAMS.map((p) => `/BulkEdit/${encodeBulkFilter({})}/${p}`),
    '/SendEmail/:filter/:param': ['primaryAuthor', 'authors', 'registered', 'users'].map(
      (p) => `/SendEmail/${encodeURIComponent(JSON.stringify({ ids: [paperId] }))}/${p}`,
    ),
    '/AssignSessionLink/:kind/:sessionId': ['technical', 'poster', 'tutorial'].map(
      (kind) => `/AssignSessionLink/${kind}/1`,
    ),
  });

  /** Opens each address at 390 px; fails naming every one that is wider or whose tab title misses its h1. */
  async function walk(addresses: string[], page = env.page): Promise<void> {
    const problems: string[] = [];
    for (const address of addresses) {
      await page.goto(`${env.baseUrl}/chair${address}`);
      const h1 = await waitForScreen(page);
      await checkScreenOnce(page);
      const problem = await overflowProblem(page, address);
      if (problem) problems.push(problem);
      const title = await page.title();
      if (!title.startsWith(`${h1} · `))
        problems.push(`${address}: title "${title}" does not start with "${h1} · "`);
    }
    expect(problems).toEqual([]);
  }

  const env = useBrowserEnv(async () => {
    await seedChair(env, 'Smallscreen-Tester-With-A-Long-Name');
    const status = await seedStatus(env, 'Accepted after a long and careful discussion');
    const track = await seedTrack(env, 'Distributed Systems, Cloud Computing and Very Long Track Names');
    await seedTrack(env, 'Human-Computer Interaction', 1);
    const authors: number[] = [];
    for (let i = 0; i < 4; i++)
      authors.push(
        await seedUser(env, {
          firstName: `Author${i}`,
          lastName: 'Withaverylongfamilyname',
          email: `author${i}.with.a.rather.long.address@university-of-somewhere.example.org`,
          country: 'Portugal',
          phone: '+351 912 345 678',
        }),
      );
    authorId = authors[0]!;
    trackId = track;
    for (let i = 0; i < 3; i++)
      paperId = await seedPaper(env, {
        title: `A study of extremely long paper titles that do not fit on a phone screen, part ${i + 1}`,
        trackId: track,
        statusId: status,
        authors: [authors[i]!, authors[i + 1]!],
      });
    const room = await createRoom(env, 'Grand auditorium of the conference centre, first floor', 250);
    const paperIds: number[] = [];
    for (let i = 0; i < 3; i++)
      paperIds.push(
        await seedPaper(env, {
          title: `Sessions of extremely long paper titles that do not fit on a phone screen, part ${i + 1}`,
          trackId: track,
          statusId: status,
          authors: [authors[i]!],
        }),
      );
    await createTechnicalSession(env, {
      _id: 1,
      title: 'A technical session with a rather long title about distributed consensus',
      responsables: [authors[0]!],
      room,
      papers: [paperIds[0]!],
    });
    await asChair(env, 'POST', '/api/chair/poster_sessions', { _id: 1, paper: paperIds[1], room });
    await asChair(env, 'PUT', '/api/chair/programme/tutorial_track', { track });
    await asChair(env, 'POST', '/api/chair/tutorials', {
      _id: 1,
      paper: paperIds[2],
      room,
      presenter: authors[2],
    });
    await seedUser(env, {
      firstName: 'Track',
      lastName: 'Chairwithaverylongfamilyname',
      email: TRACK_CHAIR_EMAIL,
      roles: { coChair: { is: true, tracks: [track] } },
    });
    reviewerId = await seedUser(env, {
      firstName: 'Reviewer',
      lastName: 'Withaverylongfamilyname',
      email: 'reviewer.with.a.rather.long.address@institute-elsewhere.example.net',
      roles: { reviewer: { is: true, tracks: [track], count: 0 } },
    });
    // Not of the authors' university: no conflict of interest.
    await env.db
      .update(usersTable)
      .set({ organization: 'Institute of Elsewhere' })
      .where(eq(usersTable.id, reviewerId));
    reviewRequestId = (
      await asChair<{ _id: number }>(env, 'POST', '/api/chair/review_requests', {
        track,
        paper: paperId,
        reviewer: reviewerId,
      })
    )._id;
    [{ id: emailId }] = (await env.db
      .insert(outboxTable)
      .values({
        kind: 'bulk',
        to: ['author0.with.a.rather.long.address@university-of-somewhere.example.org'],
        subject: 'Your paper was accepted: a message with a long subject line for a phone',
        text: 'Dear author,\nyour paper was accepted.\nThe chairs',
        state: 'sent',
      })
      .returning({ id: outboxTable.id })) as [{ id: number }];
    await env.page.setViewport(PHONE);
    await signInChair(env);
  });

  const screens: [string, string, string][] = [
    ['the paper list', '/chair/ViewPapers', 'A study of extremely long paper titles'],
    ['the users', '/chair/ViewUsers', 'author0.with.a.rather.long.address'],
    ['the tracks', '/chair/EditAllTracks/', 'Distributed Systems, Cloud Computing'],
    ['the rooms (programme)', '/chair/ViewEditAddRooms', 'Grand auditorium of the conference centre'],
  ];

  it.each(screens)('%s is no wider than a 390 px window', async (_name, path, text) => {
    await env.page.setViewport(PHONE);
    await env.page.goto(`${env.baseUrl}${path}`);
    await waitForText(env.page, text);
    expect(await env.page.evaluate(() => window.innerWidth)).toBe(PHONE.width);
    expect(await pageOverflow(env.page)).toBeLessThanOrEqual(0);
  });

  it.each(routes.chair)('%s is no wider than 390 px and its tab title names the screen', async (pattern) => {
    await walk(fillPattern(pattern, values(), variants()));
  });

  it("shows the track chair's own screens (not the chair's) within 390 px, signed in as a track chair", async () => {
    const own = routes.trackChair.filter((r) => !routes.chair.includes(r));
    const context = await env.browser.createBrowserContext();
    const page = await context.newPage();
    try {
      await page.setViewport(PHONE);
      page.setDefaultTimeout(30_000);
      await signIn({ ...env, page }, 'chair', TRACK_CHAIR_EMAIL, PASSWORD);
      await walk(['/', ...own.flatMap((pattern) => fillPattern(pattern, values(), variants()))], page);
    } finally {
      await context.close();
    }
  });

  it('shows the menu and the screens opened on one item (?session=, ?userId=) within 390 px', async () => {
    await walk([
      '/',
      '/AssignTechnicalSessions?session=1',
      '/AssignPosterSessions?session=1',
      '/AssignTutorials?session=1',
      `/ViewReviewRequests?userId=${reviewerId}`,
      `/IssueDocuments?ids=${paperId}`,
    ]);
  });

  it.each(['/SignIn', '/SignUp', '/ForgotPassword', '/ResetPassword'])(
    'shows the signed-out screen %s within 390 px',
    async (address) => {
      const context = await env.browser.createBrowserContext();
      const page = await context.newPage();
      try {
        await page.setViewport(PHONE);
        await page.goto(`${env.baseUrl}/chair${address}`);
        await page.waitForSelector('h1');
        await checkScreenOnce(page);
        await expectFits(page, address);
      } finally {
        await context.close();
      }
    },
  );

  it('scrolls a wide table inside its container, which the keyboard can reach', async () => {
    await env.page.setViewport(PHONE);
    await env.page.goto(`${env.baseUrl}/chair/ViewPapers`);
    await waitForText(env.page, 'A study of extremely long paper titles');
    const table = await env.page.$eval('[data-testid=paper-rows]', (body) => {
      const box = body.closest('.MuiTableContainer-root') as HTMLElement;
      const before = box.scrollLeft;
      box.scrollLeft = 200;
      return {
        overflowX: getComputedStyle(box).overflowX,
        wider: box.scrollWidth > box.clientWidth,
        scrolled: box.scrollLeft > before,
        fits: box.getBoundingClientRect().right <= window.innerWidth,
        tabIndex: box.tabIndex,
        name: box.getAttribute('aria-label'),
      };
    });
    expect(table).toEqual({
      overflowX: 'auto',
      wider: true,
      scrolled: true,
      fits: true,
      tabIndex: 0,
      name: expect.any(String),
    });
    expect(await pageOverflow(env.page)).toBeLessThanOrEqual(0);
  });

  it('opens the side menu as a drawer from the menu button, with the keyboard', async () => {
    const page = env.page;
    await page.setViewport(PHONE);
    await page.goto(`${env.baseUrl}/chair/ViewUsers`);
    await waitForText(page, 'author0.with.a.rather.long.address');
    // Closed: the menu is not on screen and the button says so.
    expect(await page.$eval('[data-testid=menu-button]', (b) => b.getAttribute('aria-expanded'))).toBe(
      'false',
    );
    expect(await page.$('nav[aria-label="Main menu"] a')).not.toBeNull();
    expect(await page.$eval('nav[aria-label="Main menu"]', (n) => n.getBoundingClientRect().right <= 0)).toBe(
      true,
    );
    // Tab to the menu button (after the skip link) and open it with Enter.
    await page.keyboard.press('Tab');
    expect((await focused(page)).testId).toBe('skip-link');
    await page.keyboard.press('Tab');
    expect((await focused(page)).testId).toBe('menu-button');
    await page.keyboard.press('Enter');
    await page.waitForFunction(
      () => document.querySelector('[data-testid=menu-button]')?.getAttribute('aria-expanded') === 'true',
    );
    // The drawer slides in; the focus moves into it.
    await page.waitForFunction(() => {
      const nav = document.querySelector('nav[aria-label="Main menu"]');
      const r = nav?.getBoundingClientRect();
      return !!r && r.left >= 0 && r.right > 0 && r.right <= window.innerWidth;
    });
    await checkAccessibility(page, `${new URL(page.url()).pathname} with the menu drawer open`);
    expect(await page.evaluate(() => !!document.activeElement?.closest('.MuiDrawer-paper'))).toBe(true);
    // Escape closes it and gives the focus back to the menu button.
    await page.keyboard.press('Escape');
    await page.waitForFunction(
      () => document.querySelector('[data-testid=menu-button]')?.getAttribute('aria-expanded') === 'false',
    );
    await page.waitForFunction(() => document.activeElement?.getAttribute('data-testid') === 'menu-button');
    // Open it again and follow a link with the keyboard: the screen changes and the drawer closes.
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => document.activeElement?.closest('.MuiDrawer-paper'));
    await tabIntoMenu(page);
    let guard = 0;
    while ((await focused(page)).text !== 'Tracks' && guard++ < 40) await page.keyboard.press('Tab');
    expect((await focused(page)).text).toBe('Tracks');
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => location.pathname === '/chair/EditAllTracks/');
    await waitForText(page, 'Distributed Systems, Cloud Computing');
    await page.waitForFunction(
      () => document.querySelector('[data-testid=menu-button]')?.getAttribute('aria-expanded') === 'false',
    );
    expect(await pageOverflow(page)).toBeLessThanOrEqual(0);
  });

  it('makes the skip link the first Tab stop; it moves the focus to the main landmark', async () => {
    const page = env.page;
    await page.setViewport(DESKTOP);
    await page.goto(`${env.baseUrl}/chair/EditAllTracks/`);
    await waitForText(page, 'Distributed Systems, Cloud Computing');
    // Hidden until focused.
    const hidden = await page.$eval('[data-testid=skip-link]', (a) => a.getBoundingClientRect().bottom <= 0);
    expect(hidden).toBe(true);
    await page.keyboard.press('Tab');
    expect(await focused(page)).toMatchObject({ testId: 'skip-link', text: 'Skip to content' });
    await page.waitForFunction(() => {
      const r = document.activeElement!.getBoundingClientRect();
      return r.top >= 0 && r.bottom <= window.innerHeight && r.width > 0;
    });
    await page.keyboard.press('Enter');
    expect(await focused(page)).toMatchObject({ tag: 'main', id: 'main' });
    // The next Tab goes on inside the page, not back through the top bar and the menu.
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => !!document.activeElement?.closest('main'))).toBe(true);
  });

  it('shows a visible focus outline on a side menu item focused from the keyboard', async () => {
    const page = env.page;
    await page.setViewport(DESKTOP);
    await page.goto(`${env.baseUrl}/chair/EditAllTracks/`);
    await waitForText(page, 'Distributed Systems, Cloud Computing');
    await tabIntoMenu(page);
    const ring = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement;
      const s = getComputedStyle(el);
      return {
        outline: s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) >= 2,
        shadow: s.boxShadow !== 'none',
        focusVisible: el.matches(':focus-visible'),
      };
    });
    expect(ring.focusVisible).toBe(true);
    expect(ring.outline || ring.shadow).toBe(true);
    // A mouse click on another item does not show the ring.
    const items = await page.$$('nav[aria-label="Main menu"] a');
    await items[2]!.click();
    await page.waitForFunction(
      () => document.activeElement === document.querySelectorAll('nav[aria-label="Main menu"] a')[2],
    );
    const afterClick = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement;
      return el.matches(':focus-visible') ? getComputedStyle(el).outlineStyle : 'none';
    });
    expect(afterClick).toBe('none');
  });

  it('opens the file chooser of an upload box from the keyboard and announces a refused file', async () => {
    const page = env.page;
    await page.setViewport(DESKTOP);
    await page.goto(`${env.baseUrl}/chair/ImportRegistrations`);
    // (The chooser did not open now and then, after an axe run here or on a busy machine: the key press could
    // reach the page before Chromium's interception of the chooser was on. chooseFiles waits for it.)
    await waitForText(page, 'Expected columns');
    const zone = '[data-testid=upload-registrations-file]';
    // A real button, named by its text (what it does and what it takes).
    expect(
      await page.$eval(zone, (b) => ({
        tag: b.tagName.toLowerCase(),
        role: b.getAttribute('role'),
        text: b.textContent,
      })),
    ).toEqual({
      tag: 'button',
      role: null,
      text: expect.stringContaining('Registrations spreadsheet (xlsx)'),
    });
    // Past the menu with the skip link, then Tab to the box.
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    let guard = 0;
    while (!(await page.$eval(zone, (b) => b === document.activeElement)) && guard++ < 20)
      await page.keyboard.press('Tab');
    expect(await page.$eval(zone, (b) => b === document.activeElement && b.matches(':focus-visible'))).toBe(
      true,
    );
    // Enter opens the chooser; a file of the wrong type is refused with an announced message tied to the box.
    const dir = mkdtempSync(join(tmpdir(), 'sym-small-'));
    writeFileSync(join(dir, 'notes.txt'), 'not a spreadsheet');
    writeFileSync(join(dir, 'registrations.xlsx'), 'PK');
    await chooseFiles(page, () => page.keyboard.press('Enter'), [join(dir, 'notes.txt')]);
    await waitForText(page, 'Please select a valid file');
    const refused = await page.$eval(zone, (b) => {
      const id = b.getAttribute('aria-describedby');
      const message = id ? document.getElementById(id) : null;
      return { role: message?.getAttribute('role'), text: message?.textContent };
    });
    expect(refused).toEqual({ role: 'alert', text: 'Please select a valid file' });
    // Space opens it too; a good file is taken.
    await chooseFiles(page, () => page.keyboard.press('Space'), [join(dir, 'registrations.xlsx')]);
    await waitForText(page, 'Chosen: registrations.xlsx');
    rmSync(dir, { recursive: true, force: true });
  });
});
