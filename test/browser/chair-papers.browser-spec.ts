import { CHAIR_PAPER_MESSAGES, TRACK_MESSAGES } from '@symposium/domain';
import { eq } from 'drizzle-orm';
import { hashPassword } from '../support/passwords.js';
import { paperAuthorsTable, papersTable } from '../../apps/api/src/modules/papers/papers.table.js';
import { reviewRequestsTable, reviewsTable } from '../../apps/api/src/modules/reviews/reviews.table.js';
import { statusesTable, tracksTable } from '../../apps/api/src/modules/tracks/tracks.table.js';
import { usersTable } from '../../apps/api/src/modules/users/users.table.js';
import {
  clickText,
  fillByLabel,
  signIn,
  waitForText,
  type BrowserEnv,
  selectOption,
  clickSelector,
} from '../support/browser.js';
import {
  useBrowserEnv,
  CHAIR,
  clickMenuItem,
  confirmDialog,
  waitForPaperCount,
  ABSTRACT,
} from '../support/browser-setup.js';

/** Waits until the listed rows show exactly these titles, in this order (or in any order when `anyOrder`). */
async function waitForTitles(env: BrowserEnv, expected: string[], anyOrder = false): Promise<void> {
  try {
    await env.page.waitForFunction(
      (want: string[], any: boolean) => {
        const got = [...document.querySelectorAll('[data-testid=paper-rows] tr[data-testid^=paper-]')].map(
          (r) => (r as HTMLTableRowElement).cells[2]?.textContent ?? '',
        );
        if (any) got.sort();
        return JSON.stringify(got) === JSON.stringify(want);
      },
      {},
      anyOrder ? [...expected].sort() : expected,
      anyOrder,
    );
  } catch {
    expect(anyOrder ? (await titles(env)).sort() : await titles(env)).toEqual(
      anyOrder ? [...expected].sort() : expected,
    );
  }
}

/** The titles of the listed rows, in order. */
const titles = (env: BrowserEnv) =>
  env.page.$$eval('[data-testid=paper-rows] tr[data-testid^=paper-]', (rows) =>
    rows.map((r) => (r as HTMLTableRowElement).cells[2]?.textContent ?? ''),
  );

/** Sets an input that has no keyboard-independent typing (datetime-local) the way React sees it. */
async function setInputByLabel(env: BrowserEnv, label: string, value: string): Promise<void> {
  await env.page.waitForFunction(
    (l: string) => [...document.querySelectorAll('label')].some((x) => x.textContent?.trim() === l),
    {},
    label,
  );
  await env.page.evaluate(
    (l: string, v: string) => {
      const lab = [...document.querySelectorAll('label')].find((x) => x.textContent?.trim() === l);
      const input = document.getElementById(lab!.getAttribute('for')!) as HTMLInputElement;
      Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, v);
      input.dispatchEvent(new Event('input', { bubbles: true }));
    },
    label,
    value,
  );
}

