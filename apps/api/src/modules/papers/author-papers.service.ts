import { Injectable } from '@nestjs/common';
import {
  abstractError,
  answerErrors,
  CAMERA_READY_ANSWER_RULES,
  isActivityOpen,
  missingCameraReadyFiles,
  PAPER_MESSAGES,
  presentationFilesError,
  PRESENTATION_QUESTION_COUNT,
  PRESENTATION_READY_ANSWER_RULES,
  presentationQuestionsOf,
  resolveQuestions,
  titleError,
  toAnswered,
  validateSubmission,
  type ActivityKey,
  type ConfirmationEmailDto,
  type FieldError,
  type PaperDto,
  type SurveyQuestion,
  type TrackDto,
} from '@symposium/domain';
import type { AuthUser } from '../../common/auth-user.js';
import type { Executor } from '../../database/database.js';
import { TransactionRunner } from '../../database/database.module.js';
import { ActivityService } from '../activity/activity.service.js';
import { OutboxService } from '../outbox/outbox.service.js';
import { StatusesService } from '../tracks/statuses.service.js';
import { UsersService } from '../users/users.service.js';
import type {
  PaperAnswerDto,
  CameraReadySubmissionDto,
  PaperInputDto,
  PresentationReadySubmissionDto,
  UpdatePaperDto,
} from './dto/papers.dto.js';
import { FilesService } from '../files/files.service.js';
import { PapersRepository } from './papers.repository.js';
import { PapersService, type PaperContext } from './papers.service.js';
import type { PaperFileRow, PaperRow } from './papers.table.js';
import { PapersErrors } from './papers.errors.js';
import { ChecksService, type FileCheckOutcome } from './checks/checks.service.js';

/** 400 'The … period for this track is closed' unless the track activity is enabled and before its deadline. */
export function assertOpen(track: TrackDto, activity: ActivityKey, now = new Date()): void {
  if (!isActivityOpen(track.activities[activity], now)) throw PapersErrors.closed(activity);
}

export function assertAccepted(ctx: PaperContext): void {
  if (!ctx.isAccepted) throw PapersErrors.notAccepted();
}

/** Throws the first of the field errors (all of them in details). */
export function throwInvalid(errors: FieldError[]): void {
  if (errors.length) throw PapersErrors.invalid(errors);
}

const answersOf = (questions: PaperAnswerDto[] | undefined) => (questions ?? []).map((q) => q.answer);

/** A file already in the store, to be recorded as a paper_files row. */
/** Work done in a new submission's transaction: before its rows are written, and after (with the paper row). */
export interface SubmissionHooks {
  before?: (tx: Executor) => Promise<void>;
  after?: (row: PaperRow, tx: Executor) => Promise<void>;
}

/** An upload of a submission, stored, with the check of its PDF (null: not checked). */
export type CheckedUpload = StoredUpload & { check?: FileCheckOutcome | null };

export interface StoredUpload {
  key: string;
  name: string;
  size: number;
  sha256: string;
  contentType: string;
}

/** A submission checked against its track, ready to be written. */
export interface PreparedSubmission {
  track: TrackDto;
  questions: SurveyQuestion[];
  input: PaperInputDto;
  authors: number[];
}

/**
 * The author's side of papers: submit, edit, withdraw, notes, the confirmation e-mail, camera-ready and
 * presentation-ready. Every deadline is checked here, on the server, in UTC.
 */
@Injectable()
export class AuthorPapersService {
  constructor(
    private readonly papers: PapersService,
    private readonly repo: PapersRepository,
    private readonly users: UsersService,
    private readonly statuses: StatusesService,
    private readonly mail: OutboxService,
    private readonly files: FilesService,
    private readonly transactions: TransactionRunner,
    private readonly activity: ActivityService,
    private readonly checks: ChecksService,
  ) {}

  async list(user: AuthUser): Promise<PaperDto[]> {
    return this.papers.toDtos(await this.repo.listForAuthor(user.id));
  }

  async get(user: AuthUser, paperId: number): Promise<PaperDto> {
    return this.papers.toDto(await this.papers.authorPaper(paperId, user.id));
  }

  /**
   * Checks a new submission before any file arrives: the track exists and accepts submissions now, every §5
   * rule but the file count, the authors exist and include the submitting author.
   */
  async prepareNew(user: AuthUser, input: PaperInputDto): Promise<PreparedSubmission> {
    if (input.track === undefined) throw PapersErrors.trackRequired();
    const track = await this.papers.track(input.track);
    assertOpen(track, 'canSubmitPaper');
    return this.prepare(user, input, track, null);
  }

