import { Injectable, type OnModuleInit, type ValidationPipe } from '@nestjs/common';
import {
  CAMERA_READY_PARTS,
  DEFAULT_FILE_SIZE_LIMIT_MB,
  fileSizeLimitBytes,
  isNameAllowedForPart,
  isPaperFilePart,
  PAPER_MESSAGES,
  PART_EXTENSIONS,
  partSizeLimitMb,
  REGISTERED_DOWNLOAD_PARTS,
  REVIEWER_DOWNLOAD_PARTS,
  TRACK_LIMITS,
  type ChairPaperDto,
  type PaperDto,
  type PaperFileDto,
  type PaperFilePart,
  type PaperFileKind,
  type TrackDto,
} from '@symposium/domain';
import type { Request, Response } from 'express';
import type { AuthUser } from '../../common/auth-user.js';
import { Batcher, BatchItemError } from '../../common/batcher.js';
import { containsNul } from '../../common/request-limits.js';
import { createValidationPipe } from '../../common/validation.js';
import type { Executor } from '../../database/database.js';
import { TransactionRunner } from '../../database/database.module.js';
import { FilesService, type ReceivedFile } from '../files/files.service.js';
import { OrphanFilesSweeper } from '../files/orphan-files.sweeper.js';
import {
  assertAccepted,
  assertOpen,
  AuthorPapersService,
  type CheckedUpload,
  type StoredUpload,
} from './author-papers.service.js';
import { PaperInputDto, UpdatePaperDto } from './dto/papers.dto.js';
import { toPaperFileDto } from './papers.mapper.js';
import { PapersRepository } from './papers.repository.js';
import { PapersService, type PaperContext } from './papers.service.js';
import type { NewPaperFileRow, PaperFileRow, PaperRow } from './papers.table.js';
import { parseId } from '../../common/id-param.js';
import { PapersErrors } from './papers.errors.js';
import {
  IdempotencyService,
  idempotencyKeyOf,
  requestHash,
  type Claim,
  type IdempotentRoute,
} from './idempotency.service.js';
import { RequestErrors } from '../../common/request.errors.js';
import { CHECKED_PARTS, ChecksService, type FileCheckOutcome } from './checks/checks.service.js';

/** Submission files are doc, docx or pdf (§5 upload box). */
const ABSTRACT_KINDS = PART_EXTENSIONS.abstract;
/** The multipart field of the paper's JSON, and of its files. */
export const PAPER_FIELD = 'paper';
export const FILES_FIELD = 'files';
const PAPER_FIELD_MAX_BYTES = 400_000;

const toUpload = (f: ReceivedFile): StoredUpload => ({
  key: f.key,
  name: f.originalName,
  size: f.size,
  sha256: f.sha256,
  contentType: f.contentType,
});

const isCameraReadyPart = (p: PaperFilePart) => (CAMERA_READY_PARTS as readonly string[]).includes(p);

/** Whether the request carries a multipart body (else the JSON body applies). */
export const isMultipartRequest = (req: Request): boolean =>
  /^multipart\//i.test(req.headers['content-type'] ?? '');

/**
 * Who uploads, as one statement finding the papers of a batch that they reach: an author their papers (not
 * deleted), a chair or track chair the papers of their tracks (deleted ones too). Uploads with the same key
 * share that statement.
 */
interface Reach {
  key: string;
  /** forUpdate: the rows found stay locked until the transaction ends. */
  find: (paperIds: number[], ex?: Executor, opts?: { forUpdate?: boolean }) => Promise<PaperRow[]>;
  /** The answer's shape of the paper. */
  shape: 'author' | 'chair';
}

/** An upload whose file is stored and checked, to be recorded (with the other uploads ready meanwhile). */
interface Recording {
  reach: Reach;
  paperId: number;
  part: PaperFilePart;
  /** The submission file it replaces (abstract), or null. */
  replaceId: number | null;
  /** The track's maxFilesLimit (submission files). */
  maxFiles: number;
  file: ReceivedFile;
  /** The Idempotency-Key this upload holds: marked done in the transaction that records the file. */
  claim?: Claim;
  /** The check of its PDF (null: not checked), recorded with the file. */
  check: FileCheckOutcome | null;
}

