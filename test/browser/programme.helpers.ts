/**
 * The set-up the programme browser tests share: users, tracks, statuses and papers written straight to the
 * database, calls to the API as the chair (Bearer token) for rooms and sessions, signing the chair in, and
 * a few waits. The scenario steps stay in each spec.
 */
import { emptyRoles, type LoginResponse, type RoomDto, type UserRoles } from '@symposium/domain';
import type { HTTPRequest, Page } from 'puppeteer-core';
import { hashPassword } from '../support/passwords.js';
import { paperAuthorsTable, papersTable } from '../../apps/api/src/modules/papers/papers.table.js';
import type { CreateTechnicalSessionDto } from '../../apps/api/src/modules/programme/dto/programme.dto.js';
import { statusesTable, tracksTable } from '../../apps/api/src/modules/tracks/tracks.table.js';
import { rolesToColumns } from '../../apps/api/src/modules/users/users.mapper.js';
import { usersTable } from '../../apps/api/src/modules/users/users.table.js';
import { checkAccessibility } from '../support/axe.js';
import { signIn, type BrowserEnv } from '../support/browser.js';
import { ABSTRACT } from '../support/browser-setup.js';

/** The password of every seeded user. */
export const PASSWORD = 'programme-pass-1';
/** The e-mail of the seeded chair, who makes the API calls of `asChair`. */
export const CHAIR_EMAIL = 'chair@programme.example.org';
/** An abstract that meets the submission rules. */
export { ABSTRACT };

/** One scrypt hash of PASSWORD, made once per test file (every seeded user gets it). */
let passwordHash: Promise<string> | undefined;

/** The chair's access token per environment, signed in on the first `asChair` call. */
const chairTokens = new WeakMap<BrowserEnv, Promise<string>>();