describe('chair paper screens', () => {
  let trackA: number;
  let trackB: number;
  const status = { awaiting: 0, accept: 0, revision: 0, reject: 0 };
  const p: Record<'graph' | 'align' | 'sort' | 'protein' | 'queues', number> = {
    graph: 0,
    align: 0,
    sort: 0,
    protein: 0,
    queues: 0,
  };
  const row = async (id: number) =>
    (await env.db.select().from(papersTable).where(eq(papersTable.id, id)))[0]!;

  const env = useBrowserEnv(async () => {
    const [a, b] = await env.db
      .insert(tracksTable)
      .values([
        { name: 'Algorithms', position: 0 },
        { name: 'Bioinformatics', position: 1 },
      ])
      .returning();
    trackA = a!.id;
    trackB = b!.id;
    await env.db.insert(usersTable).values([
      {
        firstName: 'Carla',
        lastName: 'Chair',
        email: 'chair@example.org',
        alternateEmail: 'c@other.org',
        passwordHash: await hashPassword('chair-pass-1'),
        isChair: true,
      },
      {
        firstName: 'Tom',
        lastName: 'Trackchair',
        email: 'tc@example.org',
        alternateEmail: 'tc@other.org',
        passwordHash: await hashPassword('track-pass-1'),
        isCoChair: true,
        coChairTracks: [trackA],
      },
    ]);
    const [alice, bob] = await env.db
      .insert(usersTable)
      .values([
        { firstName: 'Alice', lastName: 'Zephyr', email: 'alice@uni.example', alternateEmail: 'a@o.example' },
        { firstName: 'Bob', lastName: 'Young', email: 'bob@lab.example', alternateEmail: 'b@o.example' },
      ])
      .returning();
    const [awaiting] = await env.db.select().from(statusesTable).where(eq(statusesTable.isDefault, true));
    const [accept, revision, reject] = await env.db
      .insert(statusesTable)
      .values([
        { text: 'Accept', position: 2, isAccepted: true },
        { text: 'Accept with Revision', position: 3, isAccepted: true },
        { text: 'Reject', position: 4 },
      ])
      .returning();
    Object.assign(status, {
      awaiting: awaiting!.id,
      accept: accept!.id,
      revision: revision!.id,
      reject: reject!.id,
    });
    const seed = [
      { key: 'graph', title: 'Graph colouring heuristics', trackId: trackA, author: alice!.id },
      {
        key: 'align',
        title: 'Sequence alignment at scale',
        trackId: trackB,
        author: bob!.id,
        registration: { author: bob!.id, id: '1234-A', amount: 300, extra: '' },
      },
      {
        key: 'sort',
        title: 'Sorting networks revisited',
        trackId: trackA,
        author: bob!.id,
        submittedCameraReady: true,
      },
      { key: 'protein', title: 'Protein folding benchmarks', trackId: trackB, author: alice!.id },
      { key: 'queues', title: 'Lock-free queues', trackId: trackA, author: alice!.id, isDeleted: true },
    ] as const;
    for (const s of seed) {
      const [created] = await env.db
        .insert(papersTable)
        .values({
          title: s.title,
          abstractText: ABSTRACT,
          trackId: s.trackId,
          statusId: awaiting!.id,
          primaryAuthorId: s.author,
          submittedCameraReady: 'submittedCameraReady' in s ? s.submittedCameraReady : false,
          isDeleted: 'isDeleted' in s ? s.isDeleted : false,
          registration: 'registration' in s ? s.registration : null,
        })
        .returning();
      await env.db.insert(paperAuthorsTable).values({ paperId: created!.id, userId: s.author, position: 0 });
      p[s.key] = created!.id;
    }
    await signIn(env, 'chair', CHAIR.email, CHAIR.password);
  });

  it('lists the papers without the deleted one, filters by track on the server, searches and sorts by title', async () => {
    await env.page.goto(`${env.baseUrl}/chair/ViewPapers`);
    await waitForPaperCount(env, '4 papers');
    expect(await titles(env)).not.toContain('Lock-free queues');

    await selectOption(env.page, 'select[name=filter-track]', String(trackB));
    await clickText(env.page, 'Apply filters', 'button');
    await waitForPaperCount(env, '2 papers');
    await waitForTitles(env, ['Protein folding benchmarks', 'Sequence alignment at scale'], true);
    await clickText(env.page, 'Clear filters', 'button');
    await waitForPaperCount(env, '4 papers');

    await fillByLabel(env.page, 'Search by title, author or paper id', 'Zephyr');
    await clickText(env.page, 'Search', 'button');
    await waitForPaperCount(env, '2 papers');
    await waitForTitles(env, ['Graph colouring heuristics', 'Protein folding benchmarks'], true);
    await clickText(env.page, 'Clear', 'button');
    await waitForPaperCount(env, '4 papers');

    await clickText(env.page, 'Title', 'span');
    await waitForTitles(env, [
      'Graph colouring heuristics',
      'Protein folding benchmarks',
      'Sequence alignment at scale',
      'Sorting networks revisited',
    ]);
    await clickText(env.page, 'Title', 'span');
    await env.page.waitForFunction(
      () =>
        document.querySelector('[data-testid=paper-rows] tr td:nth-child(3)')?.textContent ===
        'Sorting networks revisited',
    );

    await env.page.goto(`${env.baseUrl}/chair/ViewCameraReadyPapers`);
    await waitForPaperCount(env, '1 paper');
    await waitForTitles(env, ['Sorting networks revisited']);

    await env.page.goto(`${env.baseUrl}/chair/ViewRegisteredPapers`);
    await waitForPaperCount(env, '1 paper');
    await waitForTitles(env, ['Sequence alignment at scale']);
  });

  it('decides several papers at once on /PaperDecisionMaking at 1280 px: the table fits, sorts, searches, shows the scores', async () => {
    // Three submitted reviews of one paper: their scores once pushed the Decision column off the screen.
    const reviewers = await env.db
      .insert(usersTable)
      .values(
        ['Rita', 'Sam', 'Uma'].map((firstName) => ({
          firstName,
          lastName: 'Reviewer',
          email: `${firstName.toLowerCase()}@reviewers.example`,
          isReviewer: true,
          reviewerTracks: [trackA],
        })),
      )
      .returning();
    const scores = [
      { quality: 7, contribution: 8, originality: 6, final: 2 },
      { quality: 5, contribution: 6, originality: 4, final: 1 },
      { quality: 3, contribution: 4, originality: 5, final: 0 },
    ];
    for (const [i, r] of reviewers.entries()) {
      const [request] = await env.db
        .insert(reviewRequestsTable)
        .values({
          trackId: trackA,
          paperId: p.sort,
          reviewerId: r.id,
          waiting: false,
          reviewed: true,
          evaluation: 10,
          replyDueAt: new Date(),
          dueAt: new Date(),
        })
        .returning();
      await env.db.insert(reviewsTable).values({
        requestId: request!.id,
        trackId: trackA,
        paperId: p.sort,
        reviewerId: r.id,
        ...scores[i]!,
        commentsAuthor: 'Fine.',
        commentsChair: 'Fine.',
        draft: false,
        submittedAt: new Date(),
      });
    }
    await env.page.setViewport({ width: 1280, height: 900 });
    try {
      await env.page.goto(`${env.baseUrl}/chair/PaperDecisionMaking`);
      await waitForPaperCount(env, '4 papers');
      // Average and spread of the final recommendations (2, 1, 0) and the mean of each score.
      await env.page.waitForSelector(`[data-testid=score-average-${p.sort}]`);
      expect(await env.page.$eval(`[data-testid=score-average-${p.sort}]`, (e) => e.textContent)).toBe(
        '1.00',
      );
      expect(await env.page.$eval(`[data-testid=score-spread-${p.sort}]`, (e) => e.textContent)).toBe('2');
      expect(await env.page.$eval(`[data-testid=score-means-${p.sort}]`, (e) => e.textContent)).toBe(
        'Q 5.0 · C 6.0 · O 5.0',
      );
      expect(await env.page.$(`[data-testid=score-average-${p.graph}]`)).toBeNull();
      // The Decision column is on the screen and the page does not scroll sideways.
      const fit = await env.page.evaluate(() => {
        const header = [...document.querySelectorAll('th')].find((th) => th.textContent === 'Decision');
        return {
          right: header?.getBoundingClientRect().right ?? Infinity,
          width: window.innerWidth,
          page: document.documentElement.scrollWidth,
        };
      });
      expect(fit.right).toBeLessThanOrEqual(fit.width);
      expect(fit.page).toBeLessThanOrEqual(fit.width);

      await clickText(env.page, 'Title', 'span');
      await waitForTitles(env, [
        'Graph colouring heuristics',
        'Protein folding benchmarks',
        'Sequence alignment at scale',
        'Sorting networks revisited',
      ]);
      await fillByLabel(env.page, 'Search by title, author or paper id', 'Zephyr');
      await clickText(env.page, 'Search', 'button');
      await waitForPaperCount(env, '2 papers');
      await waitForTitles(env, ['Graph colouring heuristics', 'Protein folding benchmarks']);
      await clickText(env.page, 'Clear', 'button');
      await waitForPaperCount(env, '4 papers');

      // One decision for two rows, with one confirmation that lists what changes.
      await clickSelector(env.page, `[aria-label="Select paper ${p.align}"]`);
      await clickSelector(env.page, `[aria-label="Select paper ${p.protein}"]`);
      await waitForText(env.page, '2 selected');
      await selectOption(env.page, 'select[name=decision]', String(status.accept));
      await clickText(env.page, 'Decide 2 papers', 'button');
      await waitForText(env.page, 'Set the decision of 2 papers?');
      await waitForText(env.page, 'Sequence alignment at scale: Awaiting Decision → Accept');
      await waitForText(env.page, 'Protein folding benchmarks: Awaiting Decision → Accept');
      expect((await row(p.align)).statusId).toBe(status.awaiting);
      await confirmDialog(env.page);
      await waitForText(env.page, '2 papers updated');
      expect((await row(p.align)).statusId).toBe(status.accept);
      expect((await row(p.protein)).statusId).toBe(status.accept);
      expect((await row(p.graph)).statusId).toBe(status.awaiting);
      await env.page.waitForFunction(
        (id: number) =>
          document.querySelector(`[data-testid=paper-${id}] td:last-child`)?.textContent === 'Accept',
        {},
        p.align,
      );
    } finally {
      await env.page.setViewport({ width: 1400, height: 1000 });
    }
  });

  it("stamps acceptWithRevisionTimestamp when /EditPaperStatus sets an 'Accept with Revision' status", async () => {
    expect((await row(p.protein)).acceptWithRevisionTimestamp).toBeNull();
    await env.page.goto(`${env.baseUrl}/chair/EditPaperStatus/${p.protein}`);
    await waitForText(env.page, 'Protein folding benchmarks');
    await selectOption(env.page, 'select[name=status]', String(status.revision));
    await clickText(env.page, 'Save', 'button');
    await waitForText(env.page, CHAIR_PAPER_MESSAGES.updated);
    await waitForText(env.page, 'Accepted with revision on');
    const stored = await row(p.protein);
    expect(stored.statusId).toBe(status.revision);
    expect(stored.acceptWithRevisionTimestamp).toBeInstanceOf(Date);
  });

  it('bulk-changes the status of the selected papers after the confirmation step', async () => {
    await env.page.goto(`${env.baseUrl}/chair/ViewPapers`);
    await waitForPaperCount(env, '4 papers');
    await clickSelector(env.page, `[aria-label="Select paper ${p.graph}"]`);
    await clickSelector(env.page, `[aria-label="Select paper ${p.sort}"]`);
    await waitForText(env.page, '2 selected');
    await clickText(env.page, 'Bulk edit', 'button');
    await clickMenuItem(env.page, 'Status');
    await env.page.waitForFunction(() => location.pathname.startsWith('/chair/BulkEdit/'));
    expect(env.page.url()).toMatch(/\/status$/);
    await waitForText(env.page, 'The 2 papers selected on the list.');
    await waitForText(env.page, 'Graph colouring heuristics');
    await waitForText(env.page, 'Sorting networks revisited');

    await selectOption(env.page, 'select[name=value]', String(status.reject));
    await clickText(env.page, 'Apply to 2 papers', 'button');
    await waitForText(env.page, 'Change status of 2 papers?');
    // Nothing changes before the confirmation.
    expect((await row(p.graph)).statusId).toBe(status.awaiting);
    await confirmDialog(env.page);
    await env.page.waitForFunction(
      () => document.querySelector('[data-testid=bulk-result]')?.textContent === '2 papers updated',
    );
    expect((await row(p.graph)).statusId).toBe(status.reject);
    expect((await row(p.sort)).statusId).toBe(status.reject);
    expect((await row(p.align)).statusId).toBe(status.accept);
  });

  it('bulk-edits every paper of the filter from the list', async () => {
    await env.page.goto(`${env.baseUrl}/chair/ViewPapers`);
    await selectOption(env.page, 'select[name=filter-track]', String(trackB));
    await clickText(env.page, 'Apply filters', 'button');
    await waitForPaperCount(env, '2 papers');
    await clickText(env.page, 'Bulk edit', 'button');
    await clickMenuItem(env.page, 'Acceptance letter enabled');
    await waitForText(env.page, 'Track: Bioinformatics');
    await waitForPaperCount(env, '2 papers');
    await selectOption(env.page, 'select[name=value]', 'true');
    await clickText(env.page, 'Apply to 2 papers', 'button');
    await confirmDialog(env.page);
    await waitForText(env.page, '2 papers updated');
    expect((await row(p.align)).acceptanceLetterEnabled).toBe(true);
    expect((await row(p.protein)).acceptanceLetterEnabled).toBe(true);
    expect((await row(p.graph)).acceptanceLetterEnabled).toBe(false);
  });

  it('refuses a /BulkEdit address whose filter is not valid, with nothing to apply', async () => {
    await env.page.goto(`${env.baseUrl}/chair/BulkEdit/${encodeURIComponent('{not json')}/status`);
    await waitForText(
      env.page,
      'The filter in the address is not a valid paper filter. Nothing was changed.',
    );
    expect(await env.page.$('select[name=value]')).toBeNull();
  });

  it('moves a paper to another track on /ChangeTrack', async () => {
    await env.page.goto(`${env.baseUrl}/chair/ChangeTrack/${p.graph}`);
    await waitForText(env.page, 'Graph colouring heuristics');
    await selectOption(env.page, 'select[name=track]', String(trackB));
    await clickText(env.page, 'Save', 'button');
    await waitForText(env.page, CHAIR_PAPER_MESSAGES.updated);
    expect((await row(p.graph)).trackId).toBe(trackB);
  });

  it('deletes a paper from the list and restores it from /ViewDeletedPapers', async () => {
    await env.page.goto(`${env.baseUrl}/chair/ViewPapers`);
    await waitForPaperCount(env, '4 papers');
    await clickSelector(env.page, `[aria-label="Actions for paper ${p.align}"]`);
    await clickMenuItem(env.page, 'Delete');
    await confirmDialog(env.page);
    await waitForText(env.page, CHAIR_PAPER_MESSAGES.updated);
    await waitForPaperCount(env, '3 papers');
    expect((await row(p.align)).isDeleted).toBe(true);

    await env.page.goto(`${env.baseUrl}/chair/ViewDeletedPapers`);
    await waitForPaperCount(env, '2 papers');
    await waitForTitles(env, ['Lock-free queues', 'Sequence alignment at scale'], true);
    await clickSelector(env.page, `[aria-label="Restore paper ${p.align}"]`);
    await waitForText(env.page, `Restore paper ${p.align}?`);
    await confirmDialog(env.page);
    await waitForText(env.page, CHAIR_PAPER_MESSAGES.updated);
    await waitForPaperCount(env, '1 paper');
    expect((await row(p.align)).isDeleted).toBe(false);
  });

  it('saves a camera-ready deadline and size limit of a track on /ConfigureCameraReady', async () => {
    await env.page.emulateTimezone('UTC');
    await env.page.goto(`${env.baseUrl}/chair/ConfigureCameraReady`);
    // Typed in the conference's zone (UTC here), shown labelled with it.
    await setInputByLabel(env, 'Algorithms deadline (UTC)', '2031-03-01T12:00');
    await waitForText(env.page, 'Saturday, 1 March 2031 at 12:00 (UTC)');
    await fillByLabel(env.page, 'Algorithms file size limit', '25');
    await clickSelector(env.page, '[aria-label="Save Algorithms"]');
    await waitForText(env.page, TRACK_MESSAGES.updated);
    const [track] = await env.db.select().from(tracksTable).where(eq(tracksTable.id, trackA));
    expect(track!.canSubmitCameraReadyDeadline?.toISOString()).toBe('2031-03-01T12:00:00.000Z');
    expect(track!.cameraReadyFileSizeLimit).toBe(25);
    const [other] = await env.db.select().from(tracksTable).where(eq(tracksTable.id, trackB));
    expect(other!.canSubmitCameraReadyDeadline).toBeNull();
  });

  it("answers 'The paper could not be obtained' for a paper that does not exist", async () => {
    await env.page.goto(`${env.baseUrl}/chair/EditCameraReadyStatus/999999`);
    await waitForText(env.page, CHAIR_PAPER_MESSAGES.notObtained);
  });

  it("gives a track chair the paper screens limited to their track's papers", async () => {
    const context = await env.browser.createBrowserContext();
    try {
      const page = await context.newPage();
      await page.setViewport({ width: 1400, height: 1000 });
      const tc: BrowserEnv = { ...env, page };
      await signIn(tc, 'chair', 'tc@example.org', 'track-pass-1');
      await waitForText(page, 'Decision making');
      expect(await page.evaluate(() => document.body.innerText.includes('Configure camera-ready'))).toBe(
        false,
      );
      await clickText(page, 'View papers', 'a');
      await waitForPaperCount(tc, '1 paper');
      expect(await titles(tc)).toEqual(['Sorting networks revisited']);

      await page.goto(`${env.baseUrl}/chair/EditPaperStatus/${p.align}`);
      await waitForText(page, CHAIR_PAPER_MESSAGES.notObtained);

      await page.goto(`${env.baseUrl}/chair/EditCameraReadyStatus/${p.sort}`);
      await waitForText(page, 'Sorting networks revisited');
      await clickSelector(page, 'input[name=isCameraReady]');
      await clickText(page, 'Save', 'button');
      await waitForText(page, CHAIR_PAPER_MESSAGES.updated);
      expect((await row(p.sort)).isCameraReady).toBe(true);
    } finally {
      await context.close();
    }
  });
});
