/**
 * The author's papers in the browser: submitting a paper with co-authors (one found by e-mail, one created)
 * and a file, the §5 messages, the author menu with notes, editing, the confirmation e-mail through the
 * outbox, and deleting the paper.
 */
import type { TrackDto } from '@symposium/domain';
import { desc, eq } from 'drizzle-orm';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { hashPassword } from '../support/passwords.js';
import { outboxTable } from '../../apps/api/src/modules/outbox/outbox.table.js';
import {
  paperAuthorsTable,
  paperFilesTable,
  papersTable,
} from '../../apps/api/src/modules/papers/papers.table.js';
import { usersTable } from '../../apps/api/src/modules/users/users.table.js';
import { docx, pdf } from '../api/papers-author.helpers.js';
import { checkAccessibility } from '../support/axe.js';
import {
  clickText,
  fillByLabel,
  signIn,
  waitForText,
  type BrowserEnv,
  clickSelector,
} from '../support/browser.js';
import { useBrowserEnv, callAs, chooseFile, pickOption, formError } from '../support/browser-setup.js';

const CHAIR = { email: 'chair@example.org', password: 'chair-pass-1' };
const AUTHOR = { email: 'ana@example.org', password: 'author-pass-1' };
const ABSTRACT =
  'We colour the vertices of large sparse graphs with few colours and measure the quality in practice.';
const FORBIDDEN =
  'Please update submission title: It\'s not recommended to use "Research on", "Proposal on", "Study on", or "Literature Review" for paper titles!';

async function asChair<T>(env: BrowserEnv, method: string, path: string, body?: unknown): Promise<T> {
  return callAs<T>(env, CHAIR, method, path, body);
}