  /** The file count rule once the files are known. */
  assertFileCount(prepared: PreparedSubmission, fileCount: number): void {
    throwInvalid(
      validateSubmission(prepared.input, this.submissionTrack(prepared), fileCount).filter(
        (e) => e.field === 'files',
      ),
    );
  }

  /** Writes a checked submission with its (already stored) files in one transaction; the default status. */
  async create(
    user: AuthUser,
    prepared: PreparedSubmission,
    uploads: CheckedUpload[],
    hooks: SubmissionHooks = {},
  ): Promise<PaperDto> {
    this.assertFileCount(prepared, uploads.length);
    const { input, track, questions } = prepared;
    return this.transactions.run(async (tx) => {
      await hooks.before?.(tx);
      const status = await this.statuses.getDefault(tx);
      const row = await this.repo.insert(
        {
          title: input.title!.trim(),
          abstractText: input.abstract!.text!.trim(),
          abstractQuestions: toAnswered(questions, answersOf(input.abstract?.questions)),
          trackId: track._id,
          primarySubjectAreaId: track.subjectAreas.length ? input.primarySubjectArea! : null,
          primaryAuthorId: input.primaryAuthor!,
          statusId: status._id,
          createdBy: user.id,
        },
        tx,
      );
      await this.repo.setAuthors(row.id, prepared.authors, tx);
      await this.insertCheckedFiles(row.id, uploads, tx);
      await this.checks.samePairs(row.id, await this.repo.sameTitleOrAbstract(row.id, tx), tx);
      await this.recordPaper(user, row, 'paper.submit', `Submitted paper ${row.id} '${row.title}'`, tx);
      await hooks.after?.(row, tx);
      return this.papers.toDto(row, tx);
    });
  }

  /**
   * Checks an edit before any new file arrives: the author's paper, editing open on its track, every §5 rule
   * but the file count. Returns the files the edit removes, too.
   */
  async prepareEdit(
    user: AuthUser,
    paperId: number,
    input: UpdatePaperDto,
  ): Promise<PreparedSubmission & { paper: PaperRow; removed: PaperFileRow[]; kept: number }> {
    const paper = await this.papers.authorPaper(paperId, user.id);
    if (input.track !== undefined && input.track !== paper.trackId) throw PapersErrors.trackChange();
    const track = await this.papers.track(paper.trackId);
    assertOpen(track, 'canEditPaper');
    const prepared = await this.prepare(user, input, track, null);
    const files = (await this.repo.filesOf([paper.id])).filter((f) => f.part === 'abstract');
    const removeIds = new Set(input.removeFiles ?? []);
    const removed = files.filter((f) => removeIds.has(f.id));
    if (removed.length !== removeIds.size) throw PapersErrors.fileNotOfPaper();
    return { ...prepared, paper, removed, kept: files.length - removed.length };
  }

  /**
   * Applies a checked edit with its new (already stored) files in one transaction; the removed files leave the
   * store after the commit (§4).
   */
  async update(
    user: AuthUser,
    prepared: Awaited<ReturnType<AuthorPapersService['prepareEdit']>>,
    uploads: CheckedUpload[],
  ): Promise<PaperDto> {
    const { input, track, questions, paper, removed } = prepared;
    const dto = await this.transactions.run(async (tx) => {
      const locked = await this.repo.lock(paper.id, tx);
      if (!locked || locked.isDeleted) throw PapersErrors.notFound();
      const current = (await this.repo.filesOf([paper.id], tx)).filter((f) => f.part === 'abstract');
      const stillThere = removed.filter((r) => current.some((c) => c.id === r.id));
      if (stillThere.length !== removed.length) throw PapersErrors.fileNotOfPaper();
      this.assertFileCount(prepared, current.length - removed.length + uploads.length);
      await this.repo.update(
        paper.id,
        {
          title: input.title!.trim(),
          abstractText: input.abstract!.text!.trim(),
          abstractQuestions: toAnswered(questions, answersOf(input.abstract?.questions)),
          primarySubjectAreaId: track.subjectAreas.length ? input.primarySubjectArea! : null,
          primaryAuthorId: input.primaryAuthor!,
        },
        tx,
      );
      await this.repo.setAuthors(paper.id, prepared.authors, tx);
      await this.repo.deleteFiles(
        removed.map((f) => f.id),
        tx,
      );
      await this.insertCheckedFiles(paper.id, uploads, tx);
      await this.checks.samePairs(paper.id, await this.repo.sameTitleOrAbstract(paper.id, tx), tx);
      await this.recordPaper(
        user,
        paper,
        'paper.edit',
        `Edited paper ${paper.id} '${input.title!.trim()}'`,
        tx,
        { filesAdded: uploads.length, filesRemoved: removed.length },
      );
      return this.papers.toDto((await this.repo.findById(paper.id, tx))!, tx);
    });
    await this.files.discard(removed.map((f) => f.key));
    return dto;
  }

