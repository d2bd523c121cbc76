/**
 * The published programme in the author app: /ConferenceProgram/ before and after the first publication
 * (programme table, days, events, sessions, papers, rooms, links, calendar downloads, a phone-wide screen),
 * and the session-chair front end (only the technical events holding their sessions, their papers on
 * /ViewSessionPaper, another paper answered like a missing one, the switch to the author menu and back).
 */
import type { DayDto, EventDto, ProgrammeView } from '@symposium/domain';
import type { Page } from 'puppeteer-core';
import { tracksTable } from '../../apps/api/src/modules/tracks/tracks.table.js';
import { checkAccessibility } from '../support/axe.js';
import { clickText, signIn, startBrowserEnv, waitForText, type BrowserEnv } from '../support/browser.js';
import {
  asChair,
  createRoom,
  createTechnicalSession,
  PASSWORD,
  seedChair,
  seedPaper,
  seedStatus,
  seedTrack,
  seedUser,
} from './programme.helpers.js';

const ABSTRACT = 'We colour the vertices of large sparse graphs with few colours and measure it in practice.';
const LINK = 'https://meet.example.org/technical-session-1';
const NOT_PUBLISHED = 'The conference programme has not been published yet.';
/** A programme table wider than a phone, and a script the server must drop. */
const PROGRAM_TABLE =
  '<table><tbody><tr>' +
  ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday']
    .map((d) => `<td>${d}&nbsp;programme&nbsp;overview&nbsp;column</td>`)
    .join('') +
  '</tr></tbody></table><p>Overview of the week</p><script>window.injected = true</script>';

/** The visible text of every element matching `selector`, in page order. */
const texts = (page: Page, selector: string) =>
  page.$$eval(selector, (els) => els.map((e) => (e as HTMLElement).innerText));

/** Signs the browser out (the next signIn starts afresh). */
async function signOut(env: BrowserEnv): Promise<void> {
  await env.page.evaluate(() => fetch('/api/auth/logout', { method: 'POST' }));
}

