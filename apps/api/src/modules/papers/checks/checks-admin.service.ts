import { Injectable } from '@nestjs/common';
import {
  CHECK_MESSAGES,
  findingKind,
  type CheckReportDto,
  type CheckReportRowDto,
  type CheckReportTrackCountsDto,
  type DuplicatePairDto,
  type DuplicatePaperDto,
  type FileCheckDto,
  type PreflightDto,
  type TrackChecks,
} from '@symposium/domain';
import type { Request } from 'express';
import type { AuthUser } from '../../../common/auth-user.js';
import { loadExcelJS } from '../../../common/lazy-libraries.js';
import { keepTextAsText } from '../../../common/xlsx-text.js';
import type { CallerScope } from '../../../common/managed-scope.js';
import { TransactionRunner } from '../../../database/database.module.js';
import { ActivityService } from '../../activity/activity.service.js';
import { FilesService } from '../../files/files.service.js';
import { PapersService } from '../papers.service.js';
import { PapersErrors } from '../papers.errors.js';
import { TracksService } from '../../tracks/tracks.service.js';
import { UsersService } from '../../users/users.service.js';
import { ChecksErrors } from './checks.errors.js';
import { ChecksRepository } from './checks.repository.js';
import { ChecksService, isBlocking } from './checks.service.js';
import type { DuplicatePairRow } from './checks.table.js';

/** The largest PDF a preflight reads (the submission limit). */
const PREFLIGHT_MAX_BYTES = 40_000_000;
/** Authors named in a preflight (a paper has at most this many in practice). */
const PREFLIGHT_MAX_AUTHORS = 100;

const nameOf = (u: { firstName: string; lastName: string }) => `${u.firstName} ${u.lastName}`.trim();

/**
 * The routes of the submission checks (issue 26) for chairs, track chairs (their tracks only) and authors:
 * track settings, a paper's checks and the acceptance of a finding, the duplicate pairs and their
 * dismissal, the report (JSON and xlsx), the authors' preflight and their papers' checks. Papers are read
 * through the paper module; a paper or pair outside the caller's tracks answers like a missing one.
 */
@Injectable()
export class ChecksAdminService {
  constructor(
    private readonly checks: ChecksService,
    private readonly repo: ChecksRepository,
    private readonly papers: PapersService,
    private readonly tracks: TracksService,
    private readonly files: FilesService,
    private readonly activity: ActivityService,
    private readonly transactions: TransactionRunner,
    private readonly users: UsersService,
  ) {}

  async trackSettings(trackId: number, caller: CallerScope): Promise<TrackChecks> {
    await this.tracks.get(trackId, caller.scope);
    return this.checks.settings(trackId);
  }

  async saveTrackSettings(
    trackId: number,
    input: TrackChecks,
    caller: CallerScope,
  ): Promise<{ message: string; checks: TrackChecks }> {
    const track = await this.tracks.get(trackId, caller.scope);
    const checks = await this.transactions.run(async (tx) => {
      const saved = await this.checks.saveSettings(trackId, input, tx);
      await this.activity.record(
        {
          ...ActivityService.fromUser(caller.user),
          action: 'checks.settings',
          summary: `Changed the submission checks of track '${track.name}'`,
          trackId,
          details: { mode: saved.mode, doubleBlind: saved.doubleBlind },
        },
        tx,
      );
      return saved;
    });
    return { message: CHECK_MESSAGES.saved, checks };
  }

  async paperChecks(paperId: number, caller: CallerScope): Promise<FileCheckDto[]> {
    await this.papers.managedPaper(paperId, caller.scope, { includeDeleted: true });
    return (await this.checks.storedChecks([paperId])).get(paperId) ?? [];
  }

