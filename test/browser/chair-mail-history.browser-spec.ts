/**
 * The chair console's e-mail history (/ViewEmailHistory/, /ViewEmail/{id}): messages newest first with
 * their state, attempts and last SMTP answer; the total of the Content-Range header and pages of 100;
 * filters by state, recipient, subject and date; one message with every §3 Email field; resending a failed
 * message and every failed message of a filter (queued again, in the browser and the stored row); and a
 * track chair sees only what they sent.
 */
import { formatShortInZone, MAIL_HISTORY_MESSAGES } from '@symposium/domain';
import { eq, inArray } from 'drizzle-orm';
import type { Page } from 'puppeteer-core';
import { conferenceTable } from '../../apps/api/src/modules/conference/conference.table.js';
import { outboxTable, type NewOutboxRow } from '../../apps/api/src/modules/outbox/outbox.table.js';
import {
  clickSelector,
  clickText,
  fillByLabel,
  selectOption,
  signIn,
  waitForText,
} from '../support/browser.js';
import { useBrowserEnv, setDate, confirmDialog } from '../support/browser-setup.js';
import {
  checkState,
  PASSWORD,
  seedChair,
  seedTrack,
  seedUser,
  signInChair,
  waitForTextIn,
} from './programme.helpers.js';

const TRACK_CHAIR_EMAIL = 'tom@history.example.org';

/** Waits until the count line reads `text` ("4 e-mails"). */
const waitForCount = (page: Page, text: string) =>
  page.waitForFunction(
    (t: string) => document.querySelector('[data-testid=mail-count]')?.textContent === t,
    {},
    text,
  );

/** The rows on show: id and the text of each cell. */
const shownRows = (page: Page) =>
  page.$$eval('[data-testid=mail-rows] tr[data-testid^=mail-]', (rows) =>
    rows.map((r) => ({
      id: Number(r.getAttribute('data-testid')!.slice('mail-'.length)),
      text: (r as HTMLElement).innerText,
    })),
  );

/** Waits until the rows on show are exactly `ids`, in order. */
const waitForRows = (page: Page, ids: number[]) =>
  page.waitForFunction(
    (want: string) =>
      [...document.querySelectorAll('[data-testid=mail-rows] tr[data-testid^=mail-]')]
        .map((r) => r.getAttribute('data-testid')!.slice('mail-'.length))
        .join(',') === want,
    {},
    ids.join(','),
  );

