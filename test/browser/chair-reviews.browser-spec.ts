import {
  REVIEW_IMPORT_COLUMNS,
  REVIEW_MESSAGES,
  REVIEWER_IMPORT_COLUMNS,
  REVIEWER_MESSAGES,
} from '@symposium/domain';
import { and, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ElementHandle } from 'puppeteer-core';
import { hashPassword } from '../support/passwords.js';
import { paperAuthorsTable, papersTable } from '../../apps/api/src/modules/papers/papers.table.js';
import { reviewRequestsTable, reviewsTable } from '../../apps/api/src/modules/reviews/reviews.table.js';
import { tracksTable } from '../../apps/api/src/modules/tracks/tracks.table.js';
import { usersTable } from '../../apps/api/src/modules/users/users.table.js';
import {
  clickText,
  fillByLabel,
  signIn,
  waitForText,
  selectOption,
  clickSelector,
} from '../support/browser.js';
import { useBrowserEnv, CHAIR, confirmDialog, ABSTRACT } from '../support/browser-setup.js';

const DAY = 24 * 3600 * 1000;

async function xlsxFile(dir: string, name: string, header: readonly string[], rows: unknown[][]) {
  const wb = new ExcelJS.Workbook();
  const sheet = wb.addWorksheet('Sheet1');
  sheet.addRow([...header]);
  for (const r of rows) sheet.addRow(r);
  const path = join(dir, name);
  writeFileSync(path, Buffer.from(await wb.xlsx.writeBuffer()));
  return path;
}

