/**
 * The chair console's days: the /AssignConferenceDays wizard end to end (days with the date rule and the
 * default desk and colour, events with preset and custom slots, sessions per event with the full and the
 * partial result, the summary with its clashes), then /ViewDays/ (edit and delete, clashes, publish).
 */
import {
  CONFERENCE_MESSAGES,
  DEFAULT_DESK_TEXT,
  eventSessionsPartial,
  PROGRAMME_MESSAGES,
  type ConferenceDto,
  type DayDto,
  type EventDto,
  type ProgrammeStatusDto,
  type ProgrammeView,
} from '@symposium/domain';
import type { Page } from 'puppeteer-core';
import { clickSelector, clickText, fillByLabel, selectOption, waitForText } from '../support/browser.js';
import { useBrowserEnv } from '../support/browser-setup.js';
import {
  asChair,
  createRoom,
  createTechnicalSession,
  seedChair,
  seedPaper,
  seedStatus,
  seedTrack,
  seedUser,
  signInChair,
  checkDialog,
  checkState,
  typeInto,
  waitForTextIn,
} from './programme.helpers.js';

const TITLES = ['Graph colouring', 'Shortest paths', 'Planar separators'] as const;

/** The visible text of the element matching `selector`. */
const textOf = (page: Page, selector: string) => page.$eval(selector, (el) => (el as HTMLElement).innerText);

/** Waits until no dialog is open (a closing dialog's backdrop would take the next click). */
const noDialog = (page: Page) => page.waitForFunction(() => !document.querySelector('[role=dialog]'));