describe('chair e-mail history', () => {
  let chairId = 0;
  let trackChairId = 0;
  const ids: Record<'welcome' | 'bounced' | 'trackNews' | 'trackFailed', number> = {
    welcome: 0,
    bounced: 0,
    trackNews: 0,
    trackFailed: 0,
  };
  let bulkIds: number[] = [];

  const stored = async (id: number) =>
    (await env.db.select().from(outboxTable).where(eq(outboxTable.id, id)))[0]!;

  const env = useBrowserEnv(async () => {
    chairId = await seedChair(env);
    const trackId = await seedTrack(env, 'Graphs');
    trackChairId = await seedUser(env, {
      firstName: 'Tom',
      email: TRACK_CHAIR_EMAIL,
      roles: { coChair: { is: true, tracks: [trackId] } },
    });
    // 105 messages of one January send (older), then four of the last days, newest last.
    const bulk = await env.db
      .insert(outboxTable)
      .values(
        Array.from({ length: 105 }, (_, i): NewOutboxRow => ({
          kind: 'bulk',
          to: [`person${String(i + 1).padStart(3, '0')}@history.example.org`],
          subject: `Bulk notice ${i + 1}`,
          text: 'Dear author, a notice.',
          state: 'sent',
          attempts: 1,
          lastResponse: '250 2.0.0 Ok: queued',
          createdAt: new Date(Date.UTC(2026, 0, 10, 10, 0, i)),
          sentAt: new Date(Date.UTC(2026, 0, 10, 10, 1, i)),
          createdBy: chairId,
        })),
      )
      .returning({ id: outboxTable.id });
    bulkIds = bulk.map((r) => r.id);
    const day = (n: number) => new Date(Date.now() - (10 - n) * 3600_000);
    const one = async (row: NewOutboxRow) =>
      (await env.db.insert(outboxTable).values(row).returning({ id: outboxTable.id }))[0]!.id;
    ids.welcome = await one({
      kind: 'bulk',
      to: ['alice@history.example.org'],
      cc: ['committee@history.example.org'],
      bcc: ['archive@history.example.org'],
      replyTo: 'chairs@history.example.org',
      subject: 'Welcome to the conference',
      text: 'Dear Alice,\nwelcome to the conference.\nThe chairs',
      state: 'sent',
      attempts: 1,
      lastResponse: '250 2.0.0 Ok: queued as 4F2A',
      createdAt: day(1),
      sentAt: day(1),
      createdBy: chairId,
    });
    ids.bounced = await one({
      kind: 'bulk',
      to: ['bob@history.example.org'],
      subject: 'Camera-ready reminder',
      text: 'Dear Bob, please send the camera-ready version.',
      state: 'failed',
      attempts: 5,
      lastError: '550 5.1.1 Mailbox unavailable',
      lastResponse: '550 5.1.1 Mailbox unavailable',
      createdAt: day(2),
      createdBy: chairId,
    });
    ids.trackNews = await one({
      kind: 'bulk',
      to: ['carol@history.example.org'],
      subject: 'Track news',
      text: 'Dear Carol, news of the track.',
      state: 'pending',
      attempts: 0,
      createdAt: day(3),
      createdBy: trackChairId,
    });
    ids.trackFailed = await one({
      kind: 'bulk',
      to: ['dan@history.example.org'],
      subject: 'Track deadline',
      text: 'Dear Dan, the deadline of the track.',
      state: 'failed',
      attempts: 5,
      lastError: '554 5.7.1 Rejected',
      lastResponse: '554 5.7.1 Rejected',
      createdAt: day(4),
      createdBy: trackChairId,
    });
    await signInChair(env);
  });

  it('lists every message newest first with state, attempts and the last SMTP answer, 100 a page', async () => {
    const page = env.page;
    await page.goto(`${env.baseUrl}/chair/`);
    await clickText(page, 'E-mail history', 'a');
    await waitForCount(page, '109 e-mails');
    expect(page.url()).toBe(`${env.baseUrl}/chair/ViewEmailHistory/`);
    const rows = await shownRows(page);
    expect(rows).toHaveLength(100);
    expect(rows.slice(0, 4).map((r) => r.id)).toEqual([
      ids.trackFailed,
      ids.trackNews,
      ids.bounced,
      ids.welcome,
    ]);
    expect(rows[2]!.text).toContain('bob@history.example.org');
    expect(rows[2]!.text).toContain('Camera-ready reminder');
    expect(rows[2]!.text).toContain('Failed');
    expect(rows[2]!.text).toContain('5');
    expect(rows[2]!.text).toContain('550 5.1.1 Mailbox unavailable');
    expect(rows[1]!.text).toContain('Queued');
    expect(rows[3]!.text).toContain('Sent');
    // Resend is offered on failed messages only.
    await page.waitForSelector(`[aria-label="Resend e-mail ${ids.bounced}"]`);
    expect(await page.$(`[aria-label="Resend e-mail ${ids.welcome}"]`)).toBeNull();
    await checkState(page, 'ViewEmailHistory, the first page');

    // The second page: the 9 oldest of the January send.
    await clickSelector(page, 'button[aria-label="Go to next page"]');
    await waitForRows(page, bulkIds.slice(0, 9).reverse());
  });

  it('filters by state, recipient, subject and date', async () => {
    const page = env.page;
    await page.goto(`${env.baseUrl}/chair/ViewEmailHistory/`);
    await waitForCount(page, '109 e-mails');
    await selectOption(page, 'select[name=state]', 'failed');
    await clickText(page, 'Filter', 'button');
    await waitForCount(page, '2 e-mails');
    await waitForRows(page, [ids.trackFailed, ids.bounced]);
    await checkState(page, 'ViewEmailHistory, filtered');

    await clickText(page, 'Clear', 'button');
    await waitForCount(page, '109 e-mails');
    await fillByLabel(page, 'Recipient', 'ALICE@history');
    await clickText(page, 'Filter', 'button');
    await waitForRows(page, [ids.welcome]);

    await clickText(page, 'Clear', 'button');
    await fillByLabel(page, 'Subject', 'bulk notice 10');
    await clickText(page, 'Filter', 'button');
    // "Bulk notice 10" and 100 to 105, newest first.
    await waitForCount(page, '7 e-mails');

    await clickText(page, 'Clear', 'button');
    await waitForCount(page, '109 e-mails');
    await setDate(page, 'from', '2026-01-01');
    await setDate(page, 'to', '2026-01-31');
    await clickText(page, 'Filter', 'button');
    await waitForCount(page, '105 e-mails');
  });

  it('opens one message with every field of §3 Email and its delivery', async () => {
    const page = env.page;
    await page.goto(`${env.baseUrl}/chair/ViewEmailHistory/`);
    await clickSelector(page, `[data-testid=mail-${ids.welcome}]`);
    await waitForTextIn(page, '[data-testid=email-subject]', 'Welcome to the conference');
    expect(page.url()).toBe(`${env.baseUrl}/chair/ViewEmail/${ids.welcome}`);
    const field = (id: string) => page.$eval(`[data-testid=${id}]`, (el) => (el as HTMLElement).innerText);
    expect(await field('email-to')).toBe('alice@history.example.org');
    expect(await field('email-cc')).toBe('committee@history.example.org');
    expect(await field('email-bc')).toBe('archive@history.example.org');
    expect(await field('email-reply-to')).toBe('chairs@history.example.org');
    expect(await field('email-text')).toBe('Dear Alice,\nwelcome to the conference.\nThe chairs');
    expect(await field('email-last-response')).toBe('250 2.0.0 Ok: queued as 4F2A');
    expect(await field('email-attempts')).toBe('1');
    expect(await field('mail-state')).toBe('Sent');
    // Times in the conference's zone, labelled with it (issue 21 item 11).
    const [row] = await env.db.select().from(outboxTable).where(eq(outboxTable.id, ids.welcome));
    await env.db.update(conferenceTable).set({ timeZone: 'Asia/Tokyo' });
    try {
      await page.reload();
      await waitForTextIn(page, '[data-testid=email-sent-at]', '(Asia/Tokyo)');
      expect(await field('email-sent-at')).toBe(formatShortInZone(row!.sentAt, 'Asia/Tokyo'));
      expect(await field('email-created')).toBe(formatShortInZone(row!.createdAt, 'Asia/Tokyo'));
    } finally {
      await env.db.update(conferenceTable).set({ timeZone: 'UTC' });
    }
    await checkState(page, 'ViewEmail, a sent message');
    // A sent message is not offered again.
    expect(await page.$$eval('button', (bs) => bs.some((b) => b.textContent === 'Resend'))).toBe(false);
  });

  it('resends a failed message: it is queued again, on screen and in the outbox', async () => {
    const page = env.page;
    await page.goto(`${env.baseUrl}/chair/ViewEmail/${ids.bounced}`);
    await waitForTextIn(page, '[data-testid=email-last-response]', '550 5.1.1 Mailbox unavailable');
    await checkState(page, 'ViewEmail, a failed message');
    await clickText(page, 'Resend', 'button');
    await confirmDialog(page);
    await waitForText(page, MAIL_HISTORY_MESSAGES.resent(1));
    await waitForTextIn(page, '[data-testid=mail-state]', 'Queued');
    expect((await stored(ids.bounced)).state).toBe('pending');

    // In the list the row is queued too, and no longer offers Resend.
    await page.goto(`${env.baseUrl}/chair/ViewEmailHistory/`);
    await waitForTextIn(page, `[data-testid=mail-${ids.bounced}]`, 'Queued');
    expect(await page.$(`[aria-label="Resend e-mail ${ids.bounced}"]`)).toBeNull();
  });

  it('resends every failed message of the filter after saying how many', async () => {
    const page = env.page;
    await page.goto(`${env.baseUrl}/chair/ViewEmailHistory/`);
    await waitForCount(page, '109 e-mails');
    // A failed row of the list is sent again from its Resend button; here, all of them at once.
    await clickText(page, 'Resend all failed', 'button');
    await waitForTextIn(page, '[data-testid=resend-all-count]', '1 failed e-mail will be queued again.');
    await confirmDialog(page);
    await waitForText(page, MAIL_HISTORY_MESSAGES.resent(1));
    await waitForTextIn(page, `[data-testid=mail-${ids.trackFailed}]`, 'Queued');
    expect((await stored(ids.trackFailed)).state).toBe('pending');
    const failed = await env.db
      .select({ id: outboxTable.id })
      .from(outboxTable)
      .where(inArray(outboxTable.state, ['failed']));
    expect(failed).toEqual([]);
  });

  it('shows a track chair only the messages they sent', async () => {
    const context = await env.browser.createBrowserContext();
    const page = await context.newPage();
    await page.setViewport({ width: 1400, height: 1000 });
    try {
      const tc = { ...env, page };
      await signIn(tc, 'chair', TRACK_CHAIR_EMAIL, PASSWORD);
      await page.goto(`${env.baseUrl}/chair/`);
      await clickText(page, 'E-mail history', 'a');
      await waitForCount(page, '2 e-mails');
      await waitForRows(page, [ids.trackFailed, ids.trackNews]);
      // The chair's messages are not theirs to open.
      await page.goto(`${env.baseUrl}/chair/ViewEmail/${ids.welcome}`);
      await waitForText(page, MAIL_HISTORY_MESSAGES.notFound);
      expect(await page.$('[data-testid=email-subject]')).toBeNull();
    } finally {
      await context.close();
    }
  });
});
