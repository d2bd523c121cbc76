/**
 * Tutorials in the chair console: /AssignTutorials while no tutorials track is chosen (the message says what to
 * do; a track named 'Tutorials…' is not taken by its name), the chair choosing the track in the "Tutorials
 * track" select (issue 21 item 19), then the tutorial page, select (paper, presenter among its authors, number,
 * room), summary and create; /ViewTutorials with edit and the delete-pending steps, including the §8 fallback
 * message.
 */
import { PROGRAMME_MESSAGES, type TrackDto, type TutorialDto } from '@symposium/domain';
import { programmeSettingsTable } from '../../apps/api/src/modules/programme/programme.table.js';
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
  waitForTextIn,
  whileFailing,
} from './programme.helpers.js';

describe('chair programme: tutorials', () => {
  const u = { ana: 0, olga: 0 };
  const p = { intro: 0, deep: 0, main: 0 };
  let room = 0;
  let accepted = 0;
  let tutorialTrack = 0;

  const tutorials = () => asChair<TutorialDto[]>(env, 'GET', '/api/chair/tutorials');

  /** An accepted paper by Ana (primary author) and Olga. */
  const paper = (title: string, trackId: number) =>
    seedPaper(env, { title, trackId, statusId: accepted, authors: [u.ana, u.olga] });

  const env = useBrowserEnv(async () => {
    await seedChair(env, 'Chair');
    u.ana = await seedUser(env, { firstName: 'Ana', lastName: 'Author', email: 'ana@tutorials.example.org' });
    u.olga = await seedUser(env, {
      firstName: 'Olga',
      lastName: 'Other',
      email: 'olga@tutorials.example.org',
    });
    const main = await seedTrack(env, 'Main track');
    accepted = await seedStatus(env, 'Accepted');
    p.main = await paper('A main-track paper', main);
    tutorialTrack = await seedTrack(env, 'Tutorials and Workshops', 1);
    p.intro = await paper('An introduction to graph drawing', tutorialTrack);
    p.deep = await paper('Deep dive into planarity', tutorialTrack);
    room = await createRoom(env, 'Tutorial room');
    await signInChair(env);
  });

  it('says what to do while no tutorials track is chosen, and takes the track the chair picks (issue 21 item 19)', async () => {
    const page = env.page;
    await page.goto(`${env.baseUrl}/chair/AssignTutorials`);
    // A track named 'Tutorials and Workshops' exists, but the name no longer decides: the chair chooses.
    await page.waitForSelector('[data-testid=no-tutorial-track]');
    expect(await page.$eval('[data-testid=no-tutorial-track]', (el) => el.textContent)).toBe(
      PROGRAMME_MESSAGES.noTutorialTrack,
    );
    expect(PROGRAMME_MESSAGES.noTutorialTrack).toContain('"Tutorials track"');
    expect(await page.$eval('#tutorial-track-select', (el) => (el as HTMLSelectElement).value)).toBe('');
    await page.waitForFunction(() => document.querySelectorAll('#tutorial-track-select option').length === 3);
    expect(
      await page.$$eval('#tutorial-track-select option', (els) => els.map((o) => o.textContent)),
    ).toEqual(['Choose the tutorials track', 'Main track', 'Tutorials and Workshops']);
    await checkState(page, 'AssignTutorials, no tutorials track chosen');

    await selectOption(page, '#tutorial-track-select', String(tutorialTrack));
    await waitForText(page, PROGRAMME_MESSAGES.tutorialTrackSaved);
    await waitForTextIn(page, '[data-testid=tutorial-track]', 'Tutorials and Workshops');
    await page.waitForFunction(() => !document.querySelector('[data-testid=no-tutorial-track]'));
    expect((await asChair<TrackDto>(env, 'GET', '/api/chair/programme/tutorial_track'))._id).toBe(
      tutorialTrack,
    );
    expect(await env.db.select().from(programmeSettingsTable)).toEqual([
      { id: 1, tutorialTrackId: tutorialTrack },
    ]);
  });

  it('shows the tutorial page, selects paper, presenter, number and room, then creates the tutorial', async () => {
    const page = env.page;
    await page.goto(`${env.baseUrl}/chair/AssignTutorials`);
    await waitForTextIn(page, '[data-testid=tutorial-track]', 'Tutorials and Workshops');
    await page.waitForSelector(`[data-testid=tutorial-papers] [data-testid=paper-${p.deep}]`);
    expect(await page.$(`[data-testid=paper-${p.main}]`)).toBeNull();
    await checkState(page, 'AssignTutorials, papers step');
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
    await checkState(page, 'AssignTutorials, select step');
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
    await checkState(page, 'AssignTutorials, summary step');
    await clickText(page, 'Create tutorial', 'button');
    await waitForTextIn(page, '[data-testid=tutorial-created]', 'Tutorial 1 was created.');
    await checkState(page, 'AssignTutorials, created');
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
    await checkState(page, 'AssignTutorials, editing tutorial 1');
    await selectOption(page, 'select[name=presenter]', String(u.ana));
    await clickText(page, 'Save tutorial', 'button');
    await waitForText(page, 'The tutorial was successfully saved!');
    expect((await tutorials())[0]!.presenter?._id).toBe(u.ana);

    await page.goto(`${env.baseUrl}/chair/ViewTutorials`);
    await clickSelector(page, '[aria-label="Delete Tutorial 1"]');
    await page.waitForSelector('[aria-label="Cancel deleting Tutorial 1"]');
    await checkState(page, 'ViewTutorials, delete pending');
    await clickSelector(page, '[aria-label="Cancel deleting Tutorial 1"]');
    await page.waitForSelector('[aria-label="Delete Tutorial 1"]');

    const badGateway = { status: 502, contentType: 'text/html', body: '<h1>Bad gateway</h1>' };
    await whileFailing(page, 'DELETE', '/api/chair/tutorials/1', badGateway, async () => {
      await clickSelector(page, '[aria-label="Delete Tutorial 1"]');
      await clickSelector(page, '[aria-label="Confirm deleting Tutorial 1"]');
      await waitForText(page, PROGRAMME_MESSAGES.tutorialDeleteFailed);
    });
    await page.waitForSelector('[aria-label="Delete Tutorial 1"]');
    expect(await tutorials()).toHaveLength(1);

    await clickSelector(page, '[aria-label="Delete Tutorial 1"]');
    await clickSelector(page, '[aria-label="Confirm deleting Tutorial 1"]');
    await waitForText(page, 'The tutorial was successfully deleted!');
    await page.waitForFunction(() => !document.querySelector('[data-testid=session-1]'));
    expect(await tutorials()).toEqual([]);
  });
});