describe('chair programme: days, events, sessions and publication', () => {
  const days = () => asChair<DayDto[]>(env, 'GET', '/api/chair/days');

  const env = useBrowserEnv(async () => {
    const chair = await seedChair(env);
    const author = await seedUser(env, { firstName: 'Ana', email: 'ana@days.example.org' });
    const trackId = await seedTrack(env, 'Graphs');
    const statusId = await seedStatus(env, 'Accepted');
    const room = await createRoom(env, 'Room 1', 50);
    for (const [i, title] of TITLES.entries()) {
      const paper = await seedPaper(env, {
        title: `${title}: the paper`,
        trackId,
        statusId,
        authors: [author],
      });
      await createTechnicalSession(env, { _id: i + 1, title, responsables: [chair], room, papers: [paper] });
    }
    await signInChair(env);
  });

  it('builds days, events and sessions in the wizard and shows the summary with its clashes', async () => {
    const page = env.page;
    await page.goto(`${env.baseUrl}/chair/AssignConferenceDays`);
    await page.waitForSelector('[data-testid=wizard-step-0]');
    await clickText(page, 'Next', 'button');
    await waitForText(page, 'Please add a day first');

    // Step 1: days. The date rule of the API, the default desk text and the colours in order.
    expect(await page.$eval('select[name=color]', (el) => (el as HTMLSelectElement).value)).toBe('#1565c0');
    expect(await page.$eval('input[name=desk]', (el) => (el as HTMLInputElement).placeholder)).toBe(
      DEFAULT_DESK_TEXT,
    );
    await fillByLabel(page, 'Date', '6/1/27');
    await clickText(page, 'Add day', 'button');
    await waitForText(page, PROGRAMME_MESSAGES.dayDateFormat);
    await fillByLabel(page, 'Date', '2/30/2027');
    await clickText(page, 'Add day', 'button');
    await waitForText(page, PROGRAMME_MESSAGES.dayDateInvalid);
    await fillByLabel(page, 'Date', '06/01/2027');
    await clickText(page, 'Add day', 'button');
    await waitForText(page, PROGRAMME_MESSAGES.daySaved);
    await waitForTextIn(page, '[data-testid=wizard-days]', '6/1/2027');
    await page.waitForFunction(
      () => document.querySelector<HTMLSelectElement>('select[name=color]')?.value === '#2e7d32',
    );
    await fillByLabel(page, 'Date', '6/2/2027');
    await fillByLabel(page, 'Desk', 'Desk opens at 8:00');
    await clickText(page, 'Add day', 'button');
    await waitForTextIn(page, '[data-testid=wizard-days]', '6/2/2027');
    let list = await days();
    expect(list.map((d) => [d.date, d.desk, d.color])).toEqual([
      ['6/1/2027', DEFAULT_DESK_TEXT, '#1565c0'],
      ['6/2/2027', 'Desk opens at 8:00', '#2e7d32'],
    ]);
    const [day1, day2] = list as [DayDto, DayDto];
    await checkState(page, 'AssignConferenceDays, days step with two days');

    // Step 2: events. A preset slot, a custom one (19:00–22:00 by default), then one deleted.
    await clickText(page, 'Next', 'button');
    await page.waitForSelector('[data-testid=wizard-step-1]');
    await clickSelector(page, '[aria-label="Add event to 6/1/2027"]');
    await clickText(page, 'Save event', 'button');
    await waitForText(page, PROGRAMME_MESSAGES.eventType);
    await selectOption(page, 'select[name=type]', 'TechnicalSession');
    await selectOption(page, 'select[name=slot]', '2');
    await fillByLabel(page, 'Description', 'Morning talks');
    await clickText(page, 'Save event', 'button');
    await waitForText(page, PROGRAMME_MESSAGES.eventSaved);
    await waitForTextIn(page, `[data-testid=events-of-${day1._id}]`, '10:30–12:30');
    await noDialog(page);

    await clickSelector(page, '[aria-label="Add event to 6/1/2027"]');
    await selectOption(page, 'select[name=type]', 'KeynoteSession');
    await selectOption(page, 'select[name=slot]', 'custom');
    expect(await page.$eval('input[name=start]', (el) => (el as HTMLInputElement).value)).toBe('19:00');
    expect(await page.$eval('input[name=end]', (el) => (el as HTMLInputElement).value)).toBe('22:00');
    await fillByLabel(page, 'End', '18:00');
    await clickText(page, 'Save event', 'button');
    await waitForText(page, PROGRAMME_MESSAGES.eventEndBeforeStart);
    await fillByLabel(page, 'End', '22:00');
    await clickText(page, 'Save event', 'button');
    await waitForTextIn(page, `[data-testid=events-of-${day1._id}]`, '19:00–22:00');
    await noDialog(page);

    await clickSelector(page, '[aria-label="Add event to 6/2/2027"]');
    await checkDialog(page, 'AssignConferenceDays, new event');
    await selectOption(page, 'select[name=type]', 'TechnicalSession');
    await clickText(page, 'Save event', 'button');
    await waitForTextIn(page, `[data-testid=events-of-${day2._id}]`, '08:00–10:00');
    await noDialog(page);

    await checkState(page, 'AssignConferenceDays, events step with events');
    await clickSelector(page, '[aria-label="Delete event 19:00 Keynote Session of 6/1/2027"]');
    await checkDialog(page, 'AssignConferenceDays, delete event');
    await clickSelector(page, '[data-testid=confirm-button]');
    await waitForText(page, PROGRAMME_MESSAGES.eventDeleted);
    await page.waitForFunction(
      (s: string) => !(document.querySelector(s) as HTMLElement | null)?.innerText.includes('19:00'),
      {},
      `[data-testid=events-of-${day1._id}]`,
    );
    await noDialog(page);
    list = await days();
    expect(list.map((d) => d.events.map((e) => [e.type, e.start, e.end, e.description]))).toEqual([
      [['TechnicalSession', '10:30', '12:30', 'Morning talks']],
      [['TechnicalSession', '08:00', '10:00', '']],
    ]);
    const morning = list[0]!.events[0]!;
    const early = list[1]!.events[0]!;

    // Step 3: sessions per event. Two sessions fully saved; then one already in the other event is refused.
    await clickText(page, 'Next', 'button');
    const morningName = '6/1/2027 10:30–12:30 Technical Session';
    const earlyName = '6/2/2027 08:00–10:00 Technical Session';
    await clickSelector(page, `[aria-label="Technical session 1 in ${morningName}"]`);
    await clickSelector(page, `[aria-label="Technical session 2 in ${morningName}"]`);
    await clickSelector(page, `[aria-label="Save sessions of ${morningName}"]`);
    await waitForTextIn(
      page,
      `[data-testid=event-sessions-result-${morning._id}]`,
      PROGRAMME_MESSAGES.eventSessionsSaved,
    );
    await clickSelector(page, `[aria-label="Technical session 1 in ${earlyName}"]`);
    await clickSelector(page, `[aria-label="Technical session 3 in ${earlyName}"]`);
    await clickSelector(page, `[aria-label="Save sessions of ${earlyName}"]`);
    const partial = `[data-testid=event-sessions-result-${early._id}]`;
    await waitForTextIn(page, partial, eventSessionsPartial(1, 2));
    expect(await textOf(page, partial)).toContain('Technical session 1: Technical session 1 is already in');
    await checkState(page, 'AssignConferenceDays, sessions step with results');
    list = await days();
    expect(list.map((d) => d.events[0]!.sessions)).toEqual([[1, 2], [3]]);

    // Step 4: the summary of the draft, and its clashes (sessions 1 and 2 share a room and a chair).
    await clickText(page, 'Next', 'button');
    await page.waitForSelector('[data-testid=programme-summary]');
    const summary = await textOf(page, '[data-testid=programme-summary]');
    for (const text of [
      '6/1/2027',
      DEFAULT_DESK_TEXT,
      '10:30–12:30 Technical Session — Morning talks',
      'Technical session 1: Graph colouring',
      'Technical session 2: Shortest paths',
      '6/2/2027',
      'Desk opens at 8:00',
      'Technical session 3: Planar separators',
    ])
      expect(summary).toContain(text);
    await page.waitForSelector('[data-testid=clash-list] li');
    const clashes = await textOf(page, '[data-testid=clash-list]');
    expect(clashes).toContain('Room 1');
    expect(clashes).toContain('Not acknowledged');
    await clickText(page, 'Acknowledge', 'button');
    await waitForTextIn(page, '[data-testid=clash-list]', 'Acknowledged by Carla Tester');
    // Reopened, it is unacknowledged again; then acknowledged for good.
    await clickText(page, 'Reopen', 'button');
    await page.waitForFunction(
      () => !document.querySelector('[data-testid=clash-list]')?.textContent?.includes('Acknowledged by'),
    );
    await clickText(page, 'Acknowledge', 'button');
    await waitForTextIn(page, '[data-testid=clash-list]', 'Acknowledged by Carla Tester');
    await checkState(page, 'AssignConferenceDays, summary step with clashes');
  });

  it('edits a day in step 1; a tick another event did not save shows as not saved, then saves (issue 21 items 3, 20)', async () => {
    const page = env.page;
    const trackId = await seedTrack(env, 'Posters', 1);
    const statusId = await seedStatus(env, 'Accepted as poster');
    const author = await seedUser(env, { firstName: 'Pia', email: 'pia@days.example.org' });
    const paper = await seedPaper(env, {
      title: 'Convex hulls on a poster',
      trackId,
      statusId,
      authors: [author],
    });
    const hall = await createRoom(env, 'Poster hall');
    await asChair(env, 'POST', '/api/chair/poster_sessions', { _id: 1, paper, room: hall });
    const [day1, day2] = await days();
    // The poster event is the last block of the page (its Save button cannot scroll above the toast's place).
    const poster = await asChair<EventDto>(env, 'POST', `/api/chair/days/${day2!._id}/events`, {
      type: 'PosterSession',
      start: '14:00',
      end: '16:00',
    });
    const morning = day1!.events.find((e) => e.type === 'TechnicalSession')!;

    await page.goto(`${env.baseUrl}/chair/AssignConferenceDays`);
    await page.waitForSelector('[data-testid=wizard-step-0]');
    // Step 1 edits a day it lists (issue 21 item 20).
    await clickSelector(page, '[aria-label="Edit day 6/1/2027"]');
    await checkDialog(page, 'AssignConferenceDays, edit day');
    // The dialog's own Desk field (step 1's Add a day form has one too, under the dialog's backdrop).
    await typeInto(page, '[role=dialog] input[name=desk]', 'Desk opens at 8:30');
    await clickText(page, 'Save day', 'button');
    await waitForTextIn(page, `[data-testid=wizard-day-${day1!._id}]`, 'Desk opens at 8:30');
    await noDialog(page);
    expect((await days()).find((d) => d._id === day1!._id)!.desk).toBe('Desk opens at 8:30');
    await clickText(page, 'Next', 'button');
    await page.waitForSelector('[data-testid=wizard-step-1]');
    await clickText(page, 'Next', 'button');
    await page.waitForSelector('[data-testid=wizard-step-2]');
    const posterName = '6/2/2027 14:00–16:00 Poster Session';
    const morningName = '6/1/2027 10:30–12:30 Technical Session';
    await clickSelector(page, `[aria-label="Poster session 1 in ${posterName}"]`);
    await clickSelector(page, `[aria-label="Save sessions of ${morningName}"]`);
    await waitForTextIn(
      page,
      `[data-testid=event-sessions-result-${morning._id}]`,
      PROGRAMME_MESSAGES.eventSessionsSaved,
    );
    // The tick the other event's save did not send is shown as not saved yet, then saved by its own button.
    await waitForTextIn(
      page,
      `[data-testid=event-sessions-unsaved-${poster._id}]`,
      'Not saved yet: Poster session 1 added',
    );
    await clickSelector(page, `[aria-label="Save sessions of ${posterName}"]`);
    await waitForTextIn(
      page,
      `[data-testid=event-sessions-result-${poster._id}]`,
      PROGRAMME_MESSAGES.eventSessionsSaved,
    );
    await page.waitForFunction(
      (s: string) => !document.querySelector(s),
      {},
      `[data-testid=event-sessions-unsaved-${poster._id}]`,
    );
    const stored = (await days()).flatMap((d) => d.events).find((e) => e._id === poster._id)!;
    expect(stored.sessions).toEqual([1]);
  });

  it('edits and deletes days on /ViewDays/ and publishes the programme after listing open clashes', async () => {
    const page = env.page;
    const extra = await asChair<DayDto>(env, 'POST', '/api/chair/days', { date: '6/3/2027' });
    await page.goto(`${env.baseUrl}/chair/ViewDays/`);
    await waitForText(page, 'The programme has not been published yet.');
    await page.waitForSelector(`[data-testid=day-${extra._id}]`);
    expect(await textOf(page, `[data-testid=day-${extra._id}] [data-testid=day-color]`)).toBe('Orange');

    await clickSelector(page, '[aria-label="Delete day 6/3/2027"]');
    await checkDialog(page, 'ViewDays, delete day');
    await clickSelector(page, '[data-testid=confirm-button]');
    await waitForText(page, 'Day successfully deleted');
    await page.waitForFunction(
      (s: string) => !document.querySelector(s),
      {},
      `[data-testid=day-${extra._id}]`,
    );
    await noDialog(page);

    await clickSelector(page, '[aria-label="Edit day 6/2/2027"]');
    await checkDialog(page, 'ViewDays, edit day');
    await fillByLabel(page, 'Desk', 'Desk opens at 7:30');
    await selectOption(page, '[role=dialog] select[name=color]', '#6a1b9a');
    await clickText(page, 'Save day', 'button');
    await waitForText(page, PROGRAMME_MESSAGES.daySaved);
    await waitForText(page, 'Desk opens at 7:30');
    await noDialog(page);
    const day2 = (await days()).find((d) => d.date === '6/2/2027')!;
    expect([day2.desk, day2.color]).toEqual(['Desk opens at 7:30', '#6a1b9a']);

    // The compact clash count, then publishing: the open clashes are listed before confirming.
    const status = await asChair<ProgrammeStatusDto>(env, 'GET', '/api/chair/programme/status');
    expect(status.unacknowledgedClashes).toBeGreaterThan(0);
    await waitForTextIn(
      page,
      '[data-testid=clash-summary]',
      `${status.clashes} clash${status.clashes === 1 ? '' : 'es'}, ${status.unacknowledgedClashes} unacknowledged`,
    );
    await clickText(page, 'Publish programme', 'button');
    await page.waitForSelector('[data-testid=publish-clashes] li');
    expect(await page.$$eval('[data-testid=publish-clashes] li', (els) => els.length)).toBe(
      status.unacknowledgedClashes,
    );
    await checkDialog(page, 'ViewDays, publish');
    await clickSelector(page, '[data-testid=confirm-publish]');
    await waitForTextIn(page, '[data-testid=publish-result]', 'Version 1 published');
    await waitForTextIn(page, '[data-testid=published-version]', 'Published version 1');
    await waitForTextIn(page, '[data-testid=draft-status]', 'The draft is the published programme.');
    await checkState(page, 'ViewDays, published');

    const published = await asChair<ProgrammeView>(env, 'GET', '/api/author/programme');
    expect(published.version).toBe(1);
    expect(published.days.map((d) => d.date)).toEqual(['6/1/2027', '6/2/2027']);
    expect(published.days[0]!.events[0]!.sessions.map((s) => s._id)).toEqual([1, 2]);
  });

  it('sets the conference time zone on /ConferenceInformation; the programme screens name it', async () => {
    const page = env.page;
    await asChair(env, 'PUT', '/api/chair/conference/1', {
      shortName: 'SYM27',
      fullName: 'Symposium 2027',
      dates: '1-2 June 2027',
      city: 'Lisbon',
      country: 'Portugal',
    });
    await page.goto(`${env.baseUrl}/chair/ConferenceInformation`);
    await page.waitForSelector('input[name=timeZone]');
    expect(await page.$eval('input[name=timeZone]', (el) => (el as HTMLInputElement).value)).toBe('UTC');
    await fillByLabel(page, 'Time zone', 'Mars/Olympus_Mons');
    await clickText(page, 'Save', 'button');
    await waitForText(page, CONFERENCE_MESSAGES.timeZone);
    await fillByLabel(page, 'Time zone', 'europe/lisbon');
    await clickText(page, 'Save', 'button');
    await waitForText(page, 'The conference information was successfully updated!');
    await page.waitForFunction(
      () => document.querySelector<HTMLInputElement>('input[name=timeZone]')?.value === 'Europe/Lisbon',
    );
    expect((await asChair<ConferenceDto>(env, 'GET', '/api/chair/conference/1')).timeZone).toBe(
      'Europe/Lisbon',
    );

    await page.goto(`${env.baseUrl}/chair/ViewDays/`);
    await waitForTextIn(page, '[data-testid=draft-status]', 'Times in Europe/Lisbon.');
  });
});