async function chairToken(env: BrowserEnv): Promise<string> {
  const res = await fetch(`${env.baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: CHAIR_EMAIL, password: PASSWORD }),
  });
  if (!res.ok) throw new Error(`chair login: ${res.status} ${await res.text()}`);
  return ((await res.json()) as LoginResponse).accessToken;
}

/** Calls the API as the chair (Bearer token), as the chair console would; throws on an error status. */
export async function asChair<T = unknown>(
  env: BrowserEnv,
  method: string,
  path: string,
  body?: unknown,
): Promise<T> {
  let token = chairTokens.get(env);
  if (!token) {
    token = chairToken(env);
    chairTokens.set(env, token);
  }
  const res = await fetch(`${env.baseUrl}${path}`, {
    method,
    headers: { Authorization: `Bearer ${await token}`, 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

export interface UserSeed {
  firstName: string;
  /** 'Tester' unless given. */
  lastName?: string;
  email: string;
  roles?: Partial<UserRoles>;
  country?: string;
  phone?: string;
}

/** Inserts a user (organisation University of Porto, password PASSWORD) and returns its id. */
export async function seedUser(env: BrowserEnv, user: UserSeed): Promise<number> {
  const { firstName, lastName = 'Tester', email, roles = {}, country, phone } = user;
  const [row] = await env.db
    .insert(usersTable)
    .values({
      firstName,
      lastName,
      email,
      alternateEmail: `alt.${email}`,
      organization: 'University of Porto',
      ...(country === undefined ? {} : { country }),
      ...(phone === undefined ? {} : { phone }),
      passwordHash: await (passwordHash ??= hashPassword(PASSWORD)),
      ...rolesToColumns({ ...emptyRoles(), ...roles }),
    })
    .returning();
  return row!.id;
}

/** Inserts the chair, Carla `lastName`, with CHAIR_EMAIL, and returns the id. */
export const seedChair = (env: BrowserEnv, lastName = 'Tester') =>
  seedUser(env, { firstName: 'Carla', lastName, email: CHAIR_EMAIL, roles: { chair: { is: true } } });

/** Inserts a track and returns its id. */
export async function seedTrack(env: BrowserEnv, name: string, position = 0): Promise<number> {
  const [row] = await env.db.insert(tracksTable).values({ name, position }).returning();
  return row!.id;
}

/** Inserts a paper status (an accepting one at position 5 unless told) and returns its id. */
export async function seedStatus(
  env: BrowserEnv,
  text: string,
  { position = 5, isAccepted = true }: { position?: number; isAccepted?: boolean } = {},
): Promise<number> {
  const [row] = await env.db.insert(statusesTable).values({ text, position, isAccepted }).returning();
  return row!.id;
}

export interface PaperSeed {
  title: string;
  trackId: number;
  statusId: number;
  /** The authors in order; the first is the primary author. */
  authors: [number, ...number[]];
  /** ABSTRACT unless given. */
  abstractText?: string;
  registration?: (typeof papersTable.$inferInsert)['registration'];
}

/** Inserts a paper with its authors and returns its id. */
export async function seedPaper(env: BrowserEnv, paper: PaperSeed): Promise<number> {
  const { title, trackId, statusId, authors, abstractText = ABSTRACT, registration } = paper;
  const [row] = await env.db
    .insert(papersTable)
    .values({
      title,
      abstractText,
      trackId,
      primaryAuthorId: authors[0],
      statusId,
      ...(registration === undefined ? {} : { registration }),
    })
    .returning();
  await env.db
    .insert(paperAuthorsTable)
    .values(authors.map((userId, position) => ({ paperId: row!.id, userId, position })));
  return row!.id;
}

/** Creates a room through the API, as the chair, and returns its id. */
export async function createRoom(env: BrowserEnv, name: string, capacity?: number): Promise<number> {
  const body = capacity === undefined ? { name } : { name, capacity };
  return (await asChair<RoomDto>(env, 'POST', '/api/chair/rooms', body))._id;
}

/**
 * Creates a technical session through the API, as the chair: number (`_id`), title, session chairs
 * (`responsables`), room, papers in order, and an optional link.
 */
export async function createTechnicalSession(
  env: BrowserEnv,
  session: CreateTechnicalSessionDto,
): Promise<void> {
  await asChair(env, 'POST', '/api/chair/technical_sessions', session);
}

/** Signs the browser in to the chair console as the seeded chair. */
export const signInChair = (env: BrowserEnv) => signIn(env, 'chair', CHAIR_EMAIL, PASSWORD);

/** Waits until the element matching `selector` holds `text` (textContent: buttons show it upper-cased). */
export const waitForTextIn = (page: Page, selector: string, text: string) =>
  page.waitForFunction(
    (s: string, t: string) => document.querySelector(s)?.textContent?.includes(t),
    {},
    selector,
    text,
  );

/** Types into the input matching `selector` once it is visible, replacing its value. */
export async function typeInto(page: Page, selector: string, value: string): Promise<void> {
  const input = await page.waitForSelector(selector, { visible: true });
  await input!.click({ count: 3 });
  await page.keyboard.press('Backspace');
  await input!.type(value);
  // a click that missed (the field moved under it) leaves the value as it was: fail here, not steps later
  await page.waitForFunction(
    (sel: string, v: string) => (document.querySelector(sel) as HTMLInputElement | null)?.value === v,
    { timeout: 5000 },
    selector,
    value,
  );
}

/**
 * Runs `steps` while the server's answer to `method` on an address ending in `pathEnd` is replaced by
 * `response` (every other request goes through), then lets requests through again.
 */
export async function whileFailing(
  page: Page,
  method: string,
  pathEnd: string,
  response: { status: number; contentType: string; body: string },
  steps: () => Promise<void>,
): Promise<void> {
  await page.setRequestInterception(true);
  const fail = (req: HTTPRequest) => {
    if (req.method() === method && req.url().endsWith(pathEnd)) void req.respond(response);
    else void req.continue();
  };
  page.on('request', fail);
  try {
    await steps();
  } finally {
    page.off('request', fail);
    await page.setRequestInterception(false);
  }
}

/**
 * Runs axe on a state the automatic once-per-screen check does not see (a later wizard step, a proposal, an
 * answer shown on the same address): critical and serious findings fail the test (test/support/axe.ts).
 */
export const checkState = (page: Page, label: string) => checkAccessibility(page, label);

/** Waits for the open dialog to be shown, then runs axe on the page with it (label names the dialog). */
export async function checkDialog(page: Page, label: string): Promise<void> {
  await page.waitForSelector('[role=dialog]', { visible: true });
  await checkAccessibility(page, `${label} (dialog)`);
}
