/**
 * A chair overrides a detected conflict of interest in the manual assignment screen: the reason is asked
 * for, recorded, shown beside the pair, and the pair becomes assignable; the override can be removed.
 */
import { and, eq } from 'drizzle-orm';
import { hashPassword } from '../support/passwords.js';
import { paperAuthorsTable, papersTable } from '../../apps/api/src/modules/papers/papers.table.js';
import {
  conflictOverridesTable,
  reviewRequestsTable,
} from '../../apps/api/src/modules/reviews/reviews.table.js';
import { tracksTable } from '../../apps/api/src/modules/tracks/tracks.table.js';
import { usersTable } from '../../apps/api/src/modules/users/users.table.js';
import {
  clickSelector,
  clickText,
  fillByLabel,
  selectOption,
  signIn,
  waitForText,
} from '../support/browser.js';
import { useBrowserEnv } from '../support/browser-setup.js';

describe('overriding a conflict of interest (chair console)', () => {
  let track = 0;
  let paper = 0;
  let uma = 0;
  let chair = 0;

  const env = useBrowserEnv(async () => {
    const [t] = await env.db.insert(tracksTable).values({ name: 'Algorithms', position: 0 }).returning();
    track = t!.id;
    const people = await env.db
      .insert(usersTable)
      .values([
        {
          firstName: 'Carla',
          lastName: 'Chair',
          email: 'chair@conference.example',
          passwordHash: await hashPassword('chair-pass-1'),
          isChair: true,
        },
        { firstName: 'Alice', lastName: 'Author', email: 'alice@up.pt', organization: 'University of Porto' },
        {
          firstName: 'Uma',
          lastName: 'Unger',
          email: 'uma@fe.up.pt',
          organization: 'Faculty of Engineering',
          isReviewer: true,
          reviewerTracks: [track],
        },
      ])
      .returning();
    [chair, , uma] = people.map((p) => p.id) as [number, number, number];
    const [row] = await env.db
      .insert(papersTable)
      .values({
        title: 'Graph colouring heuristics',
        abstractText: 'An abstract long enough for the submission rules of the conference, surely.',
        trackId: track,
        primaryAuthorId: people[1]!.id,
      })
      .returning();
    paper = row!.id;
    await env.db.insert(paperAuthorsTable).values({ paperId: paper, userId: people[1]!.id, position: 0 });
    await signIn(env, 'chair', 'chair@conference.example', 'chair-pass-1');
  });

  it('asks for a reason, records and shows the override, lets the pair be assigned, and removes it', async () => {
    const page = env.page;
    await page.goto(`${env.baseUrl}/chair/AssignReviewersManual`);
    await selectOption(page, 'select[name=track]', String(track));
    await clickText(page, 'Next', 'button');
    await clickSelector(page, `[aria-label="Select paper ${paper}"]`);
    await clickText(page, 'Next', 'button');

    // fe.up.pt and up.pt are one registrable domain: a conflict, not selectable.
    const box = `[aria-label="Assign Uma Unger to paper ${paper}"]`;
    await page.waitForSelector(box);
    expect(await page.$eval(box, (el) => (el as HTMLInputElement).disabled)).toBe(true);
    await waitForText(page, 'Same e-mail domain as Alice Author: up.pt');

    await clickSelector(page, `[aria-label="Override conflict of Uma Unger with paper ${paper}"]`);
    await clickText(page, 'Override', 'button');
    await waitForText(page, 'Please give the reason for overriding the conflict of interest');
    expect(await env.db.select().from(conflictOverridesTable)).toHaveLength(0);
    await fillByLabel(page, 'Reason', 'Different faculty, no joint work');
    await clickText(page, 'Override', 'button');
    await page.waitForSelector(`[data-testid=override-${paper}-${uma}]`);
    await waitForText(page, 'Conflict overridden: Different faculty, no joint work (by Carla Chair,');
    await page.waitForFunction(
      (s: string) => !(document.querySelector(s) as HTMLInputElement | null)?.disabled,
      {},
      box,
    );
    const [stored] = await env.db.select().from(conflictOverridesTable);
    expect(stored).toMatchObject({
      paperId: paper,
      reviewerId: uma,
      chairId: chair,
      reason: 'Different faculty, no joint work',
    });

    await clickSelector(page, box);
    await clickText(page, 'Next', 'button');
    await waitForText(page, '1 review request will be saved');
    await clickText(page, 'Save review requests', 'button');
    await page.waitForSelector('[data-testid=assign-result]');
    expect(await page.$eval('[data-testid=assign-result]', (el) => el.textContent)).toBe(
      '1 of 1 review requests saved successfully.',
    );
    const requests = await env.db
      .select()
      .from(reviewRequestsTable)
      .where(and(eq(reviewRequestsTable.paperId, paper), eq(reviewRequestsTable.reviewerId, uma)));
    expect(requests).toHaveLength(1);

    // Back on the reviewers step, the override is shown and can be removed.
    await page.goto(`${env.baseUrl}/chair/AssignReviewersManual`);
    await selectOption(page, 'select[name=track]', String(track));
    await clickText(page, 'Next', 'button');
    await clickSelector(page, `[aria-label="Select paper ${paper}"]`);
    await clickText(page, 'Next', 'button');
    await page.waitForSelector(`[data-testid=override-${paper}-${uma}]`);
    await clickText(page, 'Remove override', 'button');
    await waitForText(page, 'The conflict override was removed');
    await page.waitForFunction(
      (s: string) => !document.querySelector(s),
      {},
      `[data-testid=override-${paper}-${uma}]`,
    );
    expect(await env.db.select().from(conflictOverridesTable)).toHaveLength(0);
  });
});
