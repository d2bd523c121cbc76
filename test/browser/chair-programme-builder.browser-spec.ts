/**
 * The session builder in the chair console (/BuildTechnicalSessions): set up (track, papers per session,
 * technical-session events, rooms), the streamed proposal with its figures, editing the proposed sessions
 * (session chairs, moving and leaving out papers), applying them in one transaction, a refusal naming the
 * session (nothing created, edits kept), the API's refusal of a track with nothing left, and Cancel.
 */
import { eq } from 'drizzle-orm';
import {
  PROGRAMME_MESSAGES as M,
  type DayDto,
  type EventDto,
  type TechnicalSessionDto,
} from '@symposium/domain';
import type { HTTPRequest, Page } from 'puppeteer-core';
import { papersTable } from '../../apps/api/src/modules/papers/papers.table.js';
import { subjectAreasTable } from '../../apps/api/src/modules/tracks/tracks.table.js';
import { clickSelector, clickText, selectOption, waitForText } from '../support/browser.js';
import { useBrowserEnv } from '../support/browser-setup.js';
import {
  asChair,
  checkDialog,
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
} from './programme.helpers.js';

const textOf = (page: Page, selector: string) => page.$eval(selector, (el) => (el as HTMLElement).innerText);

/** The paper ids of a proposed session's card, in order. */
const cardPapers = (page: Page, key: number) =>
  page.$$eval(`[data-testid^="builder-${key}-paper-"]`, (els) =>
    els.map((el) => Number(el.getAttribute('data-testid')!.split('-').pop())),
  );

/** Moves a paper to the proposed session with key `to`, through the Move dialog. */
async function movePaper(page: Page, paper: number, to: string, check = false): Promise<void> {
  await clickSelector(page, `[aria-label="Move to another session: paper ${paper}"]`);
  if (check) await checkDialog(page, 'BuildTechnicalSessions, move paper');
  await selectOption(page, '#builder-move-target', to);
  await clickText(page, 'Move paper', 'button');
  await page.waitForFunction(() => !document.querySelector('[role=dialog]'));
}

/**
 * Confirms the apply dialog and waits until it has closed: its backdrop covers the page while it fades out,
 * and a click meanwhile lands on the backdrop.
 */
async function confirmApply(page: Page, check = false): Promise<void> {
  if (check) await checkDialog(page, 'BuildTechnicalSessions, apply');
  await clickSelector(page, '[data-testid=confirm-button]');
  await page.waitForFunction(() => !document.querySelector('[role=dialog]'));
}