describe('the author papers screens', () => {
  let track: TrackDto;
  let authorId: number;
  let coAuthorId: number;
  let paperId: number;
  let dir: string;

  const env = useBrowserEnv(
    async () => {
      dir = mkdtempSync(join(tmpdir(), 'author-papers-'));
      writeFileSync(join(dir, 'graph colouring.pdf'), pdf('graph colouring'));
      writeFileSync(join(dir, 'notes.txt'), 'not a paper');
      writeFileSync(join(dir, 'graph colouring v2.docx'), docx());
      const passwordHash = await hashPassword(AUTHOR.password);
      await env.db.insert(usersTable).values({
        firstName: 'Carla',
        lastName: 'Chair',
        email: CHAIR.email,
        alternateEmail: 'carla@other.org',
        passwordHash: await hashPassword(CHAIR.password),
        isChair: true,
      });
      const [author] = await env.db
        .insert(usersTable)
        .values({
          firstName: 'Ana',
          lastName: 'Silva',
          email: AUTHOR.email,
          alternateEmail: 'ana@home.example.org',
          organization: 'University of Porto',
          country: 'Portugal',
          passwordHash,
        })
        .returning();
      const [coAuthor] = await env.db
        .insert(usersTable)
        .values({
          firstName: 'Bruno',
          lastName: 'Costa',
          email: 'bruno@example.org',
          alternateEmail: 'bruno@home.example.org',
          organization: 'University of Lisbon',
          country: 'Portugal',
        })
        .returning();
      authorId = author!.id;
      coAuthorId = coAuthor!.id;
      track = await asChair<TrackDto>(env, 'POST', '/api/chair/tracks', {
        name: 'Graph Theory',
        subjectAreas: [{ name: 'Colouring' }, { name: 'Matching' }],
        activities: { canEditPaper: { status: true, deadline: null } },
        submissionProperties: {
          welcomeMessage: 'Welcome to the Graph Theory track.',
          minFilesLimit: 1,
          maxFilesLimit: 1,
          questions: [
            {
              title: 'Is this paper a student paper?',
              isRequired: true,
              isComment: false,
              isTextArea: false,
              choices: ['Yes', 'No'],
            },
          ],
        },
      });
      await signIn(env, 'author', AUTHOR.email, AUTHOR.password);
    },
    { cleanup: () => rmSync(dir, { recursive: true, force: true }) },
  );

  it('starts with an empty author menu', async () => {
    await waitForText(env.page, 'My papers');
    await env.page.waitForSelector('[data-testid=no-papers]');
  });

  it('shows the §5 messages of the submission form and blocks titles beyond 150 characters', async () => {
    const { page } = env;
    await page.goto(`${env.baseUrl}/ChooseTrack`);
    await clickText(page, 'Submit a paper', '[data-testid=track] a');
    await page.waitForFunction(
      (p: string) => location.pathname === p,
      {},
      `/ChooseTrack/${track._id}/SubmissionLight`,
    );
    await waitForText(page, 'Welcome to the Graph Theory track.');
    await clickText(page, 'Submit paper', 'button');
    expect(await formError(page)).toBe('Please write a title');

    await fillByLabel(page, 'Title', 'x'.repeat(160));
    expect(await page.$eval('input[maxlength="150"]', (i) => (i as HTMLInputElement).value.length)).toBe(150);

    await fillByLabel(page, 'Title', 'A study of graph colouring');
    await clickText(page, 'Submit paper', 'button');
    await page.waitForFunction((m: string) => document.body.innerText.includes(m), {}, FORBIDDEN);

    await fillByLabel(page, 'Title', 'Graph colouring in practice');
    await fillByLabel(page, 'Abstract', 'Too short.');
    await clickText(page, 'Submit paper', 'button');
    await waitForText(page, 'Please write more than 49 characters on the abstract');

    await fillByLabel(page, 'Abstract', ABSTRACT);
    await clickText(page, 'Submit paper', 'button');
    await waitForText(page, 'Please select a subject area');
    expect(await page.evaluate(() => document.body.innerText)).not.toContain(
      'Please write more than 49 characters',
    );
    expect(await env.db.select().from(papersTable)).toHaveLength(0);
  });

  it('adds a co-author found by e-mail and creates another with the People form', async () => {
    const { page } = env;
    await fillByLabel(page, 'Co-author e-mail', 'Bruno@Example.org');
    await clickText(page, 'Add co-author', 'button');
    await page.waitForFunction(() => document.querySelectorAll('[data-testid=author]').length === 2);

    await fillByLabel(page, 'Co-author e-mail', 'bruno@example.org');
    await clickText(page, 'Add co-author', 'button');
    await waitForText(page, 'User already present!');

    await fillByLabel(page, 'Co-author e-mail', 'dora@example.org');
    await clickText(page, 'Add co-author', 'button');
    await waitForText(page, 'User not found, create new user.');
    await page.waitForSelector('[data-testid=new-co-author]');
    await fillByLabel(page, 'First Name', 'Dora');
    await fillByLabel(page, 'Last Name', 'Dias');
    await fillByLabel(page, 'Alternate Email', 'dora@example.org');
    await clickText(page, 'Create co-author', 'button');
    await waitForText(page, 'Please type different a email on alternate email');
    await waitForText(page, 'Please fill in the Organization');

    await fillByLabel(page, 'Alternate Email', 'dora@home.example.org');
    await fillByLabel(page, 'Organization', 'University of Coimbra');
    await fillByLabel(page, 'Country', 'Portugal');
    await fillByLabel(page, 'Phone', '+351 239 000 000');
    await clickText(page, 'Create co-author', 'button');
    await page.waitForFunction(() => document.querySelectorAll('[data-testid=author]').length === 3);
    const authors = await page.$$eval('[data-testid=author]', (els) =>
      els.map((e) => (e as HTMLElement).innerText),
    );
    expect(authors[0]).toContain('1. Ana Silva (primary author)');
    expect(authors[1]).toContain('2. Bruno Costa');
    expect(authors[2]).toContain('3. Dora Dias');
    const [dora] = await env.db.select().from(usersTable).where(eq(usersTable.email, 'dora@example.org'));
    expect(dora).toMatchObject({ firstName: 'Dora', organization: 'University of Coimbra' });

    // Dora leaves again; Bruno becomes the primary author
    await clickText(page, 'Remove', 'button[aria-label="Remove Dora Dias"]');
    await page.waitForFunction(() => document.querySelectorAll('[data-testid=author]').length === 2);
    await clickSelector(page, 'input[aria-label="Primary author: Bruno Costa"]');
    await waitForText(page, '2. Bruno Costa (primary author)');
  });

  it('submits the paper with a pdf after the subject area, the question and a valid file', async () => {
    const { page } = env;
    await pickOption(page, 'Subject area', 'Colouring');
    await clickText(page, 'Submit paper', 'button');
    await waitForText(page, 'Please answer all the questions highlighted in red');
    await pickOption(page, 'Is this paper a student paper?', 'No');

    await chooseFile(page, 'paper-files', join(dir, 'notes.txt'));
    await waitForText(page, 'Please select a valid file');
    await clickText(page, 'Submit paper', 'button');
    await waitForText(page, 'Please submit the minimum of files required');

    await chooseFile(page, 'paper-files', join(dir, 'graph colouring.pdf'));
    await waitForText(page, 'graph colouring.pdf');
    await clickText(page, 'Submit paper', 'button');
    await page.waitForFunction(() => location.pathname.startsWith('/ConfirmationEmail/'));
    paperId = Number((await page.evaluate(() => location.pathname)).split('/').pop());

    const [row] = await env.db.select().from(papersTable).where(eq(papersTable.id, paperId));
    expect(row).toMatchObject({
      title: 'Graph colouring in practice',
      abstractText: ABSTRACT,
      trackId: track._id,
      primarySubjectAreaId: track.subjectAreas[0]!._id,
      primaryAuthorId: coAuthorId,
      abstractQuestions: [{ title: 'Is this paper a student paper?', answer: 'No' }],
      isDeleted: false,
    });
    const authors = await env.db
      .select()
      .from(paperAuthorsTable)
      .where(eq(paperAuthorsTable.paperId, paperId))
      .orderBy(paperAuthorsTable.position);
    expect(authors.map((a) => a.userId)).toEqual([authorId, coAuthorId]);
    const files = await env.db.select().from(paperFilesTable).where(eq(paperFilesTable.paperId, paperId));
    expect(files.map((f) => [f.part, f.name])).toEqual([['abstract', 'graph colouring.pdf']]);
  });

  it('sends the confirmation e-mail to the recipients left after removing one', async () => {
    const { page } = env;
    await waitForText(page, `submission confirmation for paper ${paperId}`);
    const text = await page.$eval('[data-testid=email-text]', (e) => (e as HTMLElement).innerText);
    expect(text).toContain('Title: Graph colouring in practice');
    expect(text).toContain(ABSTRACT);
    const before = (await env.db.select().from(outboxTable)).length;

    await clickText(page, 'Remove', 'button[aria-label="Remove bruno@example.org"]');
    await clickText(page, 'Send', 'button');
    await page.waitForSelector('[data-testid=email-sent]');
    expect(await page.$eval('[data-testid=email-sent]', (e) => (e as HTMLElement).innerText)).toBe(
      `The confirmation e-mail was sent to ${AUTHOR.email}`,
    );
    const rows = await env.db.select().from(outboxTable).orderBy(desc(outboxTable.id));
    expect(rows).toHaveLength(before + 1);
    expect(rows[0]).toMatchObject({
      kind: 'paper-confirmation',
      to: [AUTHOR.email],
      createdBy: authorId,
    });
    expect(rows[0]!.subject).toContain(`submission confirmation for paper ${paperId}`);

    await clickText(page, 'Add back', 'button[aria-label="Add bruno@example.org back"]');
    await clickText(page, 'Send', 'button');
    await page.waitForFunction(
      (t: string) => document.querySelector('[data-testid=email-sent]')?.textContent === t,
      {},
      `The confirmation e-mail was sent to ${AUTHOR.email}, bruno@example.org`,
    );
    const [last] = await env.db.select().from(outboxTable).orderBy(desc(outboxTable.id)).limit(1);
    expect(last!.to).toEqual([AUTHOR.email, 'bruno@example.org']);
  });

  it('lists the paper in the author menu with its download, flags and actions, and saves notes', async () => {
    const { page } = env;
    await clickText(page, 'Back to my papers', 'a');
    await page.waitForSelector('[data-testid=paper]');
    const card = await page.$eval('[data-testid=paper]', (e) => (e as HTMLElement).innerText);
    expect(card).toContain('Graph colouring in practice');
    expect(card).toContain(`Paper ${paperId} · Graph Theory`);
    expect(card).toContain('Camera-ready submitted: No');
    expect(card).toContain('Presentation-ready submitted: No');
    const buttons = await page.$$eval('[data-testid=paper] .MuiCardActions-root a', (as) =>
      as.map((a) => a.textContent),
    );
    expect(buttons).toEqual(['View', 'Edit', 'Confirmation e-mail', 'Delete']);
    const [file] = await env.db.select().from(paperFilesTable).where(eq(paperFilesTable.paperId, paperId));
    const href = await page.$eval('[data-testid=paper-files] a', (a) => a.getAttribute('href'));
    expect(href).toBe(`/api/author/papers/${paperId}/download/${file!.id}`);
    const downloaded = await page.evaluate(async (url: string) => {
      const res = await fetch(url);
      return { status: res.status, head: (await res.text()).slice(0, 8) };
    }, href!);
    expect(downloaded).toEqual({ status: 200, head: '%PDF-1.4' });

    await fillByLabel(page, 'Notes', 'Check figure 3');
    await clickText(page, 'Save notes', 'button');
    await waitForText(page, 'Notes saved');
    const [row] = await env.db.select().from(papersTable).where(eq(papersTable.id, paperId));
    expect(row!.notes).toBe('Check figure 3');
  });

  it('edits the paper', async () => {
    const { page } = env;
    await clickText(page, 'Edit', '[data-testid=paper] a');
    await page.waitForFunction(
      (p: string) => location.pathname === p,
      {},
      `/ChooseTrack/${track._id}/SubmissionLight/${paperId}`,
    );
    await waitForText(page, `Edit paper ${paperId}`);
    expect(await page.$eval('input[maxlength="150"]', (i) => (i as HTMLInputElement).value)).toBe(
      'Graph colouring in practice',
    );
    await fillByLabel(page, 'Title', 'Research on graph colouring');
    await clickText(page, 'Save changes', 'button');
    await page.waitForFunction((m: string) => document.body.innerText.includes(m), {}, FORBIDDEN);
    await fillByLabel(page, 'Title', 'Greedy graph colouring in practice');
    // replace the pdf with a docx: the form counts the files the paper will have
    await clickSelector(page, 'input[type=checkbox]');
    await clickText(page, 'Save changes', 'button');
    await waitForText(page, 'Please submit the minimum of files required');
    await chooseFile(page, 'paper-files', join(dir, 'graph colouring v2.docx'));
    await waitForText(page, 'graph colouring v2.docx');
    await clickText(page, 'Save changes', 'button');
    await page.waitForFunction(() => location.pathname === '/');
    await waitForText(page, 'The paper was successfully updated!');
    await waitForText(page, 'Greedy graph colouring in practice');
    const [row] = await env.db.select().from(papersTable).where(eq(papersTable.id, paperId));
    expect(row!.title).toBe('Greedy graph colouring in practice');
    expect(row!.primaryAuthorId).toBe(coAuthorId);
    const files = await env.db.select().from(paperFilesTable).where(eq(paperFilesTable.paperId, paperId));
    expect(files.map((f) => f.name)).toEqual(['graph colouring v2.docx']);

    await clickText(page, 'View', '[data-testid=paper] a');
    await waitForText(page, 'Is this paper a student paper?');
    expect(await page.$eval('[data-testid=paper-abstract]', (e) => e.textContent)).toBe(ABSTRACT);
    expect(await page.$eval('[data-testid=paper-authors]', (e) => (e as HTMLElement).innerText)).toContain(
      'Bruno Costa, University of Lisbon (Portugal) — primary author',
    );
  });

  it('deletes the paper after the confirmation', async () => {
    const { page } = env;
    await page.goto(`${env.baseUrl}/`);
    await clickText(page, 'Delete', '[data-testid=paper] a');
    await page.waitForFunction((p: string) => location.pathname === p, {}, `/ConfirmationDelete/${paperId}`);
    await waitForText(page, 'Delete paper');
    await clickText(page, 'Delete paper', 'button');
    await page.waitForSelector('[data-testid=confirm-button]');
    await checkAccessibility(page, 'delete confirmation dialog');
    await clickText(page, 'Cancel', '[role=dialog] button');
    // the closing dialog stays in the page during its exit transition: wait until it is gone
    await page.waitForSelector('[data-testid=confirm-button]', { hidden: true });
    let [row] = await env.db.select().from(papersTable).where(eq(papersTable.id, paperId));
    expect(row!.isDeleted).toBe(false);

    await clickText(page, 'Delete paper', 'button');
    await page.waitForSelector('[data-testid=confirm-button]', { visible: true });
    await clickText(page, 'Delete', '[role=dialog] button');
    await page.waitForFunction(() => location.pathname === '/');
    await page.waitForSelector('[data-testid=no-papers]');
    [row] = await env.db.select().from(papersTable).where(eq(papersTable.id, paperId));
    expect(row!.isDeleted).toBe(true);
  });

  it('says up front when the track no longer accepts submissions', async () => {
    const { page } = env;
    const closed = await asChair<TrackDto>(env, 'POST', '/api/chair/tracks', {
      name: 'Closed Track',
      activities: { canSubmitPaper: { status: true, deadline: '2020-01-01T00:00:00.000Z' } },
    });
    await page.goto(`${env.baseUrl}/ChooseTrack/${closed._id}/SubmissionLight`);
    await page.waitForSelector('[data-testid=closed]');
    expect(await page.$eval('[data-testid=closed]', (e) => e.textContent)).toBe(
      'The submission period for this track is closed',
    );
    expect(
      await page.$$eval('button[type=submit]', (bs) => bs.map((b) => (b as HTMLButtonElement).disabled)),
    ).toEqual([true]);
  });
});
