/**
 * The demo conference through the browser (issue 21: "every screen of both apps shows real content for every
 * demo sign-in"): the demo is loaded into a fresh database, then each demo sign-in opens every screen of its
 * menu in its own browser session. No screen fails to load, and none is empty — no "No … yet" where the demo
 * should have shown something.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'puppeteer-core';
import { DemoSeeder } from '../../apps/api/src/modules/demo/demo-seeder.service.js';
import { clickText, fillByLabel, startBrowserEnv, type BrowserEnv } from '../support/browser.js';
import { DEMO_EMAILS } from '../support/demo-accounts.js';

/** "  Label   e-mail   password   (url)" → label, e-mail and password. */
function signIns(lines: string[]): { email: string; password: string; url: string }[] {
  return lines.flatMap((l) => {
    const m = /^\s+.+?\s(\S+@\S+)\s+(\S+)\s+\((\S+)\)/.exec(l);
    return m ? [{ email: m[1]!, password: m[2]!, url: m[3]! }] : [];
  });
}

/** What an empty screen says ("No papers yet.", "There are no rooms yet", "Nothing to show"). */
const EMPTY = /\b(No [a-z -]+ yet\b|There are no [a-z -]+|Nothing to show)/i;

describe('the demo conference in the browser', () => {
  let env: BrowserEnv;
  let dataDir: string;
  let accounts: ReturnType<typeof signIns>;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'symposium-demo-walk-'));
    env = await startBrowserEnv({ dataDir });
    const lines = (await env.app.get(DemoSeeder).seed({ seed: 7, papers: 60 }))!;
    accounts = signIns(lines);
  }, 240_000);
  afterAll(async () => {
    await env?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** Signs in on a page of its own browser context; answers the page on the app's home. */
  async function signInAs(email: string, password: string, chair: boolean): Promise<Page> {
    const context = await env.browser.createBrowserContext();
    const page = await context.newPage();
    await page.setViewport({ width: 1400, height: 1000 });
    page.setDefaultTimeout(30_000);
    await page.goto(`${env.baseUrl}${chair ? '/chair' : ''}/SignIn`);
    await fillByLabel(page, 'Email', email);
    await fillByLabel(page, 'Password', password);
    await clickText(page, 'Sign in', 'button');
    await page.waitForSelector('[data-testid=current-user]');
    return page;
  }

  /** The screens of the menu shown now: each link's address, once. */
  const menuLinks = (page: Page) =>
    page.$$eval('nav a[href]', (as) => [
      ...new Set(
        as
          .map((a) => new URL((a as HTMLAnchorElement).href))
          .filter((u) => u.origin === location.origin)
          .map((u) => u.pathname + u.search),
      ),
    ]);

  /** What is wrong with the screen at `path`: it failed to load, or it is empty. */
  async function problemsOf(page: Page, path: string): Promise<string[]> {
    await page.goto(`${env.baseUrl}${path}`);
    await page.waitForSelector('main h1');
    // the screen's requests answered (a request left open, e.g. a download, must not stall the walk)
    await page.waitForNetworkIdle({ idleTime: 300, timeout: 5000 }).catch(() => undefined);
    // a list still loading shows a progress bar; its answer is in once none is left in the main area
    await page.waitForFunction(() => !document.querySelector('main [role=progressbar]'));
    const text = await page.$eval('main', (m) => (m as HTMLElement).innerText);
    const out: string[] = [];
    if (await page.$('[data-testid=load-error]')) out.push(`${path}: does not load`);
    const empty = EMPTY.exec(text);
    if (empty) out.push(`${path}: says "${empty[0]}"`);
    return out;
  }

  it('prints a sign-in for the chair, a track chair, two reviewers, a session chair and three authors', () => {
    expect(accounts.map((a) => a.email)).toEqual(DEMO_EMAILS);
  });

  it.each(DEMO_EMAILS)(
    'shows %s real content on every screen of the menu',
    async (email) => {
      const account = accounts.find((a) => a.email === email)!;
      const page = await signInAs(email, account.password, account.url.includes('/chair'));
      try {
        const links = await menuLinks(page);
        expect(links.length).toBeGreaterThan(0);
        const problems: string[] = [];
        for (const path of links) problems.push(...(await problemsOf(page, path)));
        expect(problems).toEqual([]);
      } finally {
        await page.browserContext().close();
      }
      // one test walks every screen of the person's menu (the chair's has over 40): a hang guard per walk,
      // not a speed limit — the chair's walk took 58 s on a quiet 2-core machine, against jest's 60 s default
    },
    300_000,
  );
});
