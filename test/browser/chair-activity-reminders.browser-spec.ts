/**
 * The chair console's activity reports (/ViewActivityReports/: the log after a real action, the chair
 * acting as someone, filters, the xlsx export, the delivery summary per day) and reminder rules
 * (/ViewReminders/: the form's checks, creating a rule (paused; send hour in the conference's zone, the
 * primary author only), the dry run naming the author to remind and why, enabling after seeing who would be
 * reminded at once, "Run now" queueing the reminder once, the run history, a closed activity, pause and
 * enable, edit, delete).
 */
import { REMINDER_KIND_LABELS, REMINDER_MESSAGES, type ReminderRuleDto } from '@symposium/domain';
import { eq } from 'drizzle-orm';
import type { Page } from 'puppeteer-core';
import { auditLogTable } from '../../apps/api/src/modules/activity/activity.table.js';
import { conferenceTable } from '../../apps/api/src/modules/conference/conference.table.js';
import { reminderRulesTable } from '../../apps/api/src/modules/jobs/jobs.table.js';
import { emailTemplatesTable } from '../../apps/api/src/modules/mail/mail.table.js';
import { outboxTable } from '../../apps/api/src/modules/outbox/outbox.table.js';
import { tracksTable } from '../../apps/api/src/modules/tracks/tracks.table.js';
import { clickSelector, clickText, fillByLabel, selectOption, waitForText } from '../support/browser.js';
import { useBrowserEnv, setDate, confirmDialog } from '../support/browser-setup.js';
import {
  asChair,
  checkDialog,
  checkState,
  seedChair,
  seedPaper,
  seedStatus,
  seedTrack,
  seedUser,
  signInChair,
  waitForTextIn,
} from './programme.helpers.js';

const DAY_MS = 86_400_000;

/** Waits until the element matching `selector` reads exactly `text`. */
const waitForExactText = (page: Page, selector: string, text: string) =>
  page.waitForFunction(
    (s: string, t: string) => document.querySelector(s)?.textContent === t,
    {},
    selector,
    text,
  );

/** The activity rows on show, newest first: the text of each. */
const activityRows = (page: Page) =>
  page.$$eval('[data-testid=activity-rows] tr[data-testid^=activity-]', (rows) =>
    rows.map((r) => (r as HTMLElement).innerText),
  );

/** The rows of the dry-run dialog, as text. */
const dryRunRows = (page: Page) =>
  page.$$eval('[data-testid=dry-run-rows] tr', (trs) => trs.map((tr) => (tr as HTMLElement).innerText));