interface Recorded {
  file: PaperFileDto;
  /** The paper row after the change. */
  paper: PaperRow;
  /** Store keys of the files it replaced: removed once committed. */
  replaced: string[];
}

/**
 * Paper files: the multipart submission (paper fields and files in one request and one transaction), uploads
 * into a part, deletions and downloads. Files reach the store first; the rows that record them (key, size,
 * sha256) are written in the paper's transaction; a failed transaction removes the new files, a committed one
 * removes the files it replaced (§4).
 */
@Injectable()
export class PaperFilesService implements OnModuleInit {
  private readonly pipe: ValidationPipe = createValidationPipe();
  /**
   * The paper and track of concurrent uploads, read before their bodies in batches (a statement per caller
   * and two for the tracks, for any number of uploads) instead of four statements each.
   */
  private readonly targets = new Batcher((items: { reach: Reach; paperId: number }[]) =>
    this.findTargets(items),
  );
  /**
   * Uploads whose files are stored, recorded together: one transaction for the uploads that became ready
   * while the previous one ran (at most one per paper), with a fixed number of statements for any number of
   * them (see record).
   */
  private readonly recordings = new Batcher((items: Recording[]) => this.record(items), {
    max: 100,
    keyOf: (item) => item.paperId,
  });
  /**
   * The answers' papers, read after the commit for the uploads recorded meanwhile (one set of reads, issued
   * together, for any number of them) while the next uploads are recorded.
   */
  private readonly authorDtos = new Batcher((rows: PaperRow[]) => this.papers.toDtos(rows));
  private readonly chairDtos = new Batcher((rows: PaperRow[]) => this.papers.toChairDtos(rows));

  constructor(
    private readonly papers: PapersService,
    private readonly authorPapers: AuthorPapersService,
    private readonly repo: PapersRepository,
    private readonly files: FilesService,
    private readonly transactions: TransactionRunner,
    private readonly sweeper: OrphanFilesSweeper,
    private readonly idem: IdempotencyService,
    private readonly checks: ChecksService,
  ) {}

  /** Paper files are the store's only users so far: tell the sweeper which keys are in use. */
  onModuleInit(): void {
    this.sweeper.register('papers', (keys) => this.repo.referencedFileKeys(keys));
  }

  /** POST /api/author/papers: JSON body, or multipart with the `paper` JSON field and the `files`. */
  async submit(user: AuthUser, req: Request): Promise<PaperDto> {
    const key = await this.early(req, async () => idempotencyKeyOf(req));
    if (!isMultipartRequest(req)) {
      const body: unknown = req.body ?? {};
      return this.idempotently(user, 'papers.create', key, () => requestHash({ json: body }), [], {
        work: async (claim) => {
          const input = await this.validate(PaperInputDto, body);
          const prepared = await this.authorPapers.prepareNew(user, input);
          return this.authorPapers.create(user, prepared, [], this.createHooks(claim));
        },
        replay: (response) => this.replayCreate(response),
      });
    }
    const received = await this.receiveSubmission(req);
    return this.keepOnlyIfCommitted(received.files, () => {
      const hash = () =>
        requestHash({
          paper: received.fields[PAPER_FIELD] ?? null,
          files: received.files.map((f) => [f.originalName, f.sha256]),
        });
      return this.idempotently(user, 'papers.create', key, hash, received.files, {
        work: async (claim) => {
          const input = await this.validate(PaperInputDto, this.paperField(received.fields));
          const prepared = await this.authorPapers.prepareNew(user, input);
          const uploads = await this.checkSubmissionFiles(
            received.files,
            prepared.track._id,
            prepared.authors,
          );
          return this.authorPapers.create(user, prepared, uploads, this.createHooks(claim));
        },
        replay: (response) => this.replayCreate(response),
      });
    });
  }