  /** Inserts a submission's new files with the checks of their PDFs (and queues their duplicate scans). */
  private async insertCheckedFiles(paperId: number, uploads: CheckedUpload[], tx: Executor): Promise<void> {
    const rows = await this.repo.insertFiles(
      uploads.map(({ check: _check, ...u }) => ({ ...u, paperId, part: 'abstract' })),
      tx,
    );
    await this.checks.record(
      uploads.flatMap((u) => {
        const file = rows.find((r) => r.key === u.key);
        return file && u.check ? [{ file, outcome: u.check }] : [];
      }),
      tx,
    );
  }

  /** Withdraws the paper (soft delete: isDeleted; a chair can restore it). */
  async remove(user: AuthUser, paperId: number): Promise<{ ok: true; message: string }> {
    await this.transactions.run(async (tx) => {
      const row = await this.papers.authorPaper(paperId, user.id, tx);
      // The withdraw rule is the domain's (paperActions.canDelete), the same the author menu shows.
      if (!this.papers.actions(row, await this.papers.context(row, tx)).canDelete)
        throw PapersErrors.withdrawDecided();
      await this.repo.update(paperId, { isDeleted: true }, tx);
      await this.recordPaper(user, row, 'paper.withdraw', `Withdrew paper ${row.id} '${row.title}'`, tx);
    });
    return { ok: true, message: PAPER_MESSAGES.deleted };
  }

  async setNotes(user: AuthUser, paperId: number, notes: string): Promise<PaperDto> {
    return this.transactions.run(async (tx) => {
      await this.papers.authorPaper(paperId, user.id, tx);
      const row = await this.repo.update(paperId, { notes }, tx);
      return this.papers.toDto(row!, tx);
    });
  }

  // ----- the confirmation e-mail

  /** The /ConfirmationEmail preview: recipients (the authors), subject and text. */
  async confirmationEmail(user: AuthUser, paperId: number, ex?: Executor): Promise<ConfirmationEmailDto> {
    const paper = await this.papers.authorPaper(paperId, user.id, ex);
    const [dto] = await this.papers.toDtos([paper], ex);
    const track = await this.papers.track(paper.trackId, ex);
    const conference = await this.papers.getConference(ex);
    const name = (a: { firstName: string; lastName: string }) => `${a.firstName} ${a.lastName}`;
    const area = track.subjectAreas.find((a) => a._id === paper.primarySubjectAreaId);
    const primary = dto!.authors.find((a) => a._id === paper.primaryAuthorId);
    const lines = [
      'Dear authors,',
      '',
      `This message confirms the submission of the following paper to ${conference.fullName} (${conference.shortName}).`,
      '',
      `Paper ID: ${paper.id}`,
      `Title: ${paper.title}`,
      `Track: ${track.name}`,
      ...(area ? [`Subject area: ${area.name}`] : []),
      `Authors: ${dto!.authors.map((a) => `${name(a)} (${a.organization})`).join('; ')}`,
      ...(primary ? [`Primary author: ${name(primary)} <${primary.email}>`] : []),
      `Submitted: ${paper.createdAt.toISOString()}`,
      ...(dto!.abstract.files.length
        ? [
            `Files: ${dto!.abstract.files.map((f) => `${f.name} (${f.size} bytes, sha256 ${f.sha256})`).join('; ')}`,
          ]
        : []),
      '',
      'Abstract:',
      paper.abstractText,
      ...(paper.abstractQuestions.length
        ? ['', 'Answers:', ...paper.abstractQuestions.map((q) => `${q.title}: ${q.answer}`)]
        : []),
      '',
      'Kind regards,',
      `The ${conference.shortName} organisers`,
    ];
    return {
      to: dto!.authors.map((a) => ({
        _id: a._id,
        firstName: a.firstName,
        lastName: a.lastName,
        email: a.email,
      })),
      subject: `${conference.shortName}: submission confirmation for paper ${paper.id}`,
      text: lines.join('\n'),
    };
  }

