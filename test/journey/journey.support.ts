/**
 * What the journey test (conference.journey-spec.ts) needs beside test/support/browser.ts: one browser context
 * per person (each signed in on their own, as on their own machine), a look at every screen at 1280 px and at
 * 390 px (axe at both widths, no sideways scrolling on the phone), and the e-mails as a real SMTP server on
 * loopback received them.
 */
import type { Page } from 'puppeteer-core';
import { checkAccessibility } from '../support/axe.js';
import { clickText, fillByLabel, type BrowserEnv } from '../support/browser.js';
import type { ReceivedMail, TestSmtpServer } from '../support/smtp.js';

export const DESKTOP = { width: 1280, height: 900 };
export const PHONE = { width: 390, height: 844 };

export interface Person {
  /** The person's own page, in a browser context of its own (cookies are not shared with anyone else). */
  page: Page;
  /** The same environment with `page` as this person's page, for the helpers of test/support/browser.ts. */
  env: BrowserEnv;
  email: string;
  password: string;
}

const trails = new WeakMap<Page, string[]>();

/** The last places a person's page went (full loads and client-side route changes), oldest first. */
export const trailOf = (page: Page): string[] => (trails.get(page) ?? []).slice(-8);

/** A new browser context and page for one person, at desktop width. */
export async function personPage(env: BrowserEnv): Promise<{ page: Page; env: BrowserEnv }> {
  const context = await env.browser.createBrowserContext();
  const page = await context.newPage();
  // Where the page went, for the report of a failed step (full loads and client-side route changes).
  const trail: string[] = [];
  trails.set(page, trail);
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) trail.push(`${new Date().toISOString().slice(11, 23)} ${frame.url()}`);
  });
  await page.setViewport(DESKTOP);
  page.setDefaultTimeout(30_000);
  return { page, env: { ...env, page } };
}

/** Signs `email` in on the sign-in screen of `app` in a browser context of their own. */
export async function signInAs(
  env: BrowserEnv,
  app: 'author' | 'chair',
  email: string,
  password: string,
): Promise<Person> {
  const own = await personPage(env);
  const base = app === 'chair' ? `${env.baseUrl}/chair` : env.baseUrl;
  await own.page.goto(`${base}/SignIn`);
  await fillByLabel(own.page, 'Email', email);
  await fillByLabel(own.page, 'Password', password);
  await clickText(own.page, 'Sign in', 'button');
  await own.page.waitForSelector('[data-testid=current-user]');
  return { ...own, email, password };
}

const looked = new WeakMap<Page, Set<string>>();

/** The screen's key: its path with numbers blanked, and whether a dialog is open. */
async function screenKey(page: Page): Promise<string> {
  const path = new URL(page.url()).pathname.replace(/\/\d+(?=\/|$)/g, '/#');
  const dialog = await page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('[role=dialog], [role=alertdialog]')].some((d) =>
      d.checkVisibility({ visibilityProperty: true }),
    ),
  );
  return `${path}${dialog ? ' +dialog' : ''}`;
}

/** The elements that stick out past the window's right edge and are not inside a scrolling box. */
function widest(page: Page): Promise<string> {
  return page.evaluate(() => {
    const clipped = (el: Element) => {
      for (let p = el.parentElement; p && p !== document.body; p = p.parentElement)
        if (getComputedStyle(p).overflowX !== 'visible') return true;
      return false;
    };
    const out = [...document.body.querySelectorAll<HTMLElement>('*')].filter((el) => {
      const r = el.getBoundingClientRect();
      return r.right > window.innerWidth + 1 && r.width > 0 && !clipped(el);
    });
    const inner = out.filter((el) => !out.some((o) => o !== el && el.contains(o)));
    return inner
      .slice(0, 3)
      .map(
        (el) =>
          `${el.tagName.toLowerCase()}.${[...el.classList].slice(0, 2).join('.')} "${el.textContent?.slice(0, 30)}" right=${Math.round(el.getBoundingClientRect().right)}`,
      )
      .join(' | ');
  });
}

