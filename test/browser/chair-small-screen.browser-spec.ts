/**
 * The chair console on a phone (390 × 844) and from the keyboard (issue 12): no screen is wider than the window
 * (wide tables scroll inside their own container), the side menu is a drawer opened by the menu button and
 * operable with the keyboard (focus goes in, Escape closes it and gives the focus back), the skip link is the
 * first Tab stop and moves the focus to the main landmark, and a side menu item focused from the keyboard shows
 * a visible outline. Every screen it waits for is also checked with axe at that width (test/support/axe.ts).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'puppeteer-core';
import { checkAccessibility, checkScreenOnce } from '../support/axe.js';
import { chooseFiles, startBrowserEnv, waitForText, type BrowserEnv } from '../support/browser.js';
import {
  createRoom,
  seedChair,
  seedPaper,
  seedStatus,
  seedTrack,
  seedUser,
  signInChair,
} from './programme.helpers.js';

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1400, height: 1000 };

/** How far the page itself is wider than the window (0 when it is not). */
const pageOverflow = (page: Page) =>
  page.evaluate(() => document.scrollingElement!.scrollWidth - window.innerWidth);

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

/** The innermost elements that stick out past the window's right edge, not clipped by a scrolling box. */
const widest = (page: Page) =>
  page.evaluate(() => {
    const clipped = (el: Node) => {
      for (let p = el.parentElement; p && p !== document.body; p = p.parentElement)
        if (getComputedStyle(p).overflowX !== 'visible') return true;
      return false;
    };
    const out = [...document.body.querySelectorAll<HTMLElement>('*')].filter((el) => {
      const r = el.getBoundingClientRect();
      return r.right > window.innerWidth + 1 && r.width > 0 && !clipped(el);
    });
    // Text that runs past its element (an unbreakable address) shows as the element holding it.
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const range = document.createRange();
      range.selectNodeContents(n);
      const el = n.parentElement;
      if (el && range.getBoundingClientRect().right > window.innerWidth + 1 && !clipped(n)) out.push(el);
    }
    const inner = out.filter((el) => !out.some((o) => o !== el && el.contains(o)));
    return inner
      .slice(0, 3)
      .map(
        (el) =>
          `${el.tagName.toLowerCase()}.${[...el.classList].slice(0, 2).join('.')} "${el.textContent?.slice(0, 30)}" right=${Math.round(el.getBoundingClientRect().right)}`,
      )
      .join(' | ');
  });

/** Waits until the screen shows its h1 and nothing in <main> is loading any more. */
async function waitForScreen(page: Page): Promise<string> {
  const handle = await page.waitForFunction(() => {
    const main = document.querySelector('main');
    const h1 = main?.querySelector('h1');
    if (!main || !h1 || main.querySelector('[role=progressbar]')) return null;
    return h1.textContent?.trim() || null;
  });
  return (await handle.jsonValue()) as string;
}

describe('chair console on a small screen and from the keyboard', () => {
  let env: BrowserEnv;
  let paperId = 0;
  let authorId = 0;
  let trackId = 0;

  beforeAll(async () => {
    env = await startBrowserEnv();
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
    await createRoom(env, 'Grand auditorium of the conference centre, first floor', 250);
    await env.page.setViewport(PHONE);
    await signInChair(env);
  });
  afterAll(async () => {
    await env.close();
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

  it('shows every core chair screen within 390 px, with a tab title naming the screen', async () => {
    await env.page.setViewport(PHONE);
    const paths = [
      '/chair/',
      '/chair/ConferenceInformation',
      '/chair/PublisherSettings',
      '/chair/AddTrack/',
      `/chair/EditTrack/${trackId}`,
      '/chair/SortTracks',
      '/chair/EditPaperStatusSettings/',
      '/chair/SortPaperStatusSettings/',
      '/chair/RegisterUser',
      '/chair/ImpersonateUser',
      '/chair/ManageUserLock/',
      '/chair/ResetUserPassword/',
      `/chair/EditContactInformation/${authorId}`,
      `/chair/ConfirmationDeleteUser/${authorId}`,
      '/chair/ViewRegisteredPapers',
      '/chair/ViewDeletedPapers',
      '/chair/PaperDecisionMaking',
      '/chair/ConfigureCameraReady',
      `/chair/EditPaperStatus/${paperId}`,
      `/chair/ChangeTrack/${paperId}`,
      `/chair/EditCameraReadyStatus/${paperId}`,
      `/chair/EditPaperCameraReady/${paperId}`,
      `/chair/ManagePaperFiles/${paperId}`,
      `/chair/EditPaperRegistration/${paperId}`,
      '/chair/ImportRegistrations',
      '/chair/AssignReviewersManual',
      '/chair/AssignReviewersAuto',
      '/chair/ViewReviewRequests',
      '/chair/ImportReviewers',
      `/chair/EditPaperReviews/${paperId}`,
      `/chair/ViewPaperReviews/${paperId}`,
      '/chair/SubmitReviewAsUser/',
    ];
    const problems: string[] = [];
    for (const path of paths) {
      await env.page.goto(`${env.baseUrl}${path}`);
      const h1 = await waitForScreen(env.page);
      await checkScreenOnce(env.page);
      const overflow = await pageOverflow(env.page);
      if (overflow > 0)
        problems.push(`${path}: ${overflow} px wider than the window (${await widest(env.page)})`);
      const title = await env.page.title();
      if (!title.startsWith(`${h1} · `))
        problems.push(`${path}: title "${title}" does not start with "${h1} · "`);
    }
    expect(problems).toEqual([]);
    // 32 screens, each checked with axe: more than jest's default minute on a busy machine.
  }, 240_000);

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
