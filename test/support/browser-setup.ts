/**
 * The one browser-test set-up: a file's whole system (API + both built apps + Chromium) started before its
 * tests and closed after them, users written straight to the database, a user signed in, and a screen opened
 * and waited for (the answers it loads, a text or a selector: conditions, never time).
 */
import type { LoginResponse } from '@symposium/domain';
import type { ElementHandle, HTTPResponse, Page } from 'puppeteer-core';
import { hashPassword } from './passwords.js';
import type { AppConfig } from '../../apps/api/src/config/config.js';
import { usersTable } from '../../apps/api/src/modules/users/users.table.js';
import {
  clickSelector,
  clickText,
  fillByLabel,
  signIn,
  startBrowserEnv,
  waitForText,
  type BrowserEnv,
} from './browser.js';

/**
 * Starts the system before the file's tests (then runs `setup`, which seeds and signs in) and closes it after
 * them (then runs `cleanup`). The answer is filled in by the time the first test runs.
 */
export function useBrowserEnv(
  setup: (env: BrowserEnv) => Promise<unknown> = async () => undefined,
  { overrides = {}, cleanup }: { overrides?: Partial<AppConfig>; cleanup?: () => unknown } = {},
): BrowserEnv {
  const env = {} as BrowserEnv;
  beforeAll(async () => {
    Object.assign(env, await startBrowserEnv(overrides));
    await setup(env);
  });
  afterAll(async () => {
    await env.close?.();
    await cleanup?.();
  });
  return env;
}

/** Someone who signs in: an e-mail and a password. */
export interface Credentials {
  email: string;
  password: string;
}

/** The chair most browser tests sign in as. */
export const CHAIR: Credentials = { email: 'chair@example.org', password: 'chair-pass-1' };

export type UserRow = Omit<typeof usersTable.$inferInsert, 'passwordHash'> & { password?: string };

/** Inserts a user (with the scrypt hash of `password` when given) and returns its id. */
export async function insertUser(env: BrowserEnv, { password, ...values }: UserRow): Promise<number> {
  const passwordHash = password === undefined ? {} : { passwordHash: await hashPassword(password) };
  const [row] = await env.db
    .insert(usersTable)
    .values({ ...values, ...passwordHash })
    .returning();
  return row!.id;
}

/** Inserts the chair Carla Chair (CHAIR) and returns the id; `values` changes or adds columns. */
export const insertChair = (env: BrowserEnv, values: Partial<UserRow> = {}) =>
  insertUser(env, {
    firstName: 'Carla',
    lastName: 'Chair',
    email: CHAIR.email,
    alternateEmail: 'c@other.org',
    password: CHAIR.password,
    isChair: true,
    ...values,
  });

/** What shows that a screen is ready: answers it loads (URL parts), texts, a selector. */
export interface ScreenReady {
  responses?: (string | RegExp)[];
  texts?: string[];
  selector?: string;
}

const answers = (url: string, want: string | RegExp) =>
  typeof want === 'string' ? url.includes(want) : want.test(url);

/**
 * Opens `path` (below the base URL: '/chair/…' for the chair console) and waits until the screen is ready:
 * every answer in `responses` came back, every text in `texts` shows, `selector` is rendered.
 */
export async function openScreen(env: BrowserEnv, path: string, ready: ScreenReady = {}): Promise<void> {
  const loaded = (ready.responses ?? []).map((want) =>
    env.page.waitForResponse((r: HTTPResponse) => answers(r.url(), want)),
  );
  await env.page.goto(`${env.baseUrl}${path}`);
  await Promise.all(loaded);
  for (const text of ready.texts ?? []) await waitForText(env.page, text);
  if (ready.selector) await env.page.waitForSelector(ready.selector);
}

/** Signs `who` in to the author app or the chair console, then opens `path` as `openScreen` does. */
export async function openAs(
  env: BrowserEnv,
  app: 'author' | 'chair',
  who: Credentials,
  path: string,
  ready: ScreenReady = {},
): Promise<void> {
  await signIn(env, app, who.email, who.password);
  await openScreen(env, path, ready);
}

