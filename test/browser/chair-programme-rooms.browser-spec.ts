/**
 * The chair console's rooms screen (/ViewEditAddRooms): add, edit, the API's messages in the form, the 409
 * of a room used by a session, delete; and the programme screens are the chair's only (a track chair gets
 * neither the menu group nor the routes).
 */
import {
  emptyRoles,
  PROGRAMME_MESSAGES,
  roomInUseMessage,
  type LoginResponse,
  type RoomDto,
  type UserRoles,
} from '@symposium/domain';
import { hashPassword } from '../../apps/api/src/common/passwords.js';
import { paperAuthorsTable, papersTable } from '../../apps/api/src/modules/papers/papers.table.js';
import { statusesTable, tracksTable } from '../../apps/api/src/modules/tracks/tracks.table.js';
import { rolesToColumns } from '../../apps/api/src/modules/users/users.mapper.js';
import { usersTable } from '../../apps/api/src/modules/users/users.table.js';
import {
  clickSelector,
  clickText,
  fillByLabel,
  signIn,
  startBrowserEnv,
  waitForText,
  type BrowserEnv,
} from '../support/browser.js';

const PASSWORD = 'rooms-pass-1';
const CHAIR_EMAIL = 'chair@rooms.example.org';

describe('chair programme: rooms', () => {
  let env: BrowserEnv;
  let token: string | null = null;
  let chairId = 0;
  let paperId = 0;

  /** Set-up calls as the chair, through the API (Bearer token). */
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

  const rooms = () => asChair<RoomDto[]>('GET', '/api/chair/rooms');

  beforeAll(async () => {
    env = await startBrowserEnv();
    chairId = await user('Carla', CHAIR_EMAIL, { chair: { is: true } });
    const [track] = await env.db.insert(tracksTable).values({ name: 'Graphs', position: 0 }).returning();
    await user('Tom', 'tom@rooms.example.org', { coChair: { is: true, tracks: [track!.id] } });
    const [accepted] = await env.db
      .insert(statusesTable)
      .values({ text: 'Accepted', position: 5, isAccepted: true })
      .returning();
    const [paper] = await env.db
      .insert(papersTable)
      .values({
        title: 'Colouring sparse graphs',
        abstractText: 'An abstract long enough for the submission rules of the conference, surely.',
        trackId: track!.id,
        primaryAuthorId: chairId,
        statusId: accepted!.id,
      })
      .returning();
    await env.db.insert(paperAuthorsTable).values({ paperId: paper!.id, userId: chairId, position: 0 });
    paperId = paper!.id;
    await signIn(env, 'chair', CHAIR_EMAIL, PASSWORD);
  });
  afterAll(async () => {
    await env.close();
  });

  it('shows the Programme group in the chair menu', async () => {
    await env.page.goto(`${env.baseUrl}/chair/`);
    await waitForText(env.page, 'Programme');
    await clickText(env.page, 'Rooms', 'a');
    await env.page.waitForSelector('[aria-label="Add room"]');
    expect(env.page.url()).toBe(`${env.baseUrl}/chair/ViewEditAddRooms`);
  });

  it('checks the fields with the API messages, then adds rooms', async () => {
    const page = env.page;
    await page.goto(`${env.baseUrl}/chair/ViewEditAddRooms`);
    await waitForText(page, 'No rooms yet.');
    await fillByLabel(page, 'Capacity', 'many');
    await clickText(page, 'Add room', 'button');
    await waitForText(page, PROGRAMME_MESSAGES.roomName);
    await waitForText(page, PROGRAMME_MESSAGES.roomCapacity);

    await fillByLabel(page, 'Room name', 'Room A');
    await fillByLabel(page, 'Capacity', '120');
    await clickText(page, 'Add room', 'button');
    await waitForText(page, 'The room was successfully created!');
    await page.waitForSelector('[aria-label="Edit Room A"]');

    await fillByLabel(page, 'Room name', 'Room B');
    await clickText(page, 'Add room', 'button');
    await page.waitForSelector('[aria-label="Edit Room B"]');
    expect((await rooms()).map((r) => [r.name, r.capacity])).toEqual([
      ['Room A', 120],
      ['Room B', null],
    ]);

    // The server's own refusal (a name in use) is toasted.
    await fillByLabel(page, 'Room name', 'Room A');
    await clickText(page, 'Add room', 'button');
    await waitForText(page, PROGRAMME_MESSAGES.roomNameTaken);
    expect(await rooms()).toHaveLength(2);
  });

  it('edits a room: name and capacity', async () => {
    const page = env.page;
    await page.goto(`${env.baseUrl}/chair/ViewEditAddRooms`);
    await clickSelector(page, '[aria-label="Edit Room B"]');
    await fillByLabel(page, 'Name', 'Auditorium B');
    await fillByLabel(page, 'Room capacity', '80');
    await clickText(page, 'Save room', 'button');
    await waitForText(page, 'The room was successfully updated!');
    await page.waitForSelector('[aria-label="Edit Auditorium B"]');
    const row = await page.$eval(
      '[aria-label="Edit Auditorium B"]',
      (el) => (el.closest('tr') as HTMLElement).innerText,
    );
    expect(row).toContain('Auditorium B');
    expect(row).toContain('80');
    expect((await rooms()).find((r) => r.name === 'Auditorium B')?.capacity).toBe(80);
  });

  it('keeps a room used by a session and shows the server message naming the session', async () => {
    const page = env.page;
    const room = (await rooms()).find((r) => r.name === 'Auditorium B')!;
    await asChair('POST', '/api/chair/technical_sessions', {
      _id: 7,
      title: 'Graph colouring',
      responsables: [chairId],
      room: room._id,
      papers: [paperId],
    });
    await page.goto(`${env.baseUrl}/chair/ViewEditAddRooms`);
    await clickSelector(page, '[aria-label="Delete Auditorium B"]');
    await waitForText(page, 'Delete this room?');
    await clickSelector(page, '[data-testid=confirm-button]');
    const message = roomInUseMessage(['Technical session 7 (Graph colouring)']);
    await page.waitForFunction(
      (m: string) => document.querySelector('[data-testid=room-error]')?.textContent?.includes(m),
      {},
      message,
    );
    expect((await rooms()).map((r) => r.name)).toContain('Auditorium B');
  });

  it('deletes an unused room after confirmation', async () => {
    const page = env.page;
    await page.goto(`${env.baseUrl}/chair/ViewEditAddRooms`);
    await clickSelector(page, '[aria-label="Delete Room A"]');
    await clickSelector(page, '[data-testid=confirm-button]');
    await waitForText(page, 'The room was successfully deleted!');
    await page.waitForFunction(() => !document.querySelector('[aria-label="Edit Room A"]'));
    expect((await rooms()).map((r) => r.name)).toEqual(['Auditorium B']);
  });

  it('gives a track chair neither the programme menu nor its routes', async () => {
    const page = env.page;
    await page.deleteCookie(...(await page.cookies()));
    await signIn(env, 'chair', 'tom@rooms.example.org', PASSWORD);
    await page.goto(`${env.baseUrl}/chair/ViewEditAddRooms`);
    await waitForText(page, 'Menu');
    const text = await page.evaluate(() => document.body.innerText);
    expect(text).not.toContain('Programme');
    expect(await page.$('[aria-label="Add room"]')).toBeNull();
  });
});