  /**
   * Runs a submission once per Idempotency-Key (none: just runs it): claims the key, or replays the answer of
   * the attempt that completed — discarding the files this request stored —, or refuses (409 while another
   * attempt runs, 422 when the key was used for a different request, `hash`).
   */
  private async idempotently<T>(
    user: AuthUser,
    route: IdempotentRoute,
    key: string | undefined,
    hash: () => string,
    stored: { key: string }[],
    how: { work: (claim?: Claim) => Promise<T>; replay: (response: Record<string, unknown>) => Promise<T> },
  ): Promise<T> {
    if (key === undefined) return how.work();
    const begun = await this.idem.begin(user.id, route, key, hash());
    if (begun.kind === 'replay') {
      await this.files.discard(stored.map((f) => f.key));
      return how.replay(begun.response);
    }
    return this.idem.run(begun.claim, () => how.work(begun.claim));
  }

  /** A new paper's transaction holds the key from its start and marks it done with the paper. */
  private createHooks(claim: Claim | undefined) {
    if (!claim) return {};
    return {
      before: async (tx: Executor) => {
        if (!(await this.idem.lockHeld([claim], tx)).has(claim.token))
          throw PapersErrors.idempotencyInProgress();
      },
      after: (row: PaperRow, tx: Executor) => this.idem.complete(claim, { paperId: row.id }, tx),
    };
  }

  /**
   * The checks of a submission's stored files (their PDFs, against the track's submission rules and, on a
   * double-blind track, the authors given); refused when a finding blocks.
   */
  private async checkSubmissionFiles(
    files: ReceivedFile[],
    trackId: number,
    authorIds: number[],
  ): Promise<CheckedUpload[]> {
    if (!files.some((f) => f.kind === 'pdf')) return files.map((f) => ({ ...toUpload(f), check: null }));
    const settings = await this.checks.settings(trackId);
    let authors: Awaited<ReturnType<PapersService['checkAuthors']>> | undefined;
    const out: CheckedUpload[] = [];
    for (const f of files) {
      const check = await this.checks.checkStored(f, 'abstract', {
        trackId,
        settings,
        authors: async () => (authors ??= await this.papers.checkAuthors(authorIds)),
      });
      this.checks.assertNotBlocking(settings, check);
      out.push({ ...toUpload(f), check });
    }
    return out;
  }

  /** The answer of a completed submission: its paper as it is now. */
  private async replayCreate(response: Record<string, unknown>): Promise<PaperDto> {
    const row = await this.repo.findById(Number(response.paperId));
    if (!row || row.isDeleted) throw PapersErrors.notFound();
    return this.papers.toDto(row);
  }

  /** PUT /api/author/papers/:paperId: the same, plus `removeFiles`; new files are added. */
  async edit(user: AuthUser, paperId: number, req: Request): Promise<PaperDto> {
    if (!isMultipartRequest(req)) {
      const input = await this.validate(UpdatePaperDto, req.body ?? {});
      return this.authorPapers.update(user, await this.authorPapers.prepareEdit(user, paperId, input), []);
    }
    // refuse before reading the files when the paper is not the caller's or editing is closed
    await this.early(req, async () => {
      const paper = await this.papers.authorPaper(paperId, user.id);
      assertOpen(await this.papers.track(paper.trackId), 'canEditPaper');
    });
    const received = await this.receiveSubmission(req);
    return this.keepOnlyIfCommitted(received.files, async () => {
      const input = await this.validate(UpdatePaperDto, this.paperField(received.fields));
      const prepared = await this.authorPapers.prepareEdit(user, paperId, input);
      const uploads = await this.checkSubmissionFiles(
        received.files,
        prepared.paper.trackId,
        prepared.authors,
      );
      return this.authorPapers.update(user, prepared, uploads);
    });
  }

  /**
   * POST …/:paperId/upload?p=<part>: one file into a part. abstract adds a submission file (or replaces the one
   * named by `replace`) while editing is open; word, pdf and springerCopyright while camera-ready is open, and
   * ppt, ppt_pdf and video while presentation-ready is open, each on an accepted paper, replacing the part's
   * file. Sizes: the track's camera-ready / presentation-ready fileSizeLimit (decimal MB), 40 MB for submission
   * files.
   */
  async upload(
    user: AuthUser,
    paperId: number,
    partParam: string | undefined,
    replaceParam: string | undefined,
    req: Request,
  ): Promise<{ message: string; file: PaperFileDto; paper: PaperDto }> {
    const key = await this.early(req, async () => idempotencyKeyOf(req));
    const { file, paper } = await this.storeUpload({
      paperId,
      partParam,
      replaceParam,
      req,
      checkOpen: true,
      idempotency: key === undefined ? undefined : { user, key },
      reach: {
        key: `author:${user.id}`,
        find: (ids, ex, lock) => this.papers.authorPapers(ids, user.id, ex, lock),
        shape: 'author',
      },
    });
    return { message: PAPER_MESSAGES.fileUploaded, file, paper: paper as PaperDto };
  }