/** Waits for two animation frames, so a layout after a resize has been drawn. */
const frames = (page: Page) =>
  page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));

/**
 * Looks at the screen the page shows, once per screen and person: axe at 1280 px, then at 390 px with no
 * sideways scrolling of the page itself (wide tables scroll inside their own box), then back to 1280 px.
 */
export async function lookAt(page: Page): Promise<void> {
  let seen = looked.get(page);
  if (!seen) looked.set(page, (seen = new Set()));
  const key = await screenKey(page);
  if (seen.has(key)) return;
  seen.add(key);
  await checkAccessibility(page, `${key} at ${DESKTOP.width} px`);
  await page.setViewport(PHONE);
  await frames(page);
  const overflow = await page.evaluate(() => document.scrollingElement!.scrollWidth - window.innerWidth);
  const culprits = overflow > 0 ? await widest(page) : '';
  await checkAccessibility(page, `${key} at ${PHONE.width} px`);
  await page.setViewport(DESKTOP);
  await frames(page);
  expect({ screen: key, overflow: Math.max(0, overflow), culprits }).toEqual({
    screen: key,
    overflow: 0,
    culprits: '',
  });
}

/** Waits until the page shows `text`, then looks at the screen (lookAt). */
export async function see(page: Page, text: string): Promise<void> {
  await page.waitForFunction((t: string) => document.body.innerText.includes(t), {}, text);
  await lookAt(page);
}

/**
 * Waits until the SMTP server has received a message to `to` whose subject matches; returns the newest. The
 * outbox is sent every 5 s, and a message whose attempt failed (an SMTP connection dropped on a busy machine)
 * is retried a minute later: up to three minutes.
 */
export async function mailTo(
  smtp: TestSmtpServer,
  to: string,
  subject: RegExp,
  after = 0,
): Promise<ReceivedMail> {
  const deadline = Date.now() + 180_000;
  for (;;) {
    const found = smtp.messages
      .slice(after)
      .filter((m) => m.envelope.to.includes(to.toLowerCase()) && subject.test(m.parsed.subject ?? ''));
    if (found.length) return found[found.length - 1]!;
    if (Date.now() > deadline)
      throw new Error(
        `no e-mail to ${to} with subject ${subject} (received: ${smtp.messages
          .map((m) => `${m.envelope.to.join(',')}: ${m.parsed.subject}`)
          .join('; ')})`,
      );
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Replaces the text of the textarea labelled `label` (one insertion, like a paste). */
export async function setTextArea(page: Page, label: string, value: string): Promise<void> {
  const id = await page.waitForFunction(
    (l: string) =>
      [...document.querySelectorAll('label')]
        .find((x) => x.textContent?.replace('*', '').trim() === l)
        ?.getAttribute('for') ?? null,
    {},
    label,
  );
  const area = (await page.waitForSelector(`textarea#${await id.jsonValue()}`))!;
  await area.click();
  await page.keyboard.down('Control');
  await page.keyboard.press('KeyA');
  await page.keyboard.up('Control');
  await page.keyboard.press('Backspace');
  if (value) await page.keyboard.sendCharacter(value);
}

/** Sets an input (a datetime-local has no keyboard-independent typing) the way React sees it. */
export async function setInputByLabel(page: Page, label: string, value: string): Promise<void> {
  await page.waitForFunction(
    (l: string) =>
      [...document.querySelectorAll('label')].some((x) => x.textContent?.replace('*', '').trim() === l),
    {},
    label,
  );
  await page.evaluate(
    (l: string, v: string) => {
      const lab = [...document.querySelectorAll('label')].find(
        (x) => x.textContent?.replace('*', '').trim() === l,
      );
      const input = document.getElementById(lab!.getAttribute('for')!) as HTMLInputElement;
      Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, v);
      input.dispatchEvent(new Event('input', { bubbles: true }));
    },
    label,
    value,
  );
}