describe('chair review screens', () => {
  let dir: string;
  let trackA = 0;
  let trackB = 0;
  const u = { alice: 0, bob: 0, rita: 0, sam: 0, uma: 0, vic: 0, wes: 0, chair: 0 };
  const p = { graph: 0, sort: 0, paths: 0, protein: 0 };

  const requestsOf = (paperId: number) =>
    env.db.select().from(reviewRequestsTable).where(eq(reviewRequestsTable.paperId, paperId));
  const reviewersOf = async (paperId: number) => (await requestsOf(paperId)).map((r) => r.reviewerId).sort();

  const env = useBrowserEnv(
    async () => {
      dir = mkdtempSync(join(tmpdir(), 'sym-reviews-'));
      const [a, b] = await env.db
        .insert(tracksTable)
        .values([
          { name: 'Algorithms', position: 0 },
          { name: 'Biology', position: 1 },
        ])
        .returning();
      trackA = a!.id;
      trackB = b!.id;
      const hash = await hashPassword('chair-pass-1');
      const people = await env.db
        .insert(usersTable)
        .values([
          {
            firstName: 'Carla',
            lastName: 'Chair',
            email: 'chair@example.org',
            alternateEmail: 'c@other.org',
            passwordHash: hash,
            isChair: true,
          },
          {
            firstName: 'Alice',
            lastName: 'Author',
            email: 'alice@up.pt',
            organization: 'University of Porto',
          },
          { firstName: 'Bob', lastName: 'Author', email: 'bob@lab-b.example', organization: 'Lab B' },
          ...(
            [
              ['Rita', 'Rossi', 'rita@r-inst.example', 'R Institute'],
              ['Sam', 'Silva', 'sam@s-inst.example', 'S Institute'],
              ['Uma', 'Unger', 'uma@fe.up.pt', 'Univ. of Porto'],
              ['Vic', 'Vale', 'vic@v-inst.example', 'V Institute'],
            ] as const
          ).map(([firstName, lastName, email, organization]) => ({
            firstName,
            lastName,
            email,
            organization,
            isReviewer: true,
            reviewerTracks: [a!.id],
          })),
          {
            firstName: 'Wes',
            lastName: 'West',
            email: 'wes@w-inst.example',
            organization: 'W Institute',
            isReviewer: true,
            reviewerTracks: [b!.id],
          },
        ])
        .returning();
      [u.chair, u.alice, u.bob, u.rita, u.sam, u.uma, u.vic, u.wes] = people.map((x) => x.id) as [
        number,
        number,
        number,
        number,
        number,
        number,
        number,
        number,
      ];
      const seed = [
        ['graph', 'Graph colouring heuristics', trackA, u.alice],
        ['sort', 'Sorting networks revisited', trackA, u.bob],
        ['paths', 'Shortest paths in practice', trackA, u.bob],
        ['protein', 'Protein folding benchmarks', trackB, u.alice],
      ] as const;
      for (const [key, title, trackId, author] of seed) {
        const [row] = await env.db
          .insert(papersTable)
          .values({ title, abstractText: ABSTRACT, trackId, primaryAuthorId: author })
          .returning();
        await env.db.insert(paperAuthorsTable).values({ paperId: row!.id, userId: author, position: 0 });
        p[key] = row!.id;
      }
      await signIn(env, 'chair', CHAIR.email, CHAIR.password);
    },
    { cleanup: () => rmSync(dir, { recursive: true, force: true }) },
  );

  it('assigns reviewers manually: track, papers, reviewers (the conflict shown and not selectable), summary', async () => {
    const page = env.page;
    await page.goto(`${env.baseUrl}/chair/AssignReviewersManual`);
    await page.waitForSelector('select[name=track]');
    await selectOption(page, 'select[name=track]', String(trackA));
    await clickText(page, 'Next', 'button');

    await page.waitForSelector(`[data-testid=paper-${p.graph}]`);
    await clickText(page, 'Next', 'button');
    await waitForText(page, REVIEW_MESSAGES.selectPaperAndReviewer);
    await clickSelector(page, `[aria-label="Select paper ${p.graph}"]`);
    await clickText(page, 'Next', 'button');

    // Uma (Univ. of Porto, fe.up.pt) conflicts with Alice (University of Porto, up.pt): shown, not selectable.
    const umaBox = await page.waitForSelector(`[aria-label="Assign Uma Unger to paper ${p.graph}"]`);
    expect(await umaBox!.evaluate((el) => (el as HTMLInputElement).disabled)).toBe(true);
    const umaCell = await page.$eval(
      `[data-testid=pair-${p.graph}-${u.uma}]`,
      (el) => (el as HTMLElement).innerText,
    );
    expect(umaCell).toContain('Same organization as Alice Author');
    expect(umaCell).toContain('Same e-mail domain as Alice Author: up.pt');
    expect(
      await page.$eval(
        `[aria-label="Assign Rita Rossi to paper ${p.graph}"]`,
        (el) => (el as HTMLInputElement).disabled,
      ),
    ).toBe(false);
    expect(
      await page.$eval(`[data-testid=reviewer-${u.rita}] [data-testid=load]`, (el) => el.textContent),
    ).toBe('0 reviews');

    await clickText(page, 'Next', 'button');
    await waitForText(page, REVIEW_MESSAGES.selectPaperAndReviewer);
    await clickSelector(page, `[aria-label="Assign Rita Rossi to paper ${p.graph}"]`);
    await clickSelector(page, `[aria-label="Assign Sam Silva to paper ${p.graph}"]`);
    await clickText(page, 'Next', 'button');
    await page.waitForSelector('[data-testid=summary]');
    await waitForText(page, '2 review requests will be saved');

    // Meanwhile Sam was asked by someone else: the API refuses that pair and its message is shown.
    await env.db.insert(reviewRequestsTable).values({
      trackId: trackA,
      paperId: p.graph,
      reviewerId: u.sam,
      replyDueAt: new Date(Date.now() + 5 * DAY),
      dueAt: new Date(Date.now() + 14 * DAY),
    });
    await clickText(page, 'Save review requests', 'button');
    await page.waitForSelector('[data-testid=assign-result]');
    expect(await page.$eval('[data-testid=assign-result]', (el) => el.textContent)).toBe(
      '1 of 2 review requests saved successfully.',
    );
    await waitForText(page, REVIEWER_MESSAGES.alreadyReviewer);
    expect(await reviewersOf(p.graph)).toEqual([u.rita, u.sam].sort());
    const [rita] = await env.db
      .select()
      .from(reviewRequestsTable)
      .where(and(eq(reviewRequestsTable.paperId, p.graph), eq(reviewRequestsTable.reviewerId, u.rita)));
    expect(rita).toMatchObject({ trackId: trackA, isCameraReady: false, waiting: true, evaluation: -1 });
  });

  it('computes the automatic proposal, removes one proposed reviewer and applies the rest', async () => {
    const page = env.page;
    await page.goto(`${env.baseUrl}/chair/AssignReviewersAuto`);
    await page.waitForSelector('select[name=track]');
    await selectOption(page, 'select[name=track]', String(trackA));
    await clickText(page, 'Compute proposal', 'button');
    await page.waitForSelector(`[data-testid=proposal-${p.sort}] [data-testid^=pick-]`);
    await page.waitForSelector('[data-testid=fairness]');
    expect(await page.$eval('[data-testid=papers-short]', (el) => el.textContent)).toBe(
      '0 (0 reviews missing)',
    );
    expect(await page.$eval('[data-testid=lowest-affinity]', (el) => el.textContent)).toMatch(/^Paper \d+/);
    // Graph colouring already has Rita and Sam; Uma conflicts: Vic is the only one proposed.
    const graphPicks = await page.$$eval(`[data-testid=proposal-${p.graph}] [data-testid^=pick-]`, (els) =>
      els.map((e) => e.getAttribute('data-testid')),
    );
    expect(graphPicks).toEqual([`pick-${p.graph}-${u.vic}`]);
    await waitForText(page, 'affinity');

    const before = await page.$eval('[data-testid=proposal-count]', (el) => el.textContent ?? '');
    const total = Number(before.split(' ')[0]);
    expect(total).toBe(7);
    const first = (await page.$(
      `[data-testid=proposal-${p.sort}] [data-testid^=pick-]`,
    )) as ElementHandle<Element>;
    const removed = Number((await first.evaluate((el) => el.getAttribute('data-testid')))!.split('-')[2]);
    const removeButton = await first.$('button');
    await removeButton!.click();
    await page.waitForFunction(
      (t: string) => document.querySelector('[data-testid=proposal-count]')?.textContent === t,
      {},
      '6 review requests to save',
    );
    await clickText(page, 'Apply proposal', 'button');
    await page.waitForSelector('[data-testid=apply-result]');
    expect(await page.$eval('[data-testid=apply-result]', (el) => el.textContent)).toBe(
      '6 of 6 review requests saved successfully.',
    );
    const sortReviewers = await reviewersOf(p.sort);
    expect(sortReviewers).toHaveLength(2);
    expect(sortReviewers).not.toContain(removed);
    expect(await reviewersOf(p.paths)).toHaveLength(3);
    expect(await reviewersOf(p.graph)).toEqual([u.rita, u.sam, u.vic].sort());
    expect(await reviewersOf(p.graph)).not.toContain(u.uma);
  });

  it('lists the review requests of one reviewer (?userId=), deletes one and then the filtered set', async () => {
    const page = env.page;
    // Sam and Vic both review 'Graph colouring' and share the other papers: one of them has two or more.
    const all = await env.db.select().from(reviewRequestsTable);
    const count = (id: number) => all.filter((r) => r.reviewerId === id).length;
    const who =
      count(u.sam) >= count(u.vic) ? { id: u.sam, name: 'Sam Silva' } : { id: u.vic, name: 'Vic Vale' };
    const ofVic = all.filter((r) => r.reviewerId === who.id);
    expect(ofVic.length).toBeGreaterThan(1);
    await page.goto(`${env.baseUrl}/chair/ViewReviewRequests?userId=${who.id}`);
    await page.waitForFunction(
      (t: string) => document.querySelector('[data-testid=request-count]')?.textContent === t,
      {},
      `${ofVic.length} review requests`,
    );
    const listed = await page.$$eval('[data-testid=request-rows] tr[data-testid^=request-]', (rows) =>
      rows.map((r) => Number(r.getAttribute('data-testid')!.slice('request-'.length))),
    );
    expect(listed.sort()).toEqual(ofVic.map((r) => r.id).sort());
    const names = await page.$$eval(
      '[data-testid=request-rows] tr[data-testid^=request-] td:nth-child(5) a',
      (els) => els.map((e) => e.textContent),
    );
    expect(new Set(names)).toEqual(new Set([who.name]));

    const gone = ofVic[0]!.id;
    await clickSelector(page, `[aria-label="Delete review request ${gone}"]`);
    await confirmDialog(page);
    await page.waitForSelector('[data-testid=confirm-button]', { hidden: true });
    await page.waitForFunction(
      (t: string) => document.querySelector('[data-testid=request-count]')?.textContent === t,
      {},
      `${ofVic.length - 1} review request${ofVic.length - 1 === 1 ? '' : 's'}`,
    );
    expect(await env.db.select().from(reviewRequestsTable).where(eq(reviewRequestsTable.id, gone))).toEqual(
      [],
    );

    await clickText(page, 'Delete all matching', 'button');
    await confirmDialog(page);
    await page.waitForFunction(
      () => document.querySelector('[data-testid=request-count]')?.textContent === '0 review requests',
    );
    expect(
      await env.db.select().from(reviewRequestsTable).where(eq(reviewRequestsTable.reviewerId, who.id)),
    ).toEqual([]);
    expect((await env.db.select().from(reviewRequestsTable)).length).toBeGreaterThan(0);
  });

  it('submits a review on behalf of a user, then shows it on the paper and its scores on decision making', async () => {
    const page = env.page;
    await page.goto(`${env.baseUrl}/chair/SubmitReviewAsUser/`);
    await fillByLabel(page, 'Paper ID', String(p.graph));
    await clickText(page, 'Choose paper', 'button');
    await page.waitForSelector('[data-testid=chosen-paper]');
    await page.waitForFunction(
      (id: string) => Boolean(document.querySelector(`select[name=reviewer] option[value="${id}"]`)),
      {},
      String(u.rita),
    );
    await selectOption(page, 'select[name=reviewer]', String(u.rita));
    await page.waitForSelector('select[name=quality]');
    await waitForText(page, '0 of at most 5000 characters');
    await clickText(page, 'Submit review', 'button');
    await waitForText(page, REVIEW_MESSAGES.commentsAuthor);
    await selectOption(page, 'select[name=quality]', '7');
    await selectOption(page, 'select[name=contribution]', '8');
    await selectOption(page, 'select[name=originality]', '6');
    await selectOption(page, 'select[name=final]', '1');
    const long = 'A careful and detailed comment. '.repeat(60).trim();
    expect(long.length).toBeGreaterThan(1000);
    await page.$eval(
      'textarea[name=comments-author]',
      (el, v) => {
        const set = Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')!.set!;
        set.call(el, v);
        el.dispatchEvent(new Event('input', { bubbles: true }));
      },
      long,
    );
    await fillByLabel(page, 'Comments to the track chair', 'Solid work.');
    await waitForText(page, `${long.length} of at most 5000 characters`);
    await clickText(page, 'Submit review', 'button');
    await page.waitForSelector('[data-testid=reviews]');
    await waitForText(page, 'Solid work.');
    await waitForText(page, 'accept');

    const [review] = await env.db
      .select()
      .from(reviewsTable)
      .where(and(eq(reviewsTable.paperId, p.graph), eq(reviewsTable.reviewerId, u.rita)));
    expect(review).toMatchObject({
      quality: 7,
      contribution: 8,
      originality: 6,
      final: 1,
      commentsAuthor: long,
      commentsChair: 'Solid work.',
      draft: false,
      source: 'chair',
      submittedBy: u.chair,
    });
    const [request] = await env.db
      .select()
      .from(reviewRequestsTable)
      .where(and(eq(reviewRequestsTable.paperId, p.graph), eq(reviewRequestsTable.reviewerId, u.rita)));
    expect(request).toMatchObject({ reviewed: true, evaluation: 21 });

    await page.goto(`${env.baseUrl}/chair/PaperDecisionMaking`);
    await page.waitForSelector(`[data-testid=score-average-${p.graph}]`);
    expect(await page.$eval(`[data-testid=score-average-${p.graph}]`, (e) => e.textContent)).toBe('1.00');
    expect(await page.$eval(`[data-testid=score-means-${p.graph}]`, (e) => e.textContent)).toBe(
      'Q 7.0 · C 8.0 · O 6.0',
    );
    expect(await page.$(`[data-testid=score-average-${p.sort}]`)).toBeNull();
  });

  it('imports reviewers from xlsx into the selected tracks, refusing a non-xlsx file', async () => {
    const page = env.page;
    await page.goto(`${env.baseUrl}/chair/ImportReviewers`);
    const input = (await page.waitForSelector(
      'input[name=reviewers-file]',
    )) as ElementHandle<HTMLInputElement>;

    const csv = join(dir, 'reviewers.csv');
    writeFileSync(csv, 'First Name,Last Name\nNina,New\n');
    await input.uploadFile(csv);
    await waitForText(page, 'Please select a valid file');

    const sheet = await xlsxFile(dir, 'reviewers.xlsx', REVIEWER_IMPORT_COLUMNS, [
      ['Nina', 'New', 'Nina.New@n-inst.example ', 'nina@elsewhere.example', 'N Institute', '+351 1'],
      ['Wes', 'West', 'wes@w-inst.example', 'w2@elsewhere.example', 'W Institute', '+351 2'],
    ]);
    await input.uploadFile(sheet);
    await waitForText(page, 'Chosen: reviewers.xlsx');
    await clickText(page, 'Import reviewers', 'button');
    await waitForText(page, REVIEW_MESSAGES.selectTrack);

    await clickText(page, 'Algorithms', 'label');
    await clickText(page, 'Import reviewers', 'button');
    await page.waitForSelector('[data-testid=reviewer-import]');
    await waitForText(page, '2 of 2 reviewers imported.');
    const [nina] = await env.db
      .select()
      .from(usersTable)
      .where(eq(usersTable.email, 'nina.new@n-inst.example'));
    expect(nina).toMatchObject({ isReviewer: true, reviewerTracks: [trackA], organization: 'N Institute' });
    const [wes] = await env.db.select().from(usersTable).where(eq(usersTable.id, u.wes));
    expect(wes!.reviewerTracks.sort()).toEqual([trackA, trackB].sort());

    // The track's reviewers, with their load; Nina is taken out of the track again.
    await selectOption(page, 'select[name=reviewers-track]', String(trackA));
    await page.waitForSelector(`[data-testid=track-reviewer-${nina!.id}]`);
    expect(
      await page.$eval(`[data-testid=track-reviewer-${u.rita}] td:nth-child(3)`, (el) => el.textContent),
    ).not.toBe('0');
    await clickSelector(page, '[aria-label="Remove Nina New from the track"]');
    await confirmDialog(page);
    await page.waitForFunction(
      (sel: string) => !document.querySelector(sel),
      {},
      `[data-testid=track-reviewer-${nina!.id}]`,
    );
    const [after] = await env.db.select().from(usersTable).where(eq(usersTable.id, nina!.id));
    expect(after).toMatchObject({ isReviewer: false, reviewerTracks: [] });
  });

  it('imports review rows from xlsx with the per-row errors', async () => {
    const page = env.page;
    await page.goto(`${env.baseUrl}/chair/ImportReviewers`);
    const input = (await page.waitForSelector('input[name=reviews-file]')) as ElementHandle<HTMLInputElement>;
    const sheet = await xlsxFile(dir, 'reviews.xlsx', REVIEW_IMPORT_COLUMNS, [
      [
        p.protein,
        ' WES@w-inst.example',
        'accept after revision',
        9,
        8,
        7,
        'Good to authors',
        'Good to chair',
      ],
      [999999, 'wes@w-inst.example', 1, 5, 5, 5, 'a', 'b'],
      [p.protein, 'nobody@nowhere.example', 1, 5, 5, 5, 'a', 'b'],
    ]);
    await input.uploadFile(sheet);
    await clickText(page, 'Import reviews', 'button');
    await page.waitForSelector('[data-testid=review-import]');
    await waitForText(page, '1 of 3 reviews imported.');
    expect(
      await page.$$eval('[data-testid=review-import-errors] li', (els) => els.map((e) => e.textContent)),
    ).toEqual(['Paper ID not found in row 3', 'User not found or is already a reviewer for paper in row 4']);
    const [imported] = await env.db.select().from(reviewsTable).where(eq(reviewsTable.paperId, p.protein));
    expect(imported).toMatchObject({
      reviewerId: u.wes,
      final: 2,
      quality: 9,
      contribution: 8,
      originality: 7,
      commentsAuthor: 'Good to authors',
      commentsChair: 'Good to chair',
      source: 'import',
    });
  });
});
