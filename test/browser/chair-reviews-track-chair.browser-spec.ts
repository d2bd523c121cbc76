import { and, eq } from 'drizzle-orm';
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
import { useBrowserEnv, ABSTRACT } from '../support/browser-setup.js';
import { checkAccessibility } from '../support/axe.js';

const DAY = 24 * 3600 * 1000;

describe('track chair review screens', () => {
  let trackA = 0;
  let trackB = 0;
  const u = { tom: 0, alice: 0, rita: 0, wes: 0 };
  const p = { mine: 0, other: 0, coAuthored: 0 };

  const env = useBrowserEnv(async () => {
    const [a, b] = await env.db
      .insert(tracksTable)
      .values([
        { name: 'Algorithms', position: 0 },
        { name: 'Biology', position: 1 },
      ])
      .returning();
    trackA = a!.id;
    trackB = b!.id;
    const people = await env.db
      .insert(usersTable)
      .values([
        {
          firstName: 'Tom',
          lastName: 'Trackchair',
          email: 'tc@tc-inst.example',
          organization: 'TC Institute',
          passwordHash: await hashPassword('track-pass-1'),
          isCoChair: true,
          coChairTracks: [trackA],
        },
        {
          firstName: 'Alice',
          lastName: 'Author',
          email: 'alice@a-inst.example',
          organization: 'A Institute',
        },
        {
          firstName: 'Rita',
          lastName: 'Rossi',
          email: 'rita@r-inst.example',
          organization: 'R Institute',
          isReviewer: true,
          reviewerTracks: [trackA],
        },
        {
          firstName: 'Wes',
          lastName: 'West',
          email: 'wes@w-inst.example',
          organization: 'W Institute',
          isReviewer: true,
          reviewerTracks: [trackB],
        },
      ])
      .returning();
    [u.tom, u.alice, u.rita, u.wes] = people.map((x) => x.id) as [number, number, number, number];
    for (const [key, title, trackId] of [
      ['mine', 'Graph colouring heuristics', trackA],
      ['other', 'Protein folding benchmarks', trackB],
    ] as const) {
      const [row] = await env.db
        .insert(papersTable)
        .values({ title, abstractText: ABSTRACT, trackId, primaryAuthorId: u.alice })
        .returning();
      await env.db.insert(paperAuthorsTable).values({ paperId: row!.id, userId: u.alice, position: 0 });
      p[key] = row!.id;
    }
    // A paper of their track that the track chair wrote, reviewed by Rita: a conflict of interest (issue 25).
    // (Alone: a co-author would put every paper of that co-author in conflict with them too.)
    const [ownPaper] = await env.db
      .insert(papersTable)
      .values({
        title: 'Planar separators revisited',
        abstractText: ABSTRACT,
        trackId: trackA,
        primaryAuthorId: u.tom,
      })
      .returning();
    p.coAuthored = ownPaper!.id;
    await env.db.insert(paperAuthorsTable).values({ paperId: p.coAuthored, userId: u.tom, position: 0 });
    const [reviewed] = await env.db
      .insert(reviewRequestsTable)
      .values({
        trackId: trackA,
        paperId: p.coAuthored,
        reviewerId: u.rita,
        waiting: false,
        reviewed: true,
        evaluation: 20,
        replyDueAt: new Date(Date.now() + 5 * DAY),
        dueAt: new Date(Date.now() + 14 * DAY),
      })
      .returning();
    await env.db.insert(reviewsTable).values({
      requestId: reviewed!.id,
      trackId: trackA,
      paperId: p.coAuthored,
      reviewerId: u.rita,
      quality: 7,
      contribution: 7,
      originality: 7,
      final: 2,
      commentsAuthor: 'A review the author must not read.',
      commentsChair: 'Accept.',
      draft: false,
      submittedAt: new Date(),
    });
    // A request outside the track chair's tracks: never listed to them.
    await env.db.insert(reviewRequestsTable).values({
      trackId: trackB,
      paperId: p.other,
      reviewerId: u.wes,
      replyDueAt: new Date(Date.now() + 5 * DAY),
      dueAt: new Date(Date.now() + 14 * DAY),
    });
    await signIn(env, 'chair', 'tc@tc-inst.example', 'track-pass-1');
  });

  it('has the Reviews menu without reviewing on behalf of users', async () => {
    await env.page.goto(`${env.baseUrl}/chair/`);
    await waitForText(env.page, 'Assign reviewers manually');
    const text = await env.page.evaluate(() => document.body.innerText);
    expect(text).toContain('Import reviewers and reviews');
    expect(text).not.toContain('Submit a review as a user');
  });

  it('assigns a reviewer manually inside their track and sees only their tracks and requests', async () => {
    const page = env.page;
    await page.goto(`${env.baseUrl}/chair/AssignReviewersManual`);
    await page.waitForSelector(`select[name=track] option[value="${trackA}"]`);
    const options = await page.$$eval('select[name=track] option', (els) =>
      els.map((e) => (e as HTMLOptionElement).value).filter(Boolean),
    );
    expect(options).toEqual([String(trackA)]);
    await selectOption(page, 'select[name=track]', String(trackA));
    await clickText(page, 'Next', 'button');
    await page.waitForSelector(`[data-testid=paper-${p.mine}]`);
    await clickSelector(page, `[aria-label="Select paper ${p.mine}"]`);
    await clickText(page, 'Next', 'button');
    await page.waitForSelector(`[aria-label="Assign Rita Rossi to paper ${p.mine}"]`);
    await clickSelector(page, `[aria-label="Assign Rita Rossi to paper ${p.mine}"]`);
    await clickText(page, 'Next', 'button');
    await clickText(page, 'Save review requests', 'button');
    await page.waitForSelector('[data-testid=assign-result]');
    expect(await page.$eval('[data-testid=assign-result]', (el) => el.textContent)).toBe(
      '1 of 1 review requests saved successfully.',
    );
    const rows = await env.db
      .select()
      .from(reviewRequestsTable)
      .where(eq(reviewRequestsTable.paperId, p.mine));
    expect(rows.map((r) => [r.reviewerId, r.trackId])).toEqual([[u.rita, trackA]]);

    await page.goto(`${env.baseUrl}/chair/ViewReviewRequests`);
    await page.waitForFunction(
      // the new one and Rita's on the own paper; not Wes's in the other track
      () => document.querySelector('[data-testid=request-count]')?.textContent === '2 review requests',
    );
    expect(
      await page.$eval('[data-testid=request-rows]', (el) => (el as HTMLElement).innerText),
    ).not.toContain('Wes West');
  });

  it('submits their own review of a paper in their track', async () => {
    const page = env.page;
    await page.goto(`${env.baseUrl}/chair/SubmitPaperReview/${p.mine}`);
    await page.waitForSelector('select[name=quality]');
    await waitForText(page, 'Graph colouring heuristics');
    await selectOption(page, 'select[name=quality]', '5');
    await selectOption(page, 'select[name=contribution]', '6');
    await selectOption(page, 'select[name=originality]', '4');
    await selectOption(page, 'select[name=final]', '2');
    await fillByLabel(page, 'Comments to the authors', 'Please revise section 3.');
    await fillByLabel(page, 'Comments to the track chair', 'Borderline.');
    await clickText(page, 'Submit review', 'button');
    await page.waitForSelector('[data-testid=reviews]');
    await waitForText(page, 'accept after revision');
    const [review] = await env.db
      .select()
      .from(reviewsTable)
      .where(and(eq(reviewsTable.paperId, p.mine), eq(reviewsTable.reviewerId, u.tom)));
    expect(review).toMatchObject({
      quality: 5,
      contribution: 6,
      originality: 4,
      final: 2,
      commentsAuthor: 'Please revise section 3.',
      commentsChair: 'Borderline.',
      draft: false,
      source: 'reviewer',
    });

    await page.goto(`${env.baseUrl}/chair/SubmitPaperReview/${p.other}`);
    await waitForText(page, 'The paper could not be obtained');
  });

  it('does not show the reviews of a paper they wrote: a conflict of interest', async () => {
    const page = env.page;
    await page.goto(`${env.baseUrl}/chair/ViewPaperReviews/${p.coAuthored}`);
    await page.waitForSelector('[data-testid=reviews-conflict]');
    await waitForText(page, 'Planar separators revisited');
    await checkAccessibility(page, 'reviews of a conflicted paper');
    const text = await page.evaluate(() => document.body.innerText);
    expect(text).toContain('you have a conflict of interest with it');
    expect(text).not.toContain('A review the author must not read.');
    expect(await page.$('[data-testid=reviews]')).toBeNull();
  });
});
