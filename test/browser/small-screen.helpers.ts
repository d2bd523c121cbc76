/**
 * What the small-screen tests share (issue 21, item 16): the phone's viewport, the check that the page is no
 * wider than it (document.documentElement.scrollWidth <= 390, wide data tables scrolling inside their own box),
 * a description of what sticks out when it is, and the route patterns of both apps read from their route tables
 * (apps/chair-web/src/routes.tsx, apps/author-web/src/routes.tsx), so a screen added there is walked too.
 */
import { isValidElement, type ReactNode } from 'react';
import type { Page } from 'puppeteer-core';

export const PHONE = { width: 390, height: 844 };

/** How far the document is wider than the phone's 390 px (0 or less when it fits). */
export const pageOverflow = (page: Page) =>
  page.evaluate((width: number) => document.documentElement.scrollWidth - width, PHONE.width);

/** The innermost elements that stick out past the window's right edge, not clipped by a scrolling box. */
export const widest = (page: Page) =>
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

/** '' when the page fits 390 px; otherwise what is too wide, named with `where`. */
export async function overflowProblem(page: Page, where: string): Promise<string> {
  const overflow = await pageOverflow(page);
  return overflow > 0 ? `${where}: ${overflow} px wider than 390 px (${await widest(page)})` : '';
}

/** Fails the test, naming what sticks out, when the page is wider than the phone. */
export async function expectFits(page: Page, where: string): Promise<void> {
  expect(await overflowProblem(page, where)).toBe('');
}

/** Waits until the screen shows its h1 and nothing in <main> is loading any more; returns the h1. */
export async function waitForScreen(page: Page): Promise<string> {
  const handle = await page.waitForFunction(() => {
    const main = document.querySelector('main');
    const h1 = main?.querySelector('h1');
    if (!main || !h1 || main.querySelector('[role=progressbar]')) return null;
    return h1.textContent?.trim() || null;
  });
  return (await handle.jsonValue()) as string;
}

/**
 * Waits until <main> shows its content — a heading, or the message of a screen that has nothing to show (an
 * alert: "This paper has not been accepted") — and nothing in it is loading any more.
 */
export async function waitForContent(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const main = document.querySelector('main');
    return !!main && !main.querySelector('[role=progressbar]') && !!main.querySelector('h1, .MuiAlert-root');
  });
}

/**
 * Waits for the toast the last action shows and closes it: on a phone it sits over the buttons at the bottom
 * of the screen (it comes a moment after the action: its component loads on first use). Its close button is
 * pressed until no toast is left (one action may show a toast that replaces the one just closed, and a toast
 * still sliding in can move away from a mouse click).
 */
export async function dismissToast(page: Page): Promise<void> {
  await page.waitForSelector('[data-testid=toast] button');
  await page.waitForFunction(() => {
    const close = document.querySelector<HTMLButtonElement>('[data-testid=toast] button');
    close?.click();
    return !close;
  });
}

/** The `path` of each <Route> of a route table (React elements; nothing is rendered). */
const routePaths = (routes: ReactNode[]): string[] =>
  routes.map((r) => {
    const path = isValidElement(r) ? (r.props as { path?: unknown }).path : undefined;
    if (typeof path !== 'string') throw new Error('a route table entry without a path');
    return path;
  });

/*
 * The route tables are .tsx modules of the apps (their own tsconfig, with JSX): imported at run time (jest
 * transforms them like the tests) through a specifier the test project's type check does not follow.
 */
const load = (specifier: string) => import(specifier) as Promise<Record<string, ReactNode[]>>;

/** The route patterns of the chair console: the chair's screens and the track chair's (a subset). */
export async function chairRoutePatterns(): Promise<{ chair: string[]; trackChair: string[] }> {
  const m = await load('../../apps/chair-web/src/routes.js');
  return { chair: routePaths(m.chairRoutes!), trackChair: routePaths(m.trackChairRoutes!) };
}

/** The route patterns of the author app: the author's (and reviewer's) screens and the session chair's. */
export async function authorRoutePatterns(): Promise<{ author: string[]; sessionChair: string[] }> {
  const m = await load('../../apps/author-web/src/routes.js');
  return { author: routePaths(m.authorRoutes!), sessionChair: routePaths(m.sessionChairRoutes!) };
}

/**
 * The addresses to visit for a route pattern: its `:params` filled from `values` (by name; an optional
 * `:param?` too when it has a value). `variants` gives several addresses for one pattern (every bulk-edit
 * kind). Throws, naming the parameter, when a value is missing, so a new screen's test data is added here.
 */
export function fillPattern(
  pattern: string,
  values: Record<string, string | number>,
  variants: Record<string, string[]> = {},
): string[] {
  if (variants[pattern]) return variants[pattern];
  const filled = pattern.replace(/:(\w+)(\?)?/g, (_, name: string, optional?: string) => {
    const value = values[name];
    if (value === undefined) {
      if (optional) return '';
      throw new Error(`No test value for :${name} of the route ${pattern}: add one to the small-screen walk`);
    }
    return encodeURIComponent(String(value));
  });
  return [filled.replace(/\/{2,}/g, '/')];
}