  async accept(
    paperId: number,
    fileId: number,
    body: { code: string; reason: string },
    caller: CallerScope,
  ): Promise<{ message: string; checks: FileCheckDto[] }> {
    // read before the transaction: on the embedded database a read outside it would wait for it
    const name = await this.userName(caller.user);
    await this.transactions.run(async (tx) => {
      const paper = await this.papers.managedPaper(paperId, caller.scope, { includeDeleted: true }, tx);
      const finding = await this.checks.accept(
        paperId,
        fileId,
        body.code,
        body.reason,
        { id: caller.user.id, name },
        tx,
      );
      await this.activity.record(
        {
          ...ActivityService.fromUser(caller.user),
          action: 'checks.accept',
          summary: `Accepted the finding '${finding}' of paper ${paperId} '${paper.title}'`,
          paperId,
          trackId: paper.trackId,
          details: { fileId, code: body.code, reason: body.reason.trim() },
        },
        tx,
      );
    });
    return {
      message: CHECK_MESSAGES.accepted,
      checks: (await this.checks.storedChecks([paperId])).get(paperId)!,
    };
  }

  private async userName(user: AuthUser): Promise<string> {
    const [row] = await this.users.findByIds([user.id]);
    return row ? nameOf(row) : `User ${user.id}`;
  }

  // ----- duplicates

  /**
   * The pairs the caller may see: both papers in their tracks (a track chair never learns of a paper of
   * another track) and neither deleted; open ones, or dismissed ones.
   */
  async duplicates(dismissed: boolean, caller: CallerScope): Promise<DuplicatePairDto[]> {
    const rows = await this.repo.pairs({ dismissed });
    return this.pairDtos(rows, caller);
  }

  private async pairDtos(rows: DuplicatePairRow[], caller: CallerScope): Promise<DuplicatePairDto[]> {
    const ids = [...new Set(rows.flatMap((r) => [r.paperA, r.paperB]))];
    const papers = new Map(
      (await this.papers.managedPapers(ids, caller.scope, { includeDeleted: false })).map((p) => [p.id, p]),
    );
    const visible = rows.filter((r) => papers.has(r.paperA) && papers.has(r.paperB));
    const shown = [...new Set(visible.flatMap((r) => [r.paperA, r.paperB]))];
    const authors = await this.papers.authorsOf(shown);
    const tracks = await this.papers.tracksByIds(shown.map((id) => papers.get(id)!.trackId));
    const paper = (id: number): DuplicatePaperDto => {
      const p = papers.get(id)!;
      return {
        id,
        title: p.title,
        track: { id: p.trackId, name: tracks.get(p.trackId)?.name ?? '' },
        authors: (authors.get(id) ?? []).map((a) => ({ id: a._id, name: nameOf(a), email: a.email })),
      };
    };
    return visible.map((r) => ({
      id: r.id,
      kind: r.kind,
      similarity: r.similarity,
      a: paper(r.paperA),
      b: paper(r.paperB),
      passages: r.passages,
      foundAt: r.foundAt.toISOString(),
      dismissed: r.dismissedAt
        ? { reason: r.dismissedReason ?? '', by: r.dismissedBy ?? '', at: r.dismissedAt.toISOString() }
        : null,
    }));
  }

  async dismiss(
    pairId: number,
    reason: string,
    caller: CallerScope,
  ): Promise<{ message: string; pair: DuplicatePairDto }> {
    const text = reason.trim();
    if (!text) throw ChecksErrors.reasonRequired(CHECK_MESSAGES.dismissReasonRequired);
    const existing = await this.repo.pair(pairId);
    // both papers in the caller's tracks (and not deleted), as the list shows pairs; else 404 alike
    const reached = existing
      ? await this.papers.managedPapers([existing.paperA, existing.paperB], caller.scope, {
          includeDeleted: false,
        })
      : [];
    if (reached.length !== 2) throw ChecksErrors.pairNotFound();
    const by = await this.userName(caller.user);
    const row = await this.transactions.run(async (tx) => {
      const updated = await this.repo.dismiss(pairId, text, by, tx);
      if (!updated) throw ChecksErrors.pairNotFound();
      await this.activity.record(
        {
          ...ActivityService.fromUser(caller.user),
          action: 'checks.dismiss',
          summary: `Dismissed the duplicate pair of papers ${updated.paperA} and ${updated.paperB}`,
          paperId: updated.paperA,
          details: { pairId, paperB: updated.paperB, kind: updated.kind, reason: text },
        },
        tx,
      );
      return updated;
    });
    const [pair] = await this.pairDtos([row], caller);
    return { message: CHECK_MESSAGES.dismissed, pair: pair! };
  }

