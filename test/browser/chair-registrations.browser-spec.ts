/**
 * Registrations in the chair console: /EditPaperRegistration from the paper list (the §5 rule as typed, the
 * 409 for a number another paper holds, main and other registrations saved), then /ImportRegistrations with a
 * LibreOffice-written xlsx holding one bad row (nothing imported, the refused row listed, then the valid rows
 * imported on confirmation), and the registered papers list.
 */
import { CHAIR_PAPER_MESSAGES, REGISTRATION_EXTRA_MESSAGES, REGISTRATION_MESSAGES } from '@symposium/domain';
import { eq } from 'drizzle-orm';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ElementHandle, Page } from 'puppeteer-core';
import { hashPassword } from '../support/passwords.js';
import {
  paperAuthorsTable,
  paperRegistrationIdsTable,
  papersTable,
} from '../../apps/api/src/modules/papers/papers.table.js';
import { statusesTable, tracksTable } from '../../apps/api/src/modules/tracks/tracks.table.js';
import { usersTable } from '../../apps/api/src/modules/users/users.table.js';
import {
  clickSelector,
  clickText,
  selectOption,
  signIn,
  startBrowserEnv,
  waitForText,
  type BrowserEnv,
} from '../support/browser.js';
import { CHAIR, clickMenuItem, ABSTRACT } from '../support/browser-setup.js';

/** Replaces the value of the input matching `selector` by typing. */
async function typeInto(page: Page, selector: string, value: string): Promise<void> {
  const input = (await page.waitForSelector(selector, { visible: true })) as ElementHandle<HTMLInputElement>;
  await input.click({ count: 3 });
  await input.evaluate((el) => el.select());
  await page.keyboard.press('Backspace');
  if (value) await input.type(value);
  await page.waitForFunction(
    (s: string, v: string) => document.querySelector<HTMLInputElement>(s)?.value === v,
    {},
    selector,
    value,
  );
}

/** The text of the form's answer once it is `text`. */
async function waitForAnswer(page: Page, text: string): Promise<void> {
  await page.waitForFunction(
    (t: string) => document.querySelector('[data-testid=registration-answer]')?.textContent === t,
    {},
    text,
  );
}

