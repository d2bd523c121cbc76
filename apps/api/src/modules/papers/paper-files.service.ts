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
  type StoredUpload,
} from './author-papers.service.js';
import { PaperInputDto, UpdatePaperDto } from './dto/papers.dto.js';
import { toPaperFileDto } from './papers.mapper.js';
import { PapersRepository } from './papers.repository.js';
import { PapersService, type PaperContext } from './papers.service.js';
import type { PaperRow } from './papers.table.js';
import { parseId } from '../../common/id-param.js';
import { PapersErrors } from './papers.errors.js';
import { RequestErrors } from '../../common/request.errors.js';

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
 * Reads the response shape of papers for concurrent requests together: a request waits for the batch being
 * read (if any) to finish, then every row queued meanwhile is read with one toDtos call — a fixed number of
 * queries for any number of papers. A failing batch is read again one row at a time, so one paper's error
 * reaches only its own request.
 */
class DtoBatch<D> {
  private queue: { row: PaperRow; resolve: (d: D) => void; reject: (e: unknown) => void }[] = [];
  private reading = false;

  constructor(private readonly read: (rows: PaperRow[]) => Promise<D[]>) {}

  load(row: PaperRow): Promise<D> {
    return new Promise<D>((resolve, reject) => {
      this.queue.push({ row, resolve, reject });
      this.next();
    });
  }

  private next(): void {
    if (this.reading || !this.queue.length) return;
    this.reading = true;
    // after the current I/O callbacks, so the requests finishing in this turn share the batch
    setImmediate(() => void this.flush());
  }

  private async flush(): Promise<void> {
    const batch = this.queue.splice(0, 500);
    try {
      const dtos = await this.read(batch.map((b) => b.row));
      batch.forEach((b, i) => b.resolve(dtos[i]!));
    } catch (e) {
      if (batch.length === 1) batch[0]!.reject(e);
      else
        for (const b of batch)
          await this.read([b.row]).then(
            ([d]) => b.resolve(d!),
            (err: unknown) => b.reject(err),
          );
    } finally {
      this.reading = false;
      this.next();
    }
  }
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
  /** Upload answers' papers, read in batches (see DtoBatch). */
  private readonly authorDtos = new DtoBatch((rows) => this.papers.toDtos(rows));
  private readonly chairDtos = new DtoBatch((rows) => this.papers.toChairDtos(rows));

  constructor(
    private readonly papers: PapersService,
    private readonly authorPapers: AuthorPapersService,
    private readonly repo: PapersRepository,
    private readonly files: FilesService,
    private readonly transactions: TransactionRunner,
    private readonly sweeper: OrphanFilesSweeper,
  ) {}

  /** Paper files are the store's only users so far: tell the sweeper which keys are in use. */
  onModuleInit(): void {
    this.sweeper.register('papers', (keys) => this.repo.referencedFileKeys(keys));
  }

  /** POST /api/author/papers: JSON body, or multipart with the `paper` JSON field and the `files`. */
  async submit(user: AuthUser, req: Request): Promise<PaperDto> {
    if (!isMultipartRequest(req)) {
      const input = await this.validate(PaperInputDto, req.body ?? {});
      return this.authorPapers.create(user, await this.authorPapers.prepareNew(user, input), []);
    }
    const received = await this.receiveSubmission(req);
    return this.keepOnlyIfCommitted(received.files, async () => {
      const input = await this.validate(PaperInputDto, this.paperField(received.fields));
      const prepared = await this.authorPapers.prepareNew(user, input);
      return this.authorPapers.create(user, prepared, received.files.map(toUpload));
    });
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
      return this.authorPapers.update(user, prepared, received.files.map(toUpload));
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
    return this.storeUpload({
      paperId,
      partParam,
      replaceParam,
      req,
      checkOpen: true,
      find: (ex) => this.papers.authorPaper(paperId, user.id, ex),
      toDto: (row) => this.authorDtos.load(row),
    });
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
    return this.storeUpload({
      paperId,
      partParam,
      replaceParam,
      req,
      checkOpen: false,
      find: (ex) => this.papers.managedPaper(paperId, scope, { includeDeleted: true }, ex),
      toDto: (row) => this.chairDtos.load(row),
    });
  }