  /** Sends the confirmation e-mail to the authors (all, or the chosen ones) through the outbox. */
  async sendConfirmationEmail(
    user: AuthUser,
    paperId: number,
    recipients?: number[],
  ): Promise<{ ok: true; message: string; to: string[] }> {
    return this.transactions.run(async (tx) => {
      const email = await this.confirmationEmail(user, paperId, tx);
      const chosen = recipients ? email.to.filter((a) => recipients.includes(a._id)) : email.to;
      if (!chosen.length || (recipients && chosen.length !== new Set(recipients).size))
        throw PapersErrors.emailRecipients();
      const to = chosen.map((a) => a.email);
      await this.mail.enqueue(
        { kind: 'paper-confirmation', to, subject: email.subject, text: email.text, createdBy: user.id },
        tx,
      );
      return { ok: true as const, message: PAPER_MESSAGES.emailSent, to };
    });
  }

  // ----- camera-ready and presentation-ready

  /** §5 camera-ready: final title, abstract and authors, every question answered, the files; sets submittedCameraReady. */
  async submitCameraReady(
    user: AuthUser,
    paperId: number,
    input: CameraReadySubmissionDto,
  ): Promise<{ message: string; paper: PaperDto }> {
    return this.transactions.run(async (tx) => {
      const paper = await this.lockedAuthorPaper(paperId, user, tx);
      const ctx = await this.papers.context(paper, tx);
      assertOpen(ctx.track, 'canSubmitCameraReady');
      assertAccepted(ctx);
      const errors: FieldError[] = [];
      const title = input.title ?? paper.title;
      const titleMessage = titleError(title);
      if (titleMessage) errors.push({ field: 'title', message: titleMessage });
      const text = input.abstract?.text ?? paper.abstractText;
      const abstractMessage = abstractError(text, ctx.track.submissionProperties.abstractLength);
      if (abstractMessage) errors.push({ field: 'abstract.text', message: abstractMessage });
      let authors: number[] | undefined;
      if (input.authors !== undefined || input.primaryAuthor !== undefined) {
        const list = input.authors ?? (await this.repo.authorsOf([paper.id], tx)).map((a) => a.userId);
        const checked = await this.checkAuthors(
          user,
          { ...input, authors: list, primaryAuthor: input.primaryAuthor ?? paper.primaryAuthorId },
          errors,
          tx,
        );
        authors = checked;
      }
      const questions = resolveQuestions(
        ctx.track.cameraReadySubmissionProperties.questions,
        ctx.conference.shortName,
      );
      const answers = answersOf(input.questions);
      if (answers.length > questions.length)
        errors.push({ field: 'questions', message: PAPER_MESSAGES.cameraReadyQuestions });
      for (const [i, message] of Object.entries(answerErrors(questions, answers, CAMERA_READY_ANSWER_RULES)))
        errors.push({ field: `questions.${i}.answer`, message });
      throwInvalid(errors);
      const files = await this.repo.filesOf([paper.id], tx);
      const slot = (part: string) => files.find((f) => f.part === part) ?? null;
      const missing = missingCameraReadyFiles(
        { word: slot('word'), pdf: slot('pdf'), springerCopyright: slot('springerCopyright') },
        ctx.conference.consentFileUpload,
      );
      if (missing.length) throw PapersErrors.cameraReadyFiles(missing);
      // a blocking track: the camera-ready pdf's open findings stop the confirmation
      await this.checks.assertCameraReadyAllowed(paper.id, paper.trackId, slot('pdf')?.id ?? null, tx);
      await this.repo.update(
        paper.id,
        {
          title: title.trim(),
          abstractText: text.trim(),
          cameraReadyQuestions: toAnswered(questions, answers),
          submittedCameraReady: true,
          ...(authors ? { primaryAuthorId: input.primaryAuthor ?? paper.primaryAuthorId } : {}),
        },
        tx,
      );
      if (authors) await this.repo.setAuthors(paper.id, authors, tx);
      await this.recordPaper(
        user,
        paper,
        'paper.cameraReady',
        `Submitted the camera-ready version of paper ${paper.id} '${title.trim()}'`,
        tx,
      );
      const row = await this.repo.findById(paper.id, tx);
      return { message: PAPER_MESSAGES.cameraReadySubmitted, paper: await this.papers.toDto(row!, tx) };
    });
  }