describe('chair registrations', () => {
  let env: BrowserEnv;
  let dir: string;
  let xlsx: string;
  const ids = { ann: 0, ben: 0, p1: 0, p2: 0, p3: 0 };
  const row = async (id: number) =>
    (await env.db.select().from(papersTable).where(eq(papersTable.id, id)))[0]!;

  beforeAll(async () => {
    env = await startBrowserEnv();
    const [track] = await env.db.insert(tracksTable).values({ name: 'Networks', position: 0 }).returning();
    const [status] = await env.db
      .insert(statusesTable)
      .values({ text: 'Accept', position: 1, isAccepted: true })
      .returning();
    const [, ann, ben] = await env.db
      .insert(usersTable)
      .values([
        {
          firstName: 'Carla',
          lastName: 'Chair',
          email: 'chair@example.org',
          passwordHash: await hashPassword('chair-pass-1'),
          isChair: true,
        },
        { firstName: 'Ann', lastName: 'Author', email: 'ann@example.org', passwordHash: 'x' },
        { firstName: 'Ben', lastName: 'Coauthor', email: 'ben@example.org', passwordHash: 'x' },
      ])
      .returning();
    ids.ann = ann!.id;
    ids.ben = ben!.id;
    const papers = await env.db
      .insert(papersTable)
      .values(
        ['Routing with registrations', 'Held number paper', 'Imported paper'].map((title, i) => ({
          title,
          abstractText: ABSTRACT,
          trackId: track!.id,
          statusId: status!.id,
          primaryAuthorId: ann!.id,
          ...(i === 1 ? { registration: { author: ann!.id, id: '7001', amount: 100, extra: '' } } : {}),
        })),
      )
      .returning();
    [ids.p1, ids.p2, ids.p3] = papers.map((p) => p.id);
    await env.db.insert(paperAuthorsTable).values([
      { paperId: ids.p1, userId: ids.ann, position: 0 },
      { paperId: ids.p1, userId: ids.ben, position: 1 },
      { paperId: ids.p2, userId: ids.ann, position: 0 },
      { paperId: ids.p3, userId: ids.ben, position: 0 },
    ]);
    await env.db
      .insert(paperRegistrationIdsTable)
      .values({ registrationId: '7001', paperId: ids.p2, kind: 'main' });

    // the import file, written by LibreOffice from CSV: row 2 valid, row 3 an amount that is not a number
    dir = mkdtempSync(join(tmpdir(), 'sym-registrations-'));
    writeFileSync(
      join(dir, 'registrations.csv'),
      [
        'Paper ID,Registration ID,E-mail,Amount,Extra,Type',
        `${ids.p3},7101,ben@example.org,80,student,main`,
        `${ids.p2},7102,ann@example.org,lots,,other`,
      ].join('\n') + '\n',
    );
    execFileSync(
      'soffice',
      [
        '--headless',
        `-env:UserInstallation=file://${join(dir, 'profile')}`,
        '--convert-to',
        'xlsx',
        '--outdir',
        join(dir, 'out'),
        'registrations.csv',
      ],
      { cwd: dir, timeout: 170_000, stdio: 'pipe' },
    );
    xlsx = join(dir, 'out', 'registrations.xlsx');
    await signIn(env, 'chair', CHAIR.email, CHAIR.password);
  }, 240_000);

  afterAll(async () => {
    await env?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('edits a paper registration from the paper list, showing the 409 for a taken number', async () => {
    const page = env.page;
    await page.goto(`${env.baseUrl}/chair/ViewPapers`);
    await clickSelector(page, `[aria-label="Actions for paper ${ids.p1}"]`);
    await clickMenuItem(page, 'Registration');
    await page.waitForFunction(
      (p: string) => location.pathname === p,
      {},
      `/chair/EditPaperRegistration/${ids.p1}`,
    );
    await waitForText(page, 'Routing with registrations');
    await selectOption(page, 'select[name=main-author]', String(ids.ann));
    // the §5 rule as typed
    await typeInto(page, 'input[name=main-id]', '12');
    await waitForText(page, REGISTRATION_MESSAGES.invalidId);
    await page.waitForSelector('button[type=submit]:disabled');
    await typeInto(page, 'input[name=main-amount]', '-5');
    await waitForText(page, REGISTRATION_EXTRA_MESSAGES.amount);
    await typeInto(page, 'input[name=main-amount]', '150');
    // a number another paper holds: the server's 409 message
    await typeInto(page, 'input[name=main-id]', '7001');
    await clickSelector(page, 'button[type=submit]:not(:disabled)');
    await waitForAnswer(page, CHAIR_PAPER_MESSAGES.registrationInUse);
    expect((await row(ids.p1)).registration).toBeNull();
    // a free number, and another registration for the co-author
    await typeInto(page, 'input[name=main-id]', '7002');
    await typeInto(page, 'input[name=main-extra]', 'early bird');
    await clickText(page, 'Add registration', 'button');
    await waitForText(page, REGISTRATION_MESSAGES.otherIdRequired);
    await selectOption(page, 'select[name=other-0-author]', String(ids.ben));
    await typeInto(page, 'input[name=other-0-id]', 'TR701');
    await typeInto(page, 'input[name=other-0-amount]', '90.5');
    await clickSelector(page, 'button[type=submit]:not(:disabled)');
    await waitForAnswer(page, CHAIR_PAPER_MESSAGES.updated);
    const saved = await row(ids.p1);
    expect(saved.registration).toEqual({ author: ids.ann, id: '7002', amount: 150, extra: 'early bird' });
    expect(saved.otherRegistrations).toEqual([{ author: ids.ben, id: 'TR701', amount: 90.5, extra: '' }]);
    const ben = (await env.db.select().from(usersTable).where(eq(usersTable.id, ids.ben)))[0]!;
    expect(ben.isRegistered).toBe(true);
  });

  it('imports a file with one bad row only once confirmed, then lists the registered papers', async () => {
    const page = env.page;
    await page.goto(`${env.baseUrl}/chair/ViewPapers`);
    await clickText(page, 'Import registrations', 'nav a, a');
    await page.waitForFunction(() => location.pathname === '/chair/ImportRegistrations');
    await waitForText(page, 'Registration ID');
    const input = (await page.waitForSelector(
      'input[name=registrations-file]',
    )) as ElementHandle<HTMLInputElement>;
    await input.uploadFile(xlsx);
    await waitForText(page, 'Chosen: registrations.xlsx');
    await clickText(page, 'Upload', 'button');
    await page.waitForFunction(
      () =>
        document.querySelector('[data-testid=registration-import-summary]')?.textContent ===
        '1 of 2 rows valid. Nothing was imported.',
    );
    const refused = await page.$$eval('[data-testid=registration-import-errors] tbody tr', (rows) =>
      rows.map((r) => [...(r as HTMLTableRowElement).cells].map((c) => c.textContent)),
    );
    expect(refused).toEqual([['3', REGISTRATION_EXTRA_MESSAGES.amount]]);
    expect((await row(ids.p3)).registration).toBeNull();
    await clickText(page, 'Import the 1 valid row', 'button');
    await page.waitForFunction(
      () =>
        document.querySelector('[data-testid=registration-import-summary]')?.textContent ===
        '1 of 2 rows valid. 1 registration imported.',
    );
    expect((await row(ids.p3)).registration).toEqual({
      author: ids.ben,
      id: '7101',
      amount: 80,
      extra: 'student',
    });
    expect((await row(ids.p2)).otherRegistrations).toEqual([]);
    // the registered papers: the edited, the held and the imported one
    await clickText(page, 'Registered papers', 'a, button');
    await page.waitForFunction(() => location.pathname === '/chair/ViewRegisteredPapers');
    for (const title of ['Routing with registrations', 'Held number paper', 'Imported paper'])
      await waitForText(page, title);
  });
});