  /**
   * The chairs' upload (POST /api/{chair|cochair}/papers/:paperId/upload?p=<part> and
   * /api/chair/papers/upload/:paperId): the same parts, kinds, content checks, sizes and file count as the
   * authors', without the deadline and acceptance checks; deleted papers too; a paper outside the caller's
   * tracks answers like a missing one.
   */
  async uploadAsChair(
    scope: number[] | null,
    paperId: number,
    partParam: string | undefined,
    replaceParam: string | undefined,
    req: Request,
  ): Promise<{ message: string; file: PaperFileDto; paper: ChairPaperDto }> {
    const { file, paper } = await this.storeUpload({
      paperId,
      partParam,
      replaceParam,
      req,
      checkOpen: false,
      reach: {
        key: `chair:${scope === null ? '*' : scope.join(',')}`,
        find: (ids, ex, lock) => this.papers.managedPapers(ids, scope, { includeDeleted: true, ...lock }, ex),
        shape: 'chair',
      },
    });
    return { message: PAPER_MESSAGES.fileUploaded, file, paper: paper as ChairPaperDto };
  }

  private async storeUpload(opts: {
    paperId: number;
    partParam: string | undefined;
    replaceParam: string | undefined;
    req: Request;
    /** Deadlines and acceptance (the authors' upload). */
    checkOpen: boolean;
    reach: Reach;
    /** The author's Idempotency-Key. */
    idempotency?: { user: AuthUser; key: string };
  }): Promise<{ file: PaperFileDto; paper: PaperDto | ChairPaperDto }> {
    const { paperId, partParam, req, reach, idempotency } = opts;
    // A retry of an upload that completed is answered as it was, even once the deadline has passed or the
    // file it replaced is gone: only the bytes are read, to compare them with the first request's.
    const replaying =
      idempotency !== undefined &&
      (await this.idem.find(idempotency.user.id, 'papers.upload', idempotency.key))?.state === 'done';
    const { part, track, replaceId } = await this.early(req, async () => {
      if (!isPaperFilePart(partParam)) throw PapersErrors.invalidPart();
      const target = await this.targets.load({ reach, paperId });
      if (!target) throw PapersErrors.notFound();
      const { paper } = target;
      // Only the track decides kinds, sizes and deadlines; the status is read when acceptance matters (the
      // camera-ready and presentation-ready parts of the authors' upload), the conference never.
      let paperTrack = target.track;
      if (replaying) return { part: partParam, track: paperTrack, replaceId: null };
      if (opts.checkOpen && partParam !== 'abstract') {
        const context = await this.papers.context(paper);
        this.assertPartOpen(partParam, context);
        paperTrack = context.track;
      } else if (opts.checkOpen) assertOpen(paperTrack, 'canEditPaper');
      const replace = await this.checkUploadAllowed(paper, partParam, opts.replaceParam);
      return { part: partParam, track: paperTrack, replaceId: replace };
    });
    const kinds = this.kindsFor(part, track);
    const maxBytes = fileSizeLimitBytes(
      part === 'abstract' ? DEFAULT_FILE_SIZE_LIMIT_MB : partSizeLimitMb(part, track),
    );
    const { file } = await this.files.receiveOne(req, { kinds, maxBytes });
    const record = async (claim?: Claim) => {
      if (!isNameAllowedForPart(file.originalName, part, track.cameraReadySubmissionProperties.allowedFiles))
        throw PapersErrors.invalidFile();
      // The PDF checked before it is recorded: on a blocking track the authors' upload with findings is
      // refused (the chairs' never is); the findings are stored with the file either way.
      let check: FileCheckOutcome | null = null;
      if (CHECKED_PARTS[part] && file.kind === 'pdf') {
        const settings = await this.checks.settings(track._id);
        check = await this.checks.checkStored(file, part, {
          trackId: track._id,
          settings,
          authors: () => this.papers.checkAuthorsOfPaper(paperId),
        });
        if (reach.shape === 'author') this.checks.assertNotBlocking(settings, check);
      }
      return this.recordings.load({
        reach,
        paperId,
        part,
        replaceId,
        maxFiles: track.submissionProperties.maxFilesLimit,
        file,
        claim,
        check,
      });
    };
    const recorded = await this.keepOnlyIfCommitted([file], () =>
      idempotency
        ? this.idempotently(
            idempotency.user,
            'papers.upload',
            idempotency.key,
            () =>
              requestHash({
                paperId,
                part,
                replace: opts.replaceParam ?? null,
                name: file.originalName,
                sha256: file.sha256,
              }),
            [file],
            { work: record, replay: (response) => this.replayUpload(paperId, response) },
          )
        : record(),
    );
    await this.files.discard(recorded.replaced);
    const paper =
      reach.shape === 'author'
        ? await this.authorDtos.load(recorded.paper)
        : await this.chairDtos.load(recorded.paper);
    return { file: recorded.file, paper };
  }

