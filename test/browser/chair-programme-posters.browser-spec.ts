/**
 * Poster sessions in the chair console: /AssignPosterSessions (pick accepted papers, one poster session each
 * with number and room, confirm and create), /ViewPosterSessions with the delete-pending steps, and editing
 * one poster session.
 */
import { PROGRAMME_MESSAGES, type PosterSessionDto } from '@symposium/domain';
import { clickSelector, clickText, selectOption, waitForText } from '../support/browser.js';
import { useBrowserEnv } from '../support/browser-setup.js';
import {
  asChair,
  checkState,
  createRoom,
  seedChair,
  seedPaper,
  seedStatus,
  seedTrack,
  seedUser,
  signInChair,
  typeInto,
  waitForTextIn,
} from './programme.helpers.js';

describe('chair programme: poster sessions', () => {
  const p = { matching: 0, trees: 0, hulls: 0 };
  const r = { hall: 0, foyer: 0 };

  const posters = () => asChair<PosterSessionDto[]>(env, 'GET', '/api/chair/poster_sessions');

  const env = useBrowserEnv(async () => {
    await seedChair(env);
    const ana = await seedUser(env, { firstName: 'Ana', email: 'ana@posters.example.org' });
    const trackId = await seedTrack(env, 'Posters');
    const statusId = await seedStatus(env, 'Accepted as poster');
    for (const [key, title] of [
      ['matching', 'Bipartite matchings on a poster'],
      ['trees', 'Spanning trees on a poster'],
      ['hulls', 'Convex hulls on a poster'],
    ] as const)
      p[key] = await seedPaper(env, { title, trackId, statusId, authors: [ana] });
    r.hall = await createRoom(env, 'Hall');
    r.foyer = await createRoom(env, 'Foyer');
    await asChair(env, 'POST', '/api/chair/poster_sessions', { _id: 1, paper: p.hulls, room: r.hall });
    await signInChair(env);
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
    await checkState(page, 'AssignPosterSessions, pick step');
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
    await checkState(page, 'AssignPosterSessions, confirm step');
    await clickText(page, 'Create 2 poster sessions', 'button');
    await waitForTextIn(page, '[data-testid=outcome-2]', 'Created');
    await waitForTextIn(page, '[data-testid=outcome-3]', 'Created');
    await checkState(page, 'AssignPosterSessions, results');
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
    await checkState(page, 'AssignPosterSessions, editing session 3');
    await selectOption(page, 'select[name=room]', String(r.hall));
    await clickText(page, 'Save session', 'button');
    await waitForText(page, 'The session was successfully saved!');
    expect((await posters()).find((s) => s._id === 3)?.room?._id).toBe(r.hall);

    await page.goto(`${env.baseUrl}/chair/ViewPosterSessions`);
    await clickSelector(page, '[aria-label="Delete Poster session 2"]');
    await page.waitForSelector('[aria-label="Cancel deleting Poster session 2"]');
    await checkState(page, 'ViewPosterSessions, delete pending');
    await clickSelector(page, '[aria-label="Cancel deleting Poster session 2"]');
    await page.waitForSelector('[aria-label="Delete Poster session 2"]');
    await clickSelector(page, '[aria-label="Delete Poster session 2"]');
    await clickSelector(page, '[aria-label="Confirm deleting Poster session 2"]');
    await waitForText(page, 'The session was successfully deleted!');
    await page.waitForFunction(() => !document.querySelector('[data-testid=session-2]'));
    expect((await posters()).map((s) => s._id)).toEqual([1, 3]);
  });
});
