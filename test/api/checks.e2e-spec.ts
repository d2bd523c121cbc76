/**
 * Submission checks (issue 26) through the API: a track's settings, findings stored with the file at
 * submission, upload and camera-ready (warn and block), the authors' preflight that stores nothing, the
 * chairs' filter, acceptance with a reason (activity log), anonymity on a double-blind track, a PDF that
 * cannot be checked, near-duplicates found by the background scan and same titles at once, dismissal, the
 * report and its xlsx, and what a track chair of another track sees (nothing).
 */
import {
  CHECK_MESSAGES,
  DEFAULT_TRACK_CHECKS,
  type CheckReportDto,
  type DuplicatePairDto,
  type FileCheckDto,
  type PreflightDto,
  type TrackChecks,
} from '@symposium/domain';
import ExcelJS from 'exceljs';
import { eq } from 'drizzle-orm';
import { auditLogTable as activityTable } from '../../apps/api/src/modules/activity/activity.table.js';
import {
  duplicatePairsTable,
  paperFileChecksTable,
} from '../../apps/api/src/modules/papers/checks/checks.table.js';
import { DuplicateScansService } from '../../apps/api/src/modules/papers/checks/duplicate-scans.service.js';
import { papersTable, paperFilesTable } from '../../apps/api/src/modules/papers/papers.table.js';
import { paperPdf, prose, textPdf, wrap } from './checks.helpers.js';
import { docx, setupPapers, submission, type PapersEnv } from './papers-author.helpers.js';

type User = Awaited<ReturnType<PapersEnv['t']['user']>>;

const rules = (patch: Partial<TrackChecks['submission']> = {}) => ({
  ...DEFAULT_TRACK_CHECKS.submission,
  enabled: true,
  pageLimit: 4,
  ...patch,
});