  /** The answer of a completed upload: its file as recorded then, its paper as it is now. */
  private async replayUpload(paperId: number, response: Record<string, unknown>): Promise<Recorded> {
    const paper = await this.repo.findById(paperId);
    if (!paper || paper.isDeleted) throw PapersErrors.notFound();
    return { file: response.file as PaperFileDto, paper, replaced: [] };
  }

  /** The papers the callers reach, per item (undefined: missing or out of reach); a statement per caller. */
  private async reachedPapers(
    items: readonly { reach: Reach; paperId: number }[],
    ex?: Executor,
    opts: { forUpdate?: boolean } = {},
  ): Promise<(PaperRow | undefined)[]> {
    const groups = new Map<string, { reach: Reach; ids: number[] }>();
    for (const { reach, paperId } of items) {
      const group = groups.get(reach.key) ?? { reach, ids: [] };
      group.ids.push(paperId);
      groups.set(reach.key, group);
    }
    const found = new Map<string, Map<number, PaperRow>>();
    // One after the other: inside a transaction the executor is a single connection.
    for (const [key, { reach, ids }] of groups)
      found.set(key, new Map((await reach.find(ids, ex, opts)).map((row) => [row.id, row])));
    return items.map(({ reach, paperId }) => found.get(reach.key)!.get(paperId));
  }

  /** A batch of uploads' papers (if reached) and their tracks, before the bodies are read. */
  private async findTargets(
    items: { reach: Reach; paperId: number }[],
  ): Promise<({ paper: PaperRow; track: TrackDto } | undefined | BatchItemError)[]> {
    const papers = await this.reachedPapers(items);
    const tracks = await this.papers.tracksByIds(papers.flatMap((p) => (p ? [p.trackId] : [])));
    return papers.map((paper) => {
      if (!paper) return undefined;
      const track = tracks.get(paper.trackId);
      return track ? { paper, track } : new BatchItemError(PapersErrors.trackNotFound());
    });
  }

