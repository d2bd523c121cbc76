import { Injectable } from '@nestjs/common';
import {
  ACTIVITY_KEYS,
  defaultTrackSettings,
  isPermutation,
  TRACK_MESSAGES,
  validateTrackSettings,
  type ActivityKey,
  type SurveyQuestion,
  type TrackDto,
  type TrackSettings,
} from '@symposium/domain';
import { TransactionRunner } from '../../database/database.module.js';
import type { Executor } from '../../database/database.js';
import { pgErrorCode } from '../../common/errors.js';
import { areasByTrack, settingsToColumns, toSettings, toTrackDto } from './tracks.mapper.js';
import { TracksRepository } from './tracks.repository.js';
import { TracksErrors } from './tracks.errors.js';

export interface QuestionInput {
  title: string;
  answer?: string;
  isRequired?: boolean;
  isComment?: boolean;
  isTextArea?: boolean;
  choices?: string[];
}

/** A track as a chair sends it: every part optional (a new track takes the §4/§9 defaults). */
export interface TrackInput {
  name?: string;
  activities?: Partial<Record<ActivityKey, { status?: boolean | null; deadline?: string | null }>>;
  submissionProperties?: {
    welcomeMessage?: string;
    abstractLength?: number;
    minFilesLimit?: number;
    maxFilesLimit?: number;
    questions?: QuestionInput[];
  };
  cameraReadySubmissionProperties?: {
    welcomeMessage?: string;
    fileSizeLimit?: number;
    allowedFiles?: string[];
    questions?: QuestionInput[];
  };
  presentationReadySubmissionProperties?: {
    welcomeMessage?: string;
    fileSizeLimit?: number;
    questions?: QuestionInput[];
  };
  /** The full ordered list when given: [{_id?, name}]. */
  subjectAreas?: { _id?: number; name: string }[];
  /** Reviewers may read the paper's discussion before submitting their own review (issue 25). */
  discussionBeforeReview?: boolean;
}

const toQuestion = (q: QuestionInput): SurveyQuestion => ({
  title: q.title,
  ...(q.answer !== undefined ? { answer: q.answer } : {}),
  isRequired: q.isRequired ?? false,
  isComment: q.isComment ?? false,
  isTextArea: q.isTextArea ?? false,
  choices: q.choices ?? [],
});

/** The settings after applying the given parts (absent parts keep their value; a null deadline clears it). */
export function mergeSettings(base: TrackSettings, input: TrackInput): TrackSettings {
  const activities = structuredClone(base.activities);
  for (const key of ACTIVITY_KEYS) {
    const a = input.activities?.[key];
    if (!a) continue;
    if (typeof a.status === 'boolean') activities[key].status = a.status;
    if (a.deadline !== undefined) activities[key].deadline = a.deadline;
  }
  const sp = input.submissionProperties ?? {};
  const cr = input.cameraReadySubmissionProperties ?? {};
  const pr = input.presentationReadySubmissionProperties ?? {};
  return {
    name: input.name ?? base.name,
    activities,
    submissionProperties: {
      welcomeMessage: sp.welcomeMessage ?? base.submissionProperties.welcomeMessage,
      abstractLength: sp.abstractLength ?? base.submissionProperties.abstractLength,
      minFilesLimit: sp.minFilesLimit ?? base.submissionProperties.minFilesLimit,
      maxFilesLimit: sp.maxFilesLimit ?? base.submissionProperties.maxFilesLimit,
      questions: sp.questions ? sp.questions.map(toQuestion) : base.submissionProperties.questions,
    },
    cameraReadySubmissionProperties: {
      welcomeMessage: cr.welcomeMessage ?? base.cameraReadySubmissionProperties.welcomeMessage,
      fileSizeLimit: cr.fileSizeLimit ?? base.cameraReadySubmissionProperties.fileSizeLimit,
      allowedFiles: cr.allowedFiles ?? base.cameraReadySubmissionProperties.allowedFiles,
      questions: cr.questions ? cr.questions.map(toQuestion) : base.cameraReadySubmissionProperties.questions,
    },
    presentationReadySubmissionProperties: {
      welcomeMessage: pr.welcomeMessage ?? base.presentationReadySubmissionProperties.welcomeMessage,
      fileSizeLimit: pr.fileSizeLimit ?? base.presentationReadySubmissionProperties.fileSizeLimit,
      questions: pr.questions
        ? pr.questions.map(toQuestion)
        : base.presentationReadySubmissionProperties.questions,
    },
    subjectAreas: input.subjectAreas
      ? input.subjectAreas.map((a) => ({ ...(a._id !== undefined ? { _id: a._id } : {}), name: a.name }))
      : base.subjectAreas,
    ...(typeof input.discussionBeforeReview === 'boolean'
      ? { discussionBeforeReview: input.discussionBeforeReview }
      : base.discussionBeforeReview !== undefined
        ? { discussionBeforeReview: base.discussionBeforeReview }
        : {}),
  };
}

/** Tracks and their subject areas: reading (scoped for track chairs), creating, editing and sorting. */
@Injectable()
export class TracksService {
  constructor(
    private readonly tracks: TracksRepository,
    private readonly transactions: TransactionRunner,
  ) {}

  private inTx<T>(ex: Executor | undefined, work: (tx: Executor) => Promise<T>): Promise<T> {
    return ex ? work(ex) : this.transactions.run(work);
  }

