import type { INestApplication } from '@nestjs/common';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import { createApp } from '../../apps/api/src/app.factory.js';
import { AUTHOR_APP_DIR, CHAIR_APP_DIR } from '../../apps/api/src/app.factory.js';
import type { AppConfig } from '../../apps/api/src/config/config.js';
import type { Db } from '../../apps/api/src/database/database.js';
import {
  assertExecutable,
  type ResolvedChromium,
  resolveChromium,
} from '../../apps/api/src/modules/documents/chromium.js';
import { DB } from '../../apps/api/src/database/database.js';
import { openTestDatabase, testConfig } from './app.js';
import { checkScreenOnce } from './axe.js';

/**
 * The Chromium the browser tests drive: the same resolution as the API's documents (PUPPETEER_EXECUTABLE_PATH,
 * else the system Chromium, else the packaged @sparticuz/chromium). Browser tests never skip.
 */
export async function testChromium(): Promise<ResolvedChromium> {
  const chromium = await resolveChromium();
  try {
    await assertExecutable(chromium.executablePath);
  } catch (error) {
    throw new Error(
      `Chromium (${chromium.source}) cannot be used: ${(error as Error).message}. Unset or fix PUPPETEER_EXECUTABLE_PATH, install chromium, or run npm install (@sparticuz/chromium). Browser tests never skip.`,
    );
  }
  const expected = process.env.EXPECT_CHROMIUM_SOURCE;
  if (expected && chromium.source !== expected)
    throw new Error(
      `Chromium came from ${chromium.source} (${chromium.executablePath}), expected ${expected}`,
    );
  return chromium;
}

export interface BrowserEnv {
  app: INestApplication;
  db: Db;
  baseUrl: string;
  browser: Browser;
  page: Page;
  close: () => Promise<void>;
}

/** The whole system (API + both built apps) on a free port, and a headless Chromium. */
export async function startBrowserEnv(overrides: Partial<AppConfig> = {}): Promise<BrowserEnv> {
  for (const dir of [AUTHOR_APP_DIR, CHAIR_APP_DIR])
    if (!existsSync(join(dir, 'index.html')))
      throw new Error(`Front end not built: ${dir} (run npm run build)`);
  const chromium = await testChromium();
  const handle = await openTestDatabase();
  const app = await createApp(testConfig({ serveApps: true, ...overrides }), { handle, logger: ['error'] });
  await app.listen(0, '127.0.0.1');
  const port = (app.getHttpServer().address() as AddressInfo).port;
  const baseUrl = `http://127.0.0.1:${port}`;
  const userDataDir = mkdtempSync(join(tmpdir(), 'sym-chromium-'));
  const browser = await puppeteer.launch({
    executablePath: chromium.executablePath,
    headless: chromium.headless,
    userDataDir,
    args: chromium.args,
  });
  const page = await browser.newPage();
  await page.setViewport({ width: 1400, height: 1000 });
  page.setDefaultTimeout(30_000);
  return {
    app,
    db: app.get<Db>(DB),
    baseUrl,
    browser,
    page,
    close: async () => {
      await browser.close();
      await app.close();
      rmSync(userDataDir, { recursive: true, force: true });
    },
  };
}

/** Clicks the first button or link whose visible text is exactly `text`. */
export async function clickText(
  page: Page,
  text: string,
  selector = 'button, a, [role=button], [role=menuitem], [role=option], li',
): Promise<void> {
  await retryDetached(() => clickTextOnce(page, text, selector));
}

/**
 * Clicks the element showing `text` and waits for `expected` to appear in the page. The wait is set up in the page
 * before the click, so a text shown only briefly (a confirmation before the screen reloads itself) is seen even
 * when the machine is too slow to ask for it in time after the click.
 */
export async function clickAndWaitForText(
  page: Page,
  text: string,
  expected: string,
  selector?: string,
): Promise<void> {
  const shown = page.waitForFunction(
    (t: string) => document.body.innerText.includes(t),
    { polling: 'mutation' },
    expected,
  );
  await clickText(page, text, selector);
  await shown;
}

async function clickTextOnce(page: Page, text: string, selector: string): Promise<void> {
  const handle = await page.waitForFunction(
    (sel: string, t: string) =>
      [...document.querySelectorAll<HTMLElement>(sel)].find(
        (el) => el.textContent?.trim() === t && el.offsetParent !== null,
      ) ?? null,
    {},
    selector,
    text,
  );
  const element = handle.asElement() as import('puppeteer-core').ElementHandle<HTMLElement>;
  await untilOnTop(page, element);
  await element.click();
}

/**
 * Waits until nothing covers the middle of the element (a dialog or menu that is still fading out keeps its
 * backdrop over the page and swallows a click). When something still covers it after a while — a test that
 * clicks outside an open menu on purpose — the click goes ahead as before.
 */