  private async storeUpload<D>(opts: {
    paperId: number;
    partParam: string | undefined;
    replaceParam: string | undefined;
    req: Request;
    /** Deadlines and acceptance (the authors' upload). */
    checkOpen: boolean;
    /** The paper if the caller reaches it, else PapersErrors.notFound. */
    find: (ex?: Executor) => Promise<PaperRow>;
    toDto: (row: PaperRow) => Promise<D>;
  }): Promise<{ message: string; file: PaperFileDto; paper: D }> {
    const { paperId, partParam, req } = opts;
    const { part, track, replaceId } = await this.early(req, async () => {
      if (!isPaperFilePart(partParam)) throw PapersErrors.invalidPart();
      const paper = await opts.find();
      // Only the track decides kinds, sizes and deadlines; the status is read when acceptance matters (the
      // camera-ready and presentation-ready parts of the authors' upload), the conference never.
      let paperTrack: TrackDto;
      if (opts.checkOpen && partParam !== 'abstract') {
        const context = await this.papers.context(paper);
        this.assertPartOpen(partParam, context);
        paperTrack = context.track;
      } else {
        paperTrack = await this.papers.track(paper.trackId);
        if (opts.checkOpen) assertOpen(paperTrack, 'canEditPaper');
      }
      const replace = await this.checkUploadAllowed(paper, partParam, opts.replaceParam);
      return { part: partParam, track: paperTrack, replaceId: replace };
    });
    const kinds = this.kindsFor(part, track);
    const maxBytes = fileSizeLimitBytes(
      part === 'abstract' ? DEFAULT_FILE_SIZE_LIMIT_MB : partSizeLimitMb(part, track),
    );
    const { file } = await this.files.receiveOne(req, { kinds, maxBytes });
    let replaced: string[] = [];
    const result = await this.keepOnlyIfCommitted([file], async () => {
      if (!isNameAllowedForPart(file.originalName, part, track.cameraReadySubmissionProperties.allowedFiles))
        throw PapersErrors.invalidFile();
      return this.transactions.run(async (tx) => {
        const locked = await this.repo.lock(paperId, tx);
        if (!locked) throw PapersErrors.notFound();
        await opts.find(tx);
        const all = await this.repo.filesOf([paperId], tx);
        // The copyright form and the paper pdf must have different names (§5): say so now, not at submit.
        const other = part === 'springerCopyright' ? 'pdf' : part === 'pdf' ? 'springerCopyright' : null;
        if (other && all.some((f) => f.part === other && f.name === file.originalName))
          throw PapersErrors.copyrightNameUsed(part);
        const current = all.filter((f) => f.part === part);
        const old = part === 'abstract' ? current.filter((f) => f.id === replaceId) : current;
        if (part === 'abstract' && replaceId !== null && !old.length) throw PapersErrors.fileNotFound();
        const max = track.submissionProperties.maxFilesLimit;
        if (part === 'abstract' && replaceId === null && current.length >= max)
          throw PapersErrors.tooManyFiles(max);
        await this.repo.deleteFiles(
          old.map((f) => f.id),
          tx,
        );
        const [row] = await this.repo.insertFiles([{ ...toUpload(file), paperId, part }], tx);
        const updated = await this.repo.update(paperId, {}, tx);
        replaced = old.map((f) => f.key);
        return { file: toPaperFileDto(row!), updated: updated! };
      });
    });
    await this.files.discard(replaced);
    // The answer's paper is read after the commit, together with the other uploads committed meanwhile
    // (one set of queries for all of them instead of one per upload, outside the transaction).
    return {
      message: PAPER_MESSAGES.fileUploaded,
      file: result.file,
      paper: await opts.toDto(result.updated),
    };
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
    await this.files.sendFile(res, { key: file.key, name: file.name, contentType: file.contentType });
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
    await this.files.sendFile(res, { key: file.key, name: file.name, contentType: file.contentType });
  }

  /** GET /api/registered/papers/:paperId/download/:fileId: the public parts of a registered paper. */
  /** A registered paper's file (any paper not deleted when `scheduled`: a session chair's session paper). */
  async downloadRegistered(paperId: number, fileId: number, res: Response, scheduled = false): Promise<void> {
    const paper = scheduled ? await this.repo.findById(paperId) : await this.repo.findRegistered(paperId);
    if (!paper || paper.isDeleted) throw PapersErrors.notFound();
    const file = await this.repo.findFile(paperId, fileId);
    if (!file || !REGISTERED_DOWNLOAD_PARTS.includes(file.part as PaperFilePart))
      throw PapersErrors.fileNotFound();
    await this.files.sendFile(res, { key: file.key, name: file.name, contentType: file.contentType });
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
    await this.files.sendFile(res, { key: file.key, name: file.name, contentType: file.contentType });
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
