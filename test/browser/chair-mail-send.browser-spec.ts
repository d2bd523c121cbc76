/**
 * Bulk e-mail in the chair console: a chair writes a template (a wrong placeholder is named as the server
 * names it), sets the signature, e-mails the authors of papers ticked in the paper list, previews every
 * message page by page, unticks one and sends: the outbox holds exactly the expected messages. A track
 * chair sends to the papers of their track only.
 */
import {
  EMAIL_SETTINGS_MESSAGES,
  EMAIL_TEMPLATE_MESSAGES,
  SEND_MESSAGES,
  TEMPLATE_MESSAGES,
  type EmailTemplateDto,
} from '@symposium/domain';
import { eq } from 'drizzle-orm';
import type { Page } from 'puppeteer-core';
import { outboxTable } from '../../apps/api/src/modules/outbox/outbox.table.js';
import { usersTable } from '../../apps/api/src/modules/users/users.table.js';
import {
  clickSelector,
  clickText,
  fillByLabel,
  signIn,
  waitForText,
  type BrowserEnv,
} from '../support/browser.js';
import { useBrowserEnv } from '../support/browser-setup.js';
import {
  asChair,
  CHAIR_EMAIL,
  checkState,
  PASSWORD,
  seedChair,
  seedPaper,
  seedStatus,
  seedTrack,
  seedUser,
  signInChair,
  waitForTextIn,
} from './programme.helpers.js';

const TRACK_CHAIR_EMAIL = 'tom@mail.example.org';
const CHAIR_SIGNATURE = 'Carla, for the programme committee';
const TRACK_SIGNATURE = 'Tom, chair of the Graphs track';

/** The outbox rows of one send, as (recipient, paper) pairs with their subject and text. */
async function sendRows(env: BrowserEnv, sendId: number) {
  const rows = await env.db.select().from(outboxTable).where(eq(outboxTable.sendId, sendId));
  return rows.map((r) => ({
    to: r.to,
    userId: r.userId,
    paperId: r.paperId,
    subject: r.subject,
    text: r.text,
    kind: r.kind,
  }));
}

/** The send id of the bulk send shown on the screen: the newest outbox row of kind bulk. */
async function lastSendId(env: BrowserEnv): Promise<number> {
  const rows = await env.db.select().from(outboxTable).where(eq(outboxTable.kind, 'bulk'));
  return Math.max(...rows.map((r) => r.sendId ?? 0));
}

/** Whether the compose screen's Send button (not the confirm dialog's) is disabled. */
const sendDisabled = (page: Page) =>
  page.$$eval('button', (buttons) =>
    buttons
      .find((b) => b.textContent?.trim() === 'Send' && !b.closest('[role=dialog]'))!
      .hasAttribute('disabled'),
  );

/** Types at the cursor of the focused field after a placeholder was inserted there. */
async function waitForValue(page: Page, selector: string, text: string) {
  await page.waitForFunction(
    (s: string, t: string) => {
      const el = document.querySelector<HTMLInputElement | HTMLTextAreaElement>(s);
      return !!el && el.value.includes(t) && document.activeElement === el;
    },
    {},
    selector,
    text,
  );
}

