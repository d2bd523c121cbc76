/**
 * A chair overrides one detected conflict of interest for one reviewer and one paper, with a reason:
 * recorded (row and audit), shown beside the assignment, honoured by manual and automatic assignment;
 * track chairs cannot; a pair with no conflict, or no reason, is refused; the override can be removed.
 */
import { and, eq } from 'drizzle-orm';
import {
  conflictOverridesTable,
  reviewRequestsTable,
} from '../../apps/api/src/modules/reviews/reviews.table.js';
import { auditLogTable } from '../../apps/api/src/modules/activity/activity.table.js';
import { setupReviews, type Person, type ReviewsEnv } from './reviews.helpers.js';

describe('conflict-of-interest overrides', () => {
  let env: ReviewsEnv;
  let track: number;
  let paper: number;
  let conflicted: Person;
  let free: Person;

  beforeAll(async () => {
    env = await setupReviews();
    track = await env.track();
    const author = await env.person({
      organization: 'Conflict Institute',
      email: `author.${Date.now()}@cs.conflict.example.edu`,
    });
    paper = await env.paper(track, [author.id]);
    // Same registrable e-mail domain (cs.conflict.example.edu ~ conflict.example.edu) and organisation.
    conflicted = await env.reviewer([track], {
      organization: 'Conflict Institute',
      email: `reviewer.${Date.now()}@conflict.example.edu`,
    });
    free = await env.reviewer([track], {
      organization: 'Elsewhere University',
      email: `free.${Date.now()}@elsewhere.example.org`,
    });
  });
  afterAll(async () => {
    await env.close();
  });

  const url = (p: number, r: number, prefix = 'chair') =>
    `/api/${prefix}/review_requests/conflicts/${p}/${r}`;
  const candidate = async (reviewerId: number) =>
    (
      (await env.t.call('get', `/api/chair/review_requests/candidates/${paper}`, env.chair.auth)).body as {
        _id: number;
        eligible: boolean;
        conflicts: { evidence: string }[];
        conflictOverride: { reason: string; by: string | null } | null;
      }[]
    ).find((c) => c._id === reviewerId)!;
  const assign = () =>
    env.t
      .call('post', '/api/chair/review_requests', env.chair.auth)
      .send({ track, paper, reviewer: conflicted.id });

  it('detects the conflict by registrable domain and organisation and blocks the assignment', async () => {
    const c = await candidate(conflicted.id);
    expect(c.eligible).toBe(false);
    expect(c.conflicts.map((f) => f.evidence).join(' ')).toMatch(/Same e-mail domain .*: example\.edu/);
    expect(c.conflictOverride).toBeNull();
    expect((await assign()).status).toBe(409);
  });

  it('refuses an override without a reason, of a pair without conflict, and by a track chair', async () => {
    const noReason = await env.t
      .call('put', url(paper, conflicted.id), env.chair.auth)
      .send({ reason: '   ' });
    expect(noReason.status).toBe(400);
    expect(noReason.body.message).toBe('Please give the reason for overriding the conflict of interest');
    const none = await env.t
      .call('put', url(paper, free.id), env.chair.auth)
      .send({ reason: 'No reason needed' });
    expect(none.status).toBe(400);
    expect(none.body.message).toBe(
      'There is no conflict of interest to override between this reviewer and this paper',
    );
    const tc = await env.trackChair([track]);
    const byTrackChair = await env.t.call('put', url(paper, conflicted.id), tc.auth).send({ reason: 'x' });
    expect(byTrackChair.status).toBe(403);
    const cochairRoute = await env.t
      .call('put', url(paper, conflicted.id, 'cochair'), tc.auth)
      .send({ reason: 'x' });
    expect(cochairRoute.status).toBe(404);
    expect(await env.t.db.select().from(conflictOverridesTable)).toHaveLength(0);
  });

  it('records the override with its reason, shows it beside the candidate and lets the pair be assigned', async () => {
    const res = await env.t
      .call('put', url(paper, conflicted.id), env.chair.auth)
      .send({ reason: ' Different department, never collaborated ' });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('The conflict of interest was overridden');
    expect(res.body.override).toMatchObject({
      paper,
      reviewer: conflicted.id,
      reason: 'Different department, never collaborated',
    });
    const [row] = await env.t.db.select().from(conflictOverridesTable);
    expect(row).toMatchObject({ paperId: paper, reviewerId: conflicted.id, chairId: env.chair.id });
    const [audit] = await env.t.db
      .select()
      .from(auditLogTable)
      .where(and(eq(auditLogTable.action, 'conflict.override'), eq(auditLogTable.actorId, env.chair.id)));
    expect(audit).toMatchObject({ subjectId: conflicted.id });

    const c = await candidate(conflicted.id);
    expect(c.eligible).toBe(true);
    expect(c.conflicts.length).toBeGreaterThan(0); // the evidence stays visible
    expect(c.conflictOverride).toMatchObject({ reason: 'Different department, never collaborated' });
    expect(c.conflictOverride!.by).toBeTruthy();

    const proposal = await env.t
      .call('post', '/api/chair/review_requests/auto/proposal', env.chair.auth)
      .send({ track });
    expect(proposal.status).toBe(200);
    const proposed = (proposal.body.papers as { paperId: number; proposed: { reviewerId: number }[] }[])
      .find((p) => p.paperId === paper)!
      .proposed.map((r) => r.reviewerId);
    expect(proposed).toContain(conflicted.id);

    expect((await assign()).status).toBe(201);
    const requests = await env.t.db
      .select()
      .from(reviewRequestsTable)
      .where(and(eq(reviewRequestsTable.paperId, paper), eq(reviewRequestsTable.reviewerId, conflicted.id)));
    expect(requests).toHaveLength(1);
  });

  it('removes an override; a second removal answers 404', async () => {
    const other = await env.paper(track, [(await env.person({ organization: 'Conflict Institute' })).id]);
    await env.t.call('put', url(other, conflicted.id), env.chair.auth, { reason: 'Checked' }).expect(200);
    const del = await env.t.call('delete', url(other, conflicted.id), env.chair.auth);
    expect(del.status).toBe(200);
    expect(del.body.message).toBe('The conflict override was removed');
    expect((await env.t.call('delete', url(other, conflicted.id), env.chair.auth)).status).toBe(404);
    const rows = await env.t.db
      .select()
      .from(conflictOverridesTable)
      .where(eq(conflictOverridesTable.paperId, other));
    expect(rows).toHaveLength(0);
  });
});
