/**
 * Tutorials in the chair console: /AssignTutorials without a tutorial track ('No track with Tutorials on name
 * found'), then the tutorial page, select (paper, presenter among its authors, number, room), summary and
 * create; /ViewTutorials with edit and the delete-pending steps, including the §8 fallback message.
 */
import {
  emptyRoles,
  PROGRAMME_MESSAGES,
  type LoginResponse,
  type RoomDto,
  type TutorialDto,
  type UserRoles,
} from '@symposium/domain';
import type { HTTPRequest, Page } from 'puppeteer-core';
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

const PASSWORD = 'tutorials-pass-1';
const CHAIR_EMAIL = 'chair@tutorials.example.org';
const ABSTRACT = 'An abstract long enough for the submission rules of the conference, surely.';

const waitForTextIn = (page: Page, selector: string, text: string) =>
  page.waitForFunction(
    (s: string, t: string) => document.querySelector(s)?.textContent?.includes(t),
    {},
    selector,
    text,
  );

describe('chair programme: tutorials', () => {
  let env: BrowserEnv;
  let token: string | null = null;
  const u = { ana: 0, olga: 0 };
  const p = { intro: 0, deep: 0, main: 0 };
  let room = 0;

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
  const tutorials = () => asChair<TutorialDto[]>('GET', '/api/chair/tutorials');

  const user = async (firstName: string, lastName: string, email: string, roles: Partial<UserRoles> = {}) => {
    const [row] = await env.db
      .insert(usersTable)
      .values({
        firstName,
        lastName,
        email,
        alternateEmail: `alt.${email}`,
        organization: 'University of Porto',
        passwordHash: await hashPassword(PASSWORD),
        ...rolesToColumns({ ...emptyRoles(), ...roles }),
      })
      .returning();
    return row!.id;
  };

  const paper = async (title: string, trackId: number, statusId: number) => {
    const [row] = await env.db
      .insert(papersTable)
      .values({ title, abstractText: ABSTRACT, trackId, primaryAuthorId: u.ana, statusId })
      .returning();
    await env.db.insert(paperAuthorsTable).values([
      { paperId: row!.id, userId: u.ana, position: 0 },
      { paperId: row!.id, userId: u.olga, position: 1 },
    ]);
    return row!.id;
  };

  let accepted = 0;
  beforeAll(async () => {
    env = await startBrowserEnv();
    await user('Carla', 'Chair', CHAIR_EMAIL, { chair: { is: true } });
    u.ana = await user('Ana', 'Author', 'ana@tutorials.example.org');
    u.olga = await user('Olga', 'Other', 'olga@tutorials.example.org');
    const [main] = await env.db.insert(tracksTable).values({ name: 'Main track', position: 0 }).returning();
    const [status] = await env.db
      .insert(statusesTable)
      .values({ text: 'Accepted', position: 5, isAccepted: true })
      .returning();
    accepted = status!.id;
    p.main = await paper('A main-track paper', main!.id, accepted);
    room = (await asChair<RoomDto>('POST', '/api/chair/rooms', { name: 'Tutorial room' }))._id;
    await signIn(env, 'chair', CHAIR_EMAIL, PASSWORD);
  });
  afterAll(async () => {
    await env.close();
  });

  it("says 'No track with Tutorials on name found' while no track is named so", async () => {
    await env.page.goto(`${env.baseUrl}/chair/AssignTutorials`);
    await env.page.waitForSelector('[data-testid=no-tutorial-track]');
    expect(await env.page.$eval('[data-testid=no-tutorial-track]', (el) => el.textContent)).toBe(
      PROGRAMME_MESSAGES.noTutorialTrack,
    );
  });

  it('shows the tutorial page, selects paper, presenter, number and room, then creates the tutorial', async () => {
    const page = env.page;
    const [track] = await env.db
      .insert(tracksTable)
      .values({ name: 'Tutorials and Workshops', position: 1 })
      .returning();
    p.intro = await paper('An introduction to graph drawing', track!.id, accepted);
    p.deep = await paper('Deep dive into planarity', track!.id, accepted);

    await page.goto(`${env.baseUrl}/chair/AssignTutorials`);
    await waitForTextIn(page, '[data-testid=tutorial-track]', 'Tutorials and Workshops');
    await page.waitForSelector(`[data-testid=tutorial-papers] [data-testid=paper-${p.deep}]`);
    expect(await page.$(`[data-testid=paper-${p.main}]`)).toBeNull();
    await clickText(page, 'Next', 'button');

    // Select: the presenter is one of the paper's authors (the primary author first).
    await selectOption(page, 'select[name=paper]', String(p.intro));
    await page.waitForFunction(
      (v: string) => document.querySelector<HTMLSelectElement>('select[name=presenter]')?.value === v,
      {},
      String(u.ana),
    );
    const presenters = await page.$$eval('select[name=presenter] option', (els) =>
      els.map((o) => o.textContent),
    );
    expect(presenters).toEqual([
      'Choose the presenter',
      'Ana Author (ana@tutorials.example.org)',
      'Olga Other (olga@tutorials.example.org)',
    ]);
    await selectOption(page, 'select[name=presenter]', String(u.olga));
    expect(await page.$eval('input[name=number]', (el) => (el as HTMLInputElement).value)).toBe('1');
    await clickText(page, 'Next', 'button');
    await waitForText(page, PROGRAMME_MESSAGES.room);
    await selectOption(page, 'select[name=room]', String(room));
    await clickText(page, 'Next', 'button');

    // Summary, then create.
    await page.waitForSelector('[data-testid=tutorial-summary]');
    const summary = await page.$eval('[data-testid=tutorial-summary]', (el) => (el as HTMLElement).innerText);
    for (const text of [
      'Tutorial 1',
      `${p.intro}: An introduction to graph drawing`,
      'Olga Other',
      'Tutorial room',
    ])
      expect(summary).toContain(text);
    await clickText(page, 'Create tutorial', 'button');
    await waitForTextIn(page, '[data-testid=tutorial-created]', 'Tutorial 1 was created.');
    const [t] = await tutorials();
    expect([t!._id, t!.paper?._id, t!.presenter?._id, t!.room?._id]).toEqual([1, p.intro, u.olga, room]);

    // The scheduled paper is no longer offered.
    await clickText(page, 'Add another tutorial', 'button');
    await waitForTextIn(page, `[data-testid=paper-${p.intro}]`, 'in Tutorial 1');
    await clickText(page, 'Next', 'button');
    await page.waitForSelector(`select[name=paper] option[value="${p.deep}"]`);
    expect(await page.$(`select[name=paper] option[value="${p.intro}"]`)).toBeNull();
  });

  it('edits a tutorial and deletes it in steps, with the fallback message when deleting fails', async () => {
    const page = env.page;
    await page.goto(`${env.baseUrl}/chair/ViewTutorials`);
    await waitForTextIn(page, '[data-testid=session-1]', 'Olga Other');
    await clickSelector(page, '[aria-label="Edit Tutorial 1"]');
    await page.waitForFunction(
      (v: string) => document.querySelector<HTMLSelectElement>('select[name=presenter]')?.value === v,
      {},
      String(u.olga),
    );
    await selectOption(page, 'select[name=presenter]', String(u.ana));
    await clickText(page, 'Save tutorial', 'button');
    await waitForText(page, 'The tutorial was successfully saved!');
    expect((await tutorials())[0]!.presenter?._id).toBe(u.ana);

    await page.goto(`${env.baseUrl}/chair/ViewTutorials`);
    await clickSelector(page, '[aria-label="Delete Tutorial 1"]');
    await clickSelector(page, '[aria-label="Cancel deleting Tutorial 1"]');
    await page.waitForSelector('[aria-label="Delete Tutorial 1"]');

    await page.setRequestInterception(true);
    const fail = (req: HTTPRequest) => {
      if (req.method() === 'DELETE' && req.url().endsWith('/api/chair/tutorials/1'))
        void req.respond({ status: 502, contentType: 'text/html', body: '<h1>Bad gateway</h1>' });
      else void req.continue();
    };
    page.on('request', fail);
    try {
      await clickSelector(page, '[aria-label="Delete Tutorial 1"]');
      await clickSelector(page, '[aria-label="Confirm deleting Tutorial 1"]');
      await waitForText(page, PROGRAMME_MESSAGES.tutorialDeleteFailed);
    } finally {
      page.off('request', fail);
      await page.setRequestInterception(false);
    }
    await page.waitForSelector('[aria-label="Delete Tutorial 1"]');
    expect(await tutorials()).toHaveLength(1);

    await clickSelector(page, '[aria-label="Delete Tutorial 1"]');
    await clickSelector(page, '[aria-label="Confirm deleting Tutorial 1"]');
    await waitForText(page, 'The tutorial was successfully deleted!');
    await page.waitForFunction(() => !document.querySelector('[data-testid=session-1]'));
    expect(await tutorials()).toEqual([]);
  });
});
