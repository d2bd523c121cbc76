/**
 * The demo conference (issue 21): loaded into a fresh database, every demo sign-in sees real content through
 * the HTTP API — the chair every paper state, reviews, decisions, registrations, a published programme with a
 * clash left in the draft, the e-mail history, reminder rules and issued letters; authors their papers and,
 * after a decision, their reviews; reviewers their requests in every state; the session chair their session.
 * The same seed gives the same conference, and a larger one loads too.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type {
  AuthorLetterDto,
  AuthorReviewDto,
  ChairPaperDto,
  ClashDto,
  EmailDto,
  IssuedDocumentDto,
  PaperDto,
  ProgrammeStatusDto,
  PublicProgrammeView,
  ReminderRuleDto,
  ReportDto,
  ReviewDto,
  ReviewRequestDto,
  SchedulablePaperDto,
  TechnicalSessionDto,
  TutorialDto,
} from '@symposium/domain';
import { DemoSeeder } from '../../apps/api/src/modules/demo/demo-seeder.service.js';
import { planDemo } from '../../apps/api/src/modules/demo/demo-plan.js';
import { createTestApp, type TestApp } from '../support/app.js';
import { DEMO_EMAILS } from '../support/demo-accounts.js';

const SEED = 7;

/** "  Label   e-mail   password   (url)" → e-mail and password. */
function signIns(lines: string[]): Map<string, string> {
  return new Map(
    lines.flatMap((l) => {
      const m = /^\s+.+?\s(\S+@\S+)\s+(\S+)\s+\(/.exec(l);
      return m ? [[m[1]!, m[2]!] as [string, string]] : [];
    }),
  );
}

describe('the demo conference', () => {
  let t: TestApp;
  let lines: string[];
  const auth = new Map<string, [string, string]>();
  const as = (email: string) => auth.get(email)!;
  const chair = () => as('chair@ulisboa.example');

  /** The papers of the chair's list with these filters (deleted ones only with an isDeleted filter), by id. */
  async function chairPapers(filters: unknown[] = []): Promise<ChairPaperDto[]> {
    const out: ChairPaperDto[] = [];
    for (let cp = 1; ; cp++) {
      const res = await t
        .http()
        .post('/api/chair/papers')
        .set(...chair())
        .send({ cp, pg: 100, filters, sort: { field: '_id', order: 'asc' } })
        .expect(200);
      out.push(...(res.body.data as ChairPaperDto[]));
      if (out.length >= res.body.count || !res.body.data.length) return out;
    }
  }

  /** Every paper, deleted ones too, by id. */
  async function allPapers(): Promise<ChairPaperDto[]> {
    const deleted = await chairPapers([{ name: 'isDeleted', value: true }]);
    return [...(await chairPapers()), ...deleted].sort((a, b) => a._id - b._id);
  }

  beforeAll(async () => {
    t = await createTestApp({ dataDir: mkdtempSync(join(tmpdir(), 'symposium-demo-')) });
    lines = (await t.app.get(DemoSeeder).seed({ seed: SEED, papers: 60 }))!;
    for (const [email, password] of signIns(lines)) {
      const res = await t.http().post('/api/auth/login').send({ email, password }).expect(200);
      auth.set(email, ['Authorization', `Bearer ${res.body.accessToken}`]);
    }
  }, 180_000);
  afterAll(async () => {
    await t.close();
  });

  it('prints what it loaded and a sign-in for every role, each of which signs in', () => {
    expect(lines[0]).toMatch(/^Demo conference loaded in \d+\.\d s \(seed 7/);
    expect(lines.join('\n')).toMatch(
      /60 papers: \d+ submitted, \d+ under review, \d+ reviewed, \d+ accepted/,
    );
    expect([...auth.keys()]).toEqual(DEMO_EMAILS);
  });

  it('shows the chair papers in every state, with files, decisions, camera-ready versions and registrations', async () => {
    const papers = await allPapers();
    expect(papers).toHaveLength(60);
    const live = papers.filter((p) => !p.isDeleted);
    expect(papers.filter((p) => p.isDeleted).length).toBeGreaterThan(0);
    expect(new Set(live.map((p) => p.statusText))).toEqual(
      new Set(['Awaiting Decision', 'Accept', 'Accept with Revision', 'Reject']),
    );
    expect(new Set(papers.map((p) => p.trackName)).size).toBe(4);
    expect(papers.every((p) => p.abstract.files.length >= 1)).toBe(true);
    expect(papers.some((p) => p.authors.length > 1)).toBe(true);
    const cameraReady = await chairPapers([{ name: 'submittedCameraReady', value: true }]);
    expect(cameraReady.length).toBeGreaterThan(0);
    expect(cameraReady.every((p) => p.statusText?.startsWith('Accept'))).toBe(true);
    const registered = await chairPapers([{ name: 'isRegistered', value: true }]);
    expect(registered.length).toBeGreaterThan(0);
    expect(registered.every((p) => p.registration?.id)).toBe(true);
    expect(registered.some((p) => (p.registration?.amount ?? 0) > 0)).toBe(true);
  });

  it('has review requests in every state, reviews with scores, and papers awaiting reviewers, under review and reviewed', async () => {
    const byState: Record<string, ReviewRequestDto[]> = {};
    for (const state of ['waiting', 'accepted', 'declined', 'reviewed']) {
      const res = await t
        .http()
        .get(`/api/chair/review_requests?state=${state}&pg=100`)
        .set(...chair())
        .expect(200);
      byState[state] = res.body.data;
      expect(res.body.count).toBeGreaterThan(0);
    }
    const decided = (await chairPapers()).find((p) => p.statusText === 'Reject')!;
    const reviews = await t
      .http()
      .get(`/api/chair/reviews/paper/${decided._id}`)
      .set(...chair())
      .expect(200);
    expect((reviews.body as ReviewDto[]).length).toBeGreaterThanOrEqual(2);
    for (const r of reviews.body as ReviewDto[]) {
      expect(r.quality).toEqual(expect.any(Number));
      expect(r.comments.author.length).toBeGreaterThan(20);
    }
    // awaiting a decision: some with no reviewer yet, some with open requests, some fully reviewed
    const awaiting = (await chairPapers()).filter(
      (p) => !p.isDeleted && p.statusText === 'Awaiting Decision',
    );
    const requests = [...byState.waiting!, ...byState.accepted!, ...byState.reviewed!];
    const open = new Set([...byState.waiting!, ...byState.accepted!].map((r) => r.paper));
    expect(awaiting.some((p) => !requests.some((r) => r.paper === p._id))).toBe(true);
    expect(awaiting.some((p) => open.has(p._id))).toBe(true);
    expect(awaiting.some((p) => !open.has(p._id) && byState.reviewed!.some((r) => r.paper === p._id))).toBe(
      true,
    );
  });

  it('has a published programme with sessions and one clash left in the draft', async () => {
    const status = (
      await t
        .http()
        .get('/api/chair/programme/status')
        .set(...chair())
        .expect(200)
    ).body as ProgrammeStatusDto;
    expect(status).toMatchObject({ publishedVersion: 1, draftChanged: true, clashes: 1 });
    const clashes = (
      await t
        .http()
        .get('/api/chair/programme/clashes')
        .set(...chair())
        .expect(200)
    ).body as ClashDto[];
    expect(clashes.map((c) => c.type)).toEqual(['room']);
    const sessions = (
      await t
        .http()
        .get('/api/chair/technical_sessions')
        .set(...chair())
        .expect(200)
    ).body as TechnicalSessionDto[];
    expect(sessions.length).toBeGreaterThan(2);
    for (const s of sessions) {
      expect(s.papers.length).toBeGreaterThan(0);
      expect(s.responsables.length).toBeGreaterThan(0);
      expect(s.room).not.toBeNull();
    }
    const posters = await t
      .http()
      .get('/api/chair/poster_sessions')
      .set(...chair())
      .expect(200);
    expect(posters.body.length).toBeGreaterThan(0);
    const published = (
      await t
        .http()
        .get('/api/author/programme')
        .set(...chair())
        .expect(200)
    ).body as PublicProgrammeView;
    expect(published.version).toBe(1);
    expect(published.days).toHaveLength(3);
    expect(published.days.flatMap((d) => d.events.flatMap((e) => e.sessions)).length).toBe(
      // every session but the draft's late one: technical, posters and the tutorial
      sessions.length - 1 + posters.body.length + 1,
    );
  });

  it('has an e-mail history of delivered messages, none waiting to be sent', async () => {
    const res = await t
      .http()
      .post('/api/chair/mail')
      .set(...chair())
      .send({ cp: 1, pg: 100 })
      .expect(200);
    expect(Number(res.headers['x-total-count'])).toBeGreaterThan(100);
    const mails = res.body as EmailDto[];
    expect(mails.every((m) => m.state === 'sent' && m.sentAt)).toBe(true);
    for (const state of ['queued', 'sending', 'failed']) {
      const other = await t
        .http()
        .post('/api/chair/mail')
        .set(...chair())
        .send({ cp: 1, pg: 1, filter: { state } })
        .expect(200);
      expect(other.headers['x-total-count']).toBe('0');
    }
    for (const subject of ['has been accepted', 'decision on your paper', 'Review request', 'programme'])
      expect(
        Number(
          (
            await t
              .http()
              .post('/api/chair/mail')
              .set(...chair())
              .send({ cp: 1, pg: 1, filter: { subject } })
              .expect(200)
          ).headers['x-total-count'],
        ),
      ).toBeGreaterThan(0);
  });

  it('has paused reminder rules and issued letters', async () => {
    const rules = (
      await t
        .http()
        .get('/api/chair/reminders')
        .set(...chair())
        .expect(200)
    ).body as ReminderRuleDto[];
    expect(rules.map((r) => [r.kind, r.enabled])).toEqual([
      ['cameraReadyNotSubmitted', false],
      ['reviewNotSubmitted', false],
    ]);
    const docs = (
      await t
        .http()
        .get('/api/chair/documents')
        .set(...chair())
        .expect(200)
    ).body as IssuedDocumentDto[];
    expect(new Set(docs.map((d) => d.kind))).toEqual(
      new Set(['acceptance', 'invitation', 'certificate', 'invoice']),
    );
  });

  it('shows the track chair the papers and requests of their two tracks only', async () => {
    const res = await t
      .http()
      .post('/api/cochair/papers')
      .set(...as('trackchair@kth.example'))
      .send({ cp: 1, pg: 100 })
      .expect(200);
    const names = new Set((res.body.data as ChairPaperDto[]).map((p) => p.trackName));
    expect(names).toEqual(new Set(['Main Track', 'Short Papers and Demos']));
    const requests = await t
      .http()
      .get('/api/cochair/review_requests?pg=100')
      .set(...as('trackchair@kth.example'))
      .expect(200);
    expect(requests.body.count).toBeGreaterThan(0);
  });

  it('has a tutorials track with one tutorial scheduled and one to schedule', async () => {
    const track = await t
      .http()
      .get('/api/chair/programme/tutorial_track')
      .set(...chair())
      .expect(200);
    expect(track.body.name).toBe('Tutorials');
    const tutorials = await t
      .http()
      .get('/api/chair/tutorials')
      .set(...chair())
      .expect(200);
    expect(tutorials.body).toHaveLength(1);
    expect((tutorials.body as TutorialDto[])[0]!.presenter).not.toBeNull();
    const papers = await t
      .http()
      .get(`/api/chair/programme/papers?track=${track.body._id as number}`)
      .set(...chair())
      .expect(200);
    expect((papers.body as SchedulablePaperDto[]).map((p) => p.session === null).sort()).toEqual([
      false,
      true,
    ]);
  });

  it('has the reports a chair would have generated: the chair a paper and a user report, the track chair one of theirs', async () => {
    const chairReports = await t
      .http()
      .get('/api/chair/reports')
      .set(...chair())
      .expect(200);
    // the chair sees every report: theirs of every track, and the track chair's
    expect(
      (chairReports.body as ReportDto[])
        .map((r) => `${r.category} ${r.trackIds ? 'my tracks' : 'all'}`)
        .sort(),
    ).toEqual(['Paper all', 'Paper my tracks', 'User all']);
    const paperReport = (chairReports.body as ReportDto[]).find(
      (r) => r.category === 'Paper' && !r.trackIds,
    )!;
    expect(paperReport.summary.counts.papersByTrack).toHaveLength(4);
    const theirs = await t
      .http()
      .get('/api/cochair/reports')
      .set(...as('trackchair@kth.example'))
      .expect(200);
    expect((theirs.body as ReportDto[]).map((r) => r.category)).toEqual(['Paper']);
    expect((theirs.body as ReportDto[])[0]!.trackIds).toHaveLength(2);
  });

  it('shows the author their accepted paper with its camera-ready version, reviews, letters and session', async () => {
    const me = as('author@tum.example');
    const papers = (await t.call('get', '/api/author/papers', me).expect(200)).body as PaperDto[];
    expect(papers).toHaveLength(2);
    const accepted = papers.find((p) => p.decision === 'Accept')!;
    expect(accepted.submittedCameraReady).toBe(true);
    expect(accepted.actions).toMatchObject({ canViewReviews: true, canSignConsent: true });
    expect(papers.find((p) => p !== accepted)!.decision).toBeNull();
    const reviews = (await t.call('get', `/api/author/papers/${accepted._id}/reviews`, me).expect(200))
      .body as AuthorReviewDto[];
    expect(reviews.length).toBe(3);
    expect(reviews.every((r) => r.comments.author.length > 0)).toBe(true);
    const letters = (await t.call('get', `/api/author/papers/${accepted._id}/letters`, me).expect(200))
      .body as AuthorLetterDto[];
    expect(letters.filter((l) => l.available).map((l) => l.kind)).toEqual(
      expect.arrayContaining(['acceptance', 'invitation', 'certificate']),
    );
    const programme = (await t.call('get', '/api/author/programme', me).expect(200))
      .body as PublicProgrammeView;
    const mine = programme.days.flatMap((d) =>
      d.events.flatMap((e) => e.sessions.filter((s) => s.papers.some((p) => p._id === accepted._id))),
    );
    expect(mine).toHaveLength(1);
  });

  it('shows the rejected author the decision and the reviews, and the author under review no reviews yet', async () => {
    const rejected = as('author2@uva.example');
    const [paper] = (await t.call('get', '/api/author/papers', rejected).expect(200)).body as PaperDto[];
    expect(paper!.decision).toBe('Reject');
    const reviews = await t.call('get', `/api/author/papers/${paper!._id}/reviews`, rejected);
    expect(reviews.status).toBe(200);
    expect(reviews.body.length).toBeGreaterThanOrEqual(2);

    const waiting = as('author3@polimi.example');
    const [mine] = (await t.call('get', '/api/author/papers', waiting).expect(200)).body as PaperDto[];
    expect(mine!.decision).toBeNull();
    expect(mine!.actions.canViewReviews).toBe(false);
    await t.call('get', `/api/author/papers/${mine!._id}/reviews`, waiting).expect(404);
  });

  it('gives the reviewers requests in every state', async () => {
    const states = async (email: string) =>
      (
        (
          await t
            .http()
            .get('/api/reviewer/review_requests?pg=100')
            .set(...as(email))
            .expect(200)
        ).body.data as ReviewRequestDto[]
      ).map((r) => r.state);
    expect(new Set(await states('reviewer@ed.example'))).toEqual(
      new Set(['waiting', 'accepted', 'declined', 'reviewed']),
    );
    expect(await states('reviewer2@ethz.example')).toEqual(
      expect.arrayContaining(['waiting', 'reviewed', 'declined']),
    );
  });

  it('shows the session chair the sessions they chair, with their papers', async () => {
    const view = (
      await t
        .http()
        .get('/api/session/programme')
        .set(...as('sessionchair@up.example'))
        .expect(200)
    ).body as PublicProgrammeView;
    const sessions = view.days.flatMap((d) => d.events.flatMap((e) => e.sessions));
    expect(sessions.length).toBeGreaterThan(0);
    for (const s of sessions) {
      expect(s.responsables.map((r) => r.lastName)).toContain('Ferreira');
      expect(s.papers.length).toBeGreaterThan(0);
    }
  });

  it('is the conference its seed plans: the same seed gives the same titles, another seed others', async () => {
    const titles = (await allPapers()).map((p) => p.title);
    const again = planDemo({ papers: 60, seed: SEED, now: new Date('2030-01-01T00:00:00Z') });
    expect(again.papers.map((p) => p.title)).toEqual(titles);
    const other = planDemo({ papers: 60, seed: SEED + 1, now: new Date() });
    expect(other.papers.map((p) => p.title)).not.toEqual(titles);
  });
});

describe('a larger demo conference', () => {
  it('loads 200 papers with the same kinds of content', async () => {
    const t = await createTestApp({ dataDir: mkdtempSync(join(tmpdir(), 'symposium-demo-')) });
    try {
      const lines = (await t.app.get(DemoSeeder).seed({ papers: 200, seed: 'larger', documents: false }))!;
      expect(lines.join('\n')).toContain('200 papers');
      const [email, password] = [...signIns(lines)][0]!;
      const login = await t.http().post('/api/auth/login').send({ email, password }).expect(200);
      const chair: [string, string] = ['Authorization', `Bearer ${login.body.accessToken}`];
      const papers = await t.call('post', '/api/chair/papers', chair, { cp: 1, pg: 1 }).expect(200);
      const deleted = await t
        .call('post', '/api/chair/papers', chair, {
          cp: 1,
          pg: 1,
          filters: [{ name: 'isDeleted', value: true }],
        })
        .expect(200);
      expect(papers.body.count + deleted.body.count).toBe(200);
      const status = (await t.call('get', '/api/chair/programme/status', chair).expect(200))
        .body as ProgrammeStatusDto;
      expect(status).toMatchObject({ publishedVersion: 1, clashes: 1 });
      // a second load into the same database changes nothing
      expect(await t.app.get(DemoSeeder).seed({ papers: 200, seed: 'larger', documents: false })).toBeNull();
    } finally {
      await t.close();
    }
  }, 180_000);
});

describe('the demo conference without a Chromium that can start', () => {
  const saved = process.env.PUPPETEER_EXECUTABLE_PATH;
  afterAll(() => {
    if (saved === undefined) delete process.env.PUPPETEER_EXECUTABLE_PATH;
    else process.env.PUPPETEER_EXECUTABLE_PATH = saved;
  });

  it('loads everything but the letters and consent signatures, and says so', async () => {
    process.env.PUPPETEER_EXECUTABLE_PATH = '/nonexistent/symposium-test/chromium';
    const t = await createTestApp({ dataDir: mkdtempSync(join(tmpdir(), 'symposium-demo-')) });
    try {
      const lines = (await t.app.get(DemoSeeder).seed({ papers: 20, seed: 3 }))!;
      expect(lines.join('\n')).toMatch(
        /Documents: 0 issued, 0 consent forms signed; the rest skipped \(.+\)/,
      );
      const [email, password] = [...signIns(lines)][0]!;
      const login = await t.http().post('/api/auth/login').send({ email, password }).expect(200);
      const chair: [string, string] = ['Authorization', `Bearer ${login.body.accessToken}`];
      const docs = await t.call('get', '/api/chair/documents', chair).expect(200);
      expect(docs.body).toEqual([]);
      const status = await t.call('get', '/api/chair/programme/status', chair).expect(200);
      expect(status.body).toMatchObject({ publishedVersion: 1 });
    } finally {
      await t.close();
    }
  }, 180_000);
});