  // ----- report

  async report(caller: CallerScope): Promise<CheckReportDto> {
    const tracks = await this.tracks.list(caller.scope);
    const papers = (await this.papers.listOfTracks(tracks.map((t) => t._id))).filter((p) => !p.isDeleted);
    const checks = await this.checks.storedChecks(papers.map((p) => p.id));
    const pairsOf = new Map<number, DuplicatePairDto[]>();
    for (const d of await this.pairDtos(await this.repo.pairs({ dismissed: false }), caller))
      for (const id of [d.a.id, d.b.id]) pairsOf.set(id, [...(pairsOf.get(id) ?? []), d]);
    const counts = new Map<number, CheckReportTrackCountsDto>(
      tracks.map((t) => [
        t._id,
        {
          track: { id: t._id, name: t.name },
          papers: 0,
          checked: 0,
          format: 0,
          anonymity: 0,
          unchecked: 0,
          accepted: 0,
          duplicates: 0,
        },
      ]),
    );
    const rows: CheckReportRowDto[] = [];
    for (const p of papers) {
      const c = counts.get(p.trackId);
      if (!c) continue;
      c.papers++;
      const files = checks.get(p.id) ?? [];
      if (files.length) c.checked++;
      const findings = files.flatMap((f) =>
        f.findings.map((x) => ({ ...x, fileName: f.fileName, stage: f.stage })),
      );
      const open = findings.filter((f) => !f.accepted);
      if (open.some((f) => findingKind(f.code) === 'format')) c.format++;
      if (open.some((f) => findingKind(f.code) === 'anonymity')) c.anonymity++;
      if (open.some((f) => f.code === 'unchecked')) c.unchecked++;
      if (findings.some((f) => f.accepted)) c.accepted++;
      const duplicates = (pairsOf.get(p.id) ?? []).map((d) => {
        const other = d.a.id === p.id ? d.b : d.a;
        return {
          pairId: d.id,
          otherId: other.id,
          otherTitle: other.title,
          kind: d.kind,
          similarity: d.similarity,
        };
      });
      if (duplicates.length) c.duplicates++;
      if (findings.length || duplicates.length)
        rows.push({ paper: { id: p.id, title: p.title }, track: c.track, findings, duplicates });
    }
    return { tracks: [...counts.values()], rows };
  }