  /**
   * Records a batch of stored uploads (one per paper) in one transaction: locks their papers — checking
   * again that each caller reaches its paper —, reads the papers' files, decides each upload on its own (a
   * refusal fails only that upload), then deletes the replaced rows, inserts the new ones and sets
   * updatedAt: six statements for any number of uploads from one caller, each upload's changes committed
   * together with its row.
   */
  private async record(items: Recording[]): Promise<(Recorded | BatchItemError)[]> {
    return this.transactions.run(async (tx) => {
      const ids = items.map((i) => i.paperId);
      // One caller (the usual batch): its statement locks what it finds. Several: every paper locked first,
      // in id order, so that batches of other processes never wait on each other in a cycle.
      const single = new Set(items.map((i) => i.reach.key)).size === 1;
      if (!single) await this.repo.lockMany(ids, tx);
      const papers = await this.reachedPapers(items, tx, { forUpdate: single });
      const files = await this.repo.filesOf(ids, tx);
      // Idempotency keys still held (a key whose lease ran out went to a retry: that upload answers 409)
      const held = await this.idem.lockHeld(
        items.flatMap((i) => (i.claim ? [i.claim] : [])),
        tx,
      );
      const plans = items.map((item, i) => {
        try {
          if (item.claim && !held.has(item.claim.token)) throw PapersErrors.idempotencyInProgress();
          return this.plan(
            item,
            papers[i],
            files.filter((f) => f.paperId === item.paperId),
          );
        } catch (e) {
          return new BatchItemError(e);
        }
      });
      const ok = plans.filter((p): p is Exclude<typeof p, BatchItemError> => !(p instanceof BatchItemError));
      await this.repo.deleteFiles(
        ok.flatMap((p) => p.old.map((f) => f.id)),
        tx,
      );
      const inserted = new Map(
        (
          await this.repo.insertFiles(
            ok.map((p) => p.row),
            tx,
          )
        ).map((r) => [r.key, r]),
      );
      await this.checks.record(
        ok.flatMap((p) => {
          const file = inserted.get(p.row.key);
          return file && p.item.check ? [{ file, outcome: p.item.check }] : [];
        }),
        tx,
      );
      const updated = new Map(
        (
          await this.repo.touch(
            ok.map((p) => p.item.paperId),
            tx,
          )
        ).map((r) => [r.id, r]),
      );
      const results: (Recorded | BatchItemError)[] = [];
      for (const p of plans) {
        if (p instanceof BatchItemError) {
          results.push(p);
          continue;
        }
        const row = inserted.get(p.row.key);
        const paper = updated.get(p.item.paperId);
        if (!row || !paper) throw new Error(`Upload to paper ${p.item.paperId} was not recorded`);
        const file = toPaperFileDto(row);
        if (p.item.claim) await this.idem.complete(p.item.claim, { paperId: paper.id, file }, tx);
        results.push({ file, paper, replaced: p.old.map((f) => f.key) });
      }
      return results;
    });
  }

  /**
   * One upload's change, decided from its paper (undefined: missing or out of the caller's reach) and that
   * paper's files: the rows it replaces and the row to insert. Throws the refusal.
   */
  private plan(
    item: Recording,
    paper: PaperRow | undefined,
    all: PaperFileRow[],
  ): { item: Recording; old: PaperFileRow[]; row: NewPaperFileRow } {
    if (!paper) throw PapersErrors.notFound();
    const { part, replaceId, file } = item;
    // The copyright form and the paper pdf must have different names (§5): say so now, not at submit.
    const other = part === 'springerCopyright' ? 'pdf' : part === 'pdf' ? 'springerCopyright' : null;
    if (other && all.some((f) => f.part === other && f.name === file.originalName))
      throw PapersErrors.copyrightNameUsed(part);
    const current = all.filter((f) => f.part === part);
    const old = part === 'abstract' ? current.filter((f) => f.id === replaceId) : current;
    if (part === 'abstract' && replaceId !== null && !old.length) throw PapersErrors.fileNotFound();
    if (part === 'abstract' && replaceId === null && current.length >= item.maxFiles)
      throw PapersErrors.tooManyFiles(item.maxFiles);
    return { item, old, row: { ...toUpload(file), paperId: item.paperId, part } };
  }

  /**
   * DELETE …/:paperId/delete/:fileId: the part's activity must be open; never below minFilesLimit. Deleting a
   * camera-ready (presentation-ready) file clears submittedCameraReady (submittedPresentationReady).
   */
  async deleteFile(
    user: AuthUser,
    paperId: number,
    fileId: number,
  ): Promise<{ message: string; paper: PaperDto }> {
    let key = '';
    const result = await this.transactions.run(async (tx) => {
      await this.papers.authorPaper(paperId, user.id, tx);
      const paper = (await this.repo.lock(paperId, tx))!;
      const file = await this.repo.findFile(paperId, fileId, tx);
      if (!file) throw PapersErrors.fileNotFound();
      const part = file.part as PaperFilePart;
      const ctx = await this.papers.context(paper, tx);
      this.assertPartOpen(part, ctx);
      if (part === 'abstract') {
        const count = (await this.repo.filesOf([paperId], tx)).filter((f) => f.part === 'abstract').length;
        if (count - 1 < ctx.track.submissionProperties.minFilesLimit) throw PapersErrors.minFiles();
      }
      await this.repo.deleteFiles([file.id], tx);
      // a camera-ready or presentation-ready file gone: that step has to be submitted again
      const updated = await this.repo.update(
        paperId,
        isCameraReadyPart(part)
          ? { submittedCameraReady: false }
          : part === 'abstract'
            ? {}
            : { submittedPresentationReady: false },
        tx,
      );
      key = file.key;
      return { message: PAPER_MESSAGES.fileDeleted, paper: await this.papers.toDto(updated!, tx) };
    });
    await this.files.discard([key]);
    return result;
  }

