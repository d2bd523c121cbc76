/**
 * Review rounds in the chair console (issue 25): a chair adds R2 with its review due date, response window
 * and limit on the track screen, assigns a reviewer to a paper in R2 by hand (the paper already has its 3 R1
 * reviewers), and filters the review request list by R2.
 */
import { and, eq } from 'drizzle-orm';
import { paperAuthorsTable, papersTable } from '../../apps/api/src/modules/papers/papers.table.js';
import { reviewRequestsTable, reviewRoundsTable } from '../../apps/api/src/modules/reviews/reviews.table.js';
import { tracksTable } from '../../apps/api/src/modules/tracks/tracks.table.js';
import { checkAccessibility } from '../support/axe.js';
import {
  clickSelector,
  clickText,
  fillByLabel,
  selectOption,
  signIn,
  waitForText,
  type BrowserEnv,
} from '../support/browser.js';
import { ABSTRACT, CHAIR, insertChair, insertUser, useBrowserEnv } from '../support/browser-setup.js';

const DAY = 24 * 3600 * 1000;

/** Sets a datetime-local input found by its label the way React sees it (no typing for that input type). */
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

describe('chair review rounds', () => {
  let track = 0;
  let paper = 0;
  const r = { rita: 0, sam: 0, tom: 0, dan: 0 };

  const env = useBrowserEnv(async () => {
    await insertChair(env);
    const [t] = await env.db.insert(tracksTable).values({ name: 'Algorithms', position: 0 }).returning();
    track = t!.id;
    const alice = await insertUser(env, {
      firstName: 'Alice',
      lastName: 'Author',
      email: 'alice@a-uni.example',
      organization: 'A University',
    });
    const [p] = await env.db
      .insert(papersTable)
      .values({
        title: 'Graph colouring heuristics',
        abstractText: ABSTRACT,
        trackId: track,
        primaryAuthorId: alice,
      })
      .returning();
    paper = p!.id;
    await env.db.insert(paperAuthorsTable).values({ paperId: paper, userId: alice, position: 0 });
    for (const [key, first, org] of [
      ['rita', 'Rita', 'R Institute'],
      ['sam', 'Sam', 'S Institute'],
      ['tom', 'Tom', 'T Institute'],
      ['dan', 'Dan', 'D Institute'],
    ] as const)
      r[key] = await insertUser(env, {
        firstName: first,
        lastName: 'Reviewer',
        email: `${key}@${key}-inst.example`,
        organization: org,
        isReviewer: true,
        reviewerTracks: [track],
      });
    // R1 is full: the paper has its 3 reviewers
    const now = Date.now();
    await env.db.insert(reviewRequestsTable).values(
      [r.rita, r.sam, r.tom].map((reviewerId) => ({
        trackId: track,
        paperId: paper,
        reviewerId,
        replyDueAt: new Date(now + 5 * DAY),
        dueAt: new Date(now + 14 * DAY),
      })),
    );
    await signIn(env, 'chair', CHAIR.email, CHAIR.password);
  });

  it('adds R2 with its dates and limit on the track screen', async () => {
    const { page } = env;
    await page.goto(`${env.baseUrl}/chair/EditTrack/${track}`);
    await page.waitForSelector('[data-testid=round-1]');
    await waitForText(page, 'Review rounds');
    await clickText(page, 'Add round', 'button');
    await page.waitForSelector('[role=dialog]');
    await fillByLabel(page, 'Round name', 'R2');
    await setInputByLabel(env, 'Review due (UTC)', '2030-03-01T12:00');
    await setInputByLabel(env, 'Response opens (UTC)', '2030-03-05T00:00');
    await setInputByLabel(env, 'Response closes (UTC)', '2030-03-10T00:00');
    await fillByLabel(page, 'Response limit', '500');
    await checkAccessibility(page, 'add review round dialog');
    await clickText(page, 'Save round', 'button');
    await page.waitForSelector('[data-testid=round-2]');
    await waitForText(page, '500 words');
    const [round] = await env.db
      .select()
      .from(reviewRoundsTable)
      .where(and(eq(reviewRoundsTable.trackId, track), eq(reviewRoundsTable.number, 2)));
    expect(round).toMatchObject({
      name: 'R2',
      reviewDueAt: new Date('2030-03-01T12:00:00Z'),
      responseOpensAt: new Date('2030-03-05T00:00:00Z'),
      responseClosesAt: new Date('2030-03-10T00:00:00Z'),
      responseLimit: 500,
      responseLimitUnit: 'words',
    });
  });

  it('assigns a reviewer to the paper in R2 by hand, with the round due date', async () => {
    const { page } = env;
    await page.goto(`${env.baseUrl}/chair/AssignReviewersManual`);
    await selectOption(page, 'select[name=track]', String(track));
    await selectOption(page, 'select[name=round]', '2');
    await clickText(page, 'Next', 'button');
    await clickSelector(page, `[aria-label="Select paper ${paper}"]`);
    await clickText(page, 'Next', 'button');
    await clickSelector(page, `[aria-label="Assign Dan Reviewer to paper ${paper}"]`);
    await clickText(page, 'Next', 'button');
    await page.waitForSelector('[data-testid=summary]');
    await clickText(page, 'Save review requests', 'button');
    await page.waitForSelector('[data-testid=assign-result]');
    expect(await page.$eval('[data-testid=assign-result]', (el) => el.textContent)).toBe(
      '1 of 1 review requests saved successfully.',
    );
    const [dan] = await env.db
      .select()
      .from(reviewRequestsTable)
      .where(and(eq(reviewRequestsTable.paperId, paper), eq(reviewRequestsTable.reviewerId, r.dan)));
    expect(dan).toMatchObject({ round: 2, dueAt: new Date('2030-03-01T12:00:00Z') });
  });

  it('filters the review request list by R2', async () => {
    const { page } = env;
    await page.goto(`${env.baseUrl}/chair/ViewReviewRequests`);
    await waitForText(page, 'Rita Reviewer');
    await selectOption(page, 'select[name=track]', String(track));
    await selectOption(page, 'select[name=round]', '2');
    await page.waitForFunction(() => !document.body.innerText.includes('Rita Reviewer'));
    await waitForText(page, 'Dan Reviewer');
    // the rows of the list (one test id per request), and what the R2 row shows
    const ids = await page.$$eval('tr[data-testid^=request-]', (els) => [
      ...new Set(els.map((e) => e.getAttribute('data-testid'))),
    ]);
    expect(ids).toHaveLength(1);
    const row = await page.$eval(`tr[data-testid=${ids[0]}]`, (e) => (e as HTMLElement).innerText);
    expect(row).toContain('R2');
    expect(row).toContain('Dan Reviewer');
    expect(page.url()).toContain('round=2');
  });
});