describe('chair console: sending e-mail with a full preview', () => {
  const users: Record<string, number> = {};
  const papers: Record<string, number> = {};
  let graphs = 0;

  const env = useBrowserEnv(async () => {
    await seedChair(env);
    graphs = await seedTrack(env, 'Graphs');
    const logic = await seedTrack(env, 'Logic', 1);
    const accepted = await seedStatus(env, 'Accepted');
    await seedUser(env, {
      firstName: 'Tom',
      email: TRACK_CHAIR_EMAIL,
      roles: { coChair: { is: true, tracks: [graphs] } },
    });
    for (const name of ['Ann', 'Ben', 'Cid', 'Dee', 'Eve', 'Fay'])
      users[name] = await seedUser(env, { firstName: name, email: `${name.toLowerCase()}@mail.example.org` });
    // Cid turned e-mail notifications off: bulk e-mail skips him.
    await env.db.update(usersTable).set({ notify: false }).where(eq(usersTable.id, users.Cid!));
    const seed = async (title: string, trackId: number, authors: string[]) => {
      papers[title] = await seedPaper(env, {
        title,
        trackId,
        statusId: accepted,
        authors: authors.map((a) => users[a]!) as [number, ...number[]],
      });
    };
    await seed('Colouring planar graphs', graphs, ['Ann', 'Ben']);
    await seed('Sparse cuts', graphs, ['Ben', 'Cid']);
    await seed('Random walks', graphs, ['Dee', 'Eve']);
    await seed('Graph minors', graphs, ['Eve', 'Fay']);
    await seed('Expander mixing', graphs, ['Fay', 'Ann']);
    await seed('Tree decompositions', graphs, ['Ann', 'Dee']);
    await seed('Modal logics', logic, ['Ben', 'Dee']);
    await seed('Proof nets', logic, ['Cid', 'Eve']);
    await signInChair(env);
  });

  it('adds a template with placeholders and names a wrong placeholder as the server does', async () => {
    const page = env.page;
    await page.goto(`${env.baseUrl}/chair/`);
    await clickText(page, 'E-mail templates', 'a');
    await waitForText(page, 'No e-mail templates yet.');
    await clickText(page, 'Add template', 'button');
    await fillByLabel(page, 'Subject', 'Decision on {{paper.titel}}');
    const unknown = TEMPLATE_MESSAGES.unknown('{{paper.titel}}');
    await waitForText(page, unknown);
    // the server refuses the same template with the same message
    await expect(
      asChair(env, 'POST', '/api/chair/emailTemplate', { subject: 'Decision on {{paper.titel}}', text: 'x' }),
    ).rejects.toThrow(unknown);

    await fillByLabel(page, 'Subject', 'Decision on ');
    await clickSelector(page, '[data-testid="ph-paper.title"]');
    await waitForValue(page, 'input[name=subject]', 'Decision on {{paper.title}}');
    await fillByLabel(page, 'Text', 'Dear ');
    await clickSelector(page, '[data-testid="ph-recipient.firstName"]');
    await waitForValue(page, 'textarea[name=text]', 'Dear {{recipient.firstName}}');
    await page.keyboard.type(',\nyour paper "');
    await clickSelector(page, '[data-testid="ph-paper.title"]');
    await waitForValue(page, 'textarea[name=text]', 'your paper "{{paper.title}}');
    await page.keyboard.type('" was accepted.');
    await page.waitForFunction(() => !document.body.innerText.includes('Unknown placeholder'));
    await clickText(page, 'Save', 'button');
    await waitForTextIn(page, '[data-testid=toast]', EMAIL_TEMPLATE_MESSAGES.saved);
    await waitForTextIn(page, '[data-testid=template-rows]', 'Decision on {{paper.title}}');
    await checkState(page, 'EmailTemplate, one template');

    const templates = await asChair<EmailTemplateDto[]>(env, 'GET', '/api/chair/emailTemplate');
    expect(templates.map(({ subject, text }) => ({ subject, text }))).toEqual([
      {
        subject: 'Decision on {{paper.title}}',
        text: 'Dear {{recipient.firstName}},\nyour paper "{{paper.title}}" was accepted.',
      },
    ]);
  });

  it('moves a template up and deletes one after asking', async () => {
    const page = env.page;
    const second = await asChair<EmailTemplateDto>(env, 'POST', '/api/chair/emailTemplate', {
      subject: 'Camera-ready reminder',
      text: 'Please upload the camera-ready version of {{paper.title}}.',
    });
    await page.reload();
    await clickSelector(page, '[aria-label="Move Camera-ready reminder up"]');
    await waitForTextIn(page, '[data-testid=toast]', EMAIL_TEMPLATE_MESSAGES.sorted);
    const sorted = await asChair<EmailTemplateDto[]>(env, 'GET', '/api/chair/emailTemplate');
    expect(sorted.map((t) => [t.subject, t.position])).toEqual([
      ['Camera-ready reminder', 1],
      ['Decision on {{paper.title}}', 2],
    ]);
    await checkState(page, 'EmailTemplate, two templates');
    await clickSelector(page, '[aria-label="Delete Camera-ready reminder"]');
    await clickSelector(page, '[data-testid=confirm-button]');
    await waitForTextIn(page, '[data-testid=toast]', EMAIL_TEMPLATE_MESSAGES.deleted);
    await page.waitForFunction(
      (id: number) => !document.querySelector(`[data-testid="template-${id}"]`),
      {},
      second._id,
    );
    const left = await asChair<EmailTemplateDto[]>(env, 'GET', '/api/chair/emailTemplate');
    expect(left.map((t) => t.subject)).toEqual(['Decision on {{paper.title}}']);
  });

  it('sets the signature and sends a test e-mail to the chair', async () => {
    const page = env.page;
    await clickText(page, 'E-mail settings', 'a');
    await page.waitForSelector('textarea[name=signature]');
    await checkState(page, 'EditEmailSettings');
    await fillByLabel(page, 'Signature', CHAIR_SIGNATURE);
    await clickText(page, 'Save', 'button');
    await waitForTextIn(page, '[data-testid=toast]', EMAIL_SETTINGS_MESSAGES.saved);
    await clickText(page, 'Send a test e-mail to me', 'button');
    await waitForTextIn(page, '[data-testid=toast]', EMAIL_SETTINGS_MESSAGES.testQueued(CHAIR_EMAIL));
    const settings = await asChair<{ signature: string }>(env, 'GET', '/api/chair/emailSettings');
    expect(settings.signature).toBe(CHAIR_SIGNATURE);
  });

  it('e-mails the authors of the ticked papers: previews every message, unticks one, sends the rest once', async () => {
    const page = env.page;
    await page.goto(`${env.baseUrl}/chair/ViewPapers`);
    const ticked = [
      'Colouring planar graphs',
      'Sparse cuts',
      'Random walks',
      'Graph minors',
      'Expander mixing',
      'Tree decompositions',
    ].map((t) => papers[t]!);
    for (const id of ticked) await clickSelector(page, `input[aria-label="Select paper ${id}"]`);
    await waitForTextIn(page, '[data-testid=selected-count]', '6 selected');
    await clickText(page, 'E-mail authors', 'button');
    await waitForTextIn(page, '[data-testid=selection-summary]', '6 selected papers');
    expect(page.url()).toContain('/chair/SendEmail/');
    expect(page.url()).toMatch(/\/authors$/);
    await checkState(page, 'SendEmail, the authors of ticked papers');

    // the template fills in the subject and the text
    await clickSelector(page, '[role=combobox][aria-labelledby*="email-template-label"]');
    await page.waitForSelector('[role=option]', { visible: true });
    await checkState(page, 'SendEmail, the template list open');
    await clickText(page, 'Decision on {{paper.title}}', '[role=option]');
    await page.waitForFunction(
      () =>
        document.querySelector<HTMLInputElement>('input[name=subject]')?.value ===
        'Decision on {{paper.title}}',
    );
    await clickText(page, 'Preview', 'button');

    // 6 papers × 2 authors = 12, Cid (notify off) skipped: 11 messages on 2 pages of 10
    await waitForTextIn(page, '[data-testid=preview-count]', '11 messages will be sent');
    await waitForTextIn(page, '[data-testid=preview-skipped]', 'cid@mail.example.org');
    await waitForTextIn(page, '[data-testid=preview-page]', 'Page 1 of 2');
    const firstPage = await page.$$eval('[data-testid^="message-"]', (els) => els.length);
    expect(firstPage).toBe(10);
    const sample = await page.$eval(
      `[data-testid="message-${users.Ann}:${papers['Colouring planar graphs']}"]`,
      (el) => (el as HTMLElement).innerText,
    );
    expect(sample).toContain('Subject: Decision on Colouring planar graphs');
    expect(sample).toContain('Dear Ann,\nyour paper "Colouring planar graphs" was accepted.');
    expect(sample).toContain(CHAIR_SIGNATURE);
    await checkState(page, 'SendEmail, the preview');

    await clickText(page, 'Next', 'button');
    await waitForTextIn(page, '[data-testid=preview-page]', 'Page 2 of 2');
    await page.waitForFunction(() => document.querySelectorAll('[data-testid^="message-"]').length === 1);
    const lastKey = await page.$eval('[data-testid^="message-"]', (el) =>
      el.getAttribute('data-testid')!.slice('message-'.length),
    );
    await clickSelector(page, `[data-testid="message-${lastKey}"] input[type=checkbox]`);
    await waitForTextIn(page, '[data-testid=preview-count]', '10 messages will be sent');
    await waitForTextIn(page, '[data-testid=preview-page]', 'Page 1 of 1');
    await waitForTextIn(page, '[data-testid=preview-figures]', '1 unticked');

    await clickText(page, 'Send', 'button');
    await waitForText(page, 'Send 10 e-mails?');
    await clickSelector(page, '[data-testid=confirm-button]');
    await waitForTextIn(page, '[data-testid=toast]', SEND_MESSAGES.queued(10));
    await waitForTextIn(page, '[data-testid=send-result]', SEND_MESSAGES.queued(10));
    await checkState(page, 'SendEmail, sent');
    const history = await page.$eval('[data-testid=send-result] a', (a) => a.getAttribute('href'));
    expect(history).toBe('/chair/ViewEmailHistory/');

    // the outbox: one message per (author, paper) of the ticked papers, less Cid's and the unticked one
    const [unUser, unPaper] = lastKey.split(':').map(Number);
    const expected: { userId: number; paperId: number }[] = [];
    for (const title of Object.keys(papers).slice(0, 6)) {
      const authors = {
        'Colouring planar graphs': ['Ann', 'Ben'],
        'Sparse cuts': ['Ben'],
        'Random walks': ['Dee', 'Eve'],
        'Graph minors': ['Eve', 'Fay'],
        'Expander mixing': ['Fay', 'Ann'],
        'Tree decompositions': ['Ann', 'Dee'],
      }[title]!;
      for (const a of authors)
        if (!(users[a] === unUser && papers[title] === unPaper))
          expected.push({ userId: users[a]!, paperId: papers[title]! });
    }
    const rows = await sendRows(env, await lastSendId(env));
    expect(rows).toHaveLength(10);
    expect(rows.map(({ userId, paperId }) => ({ userId, paperId })).sort(byPair)).toEqual(
      expected.sort(byPair),
    );
    for (const r of rows) {
      const title = Object.keys(papers).find((t) => papers[t] === r.paperId)!;
      const name = Object.keys(users).find((n) => users[n] === r.userId)!;
      expect(r.to).toEqual([`${name.toLowerCase()}@mail.example.org`]);
      expect(r.subject).toBe(`Decision on ${title}`);
      expect(r.text).toContain(`Dear ${name},\nyour paper "${title}" was accepted.`);
      expect(r.text).toContain(CHAIR_SIGNATURE);
    }
  });

  it('e-mails the filtered users from /ViewUsers: a paper placeholder cannot be rendered, the send waits until it is fixed', async () => {
    const page = env.page;
    await page.goto(`${env.baseUrl}/chair/ViewUsers`);
    await clickText(page, 'E-mail these users', 'a');
    await waitForTextIn(page, '[data-testid=selection-summary]', 'All users');
    expect(page.url()).toMatch(/\/chair\/SendEmail\/.+\/users$/);
    await fillByLabel(page, 'Subject', 'Conference news');
    await fillByLabel(page, 'Text', 'Dear {{recipient.firstName}}, about {{paper.title}}');
    await clickText(page, 'Preview', 'button');
    // chair, track chair and the six authors but Cid (notify off): 7 people, none of them about a paper
    await waitForTextIn(page, '[data-testid=preview-errors]', TEMPLATE_MESSAGES.needsPaper('paper.title'));
    await waitForTextIn(page, '[data-testid=preview-errors]', '7 messages could not be rendered');
    expect(await sendDisabled(page)).toBe(true);
    await checkState(page, 'SendEmail, messages that cannot be rendered');

    await fillByLabel(page, 'Text', 'Dear {{recipient.firstName}}, the programme is online.');
    await clickText(page, 'Preview', 'button');
    await waitForTextIn(page, '[data-testid=preview-count]', '7 messages will be sent');
    await page.waitForFunction(() => !document.querySelector('[data-testid=preview-errors]'));
    expect(await sendDisabled(page)).toBe(false);
    const before = await lastSendId(env);
    await clickText(page, 'Send', 'button');
    await clickSelector(page, '[data-testid=confirm-button]');
    await waitForTextIn(page, '[data-testid=toast]', SEND_MESSAGES.queued(7));
    const sendId = await lastSendId(env);
    expect(sendId).toBeGreaterThan(before);
    const rows = await sendRows(env, sendId);
    const names = ['Ann', 'Ben', 'Dee', 'Eve', 'Fay'];
    expect(rows.map((r) => r.to[0]).sort()).toEqual(
      [CHAIR_EMAIL, TRACK_CHAIR_EMAIL, ...names.map((n) => `${n.toLowerCase()}@mail.example.org`)].sort(),
    );
    for (const r of rows) expect(r.paperId).toBeNull();
  });

  it('lets a track chair send to the papers of their track only, with their own signature', async () => {
    const page = env.page;
    await page.deleteCookie(...(await page.cookies()));
    await signIn(env, 'chair', TRACK_CHAIR_EMAIL, PASSWORD);
    await clickText(page, 'E-mail settings', 'a');
    await page.waitForSelector('textarea[name=signature]');
    // the conference's sender name is the chairs': shown, not editable
    expect(await page.$eval('input[name=senderName]', (el) => (el as HTMLInputElement).disabled)).toBe(true);
    await checkState(page, 'EditEmailSettings, a track chair');
    await fillByLabel(page, 'Signature', TRACK_SIGNATURE);
    await clickText(page, 'Save', 'button');
    await waitForTextIn(page, '[data-testid=toast]', EMAIL_SETTINGS_MESSAGES.saved);

    await clickText(page, 'Send e-mail', 'a');
    await waitForTextIn(page, '[data-testid=selection-summary]', 'All papers of your tracks');
    await checkState(page, 'SendEmail, a track chair');
    await fillByLabel(page, 'Subject', 'Graphs track news');
    await fillByLabel(page, 'Text', 'Hello, about your paper ');
    await clickSelector(page, '[data-testid="ph-paper.title"]');
    await waitForValue(page, 'textarea[name=text]', 'about your paper {{paper.title}}');
    await clickText(page, 'Preview', 'button');
    // the primary authors of the 6 Graphs papers (Ann twice, for two papers); no Logic paper
    await waitForTextIn(page, '[data-testid=preview-count]', '6 messages will be sent');
    await clickText(page, 'Send', 'button');
    await waitForText(page, 'Send 6 e-mails?');
    await clickSelector(page, '[data-testid=confirm-button]');
    await waitForTextIn(page, '[data-testid=toast]', SEND_MESSAGES.queued(6));

    const rows = await sendRows(env, await lastSendId(env));
    const graphsPapers = Object.keys(papers)
      .slice(0, 6)
      .map((t) => papers[t]!);
    expect(rows.map((r) => r.paperId).sort()).toEqual([...graphsPapers].sort());
    const primary = ['Ann', 'Ben', 'Dee', 'Eve', 'Fay', 'Ann'].map((n) => users[n]!);
    expect(rows.map((r) => r.userId).sort()).toEqual([...primary].sort());
    for (const r of rows) {
      expect(r.subject).toBe('Graphs track news');
      expect(r.text).toContain(TRACK_SIGNATURE);
      expect(r.text).not.toContain(CHAIR_SIGNATURE);
    }
  });
});

type Pair = { userId: number | null; paperId: number | null };
const byPair = (a: Pair, b: Pair) => (a.userId ?? 0) - (b.userId ?? 0) || (a.paperId ?? 0) - (b.paperId ?? 0);