describe('submission checks', () => {
  let env: PapersEnv;
  let author: User;
  let coauthor: User;
  let cochair: User;
  let otherCochair: User;
  let warnTrack: number;
  let blockTrack: number;
  let blindTrack: number;

  const http = () => env.t.http();
  const settings = (track: number, body: object, who: User = env.chair, prefix = 'chair') =>
    http()
      .put(`/api/${prefix}/checks/tracks/${track}`)
      .set(...who.auth)
      .send(body);
  let titles = 0;
  // every paper its own title: the same title is itself a duplicate (tested below)
  const submit = (track: number, file: Buffer, extra: Record<string, unknown> = {}, who: User = author) =>
    http()
      .post('/api/author/papers')
      .set(...who.auth)
      .field(
        'paper',
        JSON.stringify(submission(track, [who.id], { title: `Study number ${++titles}`, ...extra })),
      )
      .attach('files', file, 'paper.pdf');
  const checksOf = async (paperId: number, prefix = 'chair', who: User = env.chair) =>
    (
      await http()
        .get(`/api/${prefix}/papers/${paperId}/checks`)
        .set(...who.auth)
    ).body as FileCheckDto[];
  const query = (filters: unknown[], who: User = env.chair, prefix = 'chair') =>
    http()
      .post(`/api/${prefix}/papers`)
      .set(...who.auth)
      .send({ filters, pg: 100, cp: 1 });

  beforeAll(async () => {
    env = await setupPapers();
    author = await env.t.user({
      firstName: 'Ada',
      lastName: 'Quillfeather',
      organization: 'Unseen University',
    });
    coauthor = await env.t.user({ firstName: 'Bert', lastName: 'Marrowby' });
    warnTrack = await env.track();
    blockTrack = await env.track();
    blindTrack = await env.track();
    cochair = await env.t.user({
      roles: { coChair: { is: true, tracks: [warnTrack, blockTrack, blindTrack] } },
    });
    const lonely = await env.track();
    otherCochair = await env.t.user({ roles: { coChair: { is: true, tracks: [lonely] } } });
  });
  afterAll(() => env.close());

  describe('settings', () => {
    it('answers the defaults for a track never set, and saves valid settings with an activity entry', async () => {
      const res = await http()
        .get(`/api/chair/checks/tracks/${warnTrack}`)
        .set(...env.chair.auth);
      expect(res.status).toBe(200);
      expect(res.body).toEqual(DEFAULT_TRACK_CHECKS);
      const body: TrackChecks = {
        ...DEFAULT_TRACK_CHECKS,
        submission: rules(),
        cameraReady: rules({ pageLimit: 5 }),
      };
      const saved = await settings(warnTrack, body);
      expect(saved.status).toBe(200);
      expect(saved.body).toEqual({ message: CHECK_MESSAGES.saved, checks: body });
      expect(
        (
          await http()
            .get(`/api/cochair/checks/tracks/${warnTrack}`)
            .set(...cochair.auth)
        ).body,
      ).toEqual(body);
      const log = await env.t.db
        .select()
        .from(activityTable)
        .where(eq(activityTable.action, 'checks.settings'));
      expect(log).toHaveLength(1);
      expect(
        (await settings(blockTrack, { ...body, mode: 'block', cameraReady: rules({ pageLimit: 4 }) })).status,
      ).toBe(200);
      expect((await settings(blindTrack, { ...DEFAULT_TRACK_CHECKS, doubleBlind: true })).status).toBe(200);
    });

    it('refuses bad settings with the message and changes nothing', async () => {
      const before = (
        await http()
          .get(`/api/chair/checks/tracks/${warnTrack}`)
          .set(...env.chair.auth)
      ).body;
      for (const bad of [
        { ...before, duplicateThreshold: 0 },
        { ...before, submission: { ...before.submission, pageLimit: -1 } },
        { ...before, submission: { ...before.submission, paperSize: 'A5' } },
        { ...before, mode: 'maybe' },
        { ...before, submission: { ...before.submission, minMarginsIn: { top: 1 } } },
      ]) {
        const res = await settings(warnTrack, bad);
        expect(res.status).toBe(400);
        expect([CHECK_MESSAGES.rulesInvalid, CHECK_MESSAGES.thresholdInvalid]).toContain(
          (res.body as { message: string }).message,
        );
      }
      expect(
        (
          await http()
            .get(`/api/chair/checks/tracks/${warnTrack}`)
            .set(...env.chair.auth)
        ).body,
      ).toEqual(before);
    });

    it('answers a track chair of another track, and a missing track, with the same 404', async () => {
      const other = await http()
        .get(`/api/cochair/checks/tracks/${warnTrack}`)
        .set(...otherCochair.auth);
      const missing = await http()
        .get(`/api/chair/checks/tracks/999999`)
        .set(...env.chair.auth);
      expect(other.status).toBe(404);
      expect(missing.status).toBe(404);
      expect(other.body.message).toBe(missing.body.message);
      expect((await settings(warnTrack, DEFAULT_TRACK_CHECKS, otherCochair, 'cochair')).status).toBe(404);
    });
  });

  describe('findings at submission (warn)', () => {
    let paperId: number;

    it('stores the findings with the file; the author and the chairs read them', async () => {
      const res = await submit(warnTrack, paperPdf(1, 6));
      expect(res.status).toBe(201);
      paperId = res.body._id;
      const [row] = await env.t.db
        .select()
        .from(paperFileChecksTable)
        .where(eq(paperFileChecksTable.paperId, paperId));
      expect(row).toMatchObject({ stage: 'submission', status: 'findings', pageCount: 6 });
      const mine = (
        await http()
          .get(`/api/author/papers/${paperId}/checks`)
          .set(...author.auth)
      ).body as FileCheckDto[];
      expect(mine).toHaveLength(1);
      const finding = mine[0]!.findings.find((f) => f.code === 'pageLimit')!;
      expect(finding.pages).toContain(5);
      expect(finding.message).toMatch(/limit 4/);
      expect(finding.evidence[0]!.page).toBe(5);
      expect(finding.accepted).toBeNull();
      expect(mine[0]!.outlines.some((o) => o.page === 5 && o.lines.length > 0)).toBe(true);
      expect(await checksOf(paperId)).toEqual(mine);
      expect(await checksOf(paperId, 'cochair', cochair)).toEqual(mine);
    });

    it('filters the chairs’ list by format problems, and accepting the finding with a reason takes it out', async () => {
      const ok = await submit(warnTrack, paperPdf(2, 3));
      expect(ok.status).toBe(201);
      expect((await checksOf(ok.body._id))[0]!.status).toBe('passed');
      const ids = async () =>
        (
          (
            await query([
              { name: 'track', value: [warnTrack] },
              { name: 'checkProblems', value: true },
            ])
          ).body.data as {
            _id: number;
          }[]
        ).map((p) => p._id);
      expect(await ids()).toEqual([paperId]);
      const fileId = (await checksOf(paperId))[0]!.fileId;
      const noReason = await http()
        .post(`/api/chair/papers/${paperId}/checks/${fileId}/accept`)
        .set(...env.chair.auth)
        .send({ code: 'pageLimit', reason: '  ' });
      expect(noReason.status).toBe(400);
      expect(noReason.body.message).toBe(CHECK_MESSAGES.acceptReasonRequired);
      const wrongCode = await http()
        .post(`/api/chair/papers/${paperId}/checks/${fileId}/accept`)
        .set(...env.chair.auth)
        .send({ code: 'margins', reason: 'fine' });
      expect(wrongCode.status).toBe(404);
      const outsider = await http()
        .post(`/api/cochair/papers/${paperId}/checks/${fileId}/accept`)
        .set(...otherCochair.auth)
        .send({ code: 'pageLimit', reason: 'fine' });
      expect(outsider.status).toBe(404);
      const res = await http()
        .post(`/api/cochair/papers/${paperId}/checks/${fileId}/accept`)
        .set(...cochair.auth)
        .send({ code: 'pageLimit', reason: 'Appendix pages, agreed with the PC' });
      expect(res.status).toBe(200);
      expect(res.body.message).toBe(CHECK_MESSAGES.accepted);
      const accepted = (res.body.checks as FileCheckDto[])[0]!.findings.find((f) => f.code === 'pageLimit')!;
      expect(accepted.accepted).toMatchObject({ reason: 'Appendix pages, agreed with the PC' });
      expect(await ids()).toEqual([]);
      const log = await env.t.db
        .select()
        .from(activityTable)
        .where(eq(activityTable.action, 'checks.accept'));
      expect(log).toEqual([expect.objectContaining({ paperId, actorId: cochair.id })]);
    });

    it('a track chair of another track reads no paper’s checks (404 as for a missing paper)', async () => {
      const res = await http()
        .get(`/api/cochair/papers/${paperId}/checks`)
        .set(...otherCochair.auth);
      expect(res.status).toBe(404);
      expect(
        (
          await http()
            .get(`/api/author/papers/${paperId}/checks`)
            .set(...coauthor.auth)
        ).status,
      ).toBe(404);
    });
  });

  describe('blocking track', () => {
    it('refuses a submission whose PDF breaks the rules, with the findings, and keeps nothing', async () => {
      const before = await env.storedFiles();
      const papers = (await env.t.db.select().from(papersTable)).length;
      const res = await submit(blockTrack, paperPdf(3, 6));
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: 'checks.blocked', message: CHECK_MESSAGES.blocked });
      expect(res.body.details.findings.map((f: { code: string }) => f.code)).toContain('pageLimit');
      expect((await env.t.db.select().from(papersTable)).length).toBe(papers);
      expect(await env.storedFiles()).toEqual(before);
    });

    it('refuses an author’s upload of such a PDF, takes a chair’s with the findings stored', async () => {
      const created = await submit(blockTrack, paperPdf(4, 2));
      expect(created.status).toBe(201);
      const paperId = created.body._id as number;
      await env.setActivity(blockTrack, 'canEditPaper', true);
      const refused = await http()
        .post(`/api/author/papers/${paperId}/upload?p=abstract&replace=${created.body.abstract.files[0]._id}`)
        .set(...author.auth)
        .attach('file', paperPdf(4, 7), 'longer.pdf');
      expect(refused.status).toBe(400);
      expect(refused.body.code).toBe('checks.blocked');
      const files = await env.t.db.select().from(paperFilesTable).where(eq(paperFilesTable.paperId, paperId));
      expect(files.map((f) => f.name)).toEqual(['paper.pdf']);

      // camera-ready: the chair uploads a PDF over the limit; the author cannot confirm until it is accepted
      await env.accept(paperId);
      const chairUpload = await http()
        .post(`/api/chair/papers/${paperId}/upload?p=pdf`)
        .set(...env.chair.auth)
        .attach('file', paperPdf(4, 6), 'final.pdf');
      expect(chairUpload.status).toBe(201);
      const word = await http()
        .post(`/api/chair/papers/${paperId}/upload?p=word`)
        .set(...env.chair.auth)
        .attach('file', docx(), 'final.docx');
      expect(word.status).toBe(201);
      const checks = await checksOf(paperId);
      const camera = checks.find((c) => c.stage === 'cameraReady')!;
      expect(camera.findings.map((f) => f.code)).toContain('pageLimit');
      await env.conference({ consentFileUpload: false } as never);
      const confirm = () =>
        http()
          .post(`/api/author/papers/${paperId}/camera-ready`)
          .set(...author.auth)
          .send({ questions: [] });
      const blocked = await confirm();
      expect(blocked.status).toBe(400);
      expect(blocked.body.code).toBe('checks.cameraReadyBlocked');
      expect(
        (
          await http()
            .post(`/api/chair/papers/${paperId}/checks/${camera.fileId}/accept`)
            .set(...env.chair.auth)
            .send({ code: 'pageLimit', reason: 'Proceedings allow 6 pages' })
        ).status,
      ).toBe(200);
      const after = await confirm();
      expect([200, 201]).toContain(after.status);
    });
  });

  describe('preflight', () => {
    it('checks a PDF against the track’s rules and stores nothing', async () => {
      const before = await env.storedFiles();
      const res = await http()
        .post(`/api/author/checks?track=${blockTrack}&stage=submission`)
        .set(...author.auth)
        .attach('file', paperPdf(5, 6), 'draft.pdf');
      expect(res.status).toBe(200);
      const body = res.body as PreflightDto;
      expect(body).toMatchObject({ status: 'findings', blocking: true, mode: 'block', pageCount: 6 });
      const fine = await http()
        .post(`/api/author/checks?track=${warnTrack}&stage=submission`)
        .set(...author.auth)
        .attach('file', paperPdf(5, 2), 'draft.pdf');
      expect(fine.body).toMatchObject({ status: 'passed', blocking: false, findings: [] });
      expect(await env.storedFiles()).toEqual(before);
    });

    it('refuses what is not a PDF, a bad stage, a missing track and a bad author list', async () => {
      const notPdf = await http()
        .post(`/api/author/checks?track=${warnTrack}&stage=submission`)
        .set(...author.auth)
        .attach('file', Buffer.from('hello'), 'x.pdf');
      expect(notPdf.status).toBe(400);
      const stage = await http()
        .post(`/api/author/checks?track=${warnTrack}&stage=final`)
        .set(...author.auth)
        .attach('file', paperPdf(5, 1), 'x.pdf');
      expect(stage.status).toBe(400);
      expect(stage.body.message).toBe(CHECK_MESSAGES.stageInvalid);
      const track = await http()
        .post(`/api/author/checks?track=999999&stage=submission`)
        .set(...author.auth)
        .attach('file', paperPdf(5, 1), 'x.pdf');
      expect(track.status).toBe(404);
      const authors = await http()
        .post(`/api/author/checks?track=${warnTrack}&stage=submission`)
        .set(...author.auth)
        .field('paper', JSON.stringify({ authors: ['x'] }))
        .attach('file', paperPdf(5, 1), 'x.pdf');
      expect(authors.status).toBe(400);
    });
  });

  describe('anonymity (double-blind)', () => {
    it('finds an author’s name in the text and in the metadata, with the evidence', async () => {
      const pdf = paperPdf(6, 2, {
        firstLines: ['Ada Quillfeather, Unseen University'],
        info: { Author: 'Ada Quillfeather', Title: 'Draft' },
      });
      const res = await http()
        .post(`/api/author/checks?track=${blindTrack}&stage=submission`)
        .set(...author.auth)
        .field('paper', JSON.stringify({ authors: [author.id, coauthor.id] }))
        .attach('file', pdf, 'draft.pdf');
      expect(res.status).toBe(200);
      const codes = (res.body as PreflightDto).findings.map((f) => f.code);
      expect(codes).toEqual(expect.arrayContaining(['authorName', 'metadata', 'authorOrganization']));
      const name = (res.body as PreflightDto).findings.find((f) => f.code === 'authorName')!;
      expect(name.evidence[0]).toMatchObject({ page: 1 });
      expect(name.evidence[0]!.snippet).toContain('Ada Quillfeather');
      const clean = await http()
        .post(`/api/author/checks?track=${blindTrack}&stage=submission`)
        .set(...author.auth)
        .attach('file', paperPdf(6, 2), 'draft.pdf');
      expect(clean.body.findings).toEqual([]);
    });
  });

  describe('a PDF that cannot be checked', () => {
    it('is stored with an "unchecked" finding and does not block', async () => {
      const broken = Buffer.concat([paperPdf(7, 1).subarray(0, 200), Buffer.from('\n%%EOF\n')]);
      const res = await submit(blockTrack, broken, { title: 'A broken file' });
      expect(res.status).toBe(201);
      const [check] = await checksOf(res.body._id);
      expect(check).toMatchObject({ status: 'unchecked' });
      expect(check!.findings.map((f) => f.code)).toEqual(['unchecked']);
    });
  });

  describe('near-duplicates', () => {
    const text = (seed: number) => wrap(prose(seed, 2000), 90);
    const pages = (lines: string[]) => [
      lines.slice(0, 45),
      lines.slice(45, 90),
      lines.slice(90, 135),
      lines.slice(135),
    ];
    let a: number;
    let b: number;

    it('finds two submissions with the same text in the background, with shared passages', async () => {
      await settings(warnTrack, { ...DEFAULT_TRACK_CHECKS, submission: rules({ pageLimit: null }) });
      await settings(blindTrack, { ...DEFAULT_TRACK_CHECKS, doubleBlind: true });
      const lines = text(42);
      a = (await submit(warnTrack, textPdf(pages(lines)), { title: 'Colouring graphs fast' })).body._id;
      const changed = [...lines];
      for (let i = 0; i < changed.length; i += 10) changed[i] = wrap(prose(9000 + i, 14), 90)[0]!;
      b = (await submit(blindTrack, textPdf(pages(changed)), { title: 'Fast graph colouring' }, coauthor))
        .body._id;
      const unrelated = (await submit(warnTrack, textPdf(pages(text(77))), { title: 'Unrelated work' })).body
        ._id;
      expect(await env.t.app.get(DuplicateScansService).runQueued()).toBeGreaterThanOrEqual(3);
      const res = await http()
        .get('/api/chair/checks/duplicates')
        .set(...env.chair.auth);
      expect(res.status).toBe(200);
      const pair = (res.body as DuplicatePairDto[]).find((p) => p.kind === 'text')!;
      expect([pair.a.id, pair.b.id].sort()).toEqual([a, b].sort());
      expect(pair.similarity).toBeGreaterThan(0.5);
      expect(pair.passages.length).toBeGreaterThan(0);
      expect(pair.a.authors.length).toBe(1);
      expect((res.body as DuplicatePairDto[]).some((p) => [p.a.id, p.b.id].includes(unrelated))).toBe(false);
      const filtered = (await query([{ name: 'hasDuplicates', value: true }])).body.data.map(
        (p: { _id: number }) => p._id,
      );
      expect(filtered.sort()).toEqual([a, b].sort());
    });

    it('lists a pair to a track chair only when both papers are in their tracks', async () => {
      const mine = await http()
        .get('/api/cochair/checks/duplicates')
        .set(...cochair.auth);
      expect(mine.body.map((p: DuplicatePairDto) => p.kind)).toContain('text');
      const other = await http()
        .get('/api/cochair/checks/duplicates')
        .set(...otherCochair.auth);
      expect(other.body).toEqual([]);
    });

    it('records the same title at submission time, before any scan', async () => {
      const first = (await submit(warnTrack, paperPdf(11, 1), { title: 'Exactly The Same Title!' })).body._id;
      const second = (await submit(blockTrack, paperPdf(12, 1), { title: 'exactly the same title' })).body
        ._id;
      const rows = await env.t.db
        .select()
        .from(duplicatePairsTable)
        .where(eq(duplicatePairsTable.kind, 'title'));
      expect(rows).toEqual([expect.objectContaining({ paperA: first, paperB: second, similarity: 1 })]);
    });

    it('dismisses a pair with a reason; it leaves the open list and the filter', async () => {
      const pair = (
        (
          await http()
            .get('/api/chair/checks/duplicates')
            .set(...env.chair.auth)
        ).body as DuplicatePairDto[]
      ).find((p) => p.kind === 'text')!;
      const none = await http()
        .post(`/api/chair/checks/duplicates/${pair.id}/dismiss`)
        .set(...env.chair.auth)
        .send({ reason: '' });
      expect(none.status).toBe(400);
      expect(none.body.message).toBe(CHECK_MESSAGES.dismissReasonRequired);
      expect(
        (
          await http()
            .post(`/api/cochair/checks/duplicates/${pair.id}/dismiss`)
            .set(...otherCochair.auth)
            .send({ reason: 'mine' })
        ).status,
      ).toBe(404);
      const res = await http()
        .post(`/api/chair/checks/duplicates/${pair.id}/dismiss`)
        .set(...env.chair.auth)
        .send({ reason: 'Journal version, declared' });
      expect(res.status).toBe(200);
      expect(res.body.pair.dismissed).toMatchObject({ reason: 'Journal version, declared' });
      const open = (
        await http()
          .get('/api/chair/checks/duplicates')
          .set(...env.chair.auth)
      ).body as DuplicatePairDto[];
      expect(open.some((p) => p.id === pair.id)).toBe(false);
      const dismissed = (
        await http()
          .get('/api/chair/checks/duplicates?dismissed=true')
          .set(...env.chair.auth)
      ).body as DuplicatePairDto[];
      expect(dismissed.map((p) => p.id)).toEqual([pair.id]);
      // a scan again (the paper re-submitted) keeps the dismissal
      await env.t.app.get(DuplicateScansService).runQueued();
      const [row] = await env.t.db
        .select()
        .from(duplicatePairsTable)
        .where(eq(duplicatePairsTable.id, pair.id));
      expect(row!.dismissedReason).toBe('Journal version, declared');
    });
  });

  describe('report', () => {
    it('counts per track and lists the papers with findings or pairs, as JSON and xlsx', async () => {
      const res = await http()
        .get('/api/chair/checks/report')
        .set(...env.chair.auth);
      expect(res.status).toBe(200);
      const report = res.body as CheckReportDto;
      const warn = report.tracks.find((t) => t.track.id === warnTrack)!;
      expect(warn.papers).toBeGreaterThanOrEqual(3);
      expect(warn.accepted).toBe(1);
      expect(report.rows.some((r) => r.findings.some((f) => f.code === 'unchecked'))).toBe(true);
      const xlsx = await http()
        .get('/api/chair/checks/report/xlsx')
        .set(...env.chair.auth)
        .buffer(true)
        .parse((r, cb) => {
          const chunks: Buffer[] = [];
          r.on('data', (c: Buffer) => chunks.push(c));
          r.on('end', () => cb(null, Buffer.concat(chunks)));
        });
      expect(xlsx.status).toBe(200);
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(xlsx.body as unknown as ArrayBuffer);
      expect(book.worksheets.map((w) => w.name)).toEqual(['Tracks', 'Findings', 'Duplicates']);
      expect(book.getWorksheet('Tracks')!.rowCount).toBe(report.tracks.length + 1);
      const theirs = (
        await http()
          .get('/api/cochair/checks/report')
          .set(...otherCochair.auth)
      ).body as CheckReportDto;
      expect(theirs.rows).toEqual([]);
      expect(theirs.tracks).toHaveLength(1);
    });
  });
});
