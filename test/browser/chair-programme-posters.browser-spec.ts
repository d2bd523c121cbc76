/**
 * Poster sessions in the chair console: /AssignPosterSessions (pick accepted papers, one poster session each
 * with number and room, confirm and create), /ViewPosterSessions with the delete-pending steps, and editing
 * one poster session.
 */
import {
  emptyRoles,
  PROGRAMME_MESSAGES,
  type LoginResponse,
  type PosterSessionDto,
  type RoomDto,
  type UserRoles,
} from '@symposium/domain';
import type { Page } from 'puppeteer-core';
import { hashPassword } from '../../apps/api/src/common/passwords.js';
import { paperAuthorsTable, papersTable } from '../../apps/api/src/modules/papers/papers.table.js';
import { statusesTable, tracksTable } from '../../apps/api/src/modules/tracks/tracks.table.js';
import { rolesToColumns } from '../../apps/api/src/modules/users/users.mapper.js';
import { usersTable } from '../../apps/api/src/modules/users/users.table.js';
import {
  clickSelector,
  clickText,
  selectOption,
  signIn,
  startBrowserEnv,
  waitForText,
  type BrowserEnv,
} from '../support/browser.js';

const PASSWORD = 'posters-pass-1';
const CHAIR_EMAIL = 'chair@posters.example.org';
const ABSTRACT = 'An abstract long enough for the submission rules of the conference, surely.';

const waitForTextIn = (page: Page, selector: string, text: string) =>
  page.waitForFunction(
    (s: string, t: string) => document.querySelector(s)?.textContent?.includes(t),
    {},
    selector,
    text,
  );

async function typeInto(page: Page, selector: string, value: string): Promise<void> {
  const input = await page.waitForSelector(selector, { visible: true });
  await input!.click({ count: 3 });
  await page.keyboard.press('Backspace');
  await input!.type(value);
}