/** Signs `who` in through the API and answers the access token. */
export async function accessToken(env: BrowserEnv, who: Credentials): Promise<string> {
  const res = await fetch(`${env.baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(who),
  });
  if (!res.ok) throw new Error(`login of ${who.email}: ${res.status} ${await res.text()}`);
  return ((await res.json()) as LoginResponse).accessToken;
}

/** Calls the API with `token` (Bearer), as an app would; throws on an error status; answers the JSON body. */
export async function callApi<T>(
  env: BrowserEnv,
  token: string,
  method: string,
  path: string,
  body?: unknown,
): Promise<T> {
  const res = await fetch(`${env.baseUrl}${path}`, {
    method,
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/** Calls the API as `who` (signed in for this one call). */
export async function callAs<T>(
  env: BrowserEnv,
  who: Credentials,
  method: string,
  path: string,
  body?: unknown,
): Promise<T> {
  return callApi<T>(env, await accessToken(env, who), method, path, body);
}

/** An abstract the submission rules accept. */
export const ABSTRACT = 'An abstract long enough for the submission rules of the conference, surely.';

/** Clicks a menu item once the menu has finished growing (a click mid-transition can land beside it). */
export async function clickMenuItem(page: Page, text: string): Promise<void> {
  await page.waitForFunction(() => {
    const paper = document.querySelector('.MuiMenu-paper');
    if (!paper) return false;
    const style = getComputedStyle(paper);
    return style.opacity === '1' && ['none', 'matrix(1, 0, 0, 1, 0, 0)'].includes(style.transform);
  });
  await clickText(page, text, '[role=menuitem]');
}

/** Waits until the paper list's count reads `text`. */
export async function waitForPaperCount(env: BrowserEnv, text: string): Promise<void> {
  await env.page.waitForFunction(
    (t: string) => document.querySelector('[data-testid=paper-count]')?.textContent === t,
    {},
    text,
  );
}

/** Chooses `path` in the upload box whose hidden file input is named `name`. */
export async function chooseFile(page: Page, name: string, path: string): Promise<void> {
  await chooseUpload(page, `input[type=file][name="${name}"]`, path);
}

/** Waits until the upload box of `part` shows `name` as its stored file. */
export const waitForStoredFile = (page: Page, part: string, name: string) =>
  page.waitForFunction(
    (p: string, n: string) =>
      document.querySelector(`[data-testid=part-${p}] [data-testid=stored-file]`)?.textContent === n,
    {},
    part,
    name,
  );

/** Chooses `option` in the MUI select labelled `label`, then waits until its menu has gone. */
export async function pickOption(page: Page, label: string, option: string): Promise<void> {
  await page.waitForFunction(() => !document.querySelector('[role=listbox]'));
  await clickSelector(page, `[role=combobox][aria-label="${label}"]`);
  await clickText(page, option, '[role=option]');
  await page.waitForFunction(() => !document.querySelector('[role=listbox]'));
}

/** The text of the form's error box, once shown. */
export async function formError(page: Page): Promise<string> {
  await page.waitForSelector('[data-testid=form-error]');
  return page.$eval('[data-testid=form-error]', (e) => (e as HTMLElement).innerText);
}

/** Fills the form's fields by their labels, in the order given. */
export async function fillForm(page: Page, fields: Record<string, string>): Promise<void> {
  for (const [label, value] of Object.entries(fields)) await fillByLabel(page, label, value);
}

/** Confirms the open confirmation dialog. */
export async function confirmDialog(page: Page): Promise<void> {
  await clickSelector(page, '[data-testid=confirm-button]');
}

/** Sets a date input the way a person picking a date does (React sees the change). */
export async function setDate(page: Page, name: string, value: string): Promise<void> {
  await page.waitForSelector(`input[name=${name}]`);
  await page.$eval(
    `input[name=${name}]`,
    (el, v) => {
      const input = el as HTMLInputElement;
      const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
      setter.call(input, v);
      input.dispatchEvent(new Event('input', { bubbles: true }));
    },
    value,
  );
}

/** Chooses the file at `path` in the (hidden) file input matching `selector`. */
export async function chooseUpload(page: Page, selector: string, path: string): Promise<void> {
  const input = (await page.waitForSelector(selector, { visible: false })) as ElementHandle<HTMLInputElement>;
  await input.uploadFile(path);
}