describe('chair programme: the session builder', () => {
  const u = { chair: 0, sam: 0, ana: 0, ben: 0, cleo: 0 };
  let systems = 0;
  let theory = 0;
  const lemmas: number[] = [];
  let otherPaper = 0;
  const events: number[] = [];
  let posterEvent = 0;
  const rooms: number[] = [];

  const technicalSessions = () => asChair<TechnicalSessionDto[]>(env, 'GET', '/api/chair/technical_sessions');

  /** Fills the set-up step: the Systems track, 2 papers per session, both technical events, both rooms. */
  async function setUp(page: Page): Promise<void> {
    await page.goto(`${env.baseUrl}/chair/BuildTechnicalSessions`);
    await page.waitForSelector('[data-testid=event-list]');
    await selectOption(page, '#builder-track', String(systems));
    await typeInto(page, '#builder-papers-per-session', '2');
    for (const e of events) await clickSelector(page, `[data-testid=event-${e}] input`);
    for (const r of rooms) await clickSelector(page, `[data-testid=room-${r}] input`);
  }

  const env = useBrowserEnv(async () => {
    u.chair = await seedChair(env, 'Chair');
    u.sam = await seedUser(env, { firstName: 'Sam', lastName: 'Sessions', email: 'sam@builder.example.org' });
    u.ana = await seedUser(env, { firstName: 'Ana', lastName: 'Author', email: 'ana@builder.example.org' });
    u.ben = await seedUser(env, { firstName: 'Ben', lastName: 'Author', email: 'ben@builder.example.org' });
    u.cleo = await seedUser(env, {
      firstName: 'Cleo',
      lastName: 'Author',
      email: 'cleo@builder.example.org',
    });
    systems = await seedTrack(env, 'Systems');
    const other = await seedTrack(env, 'Other', 1);
    const areas = await env.db
      .insert(subjectAreasTable)
      .values(
        ['Graphs', 'Databases', 'Networks'].map((name, position) => ({ trackId: systems, name, position })),
      )
      .returning();
    const accepted = await seedStatus(env, 'Accepted');
    // Ana writes graph and database papers, Ben database and network ones: the database session cannot
    // run alongside either of the others, which can run together.
    const seed: [string, number, [number, ...number[]]][] = [
      ['Graph colouring heuristics', 0, [u.ana]],
      ['Sparse graph separators', 0, [u.ana, u.cleo]],
      ['Query optimisation with joins', 1, [u.ana, u.ben]],
      ['Index structures for databases', 1, [u.ben]],
      ['Congestion control in data centres', 2, [u.ben]],
      ['Routing in mesh networks', 2, [u.ben]],
    ];
    for (const [title, area, authors] of seed) {
      const id = await seedPaper(env, {
        title,
        abstractText: `${title}: an abstract long enough to describe the work in some detail.`,
        trackId: systems,
        statusId: accepted,
        authors,
      });
      await env.db
        .update(papersTable)
        .set({ primarySubjectAreaId: areas[area]!.id })
        .where(eq(papersTable.id, id));
    }
    // Five papers without a subject area, for the minimum session size.
    theory = await seedTrack(env, 'Theory', 2);
    for (const [i, author] of [u.ana, u.ben, u.cleo, u.sam, u.ben].entries())
      lemmas.push(
        await seedPaper(env, {
          title: `Lemma ${i + 1} on graph minors`,
          trackId: theory,
          statusId: accepted,
          authors: [author],
        }),
      );
    otherPaper = await seedPaper(env, {
      title: 'A paper of another track',
      trackId: other,
      statusId: accepted,
      authors: [u.cleo],
    });
    for (const name of ['Room 1', 'Room 2']) rooms.push(await createRoom(env, name));
    const day = await asChair<DayDto>(env, 'POST', '/api/chair/days', { date: '6/1/2027' });
    for (const [start, end] of [
      ['10:30', '12:30'],
      ['13:30', '15:30'],
    ])
      events.push(
        (
          await asChair<EventDto>(env, 'POST', `/api/chair/days/${day._id}/events`, {
            type: 'TechnicalSession',
            start,
            end,
          })
        )._id,
      );
    posterEvent = (
      await asChair<EventDto>(env, 'POST', `/api/chair/days/${day._id}/events`, {
        type: 'PosterSession',
        start: '16:00',
        end: '18:00',
      })
    )._id;
    await signInChair(env);
  });

  it('proposes sessions, edits them and applies them; a refused session creates nothing and keeps the edits', async () => {
    const page = env.page;
    // Reached from the hand-built screen.
    await page.goto(`${env.baseUrl}/chair/AssignTechnicalSessions`);
    await clickText(page, 'Session builder', 'a');
    await page.waitForSelector('[data-testid=event-list]');
    expect(page.url()).toBe(`${env.baseUrl}/chair/BuildTechnicalSessions`);

    // Set up: only technical-session events are offered, labelled with date and time; the API's messages.
    const eventList = await textOf(page, '[data-testid=event-list]');
    expect(eventList).toContain('6/1/2027 10:30–12:30');
    expect(eventList).toContain('6/1/2027 13:30–15:30');
    expect(await page.$(`[data-testid=event-${posterEvent}]`)).toBeNull();
    await clickText(page, 'Propose sessions', 'button');
    await waitForText(page, M.builderTrack);
    await waitForText(page, M.builderEvents);
    await waitForText(page, M.room);
    await typeInto(page, '#builder-papers-per-session', '51');
    expect(await page.$eval('#builder-time-limit', (el) => (el as HTMLInputElement).value)).toBe('30');
    await typeInto(page, '#builder-time-limit', '0');
    await clickText(page, 'Propose sessions', 'button');
    await waitForText(page, M.builderPapersPerSession);
    await waitForText(page, M.builderTimeLimit);
    await typeInto(page, '#builder-time-limit', '45');

    await setUp(page);
    // A minimum of one paper per session: single papers move between sessions (with the default of two, a
    // move that would leave one paper merges the sessions: the last test).
    await typeInto(page, '#builder-min-papers', '1');
    await waitForText(page, '6 accepted papers in no session yet');
    await clickText(page, 'Propose sessions', 'button');

    // Proposal: the figures, and one card per session numbered from the first free number.
    await page.waitForSelector('[data-testid=builder-figures]');
    expect(await textOf(page, '[data-testid=figure-sessions]')).toContain('3');
    expect(await textOf(page, '[data-testid=figure-papers]')).toContain('6');
    expect(await textOf(page, '[data-testid=figure-unplaced]')).toContain('0');
    expect(await textOf(page, '[data-testid=figure-clashes]')).toContain('0');
    expect(await textOf(page, '[data-testid=figure-placement]')).toContain('optimal');
    expect(await textOf(page, '[data-testid=figure-grouping]')).toMatch(/× the lower bound|optimal/);
    for (const k of [1, 2, 3]) {
      await page.waitForSelector(`[data-testid=builder-session-${k}]`);
      expect(await page.$eval(`#builder-number-${k}`, (el) => (el as HTMLInputElement).value)).toBe(
        String(k),
      );
      expect(
        Number(await page.$eval(`#builder-event-${k}`, (el) => (el as HTMLSelectElement).value)),
      ).toBeGreaterThan(0);
    }
    expect(await page.$('[data-testid=builder-session-4]')).toBeNull();
    const titles = await page.$$eval('input[id^=builder-title-]', (els) =>
      els.map((el) => (el as HTMLInputElement).value),
    );
    // Named after their papers' subject area, not a list of keywords (issue 21 item 19).
    expect([...titles].sort()).toEqual(['Databases', 'Graphs', 'Networks']);
    const first = await cardPapers(page, 1);
    expect(first).toHaveLength(2);
    // Paper titles come from the track's papers.
    await waitForTextIn(page, '[data-testid=builder-papers-1]', `${first[0]}: `);
    await checkState(page, 'BuildTechnicalSessions, proposal');

    // A paper moved to another session and back, then left out and added again.
    const moved = first[0]!;
    await movePaper(page, moved, '2', true);
    await page.waitForSelector(`[data-testid=builder-2-paper-${moved}]`);
    expect(await cardPapers(page, 1)).toEqual([first[1]]);
    await movePaper(page, moved, '1');
    await page.waitForSelector(`[data-testid=builder-1-paper-${moved}]`);
    await clickSelector(page, `[aria-label="Remove paper ${moved} from proposed session 1"]`);
    await waitForTextIn(page, '[data-testid=builder-unassigned]', `${moved}: `);
    await checkState(page, 'BuildTechnicalSessions, a paper left out');
    await selectOption(page, '#builder-add-paper-1', String(moved));
    await page.waitForSelector(`[data-testid=builder-1-paper-${moved}]`);
    await page.waitForFunction(() => !document.querySelector('[data-testid=builder-unassigned]'));

    // Each session comes with a session chair: an author of its papers (issue 21 item 19).
    const proposedChairs: string[] = [];
    for (const k of [1, 2, 3]) {
      const chosen = await textOf(page, `[data-testid=chairs-${k}-chosen]`);
      expect(chosen).toMatch(/^(Ana|Ben|Cleo) Author/);
      proposedChairs.push(chosen.split(' (')[0]!);
    }
    // Session chairs are required (the API's message): without one, then chosen by people search.
    await clickSelector(page, '[data-testid=chairs-1-chosen] .MuiChip-deleteIcon');
    await waitForTextIn(page, '[data-testid=builder-no-chair-1]', 'No session chair proposed');
    await clickText(page, 'Apply: create 3 sessions', 'button');
    await waitForTextIn(page, '[data-testid=builder-session-1]', M.responsables);
    await waitForText(page, 'Please correct the sessions highlighted in red');
    await checkState(page, 'BuildTechnicalSessions, sessions in error');
    await typeInto(page, '#chairs-1-search', 'Sam');
    await clickSelector(page, '[data-testid=builder-session-1] [aria-label="Add Sam Sessions"]');
    await waitForTextIn(page, '[data-testid=chairs-1-chosen]', 'Sam Sessions');
    const slots = await Promise.all(
      [1, 2, 3].map(async (k) => ({
        event: Number(await page.$eval(`#builder-event-${k}`, (el) => (el as HTMLSelectElement).value)),
        room: Number(await page.$eval(`#builder-room-${k}`, (el) => (el as HTMLSelectElement).value)),
        papers: await cardPapers(page, k),
      })),
    );

    // Meanwhile another chair takes number 3: the whole apply is refused, naming the session.
    await createTechnicalSession(env, {
      _id: 3,
      title: 'Elsewhere',
      responsables: [u.chair],
      room: rooms[0]!,
      papers: [otherPaper],
    });
    await clickText(page, 'Apply: create 3 sessions', 'button');
    await page.waitForSelector('[data-testid=builder-confirm-list]');
    const summary = await textOf(page, '[data-testid=builder-confirm-list]');
    expect(summary).toContain('Technical session 1: ');
    expect(summary).toContain('6/1/2027');
    expect(summary).toContain('Session chairs: Sam Sessions');
    expect(summary).toContain(`Session chairs: ${proposedChairs[1]}`);
    await confirmApply(page, true);
    const refused = `Technical session 3: ${M.sessionNumberTaken}`;
    await waitForTextIn(page, '[data-testid=builder-apply-error]', refused);
    await waitForTextIn(page, '[data-testid=builder-refusal-3]', refused);
    await checkState(page, 'BuildTechnicalSessions, apply refused');
    expect((await technicalSessions()).map((s) => s._id)).toEqual([3]);
    // The edits are kept.
    expect(await textOf(page, '[data-testid=chairs-1-chosen]')).toContain('Sam Sessions');
    expect(await cardPapers(page, 1)).toEqual(slots[0]!.papers);

    // Renumbered, the proposal is applied: the answer's message, and a link to the technical sessions.
    await typeInto(page, '#builder-number-3', '4');
    await clickText(page, 'Apply: create 3 sessions', 'button');
    await confirmApply(page);
    await waitForTextIn(page, '[data-testid=builder-applied]', M.builderApplied(3));
    await waitForTextIn(page, '[data-testid=toast]', M.builderApplied(3));
    await checkState(page, 'BuildTechnicalSessions, applied');
    await clickText(page, 'View technical sessions', 'a');
    for (const [i, n] of [1, 2, 4].entries()) {
      await page.waitForSelector(`[data-testid=session-${n}]`);
      expect(await textOf(page, `[data-testid=session-${n}]`)).toContain(titles[i]!);
    }
    expect(page.url()).toBe(`${env.baseUrl}/chair/ViewTechnicalSessions`);

    const created = await Promise.all(
      [1, 2, 4].map((n) => asChair<TechnicalSessionDto>(env, 'GET', `/api/chair/technical_sessions/${n}`)),
    );
    const byName = new Map(
      Object.entries({ 'Ana Author': u.ana, 'Ben Author': u.ben, 'Cleo Author': u.cleo }),
    );
    created.forEach((s, i) => {
      expect(s.title).toBe(titles[i]);
      expect(s.responsables.map((p) => p._id)).toEqual([i === 0 ? u.sam : byName.get(proposedChairs[i]!)]);
      expect(s.papers.map((p) => p._id)).toEqual(slots[i]!.papers);
      expect(s.room?._id).toBe(slots[i]!.room);
      expect(s.event).toEqual({ has: true, reference: slots[i]!.event });
    });
  });

  it("shows the API's refusal of a track with nothing left, and cancels a running build", async () => {
    const page = env.page;
    await setUp(page);
    await waitForText(page, M.builderNoPapers);
    await clickText(page, 'Propose sessions', 'button');
    await waitForTextIn(page, '[data-testid=builder-failed]', M.builderNoPapers);
    await checkState(page, 'BuildTechnicalSessions, refused by the API');

    // A build that has not answered yet: its progress shows, and Cancel closes the request.
    let held: HTTPRequest | null = null;
    await page.setRequestInterception(true);
    const hold = (req: HTTPRequest) => {
      if (req.url().endsWith('/api/chair/programme/builder/proposal')) held = req;
      else void req.continue();
    };
    page.on('request', hold);
    try {
      await clickText(page, 'Propose sessions', 'button');
      await waitForTextIn(page, '[data-testid=builder-progress]', 'Starting the session builder');
      await checkState(page, 'BuildTechnicalSessions, build in progress');
      await clickText(page, 'Cancel', 'button');
      await page.waitForSelector('[data-testid=builder-cancelled]');
      expect(await page.$('[data-testid=builder-progress]')).toBeNull();
      expect(held).not.toBeNull();
    } finally {
      page.off('request', hold);
      await (held as HTTPRequest | null)?.abort().catch(() => undefined);
      await page.setRequestInterception(false);
    }
    expect(await page.$('[data-testid=builder-figures]')).toBeNull();
  });

  it('keeps every proposed session at the minimum size, and Move to… merges a session that would fall under it (issue 21 item 19)', async () => {
    const page = env.page;
    await page.goto(`${env.baseUrl}/chair/BuildTechnicalSessions`);
    await page.waitForSelector('[data-testid=event-list]');
    expect(await page.$eval('#builder-min-papers', (el) => (el as HTMLInputElement).value)).toBe('2');
    await selectOption(page, '#builder-track', String(theory));
    await typeInto(page, '#builder-papers-per-session', '2');
    for (const e of events) await clickSelector(page, `[data-testid=event-${e}] input`);
    for (const r of rooms) await clickSelector(page, `[data-testid=room-${r}] input`);
    // A minimum above the size is refused before anything is sent.
    await typeInto(page, '#builder-min-papers', '3');
    await clickText(page, 'Propose sessions', 'button');
    await waitForText(page, M.builderMinPapers);
    await typeInto(page, '#builder-min-papers', '2');
    await waitForText(page, '5 accepted papers in no session yet');
    await clickText(page, 'Propose sessions', 'button');

    // Five papers, two per session: 2 + 3, never a one-paper session; named after the track.
    await page.waitForSelector('[data-testid=builder-session-2]');
    expect(await page.$('[data-testid=builder-session-3]')).toBeNull();
    const sizes = [(await cardPapers(page, 1)).length, (await cardPapers(page, 2)).length];
    expect([...sizes].sort()).toEqual([2, 3]);
    const titles = await page.$$eval('input[id^=builder-title-]', (els) =>
      els.map((el) => (el as HTMLInputElement).value),
    );
    expect([...titles].sort()).toEqual(['Theory 1', 'Theory 2']);

    // Moving a paper out of the two-paper session would leave one: the dialog says the sessions merge.
    const small = sizes[0] === 2 ? 1 : 2;
    const big = small === 1 ? 2 : 1;
    const smallPapers = await cardPapers(page, small);
    const bigPapers = await cardPapers(page, big);
    await clickSelector(page, `[aria-label="Move to another session: paper ${smallPapers[0]}"]`);
    await selectOption(page, '#builder-move-target', String(big));
    await waitForTextIn(
      page,
      '[data-testid=builder-move-merge]',
      `Proposed session ${small} would keep 1 paper, fewer than the minimum of 2: all its papers (${smallPapers.join(', ')}) move to the chosen session, and Proposed session ${small} is removed from the proposal.`,
    );
    await checkDialog(page, 'BuildTechnicalSessions, move that merges');
    await clickText(page, 'Merge sessions', 'button');
    await page.waitForFunction(() => !document.querySelector('[role=dialog]'));
    await page.waitForFunction(
      (k: number) => !document.querySelector(`[data-testid=builder-session-${k}]`),
      {},
      small,
    );
    expect(await cardPapers(page, big)).toEqual([...bigPapers, ...smallPapers]);

    // The merged session is applied with its five papers (its proposed chair, or one chosen).
    if ((await textOf(page, `[data-testid=chairs-${big}-chosen]`)).includes('None chosen')) {
      await typeInto(page, `#chairs-${big}-search`, 'Sam');
      await clickSelector(page, `[data-testid=builder-session-${big}] [aria-label="Add Sam Sessions"]`);
    }
    const number = Number(await page.$eval(`#builder-number-${big}`, (el) => (el as HTMLInputElement).value));
    await clickText(page, 'Apply: create 1 session', 'button');
    await confirmApply(page);
    await waitForTextIn(page, '[data-testid=builder-applied]', M.builderApplied(1));
    const created = await asChair<TechnicalSessionDto>(env, 'GET', `/api/chair/technical_sessions/${number}`);
    expect(created.papers.map((p) => p._id).sort((a, b) => a - b)).toEqual(lemmas);
  });
});
