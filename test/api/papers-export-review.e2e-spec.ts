/**
 * POST /api/{chair|cochair}/papers/export/htmlreview/ (the submitted reviews of the selected papers as one
 * html page: every text escaped, no script allowed, drafts left out, JSON body or form post with `data`) and
 * GET /api/{chair|cochair}/papers/bulk/assign/reviewers (the review requests of the selection with their
 * state); track chairs reach only the papers of their tracks.
 */
import { conferenceTable } from '../../apps/api/src/modules/conference/conference.table.js';
import { reviewRequestsTable, reviewsTable } from '../../apps/api/src/modules/reviews/reviews.table.js';
import { setupChair, type ChairEnv } from './papers-chair.helpers.js';

describe('paper review export and reviewer assignments', () => {
  let env: ChairEnv;
  let pA: number, pB: number, pNone: number;
  let rita: Awaited<ReturnType<ChairEnv['t']['user']>>;
  let hugo: Awaited<ReturnType<ChairEnv['t']['user']>>;
  const HOSTILE = '<script>alert(1)</script>&"\'';

  beforeAll(async () => {
    env = await setupChair();
    const { t, status, trackA, trackB } = env;
    pA = (await env.paper({ title: `Paper A ${HOSTILE}`, statusId: status.accept })).id;
    pB = (await env.paper({ title: 'Paper B', trackId: trackB })).id;
    pNone = (await env.paper({ title: 'Paper without reviews' })).id;
    rita = await t.user({ firstName: 'Rita', lastName: '<i>Reviewer</i>' });
    hugo = await t.user({ firstName: 'Hugo', lastName: 'Drafter' });
    const due = new Date(Date.now() + 86400000);
    const [r1, r2, r3] = await t.db
      .insert(reviewRequestsTable)
      .values([
        {
          trackId: trackA,
          paperId: pA,
          reviewerId: rita.id,
          waiting: false,
          reviewed: true,
          replyDueAt: due,
          dueAt: due,
        },
        { trackId: trackA, paperId: pA, reviewerId: hugo.id, waiting: false, replyDueAt: due, dueAt: due },
        {
          trackId: trackB,
          paperId: pB,
          reviewerId: rita.id,
          waiting: false,
          reviewed: true,
          replyDueAt: due,
          dueAt: due,
        },
      ])
      .returning();
    await t.db.insert(reviewRequestsTable).values({
      trackId: trackA,
      paperId: pNone,
      reviewerId: hugo.id,
      waiting: false,
      declined: true,
      replyDueAt: due,
      dueAt: due,
    });
    await t.db.insert(reviewsTable).values([
      {
        requestId: r1!.id,
        trackId: trackA,
        paperId: pA,
        reviewerId: rita.id,
        quality: 9,
        contribution: 8,
        originality: 7,
        final: 2,
        commentsAuthor: `To the authors ${HOSTILE}`,
        commentsChair: 'Chair only <img src=x onerror=alert(2)>',
        draft: false,
        submittedAt: new Date('2025-01-02T03:04:05Z'),
      },
      {
        requestId: r2!.id,
        trackId: trackA,
        paperId: pA,
        reviewerId: hugo.id,
        commentsAuthor: 'DRAFT TEXT',
        draft: true,
      },
      {
        requestId: r3!.id,
        trackId: trackB,
        paperId: pB,
        reviewerId: rita.id,
        quality: 3,
        final: -1,
        commentsAuthor: 'Track B review',
        draft: false,
        submittedAt: new Date(),
      },
    ]);
  });

  afterAll(() => env.close());

  const htmlReview = (prefix: string, auth: [string, string], body: object | string) => {
    const req = env.t.call('post', `/api/${prefix}/papers/export/htmlreview/`, auth);
    return typeof body === 'string' ? req.type('form').send(body) : req.send(body);
  };

  it('exports the submitted reviews of the selected papers as escaped html', async () => {
    const res = await htmlReview('chair', env.chair.auth, { ids: [pA, pB, pNone] });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['content-security-policy']).toBe("default-src 'none'; style-src 'unsafe-inline'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    const html = res.text;
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('<img');
    expect(html).not.toContain('<i>Reviewer');
    expect(html).toContain('Paper A &lt;script&gt;alert(1)&lt;/script&gt;&amp;&quot;&#39;');
    expect(html).toContain('To the authors &lt;script&gt;');
    expect(html).toContain('Chair only &lt;img src=x onerror=alert(2)&gt;');
    // chairs see who reviewed
    expect(html).toContain(`Rita &lt;i&gt;Reviewer&lt;/i&gt; &lt;${rita.email}&gt;`);
    expect(html).toContain('Track B review');
    // each review names its round (issue 25: every track has R1)
    expect(html).toContain('<tr><th>Round</th><td>R1</td></tr>');
    expect(html).toContain('<h2>' + pNone + '. Paper without reviews</h2>');
    expect(html).toContain('No submitted reviews.');
    // when it was submitted, at the conference's time, labelled (issue 21 item 11: it was ISO UTC)
    expect(html).toContain('2 Jan 2025, 03:04 (UTC)');
    await env.t.db.update(conferenceTable).set({ timeZone: 'Asia/Tokyo' });
    try {
      const tokyo = await htmlReview('chair', env.chair.auth, { ids: [pA] });
      expect(tokyo.text).toContain('2 Jan 2025, 12:04 (Asia/Tokyo)');
    } finally {
      await env.t.db.update(conferenceTable).set({ timeZone: 'UTC' });
    }
    // drafts are not reviews yet
    expect(html).not.toContain('DRAFT TEXT');
    expect(html).not.toContain('Hugo');
  });

  it('takes a form post with a JSON data field, and filters', async () => {
    const form = await htmlReview(
      'chair',
      env.chair.auth,
      `data=${encodeURIComponent(JSON.stringify({ ids: [pB] }))}`,
    );
    expect(form.status).toBe(200);
    expect(form.text).toContain('Track B review');
    expect(form.text).not.toContain('To the authors');
    const filtered = await htmlReview('chair', env.chair.auth, {
      filters: [{ name: 'paperStatus', value: 'accepted' }],
    });
    expect(filtered.status).toBe(200);
    expect(filtered.text).toContain(`id="paper-${pA}"`);
    expect(filtered.text).not.toContain(`id="paper-${pB}"`);
  });

  it('refuses bad input with a 400 message', async () => {
    for (const body of [{ ids: 'x' }, { ids: [0] }, { filters: 'x' }, 'data=%7Bnot json']) {
      const res = await htmlReview('chair', env.chair.auth, body);
      expect(res.status).toBe(400);
      expect(typeof res.body.message).toBe('string');
    }
  });

  it("gives a track chair the reviews of their tracks' papers only", async () => {
    const res = await htmlReview('cochair', env.cochair.auth, { ids: [pA, pB] });
    expect(res.status).toBe(200);
    expect(res.text).toContain('To the authors');
    expect(res.text).not.toContain('Track B review');
    expect(res.text).not.toContain(`id="paper-${pB}"`);
    expect((await htmlReview('chair', env.cochair.auth, { ids: [pA] })).status).toBe(403);
    expect((await htmlReview('cochair', env.alice.auth, { ids: [pA] })).status).toBe(403);
  });

  it('lists the reviewer assignments of the selected papers with their state', async () => {
    const res = await env.t.call(
      'get',
      `/api/chair/papers/bulk/assign/reviewers?ids=${pA},${pB},${pNone}`,
      env.chair.auth,
    );
    expect(res.status).toBe(200);
    const byPaper = Object.fromEntries((res.body as { paperId: number }[]).map((p) => [p.paperId, p]));
    expect(Object.keys(byPaper).map(Number).sort()).toEqual([pA, pB, pNone].sort());
    expect(byPaper[pA]).toMatchObject({
      paperId: pA,
      title: `Paper A ${HOSTILE}`,
      reviewers: expect.arrayContaining([
        expect.objectContaining({
          _id: rita.id,
          name: 'Rita <i>Reviewer</i>',
          email: rita.email,
          state: 'reviewed',
        }),
        expect.objectContaining({ _id: hugo.id, name: 'Hugo Drafter', state: 'accepted' }),
      ]),
    });
    expect(byPaper[pNone]!).toMatchObject({ reviewers: [expect.objectContaining({ state: 'declined' })] });
    expect(res.headers['content-type']).toContain('application/json');
  });

  it('takes filters, limits track chairs and refuses bad ids', async () => {
    const filters = encodeURIComponent(JSON.stringify([{ name: 'track', value: env.trackB }]));
    const res = await env.t.call(
      'get',
      `/api/chair/papers/bulk/assign/reviewers?filters=${filters}`,
      env.chair.auth,
    );
    expect(res.status).toBe(200);
    expect(res.body.map((p: { paperId: number }) => p.paperId)).toEqual([pB]);

    const co = await env.t.call(
      'get',
      `/api/cochair/papers/bulk/assign/reviewers?ids=${pA},${pB}`,
      env.cochair.auth,
    );
    expect(co.status).toBe(200);
    expect(co.body.map((p: { paperId: number }) => p.paperId)).toEqual([pA]);

    for (const q of ['ids=a', 'ids=1,,2', 'ids=-1', 'filters=%7B', 'ids=0']) {
      const bad = await env.t.call('get', `/api/chair/papers/bulk/assign/reviewers?${q}`, env.chair.auth);
      expect(bad.status).toBe(400);
      expect(typeof bad.body.message).toBe('string');
    }
  });
});