  /** §5 presentation-ready: slides, PDF proof (named unlike the camera-ready pdf), exactly three answers. */
  async submitPresentationReady(
    user: AuthUser,
    paperId: number,
    input: PresentationReadySubmissionDto,
  ): Promise<{ message: string; paper: PaperDto }> {
    return this.transactions.run(async (tx) => {
      const paper = await this.lockedAuthorPaper(paperId, user, tx);
      const ctx = await this.papers.context(paper, tx);
      assertOpen(ctx.track, 'canSubmitPresentationReady');
      assertAccepted(ctx);
      const answers = answersOf(input.questions);
      if (answers.length !== PRESENTATION_QUESTION_COUNT) throw PapersErrors.presentationQuestions();
      const questions = resolveQuestions(presentationQuestionsOf(ctx.track), ctx.conference.shortName);
      throwInvalid(
        Object.entries(answerErrors(questions, answers, PRESENTATION_READY_ANSWER_RULES)).map(
          ([i, message]) => ({
            field: `questions.${i}.answer`,
            message,
          }),
        ),
      );
      const files = await this.repo.filesOf([paper.id], tx);
      const slot = (part: string) => files.find((f) => f.part === part) ?? null;
      const fileError = presentationFilesError(
        { ppt: slot('ppt'), ppt_pdf: slot('ppt_pdf'), video: slot('video') },
        slot('pdf')?.name ?? null,
      );
      if (fileError) throw PapersErrors.presentationReadyFiles(fileError);
      const row = await this.repo.update(
        paper.id,
        { presentationReadyQuestions: toAnswered(questions, answers), submittedPresentationReady: true },
        tx,
      );
      await this.recordPaper(
        user,
        paper,
        'paper.presentationReady',
        `Submitted the presentation-ready version of paper ${paper.id} '${paper.title}'`,
        tx,
      );
      return { message: PAPER_MESSAGES.presentationReadySubmitted, paper: await this.papers.toDto(row!, tx) };
    });
  }

  // ----- helpers

  /** The activity entry of an author's change to a paper (written in the change's transaction). */
  private recordPaper(
    user: AuthUser,
    paper: Pick<PaperRow, 'id' | 'trackId'>,
    action: string,
    summary: string,
    tx: Executor,
    details?: Record<string, unknown>,
  ): Promise<void> {
    return this.activity.record(
      {
        ...ActivityService.fromUser(user),
        action,
        summary,
        paperId: paper.id,
        trackId: paper.trackId,
        details,
      },
      tx,
    );
  }

  private async lockedAuthorPaper(paperId: number, user: AuthUser, tx: Executor): Promise<PaperRow> {
    await this.papers.authorPaper(paperId, user.id, tx);
    const row = await this.repo.lock(paperId, tx);
    if (!row || row.isDeleted) throw PapersErrors.notFound();
    return row;
  }

  private submissionTrack(prepared: PreparedSubmission) {
    return {
      subjectAreas: prepared.track.subjectAreas,
      submissionProperties: { ...prepared.track.submissionProperties, questions: prepared.questions },
    };
  }

  /** Every §5 rule but the file count (fileCount null), then the authors: existing users, the submitter among them. */
  private async prepare(
    user: AuthUser,
    input: PaperInputDto,
    track: TrackDto,
    fileCount: number | null,
  ): Promise<PreparedSubmission> {
    const conference = await this.papers.getConference();
    const questions = resolveQuestions(track.submissionProperties.questions, conference.shortName);
    const prepared: PreparedSubmission = { track, questions, input, authors: [] };
    const errors = validateSubmission(input, this.submissionTrack(prepared), fileCount);
    throwInvalid(errors);
    prepared.authors = await this.checkAuthors(user, input, errors);
    throwInvalid(errors);
    return prepared;
  }

  /** Authors must be existing users and include the caller (the submitting author); pushes field errors. */
  private async checkAuthors(
    user: AuthUser,
    input: { authors?: number[]; primaryAuthor?: number | null },
    errors: FieldError[],
    ex?: Executor,
  ): Promise<number[]> {
    const authors = input.authors ?? [];
    if (!authors.length) errors.push({ field: 'authors', message: PAPER_MESSAGES.noAuthor });
    else if (new Set(authors).size !== authors.length)
      errors.push({ field: 'authors', message: PAPER_MESSAGES.duplicateAuthor });
    if (input.primaryAuthor === null || input.primaryAuthor === undefined)
      errors.push({ field: 'primaryAuthor', message: PAPER_MESSAGES.noPrimaryAuthor });
    else if (!authors.includes(input.primaryAuthor))
      errors.push({ field: 'primaryAuthor', message: PAPER_MESSAGES.primaryAuthorNotAuthor });
    for (const [i, id] of authors.entries())
      if (!(await this.users.findById(id, ex)))
        errors.push({ field: `authors.${i}`, message: PAPER_MESSAGES.authorNotFound });
    if (authors.length && !authors.includes(user.id))
      errors.push({ field: 'authors', message: PAPER_MESSAGES.submitterNotAuthor });
    return authors;
  }
}