describe('chair programme: poster sessions', () => {
  let env: BrowserEnv;
  let token: string | null = null;
  const p = { matching: 0, trees: 0, hulls: 0 };
  const r = { hall: 0, foyer: 0 };

  async function asChair<T>(method: string, path: string, body?: unknown): Promise<T> {
    if (!token) {
      const login = await fetch(`${env.baseUrl}/api/auth/login`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ email: CHAIR_EMAIL, password: PASSWORD }),
      });
      token = ((await login.json()) as LoginResponse).accessToken;
    }
    const res = await fetch(`${env.baseUrl}${path}`, {
      method,
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
    return (await res.json()) as T;
  }
  const posters = () => asChair<PosterSessionDto[]>('GET', '/api/chair/poster_sessions');

  const user = async (firstName: string, email: string, roles: Partial<UserRoles> = {}) => {
    const [row] = await env.db
      .insert(usersTable)
      .values({
        firstName,
        lastName: 'Tester',
        email,
        alternateEmail: `alt.${email}`,
        organization: 'University of Porto',
        passwordHash: await hashPassword(PASSWORD),
        ...rolesToColumns({ ...emptyRoles(), ...roles }),
      })
      .returning();
    return row!.id;
  };

  beforeAll(async () => {
    env = await startBrowserEnv();
    await user('Carla', CHAIR_EMAIL, { chair: { is: true } });
    const ana = await user('Ana', 'ana@posters.example.org');
    const [track] = await env.db.insert(tracksTable).values({ name: 'Posters', position: 0 }).returning();
    const [accepted] = await env.db
      .insert(statusesTable)
      .values({ text: 'Accepted as poster', position: 5, isAccepted: true })
      .returning();
    for (const [key, title] of [
      ['matching', 'Bipartite matchings on a poster'],
      ['trees', 'Spanning trees on a poster'],
      ['hulls', 'Convex hulls on a poster'],
    ] as const) {
      const [row] = await env.db
        .insert(papersTable)
        .values({
          title,
          abstractText: ABSTRACT,
          trackId: track!.id,
          primaryAuthorId: ana,
          statusId: accepted!.id,
        })
        .returning();
      await env.db.insert(paperAuthorsTable).values({ paperId: row!.id, userId: ana, position: 0 });
      p[key] = row!.id;
    }
    r.hall = (await asChair<RoomDto>('POST', '/api/chair/rooms', { name: 'Hall' }))._id;
    r.foyer = (await asChair<RoomDto>('POST', '/api/chair/rooms', { name: 'Foyer' }))._id;
    await asChair('POST', '/api/chair/poster_sessions', { _id: 1, paper: p.hulls, room: r.hall });
    await signIn(env, 'chair', CHAIR_EMAIL, PASSWORD);
  });
  afterAll(async () => {
    await env.close();
  });

  it('picks papers, gives each a poster session, confirms and creates them', async () => {
    const page = env.page;
    await page.goto(`${env.baseUrl}/chair/AssignPosterSessions`);
    await page.waitForSelector(`[data-testid=paper-${p.hulls}]`);
    expect(
      await page.$eval(`[aria-label="Pick paper ${p.hulls}"]`, (el) => (el as HTMLInputElement).disabled),
    ).toBe(true);
    await waitForTextIn(
      page,
      `[data-testid=paper-${p.hulls}] [data-testid=scheduled]`,
      'In Poster session 1',
    );
    await clickSelector(page, `[aria-label="Pick paper ${p.matching}"]`);
    await clickSelector(page, `[aria-label="Pick paper ${p.trees}"]`);
    await clickText(page, 'Next', 'button');

    // Build: numbered after the highest in use; a room is required; a number in use is refused.
    await page.waitForSelector(`[data-testid=poster-draft-${p.trees}]`);
    expect(await page.$eval(`#number-${p.matching}`, (el) => (el as HTMLInputElement).value)).toBe('2');
    expect(await page.$eval(`#number-${p.trees}`, (el) => (el as HTMLInputElement).value)).toBe('3');
    await clickText(page, 'Next', 'button');
    await waitForText(page, PROGRAMME_MESSAGES.room);
    await selectOption(page, 'select[name=allRooms]', String(r.hall));
    await selectOption(page, `#room-${p.trees}`, String(r.foyer));
    await typeInto(page, `#number-${p.trees}`, '1');
    await clickText(page, 'Next', 'button');
    await waitForText(page, PROGRAMME_MESSAGES.sessionNumberTaken);
    await typeInto(page, `#number-${p.trees}`, '3');
    await clickText(page, 'Next', 'button');

    // Confirm: the summary, then each session's result.
    await page.waitForSelector('[data-testid=confirm-list]');
    const summary = await page.$eval('[data-testid=confirm-list]', (el) => (el as HTMLElement).innerText);
    expect(summary).toContain(`Poster session 2\t${p.matching}: Bipartite matchings on a poster\tHall`);
    expect(summary).toContain(`Poster session 3\t${p.trees}: Spanning trees on a poster\tFoyer`);
    await clickText(page, 'Create 2 poster sessions', 'button');
    await waitForTextIn(page, '[data-testid=outcome-2]', 'Created');
    await waitForTextIn(page, '[data-testid=outcome-3]', 'Created');
    expect((await posters()).map((s) => [s._id, s.paper?._id, s.room?._id])).toEqual([
      [1, p.hulls, r.hall],
      [2, p.matching, r.hall],
      [3, p.trees, r.foyer],
    ]);
  });

  it('lists the poster sessions, edits one and deletes one in steps', async () => {
    const page = env.page;
    await page.goto(`${env.baseUrl}/chair/ViewPosterSessions`);
    await waitForTextIn(page, '[data-testid=session-3]', 'Spanning trees on a poster');
    await clickSelector(page, '[aria-label="Edit Poster session 3"]');
    await page.waitForSelector('select[name=room]');
    expect(page.url()).toBe(`${env.baseUrl}/chair/AssignPosterSessions?session=3`);
    await page.waitForFunction(
      (v: string) => document.querySelector<HTMLSelectElement>('select[name=room]')?.value === v,
      {},
      String(r.foyer),
    );
    await selectOption(page, 'select[name=room]', String(r.hall));
    await clickText(page, 'Save session', 'button');
    await waitForText(page, 'The session was successfully saved!');
    expect((await posters()).find((s) => s._id === 3)?.room?._id).toBe(r.hall);

    await page.goto(`${env.baseUrl}/chair/ViewPosterSessions`);
    await clickSelector(page, '[aria-label="Delete Poster session 2"]');
    await clickSelector(page, '[aria-label="Cancel deleting Poster session 2"]');
    await page.waitForSelector('[aria-label="Delete Poster session 2"]');
    await clickSelector(page, '[aria-label="Delete Poster session 2"]');
    await clickSelector(page, '[aria-label="Confirm deleting Poster session 2"]');
    await waitForText(page, 'The session was successfully deleted!');
    await page.waitForFunction(() => !document.querySelector('[data-testid=session-2]'));
    expect((await posters()).map((s) => s._id)).toEqual([1, 3]);
  });
});
