/**
 * The chair console's rooms screen (/ViewEditAddRooms): add, edit, the API's messages in the form, the 409
 * of a room used by a session, delete; and the programme screens are the chair's only (a track chair gets
 * neither the menu group nor the routes).
 */
import { PROGRAMME_MESSAGES, roomInUseMessage, type RoomDto } from '@symposium/domain';
import { clickSelector, clickText, fillByLabel, signIn, waitForText } from '../support/browser.js';
import { useBrowserEnv } from '../support/browser-setup.js';
import {
  asChair,
  checkDialog,
  checkState,
  createTechnicalSession,
  PASSWORD,
  seedChair,
  seedPaper,
  seedStatus,
  seedTrack,
  seedUser,
  signInChair,
} from './programme.helpers.js';

describe('chair programme: rooms', () => {
  let chairId = 0;
  let paperId = 0;

  const rooms = () => asChair<RoomDto[]>(env, 'GET', '/api/chair/rooms');

  const env = useBrowserEnv(async () => {
    chairId = await seedChair(env);
    const trackId = await seedTrack(env, 'Graphs');
    await seedUser(env, {
      firstName: 'Tom',
      email: 'tom@rooms.example.org',
      roles: { coChair: { is: true, tracks: [trackId] } },
    });
    const statusId = await seedStatus(env, 'Accepted');
    paperId = await seedPaper(env, {
      title: 'Colouring sparse graphs',
      trackId,
      statusId,
      authors: [chairId],
    });
    await signInChair(env);
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
    await checkState(page, 'ViewEditAddRooms, two rooms');

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
    await checkDialog(page, 'ViewEditAddRooms, edit room');
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
    await createTechnicalSession(env, {
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
    await checkState(page, 'ViewEditAddRooms, room in use');
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
