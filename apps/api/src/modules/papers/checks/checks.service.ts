import { Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { buffer } from 'node:stream/consumers';
import {
  CHECK_MESSAGES,
  CHECK_REASON_MAX,
  DEFAULT_TRACK_CHECKS,
  FINDING_CODES,
  type CheckResult,
  type CheckStage,
  type FileCheckDto,
  type FindingCode,
  type FormatRules,
  type PaperFilePart,
  type TrackChecks,
} from '@symposium/domain';
import type { Executor } from '../../../database/database.js';
import { FilesService } from '../../files/files.service.js';
import { ChecksErrors } from './checks.errors.js';
import { ChecksRepository, type NewFileCheck } from './checks.repository.js';
import type { PaperFileCheckRow } from './checks.table.js';
import { PdfChecker, type CheckAuthor, type CheckOutput } from './engine/index.js';

/** The parts whose PDFs are checked, and at which stage. */
export const CHECKED_PARTS: Partial<Record<PaperFilePart, CheckStage>> = {
  abstract: 'submission',
  pdf: 'cameraReady',
};

/** A PDF checked at upload, to be recorded with its file row. */
export interface FileCheckOutcome {
  stage: CheckStage;
  output: CheckOutput;
  /** The track's settings then (the duplicate scan needs the track). */
  trackId: number;
}

/** The largest PDF read for a check (the submission limit is 40 MB). */
const MAX_CHECK_BYTES = 64 * 1024 * 1024;

/** A stored settings object completed with the defaults of fields it lacks (older rows, partial input). */
export function completeChecks(settings: Partial<TrackChecks> | undefined): TrackChecks {
  const s = settings ?? {};
  return {
    ...DEFAULT_TRACK_CHECKS,
    ...s,
    submission: { ...DEFAULT_TRACK_CHECKS.submission, ...(s.submission ?? {}) },
    cameraReady: { ...DEFAULT_TRACK_CHECKS.cameraReady, ...(s.cameraReady ?? {}) },
  };
}

/** Whether a stage's PDFs are checked at all: format rules enabled, or anonymity (double-blind submissions). */
export function stageChecked(settings: TrackChecks, stage: CheckStage): boolean {
  return settings[stage].enabled || (stage === 'submission' && settings.doubleBlind);
}

/**
 * Whether a check's findings stop the upload: the track blocks, and a finding is open. A PDF that could not
 * be checked never blocks (its author could not fix what we could not read); the chairs see it listed.
 */
export function isBlocking(
  settings: TrackChecks,
  result: CheckResult,
  accepted: ReadonlySet<string> = new Set(),
): boolean {
  return (
    settings.mode === 'block' && result.findings.some((f) => f.code !== 'unchecked' && !accepted.has(f.code))
  );
}

/**
 * Submission checks (issue 26), the part the paper module calls: each track's settings, the check of an
 * uploaded PDF (in the engine's worker pool), its record with the file row, the stored checks with the
 * chairs' acceptances, and the queue of duplicate scans. It does not read papers: the callers pass what it
 * needs (track, authors, file).
 */
@Injectable()
export class ChecksService implements OnApplicationShutdown {
  private checker: PdfChecker | null = null;

  constructor(
    private readonly repo: ChecksRepository,
    private readonly files: FilesService,
  ) {}

  /** The engine, started on the first check (a process that never checks a PDF starts no worker). */
  private engine(): PdfChecker {
    this.checker ??= new PdfChecker();
    return this.checker;
  }

  async onApplicationShutdown(): Promise<void> {
    await this.checker?.close();
    this.checker = null;
  }

  async settings(trackId: number, ex?: Executor): Promise<TrackChecks> {
    return (await this.settingsOf([trackId], ex)).get(trackId)!;
  }

  /** Every track's settings (defaults for a track without a row), by track id. */
  async settingsOf(trackIds: number[], ex?: Executor): Promise<Map<number, TrackChecks>> {
    const rows = new Map(
      (await this.repo.settingsOf([...new Set(trackIds)], ex)).map((r) => [r.trackId, r.settings]),
    );
    return new Map(trackIds.map((id) => [id, completeChecks(rows.get(id))]));
  }

  async saveSettings(trackId: number, settings: TrackChecks, ex?: Executor): Promise<TrackChecks> {
    const complete = completeChecks(settings);
    await this.repo.saveSettings(trackId, complete, ex);
    return complete;
  }

  /**
   * Checks a PDF against a track's rules for a stage (null when the stage is not checked or the file is not
   * a PDF): format rules when enabled, anonymity for submissions of a double-blind track.
   */
  async checkBytes(
    bytes: Uint8Array,
    opts: { settings: TrackChecks; stage: CheckStage; authors: CheckAuthor[] },
  ): Promise<CheckOutput | null> {
    const { settings, stage } = opts;
    if (!stageChecked(settings, stage)) return null;
    const rules: FormatRules = settings[stage].enabled
      ? settings[stage]
      : { ...settings[stage], enabled: false };
    return this.engine().check({
      bytes,
      rules,
      stage,
      authors: stage === 'submission' && settings.doubleBlind ? opts.authors : null,
    });
  }

  /**
   * The check of a stored upload of a part (null: the part or the file is not checked). Reads the file back
   * from the store, its sha256 verified.
   */
  async checkStored(
    file: { key: string; sha256: string; kind: string },
    part: PaperFilePart,
    opts: { trackId: number; settings: TrackChecks; authors: () => Promise<CheckAuthor[]> },
  ): Promise<FileCheckOutcome | null> {
    const stage = CHECKED_PARTS[part];
    if (!stage || file.kind !== 'pdf') return null;
    const { settings } = opts;
    if (!stageChecked(settings, stage)) return null;
    const bytes = await this.readStored(file.key, file.sha256);
    const output = await this.checkBytes(bytes, { settings, stage, authors: await opts.authors() });
    return output ? { stage, output, trackId: opts.trackId } : null;
  }

  /** A stored file's bytes, its sha256 verified (at most MAX_CHECK_BYTES: the upload limits are far below). */
  async readStored(key: string, sha256?: string): Promise<Buffer> {
    const opened = await this.files.openStored(key, sha256);
    if (!opened) throw new Error(`Stored file ${key} is missing`);
    if (opened.size > MAX_CHECK_BYTES) {
      opened.stream.destroy();
      throw new Error(`Stored file ${key} is larger than ${MAX_CHECK_BYTES} bytes`);
    }
    return buffer(opened.stream);
  }

  /** The 400 of an upload whose findings block; its details are the check, for the author's screen. */
  assertNotBlocking(settings: TrackChecks, outcome: FileCheckOutcome | null): void {
    if (outcome && isBlocking(settings, outcome.output.result))
      throw ChecksErrors.blocked(outcome.output.result);
  }

  /**
   * Records the checks of files just inserted (in their transaction) and queues the duplicate scan of each
   * submission file with text (the latest one per paper).
   */
  async record(
    items: { file: { id: number; paperId: number; name: string; part: string }; outcome: FileCheckOutcome }[],
    ex: Executor,
  ): Promise<void> {
    if (!items.length) return;
    const rows: NewFileCheck[] = items.map(({ file, outcome }) => ({
      fileId: file.id,
      paperId: file.paperId,
      fileName: file.name,
      part: file.part,
      stage: outcome.stage,
      status: outcome.output.result.status,
      pageCount: outcome.output.result.pageCount,
      bodyPages: outcome.output.result.bodyPages,
      findings: outcome.output.result.findings,
      outlines: outcome.output.result.outlines,
    }));
    await this.repo.insertChecks(rows, ex);
    const scans = new Map<number, { paperId: number; trackId: number; fileId: number; text: string }>();
    for (const { file, outcome } of items)
      if (outcome.stage === 'submission' && outcome.output.text.trim())
        scans.set(file.paperId, {
          paperId: file.paperId,
          trackId: outcome.trackId,
          fileId: file.id,
          text: outcome.output.text,
        });
    await this.repo.enqueueScans([...scans.values()], ex);
  }

  /** The stored checks of papers' files with the chairs' acceptances, by paper id. */
  async storedChecks(paperIds: number[], ex?: Executor): Promise<Map<number, FileCheckDto[]>> {
    const rows = await this.repo.checksOfPapers(paperIds, ex);
    const accepted = await this.repo.acceptancesOf(
      rows.map((r) => r.fileId),
      ex,
    );
    const out = new Map<number, FileCheckDto[]>(paperIds.map((id) => [id, []]));
    for (const row of rows) out.get(row.paperId)?.push(toFileCheckDto(row, accepted));
    return out;
  }

  /**
   * A chair's acceptance of a finding of a paper's file (the caller has checked the paper is theirs): the
   * finding must be in the file's check. Answers the finding's message, for the activity log.
   */
  async accept(
    paperId: number,
    fileId: number,
    code: string,
    reason: string,
    by: { id: number; name: string },
    ex: Executor,
  ): Promise<string> {
    const text = reason.trim();
    if (!text) throw ChecksErrors.reasonRequired(CHECK_MESSAGES.acceptReasonRequired);
    if (text.length > CHECK_REASON_MAX) throw ChecksErrors.reasonTooLong();
    if (!(FINDING_CODES as readonly string[]).includes(code)) throw ChecksErrors.findingNotFound();
    const row = await this.repo.checkOfFile(fileId, ex);
    const finding = row?.paperId === paperId ? row.findings.find((f) => f.code === code) : undefined;
    if (!finding) throw ChecksErrors.findingNotFound();
    await this.repo.accept({ fileId, code, reason: text, byUserId: by.id, byName: by.name }, ex);
    return finding.message;
  }

  /**
   * Confirming camera-ready on a blocking track: refused while the current camera-ready pdf has an open
   * finding (400 with the findings).
   */
  async assertCameraReadyAllowed(
    paperId: number,
    trackId: number,
    pdfFileId: number | null,
    ex?: Executor,
  ): Promise<void> {
    if (pdfFileId === null) return;
    const settings = await this.settings(trackId, ex);
    if (settings.mode !== 'block' || !settings.cameraReady.enabled) return;
    const row = await this.repo.checkOfFile(pdfFileId, ex);
    if (!row || row.paperId !== paperId) return;
    const accepted = new Set((await this.repo.acceptancesOf([pdfFileId], ex)).map((a) => a.code));
    const open = row.findings.filter((f) => f.code !== 'unchecked' && !accepted.has(f.code));
    if (open.length) throw ChecksErrors.cameraReadyBlocked(open);
  }

  /**
   * The same-title / same-abstract pairs of a paper, found at submission (PapersRepository.sameTitleOrAbstract):
   * new ones recorded, the paper's ones that no longer hold removed (dismissed ones stay).
   */
  async samePairs(
    paperId: number,
    matches: { other: number; kind: 'title' | 'abstract' }[],
    ex: Executor,
  ): Promise<void> {
    await this.repo.removeSamePairsExcept(paperId, matches, ex);
    await this.repo.insertSamePairs(paperId, matches, ex);
  }
}

function toFileCheckDto(
  row: PaperFileCheckRow,
  accepted: { fileId: number; code: string; reason: string; byName: string; at: Date }[],
): FileCheckDto {
  return {
    fileId: row.fileId,
    fileName: row.fileName,
    part: row.part,
    stage: row.stage,
    status: row.status,
    pageCount: row.pageCount,
    bodyPages: row.bodyPages,
    checkedAt: row.checkedAt.toISOString(),
    findings: row.findings.map((f) => {
      const a = accepted.find((x) => x.fileId === row.fileId && x.code === (f.code as FindingCode));
      return { ...f, accepted: a ? { reason: a.reason, by: a.byName, at: a.at.toISOString() } : null };
    }),
    outlines: row.outlines,
  };
}