  async reportXlsx(caller: CallerScope): Promise<Buffer> {
    const report = await this.report(caller);
    const ExcelJS = await loadExcelJS();
    const book = new ExcelJS.Workbook();
    const tracks = book.addWorksheet('Tracks');
    tracks.columns = [
      { header: 'Track', key: 'track', width: 30 },
      { header: 'Papers', key: 'papers', width: 10 },
      { header: 'Checked', key: 'checked', width: 10 },
      { header: 'Format problems', key: 'format', width: 16 },
      { header: 'Anonymity problems', key: 'anonymity', width: 18 },
      { header: 'Could not be checked', key: 'unchecked', width: 20 },
      { header: 'With accepted findings', key: 'accepted', width: 22 },
      { header: 'In duplicate pairs', key: 'duplicates', width: 18 },
    ];
    for (const t of report.tracks) tracks.addRow({ ...t, track: t.track.name });
    const findings = book.addWorksheet('Findings');
    findings.columns = [
      { header: 'Paper', key: 'paper', width: 8 },
      { header: 'Title', key: 'title', width: 40 },
      { header: 'Track', key: 'track', width: 24 },
      { header: 'File', key: 'file', width: 24 },
      { header: 'Stage', key: 'stage', width: 14 },
      { header: 'Finding', key: 'code', width: 18 },
      { header: 'Message', key: 'message', width: 50 },
      { header: 'Pages', key: 'pages', width: 14 },
      { header: 'Accepted', key: 'accepted', width: 40 },
    ];
    for (const r of report.rows)
      for (const f of r.findings)
        findings.addRow({
          paper: r.paper.id,
          title: r.paper.title,
          track: r.track.name,
          file: f.fileName,
          stage: f.stage,
          code: f.code,
          message: f.message,
          pages: f.pages.join(', '),
          accepted: f.accepted ? `${f.accepted.by}: ${f.accepted.reason}` : '',
        });
    const dups = book.addWorksheet('Duplicates');
    dups.columns = [
      { header: 'Paper', key: 'paper', width: 8 },
      { header: 'Title', key: 'title', width: 40 },
      { header: 'Other paper', key: 'other', width: 12 },
      { header: 'Other title', key: 'otherTitle', width: 40 },
      { header: 'Kind', key: 'kind', width: 10 },
      { header: 'Similarity', key: 'similarity', width: 12 },
    ];
    for (const r of report.rows)
      for (const d of r.duplicates)
        if (r.paper.id < d.otherId)
          dups.addRow({
            paper: r.paper.id,
            title: r.paper.title,
            other: d.otherId,
            otherTitle: d.otherTitle,
            kind: d.kind,
            similarity: Math.round(d.similarity * 100) / 100,
          });
    // user text stays text: a title starting with '=' is not a formula
    for (const sheet of [tracks, findings, dups]) sheet.eachRow((row) => keepTextAsText(row));
    return Buffer.from(await book.xlsx.writeBuffer());
  }

  // ----- authors

  /**
   * An author's preflight: the PDF checked against the track's rules for the stage, nothing stored. The
   * `paper` field may name the authors ({ authors: [ids] }) for the anonymity check; default the caller.
   */
  async preflight(
    user: AuthUser,
    trackId: number,
    stage: 'submission' | 'cameraReady',
    req: Request,
  ): Promise<PreflightDto> {
    try {
      await this.papers.track(trackId);
    } catch (e) {
      req.resume();
      throw e;
    }
    const { file, fields } = await this.files.receiveOne(req, {
      kinds: ['pdf'],
      maxBytes: PREFLIGHT_MAX_BYTES,
      fields: ['paper'],
    });
    try {
      const settings = await this.checks.settings(trackId);
      const authorIds = this.authorIds(fields.paper, user.id);
      const bytes = await this.checks.readStored(file.key, file.sha256);
      const output = await this.checks.checkBytes(bytes, {
        settings,
        stage,
        authors: await this.papers.checkAuthors(authorIds),
      });
      const result = output?.result ?? {
        status: 'passed' as const,
        stage,
        pageCount: null,
        bodyPages: null,
        findings: [],
        outlines: [],
      };
      return { ...result, blocking: isBlocking(settings, result), mode: settings.mode };
    } finally {
      await this.files.discard([file.key]);
    }
  }

  private authorIds(raw: string | undefined, self: number): number[] {
    if (raw === undefined) return [self];
    let value: unknown;
    try {
      value = JSON.parse(raw);
    } catch {
      throw PapersErrors.paperFieldInvalid();
    }
    const list = (value as { authors?: unknown } | null)?.authors;
    if (list === undefined) return [self];
    if (
      !Array.isArray(list) ||
      list.length > PREFLIGHT_MAX_AUTHORS ||
      !list.every((id) => Number.isInteger(id) && (id as number) > 0 && (id as number) < 2 ** 31)
    )
      throw PapersErrors.paperFieldInvalid();
    return [...new Set(list as number[])];
  }

  async authorPaperChecks(user: AuthUser, paperId: number): Promise<FileCheckDto[]> {
    await this.papers.authorPaper(paperId, user.id);
    return (await this.checks.storedChecks([paperId])).get(paperId) ?? [];
  }
}
