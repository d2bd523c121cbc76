/**
 * Technical sessions in the chair console: /AssignTechnicalSessions (pick accepted papers with a track
 * filter, scheduled ones marked; build sessions with number, unique title, session chairs, room and ordered
 * papers; confirm and create, with each session's result), editing one, the delete-pending, cancel and
 * confirm steps on /ViewTechnicalSessions, and the /AssignSessionLink form.
 */
import { PROGRAMME_MESSAGES, type TechnicalSessionDto } from '@symposium/domain';
import { clickSelector, clickText, fillByLabel, selectOption, waitForText } from '../support/browser.js';
import { useBrowserEnv } from '../support/browser-setup.js';
import {
  asChair,
  checkState,
  createRoom,
  createTechnicalSession,
  seedChair,
  seedPaper,
  seedStatus,
  seedTrack,
  seedUser,
  signInChair,
  typeInto,
  waitForTextIn,
  whileFailing,
} from './programme.helpers.js';

describe('chair programme: technical sessions', () => {
  const u = { chair: 0, sam: 0, ana: 0 };
  const p = { colour: 0, paths: 0, cuts: 0, flows: 0, cells: 0, rejected: 0 };
  const r = { one: 0, two: 0 };
  let graphs = 0;

  const session = (id: number) =>
    asChair<TechnicalSessionDto>(env, 'GET', `/api/chair/technical_sessions/${id}`);

  const env = useBrowserEnv(async () => {
    u.chair = await seedChair(env, 'Chair');
    u.sam = await seedUser(env, {
      firstName: 'Sam',
      lastName: 'Sessions',
      email: 'sam@technical.example.org',
    });
    u.ana = await seedUser(env, { firstName: 'Ana', lastName: 'Author', email: 'ana@technical.example.org' });
    graphs = await seedTrack(env, 'Graphs', 0);
    const biology = await seedTrack(env, 'Biology', 1);
    const accepted = await seedStatus(env, 'Accepted');
    const rejected = await seedStatus(env, 'Rejected', { position: 6, isAccepted: false });
    const seed = [
      ['colour', 'Graph colouring heuristics', graphs, accepted],
      ['paths', 'Shortest paths in practice', graphs, accepted],
      ['cuts', 'Minimum cuts revisited', graphs, accepted],
      ['flows', 'Maximum flows at scale', graphs, accepted],
      ['cells', 'Cell division models', biology, accepted],
      ['rejected', 'A rejected graph paper', graphs, rejected],
    ] as const;
    for (const [key, title, trackId, statusId] of seed)
      p[key] = await seedPaper(env, { title, trackId, statusId, authors: [u.ana] });
    r.one = await createRoom(env, 'Room 1');
    r.two = await createRoom(env, 'Room 2');
    // Session 1 already holds the flows paper: the picker shows it as scheduled.
    await createTechnicalSession(env, {
      _id: 1,
      title: 'Flows',
      responsables: [u.chair],
      room: r.one,
      papers: [p.flows],
    });
    await signInChair(env);
  });

  it('picks papers, builds two sessions, confirms and creates them, showing each result', async () => {
    const page = env.page;
    await page.goto(`${env.baseUrl}/chair/AssignTechnicalSessions`);
    await page.waitForSelector(`[data-testid=paper-${p.cells}]`);
    await clickText(page, 'Next', 'button');
    await waitForText(page, PROGRAMME_MESSAGES.papers);

    // Pick: the track filter; the scheduled paper is marked and cannot be picked; rejected papers are absent.
    await selectOption(page, 'select[name=track]', String(graphs));
    await page.waitForFunction(
      (s: string) => !document.querySelector(s),
      {},
      `[data-testid=paper-${p.cells}]`,
    );
    // the filtered list has arrived (the old rows can be gone before the new ones are drawn)
    await page.waitForSelector(`[aria-label="Pick paper ${p.flows}"]`);
    expect(await page.$(`[data-testid=paper-${p.rejected}]`)).toBeNull();
    expect(
      await page.$eval(`[aria-label="Pick paper ${p.flows}"]`, (el) => (el as HTMLInputElement).disabled),
    ).toBe(true);
    expect(
      await page.$eval(`[data-testid=paper-${p.flows}] [data-testid=scheduled]`, (el) => el.textContent),
    ).toBe('In Technical session 1');
    for (const id of [p.colour, p.paths, p.cuts])
      await clickSelector(page, `[aria-label="Pick paper ${id}"]`);
    await waitForTextIn(page, '[data-testid=picked-count]', '3 papers picked');
    await clickText(page, 'Next', 'button');

    // Build: the first session starts with every picked paper, numbered after the highest in use.
    await page.waitForSelector('[data-testid=draft-1]');
    expect(await page.$eval('#number-1', (el) => (el as HTMLInputElement).value)).toBe('2');
    await clickText(page, 'Next', 'button');
    await waitForText(page, PROGRAMME_MESSAGES.sessionTitle);
    await waitForText(page, PROGRAMME_MESSAGES.responsables);
    await waitForText(page, PROGRAMME_MESSAGES.room);
    await typeInto(page, '#title-1', 'Graph algorithms');
    await selectOption(page, '#room-1', String(r.one));
    await typeInto(page, '#chairs-1-search', 'Sam');
    await clickSelector(page, '[aria-label="Add Sam Sessions"]');
    await waitForTextIn(page, '[data-testid=chairs-1-chosen]', 'Sam Sessions');
    await clickSelector(page, `[aria-label="Move paper ${p.cuts} up"]`);
    await clickSelector(page, `[aria-label="Remove paper ${p.paths} from the session"]`);
    await waitForTextIn(page, '[data-testid=unplaced]', String(p.paths));
    await checkState(page, 'AssignTechnicalSessions, build step with a session');

    // A second session with the paper taken out of the first; a title in use is refused before sending.
    await clickText(page, 'Add another session', 'button');
    await page.waitForSelector('[data-testid=draft-2]');
    expect(await page.$eval('#number-2', (el) => (el as HTMLInputElement).value)).toBe('3');
    await selectOption(page, '#add-paper-2', String(p.paths));
    await page.waitForSelector(`[data-testid=draft-2-paper-${p.paths}]`);
    await typeInto(page, '#title-2', 'Graph algorithms');
    await selectOption(page, '#room-2', String(r.two));
    await typeInto(page, '#chairs-2-search', 'carla');
    await clickSelector(page, '[aria-label="Add Carla Chair"]');
    await clickText(page, 'Next', 'button');
    await waitForText(page, PROGRAMME_MESSAGES.sessionTitleTaken);
    await typeInto(page, '#title-2', 'Paths');
    await clickText(page, 'Next', 'button');

    // Confirm: what will be created; meanwhile number 3 is taken, so that one is refused by the server.
    await page.waitForSelector('[data-testid=confirm-list]');
    const confirm2 = await page.$eval('[data-testid=confirm-2]', (el) => (el as HTMLElement).innerText);
    expect(confirm2).toContain('Technical session 2: Graph algorithms');
    expect(confirm2).toContain('Room: Room 1');
    expect(confirm2).toContain('Session chairs: Sam Sessions');
    expect(confirm2).toContain(
      `1. ${p.colour}: Graph colouring heuristics; 2. ${p.cuts}: Minimum cuts revisited`,
    );
    await checkState(page, 'AssignTechnicalSessions, confirm step');
    // (Chaired by Sam: deleting it below must not end the signed-in chair's sessions — the API ends the
    // sessions of whoever stops chairing a session.)
    await createTechnicalSession(env, {
      _id: 3,
      title: 'Cells',
      responsables: [u.sam],
      room: r.two,
      papers: [p.cells],
    });
    await clickText(page, 'Create 2 sessions', 'button');
    await waitForTextIn(page, '[data-testid=outcome-2]', 'Created');
    await waitForTextIn(page, '[data-testid=outcome-3]', PROGRAMME_MESSAGES.sessionNumberTaken);
    await checkState(page, 'AssignTechnicalSessions, results with a refusal');

    // Back to fix the number, then only the remaining session is created.
    await clickText(page, 'Back', 'button');
    await typeInto(page, '#number-2', '4');
    await clickText(page, 'Next', 'button');
    await clickText(page, 'Create the remaining sessions', 'button');
    await waitForTextIn(page, '[data-testid=outcome-4]', 'Created');
    await page.waitForSelector('xpath///a[normalize-space()="View technical sessions"]');

    const two = await session(2);
    expect(two.title).toBe('Graph algorithms');
    expect(two.papers.map((x) => x._id)).toEqual([p.colour, p.cuts]);
    expect(two.responsables.map((x) => x._id)).toEqual([u.sam]);
    expect(two.room?._id).toBe(r.one);
    const four = await session(4);
    expect([four.title, four.papers.map((x) => x._id), four.responsables.map((x) => x._id)]).toEqual([
      'Paths',
      [p.paths],
      [u.chair],
    ]);
  });

  it('edits a session: title and paper order', async () => {
    const page = env.page;
    await page.goto(`${env.baseUrl}/chair/ViewTechnicalSessions`);
    await clickSelector(page, '[aria-label="Edit Technical session 2"]');
    await page.waitForSelector('[data-testid=draft-2]');
    expect(page.url()).toBe(`${env.baseUrl}/chair/AssignTechnicalSessions?session=2`);
    expect(await page.$eval('#number-2', (el) => (el as HTMLInputElement).disabled)).toBe(true);
    await checkState(page, 'AssignTechnicalSessions, editing session 2');
    await typeInto(page, '#title-2', 'Graph algorithms II');
    await clickSelector(page, `[aria-label="Move paper ${p.colour} down"]`);
    await clickText(page, 'Save session', 'button');
    await waitForText(page, 'The session was successfully saved!');
    const two = await session(2);
    expect([two.title, two.papers.map((x) => x._id)]).toEqual(['Graph algorithms II', [p.cuts, p.colour]]);
  });

  it('deletes a session in steps: Delete asks, Cancel clears, Confirm removes the row', async () => {
    const page = env.page;
    await page.goto(`${env.baseUrl}/chair/ViewTechnicalSessions`);
    await page.waitForSelector('[data-testid=session-3]');
    // At 1400 px every row's actions sit inside the table's visible box: nothing to scroll to (issue 21 item 20).
    const overflow = () =>
      page.$eval('table[aria-label="Technical sessions"]', (table) => {
        const box = table.parentElement!;
        const edge = box.getBoundingClientRect().right;
        return {
          scrolls: box.scrollWidth > box.clientWidth,
          outside: [...table.querySelectorAll('tbody button, tbody a')]
            .filter((b) => b.getBoundingClientRect().right > edge + 0.5)
            .map((b) => b.getAttribute('aria-label')),
        };
      });
    expect(page.viewport()!.width).toBe(1400);
    expect(await overflow()).toEqual({ scrolls: false, outside: [] });
    await clickSelector(page, '[aria-label="Delete Technical session 3"]');
    await page.waitForSelector('[aria-label="Confirm deleting Technical session 3"]');
    expect(await overflow()).toEqual({ scrolls: false, outside: [] });
    await checkState(page, 'ViewTechnicalSessions, delete pending');
    await clickSelector(page, '[aria-label="Cancel deleting Technical session 3"]');
    await page.waitForSelector('[aria-label="Delete Technical session 3"]');
    expect(await page.$('[aria-label="Confirm deleting Technical session 3"]')).toBeNull();
    expect((await session(3)).title).toBe('Cells');

    await clickSelector(page, '[aria-label="Delete Technical session 3"]');
    await clickSelector(page, '[aria-label="Confirm deleting Technical session 3"]');
    await waitForText(page, 'The session was successfully deleted!');
    await page.waitForFunction(() => !document.querySelector('[data-testid=session-3]'));
    await expect(session(3)).rejects.toThrow(/404/);

    // A failure without a message from the server toasts the §8 fallback and keeps the row.
    const down = { status: 500, contentType: 'text/plain', body: 'down' };
    await whileFailing(page, 'DELETE', '/api/chair/technical_sessions/4', down, async () => {
      await clickSelector(page, '[aria-label="Delete Technical session 4"]');
      await clickSelector(page, '[aria-label="Confirm deleting Technical session 4"]');
      await waitForText(page, PROGRAMME_MESSAGES.sessionDeleteFailed);
    });
    await page.waitForSelector('[aria-label="Delete Technical session 4"]');
    expect((await session(4)).title).toBe('Paths');
  });

  it('sets a session link from the list, checked like the API checks it', async () => {
    const page = env.page;
    await page.goto(`${env.baseUrl}/chair/ViewTechnicalSessions`);
    await clickSelector(page, '[aria-label="Link of Technical session 2"]');
    await page.waitForSelector('[data-testid=current-link]');
    expect(page.url()).toBe(`${env.baseUrl}/chair/AssignSessionLink/technical/2`);
    await waitForTextIn(page, '[data-testid=current-link]', 'Current link: none');
    await fillByLabel(page, 'Session link', 'ftp://files.example.org/ts2');
    await clickText(page, 'Save link', 'button');
    await waitForText(page, PROGRAMME_MESSAGES.link);
    await fillByLabel(page, 'Session link', 'https://meet.example.org/ts2');
    await clickText(page, 'Save link', 'button');
    await waitForText(page, PROGRAMME_MESSAGES.linkUpdated);
    await waitForTextIn(page, '[data-testid=current-link]', 'https://meet.example.org/ts2');
    expect((await session(2)).link).toBe('https://meet.example.org/ts2');

    await page.goto(`${env.baseUrl}/chair/ViewTechnicalSessions`);
    await waitForTextIn(page, '[data-testid=session-2]', 'https://meet.example.org/ts2');

    // The link of session 4 is set, then removed (the API takes '' as no link).
    await page.goto(`${env.baseUrl}/chair/AssignSessionLink/technical/4`);
    await fillByLabel(page, 'Session link', 'http://stream.example.org/4');
    await clickText(page, 'Save link', 'button');
    await waitForTextIn(page, '[data-testid=current-link]', 'http://stream.example.org/4');
    await clickText(page, 'Remove link', 'button');
    await waitForTextIn(page, '[data-testid=current-link]', 'Current link: none');
    expect((await session(4)).link).toBe('');
    await page.goto(`${env.baseUrl}/chair/AssignSessionLink/keynote/2`);
    await waitForText(page, 'Unknown kind of session "keynote".');
    await page.goto(`${env.baseUrl}/chair/AssignSessionLink/technical/99`);
    await waitForText(page, PROGRAMME_MESSAGES.sessionNotFound);
  });
});