  /** GET …/:paperId/download/:fileId for the paper's authors: an attachment, nosniff. */
  async downloadForAuthor(user: AuthUser, paperId: number, fileId: number, res: Response): Promise<void> {
    await this.papers.authorPaper(paperId, user.id);
    const file = await this.repo.findFile(paperId, fileId);
    if (!file) throw PapersErrors.fileNotFound();
    await this.files.sendFile(res, {
      key: file.key,
      name: file.name,
      contentType: file.contentType,
      sha256: file.sha256,
    });
  }

  /**
   * The chairs' DELETE …/:paperId/delete/:fileId: no deadline or minimum-count check, and the camera-ready and
   * presentation-ready flags are left as they are (the chair sets them explicitly).
   */
  async deleteFileAsChair(
    scope: number[] | null,
    paperId: number,
    fileId: number,
  ): Promise<{ message: string; paper: ChairPaperDto }> {
    let key = '';
    const result = await this.transactions.run(async (tx) => {
      await this.papers.managedPaper(paperId, scope, { includeDeleted: true }, tx);
      await this.repo.lock(paperId, tx);
      const file = await this.repo.findFile(paperId, fileId, tx);
      if (!file) throw PapersErrors.fileNotFound();
      await this.repo.deleteFiles([file.id], tx);
      const updated = await this.repo.update(paperId, {}, tx);
      key = file.key;
      return { message: PAPER_MESSAGES.fileDeleted, paper: await this.papers.toChairDto(updated!, tx) };
    });
    await this.files.discard([key]);
    return result;
  }

  /** GET /api/{chair|cochair}/papers/download/file/:fileId: any file of a paper in the caller's tracks. */
  async downloadAsChair(scope: number[] | null, fileId: number, res: Response): Promise<void> {
    const file = await this.repo.findFileById(fileId);
    if (!file) throw PapersErrors.fileNotFound();
    const paper = await this.repo.findById(file.paperId);
    if (!paper || (scope !== null && !scope.includes(paper.trackId))) throw PapersErrors.fileNotFound();
    await this.files.sendFile(res, {
      key: file.key,
      name: file.name,
      contentType: file.contentType,
      sha256: file.sha256,
    });
  }

  /** GET /api/registered/papers/:paperId/download/:fileId: the public parts of a registered paper. */
  /** A registered paper's file (any paper not deleted when `scheduled`: a session chair's session paper). */
  async downloadRegistered(paperId: number, fileId: number, res: Response, scheduled = false): Promise<void> {
    const paper = scheduled ? await this.repo.findById(paperId) : await this.repo.findRegistered(paperId);
    if (!paper || paper.isDeleted) throw PapersErrors.notFound();
    const file = await this.repo.findFile(paperId, fileId);
    if (!file || !REGISTERED_DOWNLOAD_PARTS.includes(file.part as PaperFilePart))
      throw PapersErrors.fileNotFound();
    await this.files.sendFile(res, {
      key: file.key,
      name: file.name,
      contentType: file.contentType,
      sha256: file.sha256,
    });
  }

  /** The files an assigned reviewer may download (REVIEWER_DOWNLOAD_PARTS); the caller checks the assignment. */
  async reviewerFiles(paperId: number): Promise<PaperFileDto[]> {
    return (await this.repo.filesOf([paperId]))
      .filter((f) => REVIEWER_DOWNLOAD_PARTS.includes(f.part as PaperFilePart))
      .map(toPaperFileDto);
  }