describe('the conference programme in the author app', () => {
  let env: BrowserEnv;
  const ids = {} as Record<
    | 'ana'
    | 'sam'
    | 'olga'
    | 'keynote'
    | 'morning'
    | 'posters'
    | 'evening'
    | 'tutorials'
    | 'dinner'
    | 'day1'
    | 'day2',
    number
  >;
  const papers = {} as Record<'greedy' | 'edge' | 'list' | 'poster' | 'planar' | 'minors', number>;
  const TITLES = {
    greedy: 'Greedy colouring of sparse graphs',
    edge: 'Edge colouring in linear time',
    list: 'List colouring of planar graphs',
    poster: 'A poster on bipartite matchings',
    planar: 'Planar separators revisited',
    minors: 'Graph minors for practitioners',
  } as const;

  /** An author with a full profile (country and phone). */
  const author = (firstName: string, lastName: string, email: string) =>
    seedUser(env, { firstName, lastName, email, country: 'Portugal', phone: '+351 000 000' });

  beforeAll(async () => {
    env = await startBrowserEnv();
    await seedChair(env, 'Chair');
    ids.ana = await author('Ana', 'Silva', 'ana@porto-uni.edu');
    ids.sam = await author('Sam', 'Sessions', 'sam@lisbon-uni.edu');
    ids.olga = await author('Olga', 'Other', 'olga@minho-uni.edu');
    const trackId = await seedTrack(env, 'Graph Theory', 1);
    const statusId = await seedStatus(env, 'Accepted', { position: 10 });
    let registration = 1000;
    for (const key of Object.keys(TITLES) as (keyof typeof TITLES)[])
      papers[key] = await seedPaper(env, {
        title: TITLES[key],
        abstractText: ABSTRACT,
        trackId,
        statusId,
        authors: [ids.ana, ids.olga],
        registration: { author: ids.ana, id: String(++registration), amount: 350, extra: '' },
      });

    const conference = await asChair<{ shortName: string; fullName: string }>(
      env,
      'GET',
      '/api/chair/conference/1',
    );
    await asChair(env, 'PUT', '/api/chair/conference/1', {
      shortName: conference.shortName,
      fullName: conference.fullName,
      dates: '3-4 May 2027',
      city: 'Lisbon',
      country: 'Portugal',
      timeZone: 'Europe/Lisbon',
      programTable: PROGRAM_TABLE,
    });
    const auditorium = await createRoom(env, 'Auditorium Agostinho da Silva', 300);
    const roomB = await createRoom(env, 'Room B2');
    const day1 = await asChair<DayDto>(env, 'POST', '/api/chair/days', {
      date: '5/3/2027',
      desk: 'Registration desk open from 08:00 in the lobby',
    });
    // The orange day: white on it would be 3:1, so its header text is dark (axe checks the contrast below).
    const day2 = await asChair<DayDto>(env, 'POST', '/api/chair/days', {
      date: '5/4/2027',
      color: '#ef6c00',
    });
    ids.day1 = day1._id;
    ids.day2 = day2._id;
    const event = async (dayId: number, type: string, start: string, end: string, description = '') =>
      (
        await asChair<EventDto>(env, 'POST', `/api/chair/days/${dayId}/events`, {
          type,
          start,
          end,
          description,
        })
      )._id;
    // created out of time order: the programme lists them by start time
    ids.posters = await event(day1._id, 'PosterSession', '13:30', '15:30', 'Posters and coffee');
    ids.morning = await event(day1._id, 'TechnicalSession', '10:30', '12:30', 'Morning technical sessions');
    ids.keynote = await event(day1._id, 'KeynoteSession', '08:00', '10:00', 'Opening keynote');
    ids.evening = await event(day1._id, 'TechnicalSession', '16:00', '18:00', 'Afternoon technical sessions');
    ids.tutorials = await event(day2._id, 'Tutorial', '10:30', '12:30', 'Morning tutorials');
    ids.dinner = await event(day2._id, 'Other', '19:00', '22:00', 'Conference dinner');

    await createTechnicalSession(env, {
      _id: 1,
      title: 'Colouring',
      responsables: [ids.sam],
      room: auditorium,
      papers: [papers.edge, papers.greedy],
      link: LINK,
    });
    await createTechnicalSession(env, {
      _id: 2,
      title: 'Lists and choices',
      responsables: [ids.olga],
      room: roomB,
      papers: [papers.list],
    });
    await createTechnicalSession(env, {
      _id: 3,
      title: 'Separators',
      responsables: [ids.olga],
      room: roomB,
      papers: [papers.planar],
    });
    await asChair(env, 'POST', '/api/chair/poster_sessions', {
      _id: 1,
      paper: papers.poster,
      room: roomB,
    });
    await asChair(env, 'POST', '/api/chair/tutorials', {
      _id: 1,
      paper: papers.minors,
      room: auditorium,
      presenter: ids.olga,
    });
    const link = async (dayId: number, eventId: number, sessions: number[]) => {
      const r = await asChair<{ saved: number[] }>(
        env,
        'PUT',
        `/api/chair/days/${dayId}/events/${eventId}/sessions`,
        { sessions },
      );
      expect(r.saved).toEqual(sessions);
    };
    await link(day1._id, ids.morning, [1, 2]);
    await link(day1._id, ids.evening, [3]);
    await link(day1._id, ids.posters, [1]);
    await link(day2._id, ids.tutorials, [1]);
  });
  afterAll(async () => {
    await env?.close();
  });

  it('tells an author the programme has not been published yet, though a draft exists', async () => {
    const { page } = env;
    await signIn(env, 'author', 'ana@porto-uni.edu', PASSWORD);
    await clickText(page, 'Conference programme', 'nav a');
    await page.waitForFunction(() => location.pathname === '/ConferenceProgram/');
    await page.waitForSelector('[data-testid=programme-not-published]');
    await checkAccessibility(page, 'programme not published');
    expect(await page.$eval('[data-testid=programme-not-published]', (e) => e.textContent)).toBe(
      NOT_PUBLISHED,
    );
    expect(await page.$('[data-testid=programme-day]')).toBeNull();
    expect(await page.evaluate(() => document.body.innerText)).not.toContain('Colouring');
  });

  describe('once the chair publishes it', () => {
    let published: ProgrammeView;

    beforeAll(async () => {
      await asChair(env, 'POST', '/api/chair/programme/publish');
      published = await asChair<ProgrammeView>(env, 'GET', '/api/author/programme');
    });

    it('shows the programme table, then the days with their events, sessions and papers in order', async () => {
      const { page } = env;
      expect(published.version).toBe(1);
      expect(published.timeZone).toBe('Europe/Lisbon');
      await page.goto(`${env.baseUrl}/ConferenceProgram/`);
      await page.waitForSelector('[data-testid=programme-day]');
      await checkAccessibility(page, 'published programme');

      // the programme table: the chair's HTML without the script
      const table = await page.$eval('[data-testid=program-table]', (e) => ({
        cells: e.querySelectorAll('td').length,
        text: (e as HTMLElement).innerText,
        scripts: e.querySelectorAll('script').length,
      }));
      expect(table.cells).toBe(7);
      expect(table.text).toContain('Overview of the week');
      expect(table.scripts).toBe(0);
      expect(await page.evaluate(() => (window as { injected?: boolean }).injected)).toBeUndefined();
      // the table comes before the days
      expect(
        await page.evaluate(
          () =>
            document
              .querySelector('[data-testid=program-table]')!
              .compareDocumentPosition(document.querySelector('[data-testid=programme-day]')!) &
            Node.DOCUMENT_POSITION_FOLLOWING,
        ),
      ).toBeTruthy();

      // the days in date order, with their date, colour and desk text
      const days = await page.$$eval('[data-testid=programme-day]', (els) =>
        els.map((d) => ({
          id: Number(d.getAttribute('data-day')),
          title: d.querySelector('h2')!.textContent,
          color: getComputedStyle(d.querySelector('[data-testid=programme-day-header]')!).backgroundColor,
          desk: d.querySelector('[data-testid=programme-day-desk]')?.textContent ?? null,
        })),
      );
      expect(days.map((d) => d.id)).toEqual([ids.day1, ids.day2]);
      expect(days[0]!.title).toBe('Monday, 3 May 2027');
      expect(days[1]!.title).toBe('Tuesday, 4 May 2027');
      expect(days[0]!.desk).toBe('Registration desk open from 08:00 in the lobby');
      expect(days[1]!.desk).toBe('Registration desk open');
      const hex = (rgb: string) =>
        '#' +
        rgb
          .match(/\d+/g)!
          .slice(0, 3)
          .map((n) => Number(n).toString(16).padStart(2, '0'))
          .join('');
      expect(days.map((d) => hex(d.color))).toEqual(published.days.map((d) => d.color.toLowerCase()));
      expect(days[0]!.color).not.toBe(days[1]!.color);

      // the events of the first day by start time: type, start–end with the time zone, description
      const events = await page.$$eval(`[data-day="${ids.day1}"] [data-testid=programme-event]`, (els) =>
        els.map((e) => ({
          id: Number(e.getAttribute('data-event')),
          type: e.querySelector('[data-testid=programme-event-type]')!.textContent,
          time: e.querySelector('[data-testid=programme-event-time]')!.textContent,
          text: (e as HTMLElement).innerText,
        })),
      );
      expect(events.map((e) => [e.id, e.type, e.time])).toEqual([
        [ids.keynote, 'Keynote Session', '08:00–10:00 (Europe/Lisbon)'],
        [ids.morning, 'Technical Session', '10:30–12:30 (Europe/Lisbon)'],
        [ids.posters, 'Poster Session', '13:30–15:30 (Europe/Lisbon)'],
        [ids.evening, 'Technical Session', '16:00–18:00 (Europe/Lisbon)'],
      ]);
      expect(events[0]!.text).toContain('Opening keynote');
      expect(events[1]!.text).toContain('Morning technical sessions');
      const [tutorials, dinner] = await texts(page, `[data-day="${ids.day2}"] [data-testid=programme-event]`);
      expect(tutorials).toContain('10:30–12:30 (Europe/Lisbon)');
      expect(tutorials).toMatch(/tutorial 1/i);
      expect(tutorials).toContain(TITLES.minors);
      expect(tutorials).toContain('Room: Auditorium Agostinho da Silva');
      expect(tutorials).toContain('Presenter: Olga Other');
      expect(dinner).toContain('19:00–22:00 (Europe/Lisbon)');
      expect(dinner).toContain('Conference dinner');

      // the morning event's sessions: number, title, room, chair, link; papers in the chair's order
      const sessions = await page.$$eval(
        `[data-event="${ids.morning}"] [data-testid=programme-session]`,
        (els) =>
          els.map((s) => ({
            id: s.getAttribute('data-session'),
            text: (s as HTMLElement).innerText,
            papers: [...s.querySelectorAll('[data-testid=programme-paper]')].map((p) => ({
              id: Number(p.getAttribute('data-paper')),
              text: (p as HTMLElement).innerText,
            })),
            links: [...s.querySelectorAll('a')].map((a) => ({
              href: a.getAttribute('href'),
              rel: a.getAttribute('rel'),
              target: a.getAttribute('target'),
            })),
          })),
      );
      expect(sessions.map((s) => s.id)).toEqual(['technical-1', 'technical-2']);
      const [colouring, lists] = sessions;
      expect(colouring!.text).toMatch(/technical session 1/i);
      expect(colouring!.text).toContain('Colouring');
      expect(colouring!.text).toContain('Room: Auditorium Agostinho da Silva');
      expect(colouring!.text).toContain('Session chair: Sam Sessions');
      expect(colouring!.links).toEqual([{ href: LINK, rel: 'noopener noreferrer', target: '_blank' }]);
      expect(colouring!.papers.map((p) => p.id)).toEqual([papers.edge, papers.greedy]);
      expect(colouring!.papers[0]!.text).toContain(TITLES.edge);
      // Names with organizations (the conference shows them by default), never e-mail addresses.
      expect(colouring!.papers[0]!.text).toContain(
        'Ana Silva (University of Porto), Olga Other (University of Porto)',
      );
      expect(colouring!.papers[0]!.text).not.toContain('@');
      expect(lists!.text).toContain('Lists and choices');
      expect(lists!.text).toContain('Room: Room B2');
      expect(lists!.text).toContain('Session chair: Olga Other');
      expect(lists!.links).toEqual([]);
      expect(lists!.papers.map((p) => p.id)).toEqual([papers.list]);

      const poster = await page.$eval(
        `[data-event="${ids.posters}"] [data-testid=programme-session]`,
        (s) => (s as HTMLElement).innerText,
      );
      expect(poster).toMatch(/poster session 1/i);
      expect(poster.split(TITLES.poster)).toHaveLength(2); // the paper, not repeated as a session title
      expect(poster).toContain('Room: Room B2');
    });

    it('offers the whole programme and my programme as calendar downloads', async () => {
      const { page } = env;
      await page.goto(`${env.baseUrl}/ConferenceProgram/`);
      await page.waitForSelector('[data-testid=programme-day]');
      const links = await page.$$eval('main a[download]', (as) =>
        as.map((a) => ({ text: a.textContent, href: a.getAttribute('href') })),
      );
      expect(links).toEqual([
        {
          text: 'Add the whole programme to my calendar',
          href: '/api/author/programme/calendar.ics?scope=all',
        },
        { text: 'My programme', href: '/api/author/programme/calendar.ics?scope=mine' },
      ]);
      // both answer with a calendar for the signed-in author (the session cookie)
      for (const { href } of links) {
        const res = await page.evaluate(async (url: string) => {
          const r = await fetch(url);
          return { status: r.status, type: r.headers.get('content-type'), body: await r.text() };
        }, href!);
        expect(res.status).toBe(200);
        expect(res.type).toContain('text/calendar');
        expect(res.body).toContain('BEGIN:VCALENDAR');
      }
    });

    it('fits a 375 px wide phone screen without scrolling sideways', async () => {
      const { page } = env;
      await page.setViewport({ width: 375, height: 800 });
      try {
        await page.goto(`${env.baseUrl}/ConferenceProgram/`);
        await page.waitForSelector('[data-testid=programme-session]');
        const overflow = await page.evaluate(() => ({
          scrollWidth: document.scrollingElement!.scrollWidth,
          clientWidth: document.scrollingElement!.clientWidth,
        }));
        expect(overflow.scrollWidth).toBeLessThanOrEqual(overflow.clientWidth);
        // the wide programme table scrolls inside its own box
        const table = await page.$eval('[data-testid=program-table]', (e) => ({
          scrollWidth: e.scrollWidth,
          clientWidth: e.clientWidth,
        }));
        expect(table.scrollWidth).toBeGreaterThan(table.clientWidth);
      } finally {
        await page.setViewport({ width: 1400, height: 1000 });
      }
    });

    it("shows a session chair only the technical events holding their sessions, with their sessions' papers", async () => {
      const { page } = env;
      await signOut(env);
      await signIn(env, 'author', 'sam@lisbon-uni.edu', PASSWORD);
      await page.waitForFunction(() => document.querySelector('h1')?.textContent === 'My sessions');
      await page.waitForSelector('[data-testid=programme-event]');
      await checkAccessibility(page, "session chair's programme");
      const events = await page.$$eval('[data-testid=programme-event]', (els) =>
        els.map((e) => ({
          id: Number(e.getAttribute('data-event')),
          type: e.querySelector('[data-testid=programme-event-type]')!.textContent,
          time: e.querySelector('[data-testid=programme-event-time]')!.textContent,
          sessions: [...e.querySelectorAll('[data-testid=programme-session]')].map((s) =>
            s.getAttribute('data-session'),
          ),
        })),
      );
      expect(events).toEqual([
        {
          id: ids.morning,
          type: 'Technical Session',
          time: '10:30–12:30 (Europe/Lisbon)',
          sessions: ['technical-1'],
        },
      ]);
      const paperLinks = await page.$$eval('[data-testid=programme-paper] a', (as) =>
        as.map((a) => ({ text: a.textContent, href: a.getAttribute('href') })),
      );
      expect(paperLinks).toEqual([
        { text: TITLES.edge, href: `/ViewSessionPaper/${papers.edge}` },
        { text: TITLES.greedy, href: `/ViewSessionPaper/${papers.greedy}` },
      ]);
      const text = await page.evaluate(() => document.body.innerText);
      for (const absent of [
        'Lists and choices',
        'Separators',
        TITLES.list,
        TITLES.poster,
        'Poster Session',
        'Opening keynote',
        'Conference dinner',
        TITLES.minors,
      ])
        expect(text).not.toContain(absent);
      expect(await page.$eval('[data-testid=program-table]', (e) => e.querySelectorAll('td').length)).toBe(7);
      // readable on a phone too
      await page.setViewport({ width: 375, height: 800 });
      try {
        await page.reload();
        await page.waitForSelector('[data-testid=programme-paper] a');
        expect(
          await page.evaluate(
            () => document.scrollingElement!.scrollWidth <= document.scrollingElement!.clientWidth,
          ),
        ).toBe(true);
      } finally {
        await page.setViewport({ width: 1400, height: 1000 });
      }
      // every route other than /ViewSessionPaper shows the same view
      await page.goto(`${env.baseUrl}/ChooseTrack`);
      await waitForText(page, 'My sessions');
      await page.waitForSelector(`[data-event="${ids.morning}"]`);
    });

    it("opens the papers of the session chair's sessions and answers another paper like a missing one", async () => {
      const { page } = env;
      await page.goto(`${env.baseUrl}/`);
      await clickText(page, TITLES.greedy, '[data-testid=programme-paper] a');
      await page.waitForFunction(
        (p: string) => location.pathname === p,
        {},
        `/ViewSessionPaper/${papers.greedy}`,
      );
      await page.waitForSelector('h1');
      await waitForText(page, `Paper ${papers.greedy}`);
      expect(await page.$eval('h1', (e) => e.textContent)).toBe(TITLES.greedy);
      expect(await page.$eval('[data-testid=paper-authors]', (e) => (e as HTMLElement).innerText)).toContain(
        'Ana Silva',
      );

      const answer = async (paperId: number) => {
        await page.goto(`${env.baseUrl}/ViewSessionPaper/${paperId}`);
        await page.waitForSelector('[data-testid=load-error]');
        return page.$eval('[data-testid=load-error]', (e) => e.textContent);
      };
      const missing = await answer(99999);
      expect(missing).toBeTruthy();
      expect(await answer(papers.list)).toBe(missing);
      expect(await answer(papers.planar)).toBe(missing);
      expect(await page.evaluate(() => document.body.innerText)).not.toContain(TITLES.planar);
    });

    it('gives a session chair without papers the whole programme, and the author menu only to submit one', async () => {
      const { page } = env;
      await page.goto(`${env.baseUrl}/`);
      await page.waitForSelector('[data-testid=programme-event]');
      // the whole programme from the session chair's own menu (issue 21 item 20)
      await clickText(page, 'Conference programme', 'nav a');
      await page.waitForSelector(`[data-day="${ids.day2}"]`);
      expect(await texts(page, '[data-testid=programme-event]')).toHaveLength(6);
      // no papers of his own, a track open for submission: the switch offers just that
      await clickText(page, 'Submit a paper', 'header button');
      await waitForText(page, 'Welcome, Sam');
      // the choice is kept on reload
      await page.reload();
      await waitForText(page, 'Welcome, Sam');
      await clickText(page, 'Session chair view', 'header button');
      await page.waitForFunction(() => location.pathname === '/');
      // the screen's heading, not the menu item of the same name (the screen's code may still be loading)
      await page.waitForFunction(() => document.querySelector('h1')?.textContent === 'My sessions');
      await waitForText(page, 'My sessions');
      await page.waitForSelector(`[data-event="${ids.morning}"]`);
      expect(await texts(page, '[data-testid=programme-event]')).toHaveLength(1);

      // no open track: the author menu has nothing of his, so no switch (it used to say 'Author menu')
      await env.db.update(tracksTable).set({ canSubmitPaper: false });
      try {
        // the switch is decided by his papers and the tracks: both answers are in before the header is read
        const answered = (path: string) =>
          page.waitForResponse((r) => new URL(r.url()).pathname === path && r.request().method() === 'GET');
        const both = Promise.all([answered('/api/author/papers'), answered('/api/author/tracks')]);
        await page.reload();
        await both;
        await page.waitForSelector(`[data-event="${ids.morning}"]`);
        const header = await page.$$eval('header button', (bs) => bs.map((b) => b.textContent ?? ''));
        expect(header).not.toContain('Submit a paper');
        expect(header).not.toContain('Author menu');
      } finally {
        await env.db.update(tracksTable).set({ canSubmitPaper: true });
      }
    });
  });
});