async function untilOnTop(
  page: Page,
  element: import('puppeteer-core').ElementHandle<Element>,
): Promise<void> {
  await element.evaluate((el) => el.scrollIntoView({ block: 'center', inline: 'center' }));
  await page
    .waitForFunction(
      (el: Element) => {
        const r = el.getBoundingClientRect();
        // still for two looks 50 ms apart: a list arriving above it, or a dialog sliding in, moves it under the
        // pointer between finding its middle and pressing there
        const where = `${r.left},${r.top},${r.width},${r.height}`;
        const held = el as Element & { symposiumLastRect?: string };
        const previous = held.symposiumLastRect;
        held.symposiumLastRect = where;
        if (!r.width || !r.height || previous !== where) return false;
        const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
        return hit !== null && (hit === el || el.contains(hit) || hit.contains(el));
      },
      { timeout: 5000, polling: 50 },
      element,
    )
    .catch(() => undefined);
}

/** Waits until the page shows `text` somewhere. */
export async function waitForText(page: Page, text: string): Promise<void> {
  await page.waitForFunction((t: string) => document.body.innerText.includes(t), {}, text);
  await checkScreenOnce(page);
}

/**
 * Runs `step` again when React re-rendered the element between finding and using it
 * ("Node is detached from document"), which happens right after a client-side navigation.
 */
async function retryDetached(step: () => Promise<void>): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await step();
      return;
    } catch (e) {
      const detached =
        e instanceof Error && /detached|not attached|Execution context was destroyed/i.test(e.message);
      if (!detached || attempt >= 5) throw e;
      await new Promise((r) => setTimeout(r, 100 * attempt));
    }
  }
}

/** Types into the input labelled `label` (MUI TextField: label → input by id), replacing its value. */
export async function fillByLabel(page: Page, label: string, value: string): Promise<void> {
  await retryDetached(() => fillByLabelOnce(page, label, value));
}

async function fillByLabelOnce(page: Page, label: string, value: string): Promise<void> {
  const handle = await page.waitForFunction(
    (l: string) => {
      const lab = [...document.querySelectorAll('label')].find(
        (x) => x.textContent?.replace('*', '').trim() === l,
      );
      const id = lab?.getAttribute('for');
      return (id && (document.getElementById(id) as HTMLInputElement | null)) || null;
    },
    {},
    label,
  );
  const input = handle.asElement() as import('puppeteer-core').ElementHandle<HTMLInputElement>;
  await input.click({ count: 3 });
  await input.evaluate((el) => {
    el.select?.();
  });
  await page.keyboard.press('Backspace');
  await input.type(value);
}

export async function signIn(
  env: BrowserEnv,
  app: 'author' | 'chair',
  email: string,
  password: string,
): Promise<void> {
  const base = app === 'chair' ? `${env.baseUrl}/chair` : env.baseUrl;
  await env.page.goto(`${base}/SignIn`);
  await fillByLabel(env.page, 'Email', email);
  await checkScreenOnce(env.page);
  await fillByLabel(env.page, 'Password', password);
  await clickText(env.page, 'Sign in', 'button');
  await env.page.waitForSelector('[data-testid=current-user]');
  await checkScreenOnce(env.page);
}

/** Chooses `value` in the native <select> matching `selector`, once it is rendered with that option. */
export async function selectOption(page: Page, selector: string, value: string): Promise<void> {
  await page.waitForFunction(
    (s: string, v: string) => {
      const el = document.querySelector<HTMLSelectElement>(s);
      return !!el && [...el.options].some((o) => o.value === v);
    },
    {},
    selector,
    value,
  );
  await retryDetached(async () => {
    await page.select(selector, value);
  });
}

/** Clicks the element matching `selector` once it is rendered and visible (page.click alone does not wait). */
export async function clickSelector(page: Page, selector: string): Promise<void> {
  await retryDetached(async () => {
    const handle = await page.waitForSelector(selector, { visible: true });
    await untilOnTop(page, handle!);
    await handle!.click();
  });
}

/**
 * Opens a file chooser with `open` (a key press or a click on an upload box) and chooses `files` in it (paths);
 * fails when no chooser opens. Not `Promise.all([page.waitForFileChooser(), press])`: waitForFileChooser sends
 * the command that makes Chromium intercept file choosers without waiting for it, and the key press travels
 * beside it. On a busy machine Chromium handled the key press first (the page's click on the file input, with
 * user activation, then opened the headless native chooser, which nobody sees) and acknowledged the interception
 * after it: no chooser event, a 15 s timeout, about one run in eight of chair-small-screen with a CPU hog. Here a
 * DevTools session of its own intercepts, acknowledged before `open` runs, and fills the input it reports.
 */
export async function chooseFiles(page: Page, open: () => Promise<unknown>, files: string[]): Promise<void> {
  const session = await page.createCDPSession();
  let timer: NodeJS.Timeout | undefined;
  try {
    await session.send('Page.enable');
    await session.send('Page.setInterceptFileChooserDialog', { enabled: true });
    const opened = new Promise<number>((resolve, reject) => {
      session.once('Page.fileChooserOpened', (e) => resolve(e.backendNodeId!));
      timer = setTimeout(() => reject(new Error('No file chooser opened')), page.getDefaultTimeout());
    });
    await open();
    await session.send('DOM.setFileInputFiles', { files, backendNodeId: await opened });
  } finally {
    clearTimeout(timer);
    await session.detach();
  }
}