describe('chair activity reports and reminders', () => {
  let chairId = 0;
  let aliceId = 0;
  let lucasId = 0;
  let paperId = 0;
  let trackId = 0;
  let templateId = 0;

  const env = useBrowserEnv(async () => {
    chairId = await seedChair(env);
    trackId = await seedTrack(env, 'Graphs');
    await seedTrack(env, 'Security', 1);
    // The camera-ready deadline of Graphs is in three days: a "7 days before" reminder is due now.
    await env.db
      .update(tracksTable)
      .set({ canSubmitCameraReadyDeadline: new Date(Date.now() + 3 * DAY_MS) })
      .where(eq(tracksTable.id, trackId));
    aliceId = await seedUser(env, {
      firstName: 'Alice',
      lastName: 'Author',
      email: 'alice@activity.example.org',
    });
    lucasId = await seedUser(env, {
      firstName: 'Lucas',
      lastName: 'Locked',
      email: 'lucas@activity.example.org',
    });
    // Bob is Alice's co-author; Alice is the primary author.
    const bobId = await seedUser(env, {
      firstName: 'Bob',
      lastName: 'Coauthor',
      email: 'bob@activity.example.org',
    });
    const accepted = await seedStatus(env, 'Accepted');
    paperId = await seedPaper(env, {
      title: 'Colouring sparse graphs',
      trackId,
      statusId: accepted,
      authors: [aliceId, bobId],
    });
    // The conference runs on Lisbon time: send hours are chosen in that zone.
    await env.db.update(conferenceTable).set({ timeZone: 'Europe/Lisbon' });
    const [template] = await env.db
      .insert(emailTemplatesTable)
      .values({
        subject: 'Camera-ready of {{paper.title}}',
        text: 'Dear {{recipient.firstName}},\nplease send the camera-ready version of {{paper.title}}.',
        position: 1,
      })
      .returning();
    templateId = template!.id;
    // Alice's submission, made by the chair acting as her, a week ago.
    await env.db.insert(auditLogTable).values({
      at: new Date(Date.now() - 7 * DAY_MS),
      actorId: aliceId,
      impersonatorId: chairId,
      action: 'paper.submit',
      paperId,
      trackId,
      summary: `Submitted paper ${paperId} 'Colouring sparse graphs'`,
    });
    // The outbox of 1 November 2026 (UTC): two sent, one failed, one still queued.
    const day = (h: number) => new Date(Date.UTC(2026, 10, 1, h));
    await env.db.insert(outboxTable).values(
      (['sent', 'sent', 'failed', 'pending'] as const).map((state, i) => ({
        kind: 'bulk',
        to: [`person${i}@activity.example.org`],
        subject: 'November notice',
        text: 'A notice.',
        state,
        createdAt: day(8 + i),
        createdBy: chairId,
      })),
    );
    await signInChair(env);
  });

  describe('activity reports', () => {
    it('shows an action just done, newest first, and who acted as whom', async () => {
      // The chair locks Lucas (through the API, as the console's user list does).
      await asChair(env, 'PUT', `/api/chair/users/${lucasId}`, { lock: { status: true } });
      const page = env.page;
      await page.goto(`${env.baseUrl}/chair/`);
      await clickText(page, 'Activity reports', 'a');
      await waitForExactText(page, '[data-testid=activity-count]', '2 actions');
      expect(page.url()).toBe(`${env.baseUrl}/chair/ViewActivityReports/`);
      const [lock, submit] = await activityRows(page);
      expect(lock).toContain('Carla Tester');
      expect(lock).toContain('User locked or unlocked');
      expect(lock).toContain('Locked Lucas Locked <lucas@activity.example.org>');
      expect(submit).toContain('Alice Author');
      expect(submit).toContain('as Carla Tester (impersonating)');
      expect(submit).toContain('Paper submitted');
      expect(submit).toContain(`Paper ${paperId}`);
      // The paper's link leads to the paper.
      const href = await page.$eval(
        `[data-testid=activity-rows] a[href$="/ViewPaperReviews/${paperId}"]`,
        (a) => a.getAttribute('href'),
      );
      expect(href).toBe(`/chair/ViewPaperReviews/${paperId}`);
      await checkState(page, 'ViewActivityReports, two actions');
    });

    it('filters by action, by who and by paper', async () => {
      const page = env.page;
      await page.goto(`${env.baseUrl}/chair/ViewActivityReports/`);
      await waitForExactText(page, '[data-testid=activity-count]', '2 actions');
      await selectOption(page, 'select[name=action]', 'user.lock');
      await clickText(page, 'Filter', 'button');
      await waitForExactText(page, '[data-testid=activity-count]', '1 action');
      expect((await activityRows(page))[0]).toContain('User locked or unlocked');

      await clickText(page, 'Clear', 'button');
      await waitForExactText(page, '[data-testid=activity-count]', '2 actions');
      await fillByLabel(page, 'Who', 'alice@activity');
      await clickText(page, 'Filter', 'button');
      await waitForExactText(page, '[data-testid=activity-count]', '1 action');
      expect((await activityRows(page))[0]).toContain('Paper submitted');

      await clickText(page, 'Clear', 'button');
      await fillByLabel(page, 'Paper id', String(paperId));
      await clickText(page, 'Filter', 'button');
      await waitForExactText(page, '[data-testid=activity-count]', '1 action');
      expect((await activityRows(page))[0]).toContain('Alice Author');

      // A paper id that is not one is refused in the form.
      await fillByLabel(page, 'Paper id', 'twelve');
      await clickText(page, 'Filter', 'button');
      await waitForText(page, 'Please fill in a paper id');
      await checkState(page, 'ViewActivityReports, a refused filter');
    });

    it('exports the filtered log as xlsx', async () => {
      const page = env.page;
      await page.goto(`${env.baseUrl}/chair/ViewActivityReports/`);
      await waitForExactText(page, '[data-testid=activity-count]', '2 actions');
      await selectOption(page, 'select[name=action]', 'user.lock');
      await clickText(page, 'Filter', 'button');
      await waitForExactText(page, '[data-testid=activity-count]', '1 action');
      const exported = page.waitForResponse((r) => r.url().endsWith('/api/chair/activity/export/xls'));
      await clickText(page, 'Export xlsx', 'button');
      const res = await exported;
      expect(res.status()).toBe(200);
      expect(res.headers()['content-type']).toContain('spreadsheetml');
      expect(res.headers()['content-disposition']).toContain('activity.xlsx');
      expect(JSON.parse(res.request().postData() ?? '{}')).toEqual({ filter: { action: 'user.lock' } });
    });

    it('sums the outbox per day: queued, sending, sent and failed', async () => {
      const page = env.page;
      await page.goto(`${env.baseUrl}/chair/ViewActivityReports/`);
      await page.waitForSelector('[data-testid=delivery-rows]');
      await setDate(page, 'deliveryFrom', '2026-11-01');
      await setDate(page, 'deliveryTo', '2026-11-01');
      // The rows of the earlier range (from 11-01 to today) include 11-01 too: wait for the one-day table.
      await page.waitForFunction(() => {
        const rows = document.querySelectorAll('[data-testid=delivery-rows] tr');
        return rows.length === 1 && rows[0]!.matches('[data-testid=delivery-2026-11-01]');
      });
      const cells = await page.$$eval('[data-testid=delivery-rows] tr', (rows) =>
        rows.map((r) => [...r.querySelectorAll('td')].slice(0, 5).map((td) => td.textContent)),
      );
      expect(cells).toEqual([['2026-11-01', '1', '0', '2', '1']]);
      await checkState(page, 'ViewActivityReports, delivery of one day');
    });
  });

  describe('reminders', () => {
    const rules = () => asChair<ReminderRuleDto[]>(env, 'GET', '/api/chair/reminders');
    /** The outbox rows to `address`. */
    const mailsTo = async (address: string) =>
      (await env.db.select().from(outboxTable)).filter((m) => m.to.includes(address));

    it('checks the form with the API messages, then creates a rule', async () => {
      const page = env.page;
      await page.goto(`${env.baseUrl}/chair/`);
      await clickText(page, 'Reminders', 'a');
      await waitForText(page, 'No reminders yet.');
      expect(page.url()).toBe(`${env.baseUrl}/chair/ViewReminders/`);
      await clickText(page, 'Add reminder', 'button');
      await fillByLabel(page, 'Days before the deadline', '7, soon');
      await clickText(page, 'Save reminder', 'button');
      await waitForText(page, REMINDER_MESSAGES.nameRequired);
      await waitForText(page, REMINDER_MESSAGES.kind);
      await waitForText(page, REMINDER_MESSAGES.offsets);
      await waitForText(page, REMINDER_MESSAGES.template);

      await fillByLabel(page, 'Name', 'Camera-ready nudge');
      // Who is reminded is a choice of the author kinds only (a review reminder goes to the reviewer).
      await selectOption(page, 'select[name=kind]', 'reviewNotSubmitted');
      await page.waitForFunction(() => !document.querySelector('input[name=recipients]'));
      await selectOption(page, 'select[name=kind]', 'cameraReadyNotSubmitted');
      await fillByLabel(page, 'Days before the deadline', '1, 7');
      // The send hour is labelled with the conference's time zone; 09:00 unless changed.
      expect(await page.$eval('select[name=sendHour]', (el) => (el as HTMLSelectElement).value)).toBe('9');
      await selectOption(page, 'select[name=sendHour]', '8');
      await clickSelector(page, 'input[aria-label="The primary author only"]');
      await selectOption(page, 'select[name=templateId]', String(templateId));
      await clickSelector(page, 'input[aria-label="Track Graphs"]');
      await checkDialog(page, 'ViewReminders, the new reminder form');
      await clickText(page, 'Save reminder', 'button');
      await waitForText(page, REMINDER_MESSAGES.savedPaused);
      const [rule] = await rules();
      expect(rule).toMatchObject({
        name: 'Camera-ready nudge',
        kind: 'cameraReadyNotSubmitted',
        offsets: [7, 1],
        sendHour: 8,
        recipients: 'primary',
        templateId,
        trackIds: [trackId],
        enabled: false,
        sent: 0,
      });
      const row = `[data-testid=reminder-${rule!._id}]`;
      await waitForTextIn(page, row, 'Camera-ready nudge');
      const text = await page.$eval(row, (el) => (el as HTMLElement).innerText);
      expect(text).toContain(REMINDER_KIND_LABELS.cameraReadyNotSubmitted);
      expect(text).toContain('7 days, 1 day');
      expect(text).toContain('at 08:00 (Europe/Lisbon)');
      expect(text).toContain('To: the primary author only');
      expect(text).toContain('Camera-ready of {{paper.title}}');
      expect(text).toContain('Graphs');
      expect(text).toContain('Paused');
      await checkState(page, 'ViewReminders, one rule');

      // The server's refusal (a name in use) shows beside the name.
      await clickText(page, 'Add reminder', 'button');
      await waitForText(page, 'Send at (Europe/Lisbon)');
      await fillByLabel(page, 'Name', 'Camera-ready nudge');
      await selectOption(page, 'select[name=kind]', 'consentNotSigned');
      await selectOption(page, 'select[name=templateId]', String(templateId));
      await clickText(page, 'Save reminder', 'button');
      await page.waitForFunction(
        (t: string) => document.querySelector('[role=dialog]')?.textContent?.includes(t),
        {},
        REMINDER_MESSAGES.nameTaken,
      );
      await checkDialog(page, 'ViewReminders, a refused name');
      await clickText(page, 'Cancel', 'button');
      await page.waitForFunction(() => !document.querySelector('[role=dialog]'));
      expect(await rules()).toHaveLength(1);
    });

    it('dry run lists the author to remind and why, sending nothing', async () => {
      const page = env.page;
      const [rule] = await rules();
      await page.goto(`${env.baseUrl}/chair/ViewReminders/`);
      await clickSelector(page, `[aria-label="Dry run ${rule!.name}"]`);
      await waitForExactText(
        page,
        '[data-testid=dry-run-count]',
        '1 reminder would be sent now. Nothing was sent.',
      );
      const rows = await dryRunRows(page);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toContain('Alice Author');
      expect(rows[0]).toContain('alice@activity.example.org');
      expect(rows[0]).toContain(`Paper ${paperId}`);
      expect(rows[0]).toContain('No');
      await checkDialog(page, 'ViewReminders, dry run');
      await clickText(page, 'Close', 'button');
      const toAlice = await mailsTo('alice@activity.example.org');
      expect(toAlice).toHaveLength(0);
    });

    it('enables a rule only after showing who would be reminded at once, with one confirmation', async () => {
      const page = env.page;
      const [rule] = await rules();
      const row = `[data-testid=reminder-${rule!._id}]`;
      const enabled = async () =>
        (await env.db.select().from(reminderRulesTable).where(eq(reminderRulesTable.id, rule!._id)))[0]!
          .enabled;
      await page.goto(`${env.baseUrl}/chair/ViewReminders/`);
      await clickSelector(page, `[aria-label="Enable ${rule!.name}"]`);
      // The preview: Alice (the primary author), not her co-author Bob.
      await waitForExactText(
        page,
        '[data-testid=dry-run-count]',
        '1 reminder would be sent now. Nothing was sent.',
      );
      const rows = await dryRunRows(page);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toContain('Alice Author');
      await waitForExactText(page, '[data-testid=enable-confirm]', 'Enable and send 1 reminder now');
      await checkDialog(page, 'ViewReminders, enable with its preview');
      // Cancelled: still paused.
      await clickText(page, 'Cancel', 'button');
      await page.waitForFunction(() => !document.querySelector('[role=dialog]'));
      expect(await enabled()).toBe(false);

      await clickSelector(page, `[aria-label="Enable ${rule!.name}"]`);
      await waitForExactText(page, '[data-testid=enable-confirm]', 'Enable and send 1 reminder now');
      await clickSelector(page, '[data-testid=enable-confirm]');
      await waitForText(page, REMINDER_MESSAGES.resumed);
      await waitForExactText(page, `${row} [data-testid=reminder-state]`, 'Enabled');
      expect(await enabled()).toBe(true);
    });

    it('"Run now" queues the reminder once and shows the run in the history', async () => {
      const page = env.page;
      const [rule] = await rules();
      await page.goto(`${env.baseUrl}/chair/ViewReminders/`);
      await clickSelector(page, `[aria-label="Run now ${rule!.name}"]`);
      await checkDialog(page, 'ViewReminders, run now');
      await confirmDialog(page);
      await waitForText(page, REMINDER_MESSAGES.queued(1));
      await waitForExactText(page, `[data-testid=reminder-${rule!._id}] [data-testid=reminder-sent]`, '1');
      const toAlice = await mailsTo('alice@activity.example.org');
      expect(toAlice).toHaveLength(1);
      expect(toAlice[0]!.subject).toBe('Camera-ready of Colouring sparse graphs');

      // A second run finds nobody new; the dry run says Alice was reminded.
      await clickSelector(page, `[aria-label="Run now ${rule!.name}"]`);
      await confirmDialog(page);
      await waitForText(page, REMINDER_MESSAGES.queued(0));
      await clickSelector(page, `[aria-label="Dry run ${rule!.name}"]`);
      await waitForExactText(
        page,
        '[data-testid=dry-run-count]',
        'Nobody would be reminded now. Nothing was sent.',
      );
      await waitForTextIn(page, '[data-testid=dry-run-rows]', 'Yes (skipped)');
      await clickText(page, 'Close', 'button');
      await page.waitForFunction(() => !document.querySelector('[role=dialog]'));

      await clickSelector(page, `[aria-label="History ${rule!.name}"]`);
      await page.waitForFunction(() => document.querySelectorAll('[data-testid=run-rows] tr').length === 2);
      await checkDialog(page, 'ViewReminders, run history');
      const runs = await page.$$eval('[data-testid=run-rows] tr', (trs) =>
        trs.map((tr) => [...tr.querySelectorAll('td')].slice(2).map((td) => td.textContent)),
      );
      expect(runs.map((r) => r.join(' | ')).sort()).toEqual(['Chair (run now) | 0', 'Chair (run now) | 1']);
      await clickText(page, 'Close', 'button');
    });

    it('says in the dry run that a track whose activity is closed gets no reminders', async () => {
      const page = env.page;
      const [rule] = await rules();
      await env.db
        .update(tracksTable)
        .set({ canSubmitCameraReady: false })
        .where(eq(tracksTable.id, trackId));
      try {
        await page.goto(`${env.baseUrl}/chair/ViewReminders/`);
        await clickSelector(page, `[aria-label="Dry run ${rule!.name}"]`);
        await waitForExactText(
          page,
          '[data-testid=dry-run-closed]',
          'No reminders in Graphs (activity closed: camera-ready submission).',
        );
        await waitForExactText(
          page,
          '[data-testid=dry-run-count]',
          'Nobody would be reminded now. Nothing was sent.',
        );
        await checkDialog(page, 'ViewReminders, dry run with a closed activity');
        await clickText(page, 'Close', 'button');
      } finally {
        await env.db
          .update(tracksTable)
          .set({ canSubmitCameraReady: true })
          .where(eq(tracksTable.id, trackId));
      }
    });

    it('pauses a rule at once and enables it again after its preview', async () => {
      const page = env.page;
      const [rule] = await rules();
      const row = `[data-testid=reminder-${rule!._id}]`;
      const enabled = async () =>
        (await env.db.select().from(reminderRulesTable).where(eq(reminderRulesTable.id, rule!._id)))[0]!
          .enabled;
      await page.goto(`${env.baseUrl}/chair/ViewReminders/`);
      await clickSelector(page, `[aria-label="Pause ${rule!.name}"]`);
      await waitForText(page, REMINDER_MESSAGES.paused);
      await waitForExactText(page, `${row} [data-testid=reminder-state]`, 'Paused');
      await checkState(page, 'ViewReminders, a paused rule');
      expect(await enabled()).toBe(false);

      // Alice was reminded already: nobody would be reminded at once.
      await clickSelector(page, `[aria-label="Enable ${rule!.name}"]`);
      await waitForExactText(
        page,
        '[data-testid=dry-run-count]',
        'Nobody would be reminded now. Nothing was sent.',
      );
      await waitForExactText(page, '[data-testid=enable-confirm]', 'Enable');
      await clickSelector(page, '[data-testid=enable-confirm]');
      await waitForText(page, REMINDER_MESSAGES.resumed);
      await waitForExactText(page, `${row} [data-testid=reminder-state]`, 'Enabled');
      expect(await enabled()).toBe(true);
    });

    it('edits then deletes a rule after confirming', async () => {
      const page = env.page;
      const [rule] = await rules();
      await page.goto(`${env.baseUrl}/chair/ViewReminders/`);
      await clickSelector(page, `[aria-label="Edit ${rule!.name}"]`);
      await fillByLabel(page, 'Name', 'Camera-ready, last call');
      await fillByLabel(page, 'Days before the deadline', '2');
      await selectOption(page, 'select[name=sendHour]', '17');
      await clickSelector(page, 'input[aria-label="All authors of the paper"]');
      await clickText(page, 'Save reminder', 'button');
      await waitForText(page, REMINDER_MESSAGES.saved);
      await page.waitForSelector('[aria-label="Delete Camera-ready, last call"]');
      // Editing keeps the rule enabled.
      expect((await rules())[0]).toMatchObject({
        name: 'Camera-ready, last call',
        offsets: [2],
        sendHour: 17,
        recipients: 'all',
        enabled: true,
      });

      await clickSelector(page, '[aria-label="Delete Camera-ready, last call"]');
      await confirmDialog(page);
      await waitForText(page, REMINDER_MESSAGES.deleted);
      await waitForText(page, 'No reminders yet.');
      expect(await rules()).toEqual([]);
    });
  });
});