  /**
   * Tracks by position; scope null = every track, otherwise only those ids (track chairs). `managed`: the
   * chair and track-chair answer, with the review settings.
   */
  async list(scope: number[] | null = null, ex?: Executor, managed = false): Promise<TrackDto[]> {
    const rows = await this.tracks.list(scope, ex);
    const areas = areasByTrack(
      await this.tracks.listAreas(
        rows.map((r) => r.id),
        ex,
      ),
    );
    return rows.map((r) => toTrackDto(r, areas.get(r.id) ?? [], managed));
  }

  /** One track; 404 alike when missing or outside the scope. */
  async get(id: number, scope: number[] | null = null, managed = false): Promise<TrackDto> {
    if (scope && !scope.includes(id)) throw TracksErrors.notFound();
    const track = await this.findById(id, undefined, managed);
    if (!track) throw TracksErrors.notFound();
    return track;
  }

  /** For other modules: the track, or undefined. */
  async findById(id: number, ex?: Executor, managed = false): Promise<TrackDto | undefined> {
    const row = await this.tracks.findById(id, ex);
    if (!row) return undefined;
    return toTrackDto(row, await this.tracks.listAreas([id], ex), managed);
  }

  /** For other modules: the names of these tracks by id (missing ids are left out); one query. */
  async namesOf(ids: number[], ex?: Executor): Promise<Map<number, string>> {
    const rows = await this.tracks.list([...new Set(ids)], ex);
    return new Map(rows.map((r) => [r.id, r.name]));
  }

  /** For other modules: whether the track exists. */
  async exists(id: number, ex?: Executor): Promise<boolean> {
    return (await this.tracks.findById(id, ex)) !== undefined;
  }

  /** For other modules: every track id, by position. */
  listIds(ex?: Executor): Promise<number[]> {
    return this.tracks.listIds(ex);
  }

  async create(input: TrackInput & { name: string }, ex?: Executor): Promise<TrackDto> {
    const settings = mergeSettings(defaultTrackSettings(), input);
    this.assertValid(settings, []);
    return this.inTx(ex, async (tx) => {
      if (await this.tracks.findByName(settings.name, undefined, tx)) throw TracksErrors.nameTaken();
      const position = await this.tracks.nextPosition(tx);
      const row = await this.tracks
        .insert({ ...settingsToColumns(settings), position }, tx)
        .catch(this.uniqueName);
      await this.tracks.insertAreas(
        settings.subjectAreas.map((a, i) => ({ trackId: row.id, name: a.name.trim(), position: i })),
        tx,
      );
      return (await this.findById(row.id, tx, true))!;
    });
  }

  /** Applies the given parts; subject areas, when given, become exactly the list (one transaction). */
  async update(id: number, input: TrackInput, ex?: Executor): Promise<TrackDto> {
    return this.inTx(ex, async (tx) => {
      const row = await this.tracks.findById(id, tx);
      if (!row) throw TracksErrors.notFound();
      const areas = await this.tracks.listAreas([id], tx);
      const settings = mergeSettings(toSettings(row, areas), input);
      this.assertValid(
        settings,
        areas.map((a) => a.id),
      );
      if (await this.tracks.findByName(settings.name, id, tx)) throw TracksErrors.nameTaken();
      await this.tracks.update(id, settingsToColumns(settings), tx).catch(this.uniqueName);
      if (input.subjectAreas) {
        const keep = settings.subjectAreas.flatMap((a) => (a._id ? [a._id] : []));
        await this.tracks.deleteAreasExcept(id, keep, tx);
        const inserts: { trackId: number; name: string; position: number }[] = [];
        for (const [position, a] of settings.subjectAreas.entries()) {
          if (a._id) await this.tracks.updateArea(id, a._id, { name: a.name.trim(), position }, tx);
          else inserts.push({ trackId: id, name: a.name.trim(), position });
        }
        await this.tracks.insertAreas(inserts, tx);
      }
      return (await this.findById(id, tx, true))!;
    });
  }

  /** Sets position = index; ids must list every track exactly once. */
  async sort(ids: number[]): Promise<TrackDto[]> {
    return this.transactions.run(async (tx) => {
      await this.tracks.lockAll(tx);
      if (!isPermutation(ids, await this.tracks.listIds(tx))) throw TracksErrors.sortIncomplete();
      for (const [position, id] of ids.entries()) await this.tracks.setPosition(id, position, tx);
      return this.list(null, tx, true);
    });
  }

  /** Field rules of libs/domain, plus: a subject area _id must be one of this track's, at most once. */
  private assertValid(settings: TrackSettings, existingAreaIds: number[]): void {
    const errors = validateTrackSettings(settings);
    const seen = new Set<number>();
    settings.subjectAreas.forEach((a, i) => {
      if (a._id === undefined) return;
      if (!existingAreaIds.includes(a._id) || seen.has(a._id))
        errors[`subjectAreas.${i}._id`] = TRACK_MESSAGES.subjectAreaUnknown;
      seen.add(a._id);
    });
    const details = Object.entries(errors).map(([field, message]) => ({ field, message }));
    if (details.length) throw TracksErrors.invalid(details);
  }

  /** Two chairs saving the same new name at once: the unique index decides, with the same message. */
  private readonly uniqueName = (e: unknown): never => {
    if (pgErrorCode(e) === '23505') throw TracksErrors.nameTaken();
    throw e;
  };
}