  /** A reviewer's download of one of those files; the caller checks the assignment. */
  async downloadForReviewer(paperId: number, fileId: number, res: Response): Promise<void> {
    const file = await this.repo.findFile(paperId, fileId);
    if (!file || !REVIEWER_DOWNLOAD_PARTS.includes(file.part as PaperFilePart))
      throw PapersErrors.fileNotFound();
    await this.files.sendFile(res, {
      key: file.key,
      name: file.name,
      contentType: file.contentType,
      sha256: file.sha256,
    });
  }

  // ----- helpers

  /** The part's activity: abstract files while editing is open; the others on an accepted paper while open. */
  private assertPartOpen(part: PaperFilePart, ctx: PaperContext): void {
    if (part === 'abstract') return assertOpen(ctx.track, 'canEditPaper');
    assertOpen(ctx.track, isCameraReadyPart(part) ? 'canSubmitCameraReady' : 'canSubmitPresentationReady');
    assertAccepted(ctx);
  }

  /** Checks done before the file is read (after the deadlines); returns the id of the submission file to replace (or null). */
  private async checkUploadAllowed(
    paper: PaperRow,
    part: PaperFilePart,
    replaceParam: string | undefined,
  ): Promise<number | null> {
    // The file count is checked once the file is read (in the transaction): a file of the wrong type must
    // answer 'Please select a valid file' first, whatever the count.
    if (part !== 'abstract' || replaceParam === undefined || replaceParam === '') return null;
    const id = parseId(replaceParam, PapersErrors.fileNotFound);
    const file = await this.repo.findFile(paper.id, id);
    if (!file || file.part !== 'abstract') throw PapersErrors.fileNotFound();
    return id;
  }

  /** The extensions a part accepts (camera-ready ones limited by the track's allowedFiles). */
  private kindsFor(part: PaperFilePart, track: TrackDto): readonly PaperFileKind[] {
    const kinds = PART_EXTENSIONS[part];
    if (!isCameraReadyPart(part)) return kinds;
    const allowed = track.cameraReadySubmissionProperties.allowedFiles.map((e) => e.toLowerCase());
    return kinds.filter((k) => allowed.includes(k));
  }

  private receiveSubmission(req: Request) {
    return this.files.receive(req, {
      kinds: ABSTRACT_KINDS,
      maxBytes: fileSizeLimitBytes(DEFAULT_FILE_SIZE_LIMIT_MB),
      field: FILES_FIELD,
      maxFiles: TRACK_LIMITS.filesLimit.max,
      minFiles: 0,
      fields: [PAPER_FIELD],
      maxFieldBytes: PAPER_FIELD_MAX_BYTES,
    });
  }

  private paperField(fields: Record<string, string>): unknown {
    const raw = fields[PAPER_FIELD];
    if (raw === undefined) throw PapersErrors.paperFieldMissing();
    let value: unknown;
    try {
      value = JSON.parse(raw);
    } catch {
      throw PapersErrors.paperFieldInvalid();
    }
    if (typeof value !== 'object' || value === null || Array.isArray(value))
      throw PapersErrors.paperFieldInvalid();
    return value;
  }

  /** The global ValidationPipe's checks (whitelist, unknown fields, types) on a body read by hand. */
  private async validate<T extends object>(type: new () => T, value: unknown): Promise<T> {
    if (typeof value !== 'object' || value === null || Array.isArray(value))
      throw RequestErrors.invalid(PAPER_MESSAGES.paperFieldInvalid);
    // Multipart fields bypass the edge check on parsed bodies.
    if (containsNul(value)) throw RequestErrors.nul();
    return (await this.pipe.transform(value, { type: 'body', metatype: type })) as T;
  }

  /** Runs work that records stored files; when it fails, the files leave the store again. */
  private async keepOnlyIfCommitted<T>(files: { key: string }[], work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (e) {
      await this.files.discard(files.map((f) => f.key));
      throw e;
    }
  }

  /** Checks made before reading a multipart body; on refusal the body is read and dropped so the answer arrives. */
  private async early<T>(req: Request, work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (e) {
      req.resume();
      throw e;
    }
  }
}
