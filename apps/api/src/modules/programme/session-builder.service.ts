import { Injectable } from '@nestjs/common';
import {
  DEFAULT_BUILDER_TIME_BUDGET_MS,
  DEFAULT_MIN_PAPERS_PER_SESSION,
  EVENT_TYPE_LABELS,
  PROGRAMME_MESSAGES as M,
  type BusyInterval,
  type BuilderPaper,
  type BuilderSlot,
  type BuiltSession,
  type EventType,
  type PersonRef,
  type SessionBuilderProgress,
  type SessionBuilderResult,
} from '@symposium/domain';
import { DomainError } from '../../common/errors.js';
import { TransactionRunner } from '../../database/database.module.js';
import { PapersService } from '../papers/papers.service.js';
import { TracksService } from '../tracks/tracks.service.js';
import { BuilderRunner } from './builder-runner.js';
import { invalidField, ProgrammeErrors } from './programme.errors.js';
import { ProgrammeRepository } from './programme.repository.js';
import { ProgrammeViewService } from './programme-view.service.js';
import { SessionsService } from './sessions.service.js';

export interface BuilderRequest {
  track: number;
  papersPerSession: number;
  /** Default 2; at most papersPerSession. */
  minPapersPerSession?: number;
  events: number[];
  rooms: number[];
  /** People to propose as session chairs before the sessions' authors. */
  sessionChairs?: number[];
  /** The builder's time budget in seconds (default 30). */
  timeLimitSeconds?: number;
}

/** A proposed session, with its proposed session chair as the programme shows people. */
export interface BuilderProposalSession extends BuiltSession {
  responsables: PersonRef[];
}

/** The proposal: the builder's result with the first free technical session number. */
export interface BuilderProposal extends Omit<SessionBuilderResult, 'sessions'> {
  sessions: BuilderProposalSession[];
  firstNumber: number;
  papers: number;
  /** The minimum papers per session it kept to. */
  minPapersPerSession: number;
}

export interface BuilderApplySession {
  _id: number;
  title: string;
  responsables: number[];
  room: number;
  papers: number[];
  event?: number | null;
}

/**
 * The session builder (beyond the spec): proposes technical sessions for a track's accepted, unscheduled
 * papers and places them in chosen events and rooms without person clashes (libs/domain, in a worker);
 * the chair edits the proposal and applies it in one transaction.
 */
@Injectable()
export class SessionBuilderService {
  constructor(
    private readonly repo: ProgrammeRepository,
    private readonly sessions: SessionsService,
    private readonly view: ProgrammeViewService,
    private readonly papers: PapersService,
    private readonly tracks: TracksService,
    private readonly runner: BuilderRunner,
    private readonly transactions: TransactionRunner,
  ) {}

  /** Checks the request and reads the builder's input (before any answer is streamed). */
  async prepare(
    req: BuilderRequest,
  ): Promise<{ input: Parameters<BuilderRunner['build']>[0]; firstNumber: number; timeBudgetMs: number }> {
    const track = (await this.tracks.list()).find((t) => t._id === req.track);
    if (!track) throw invalidField('track', M.builderTrack);
    const min = req.minPapersPerSession ?? Math.min(DEFAULT_MIN_PAPERS_PER_SESSION, req.papersPerSession);
    if (min > req.papersPerSession) throw invalidField('minPapersPerSession', M.builderMinPapers);
    if (!req.rooms.length) throw invalidField('rooms', M.room);
    if (!req.events.length) throw invalidField('events', M.builderEvents);
    const rooms = new Map((await this.repo.listRooms()).map((r) => [r.id, r]));
    for (const id of req.rooms) if (!rooms.has(id)) throw invalidField('rooms', M.roomNotFound);
    const draft = await this.view.draft();
    const events = new Map(
      draft.days.flatMap((d) => d.events.map((e) => [e._id, { event: e, day: d }] as const)),
    );
    for (const id of req.events) {
      const found = events.get(id);
      if (!found) throw invalidField('events', M.eventNotFound);
      if (found.event.type !== 'TechnicalSession')
        throw invalidField(
          'events',
          `${M.builderEvents} (event ${id} is a ${EVENT_TYPE_LABELS[found.event.type as EventType]})`,
        );
    }
    const chairs = [...new Set(req.sessionChairs ?? [])];
    if ((await this.sessions.personRefs(chairs)).size !== chairs.length)
      throw invalidField('sessionChairs', M.responsableNotFound);
    const schedulable = (await this.sessions.schedulablePapers(req.track)).filter((p) => p.session === null);
    if (!schedulable.length) throw invalidField('track', M.builderNoPapers);
    if (schedulable.length < min)
      throw invalidField('minPapersPerSession', M.builderTooFewPapers(schedulable.length, min));
    const rows = new Map((await this.papers.findByIds(schedulable.map((p) => p._id))).map((r) => [r.id, r]));
    const papers: BuilderPaper[] = schedulable.map((p) => ({
      id: p._id,
      subjectArea: p.primarySubjectArea,
      text: `${p.title}\n${rows.get(p._id)?.abstractText ?? ''}`,
      people: p.authors.map((a) => a._id),
    }));
    const slots: BuilderSlot[] = req.events.flatMap((id) => {
      const { event, day } = events.get(id)!;
      return req.rooms.map((roomId) => ({
        eventId: id,
        roomId,
        dayIso: day.isoDate,
        start: event.start,
        end: event.end,
      }));
    });
    const busy: BusyInterval[] = draft.days.flatMap((d) =>
      d.events.flatMap((e) =>
        e.sessions.flatMap((s) =>
          [
            ...new Set(
              [
                ...s.papers.flatMap((p) => p.authors),
                ...s.responsables,
                ...(s.presenter ? [s.presenter] : []),
              ].map((p) => p._id),
            ),
          ].map((personId) => ({ personId, dayIso: d.isoDate, start: e.start, end: e.end })),
        ),
      ),
    );
    const technical = await this.repo.listSessions('technical');
    const firstNumber = technical.reduce((max, s) => Math.max(max, s.number), 0) + 1;
    return {
      input: {
        papers,
        papersPerSession: req.papersPerSession,
        minPapersPerSession: min,
        slots,
        busy,
        trackName: track.name,
        takenTitles: technical.map((s) => s.title),
        sessionChairs: chairs,
      },
      firstNumber,
      timeBudgetMs: (req.timeLimitSeconds ?? DEFAULT_BUILDER_TIME_BUDGET_MS / 1000) * 1000,
    };
  }

  async propose(
    req: BuilderRequest,
    hooks: { signal?: AbortSignal; onProgress?: (p: SessionBuilderProgress) => void } = {},
  ): Promise<BuilderProposal> {
    const { input, firstNumber, timeBudgetMs } = await this.prepare(req);
    return this.run(input, firstNumber, timeBudgetMs, hooks);
  }

  async run(
    input: Parameters<BuilderRunner['build']>[0],
    firstNumber: number,
    timeBudgetMs: number,
    hooks: { signal?: AbortSignal; onProgress?: (p: SessionBuilderProgress) => void } = {},
  ): Promise<BuilderProposal> {
    const result = await this.runner.build(input, timeBudgetMs, hooks);
    const people = await this.sessions.personRefs(result.sessions.flatMap((s) => s.chairs));
    return {
      ...result,
      sessions: result.sessions.map((s) => ({
        ...s,
        responsables: s.chairs.flatMap((id) => people.get(id) ?? []),
      })),
      firstNumber,
      papers: input.papers.length,
      minPapersPerSession: input.minPapersPerSession ?? DEFAULT_MIN_PAPERS_PER_SESSION,
    };
  }

  /**
   * Creates the (edited) proposal's sessions in one transaction: all of them, or none with the first reason.
   * With a minimum, a session with fewer papers is refused (nothing is created).
   */
  async apply(
    sessions: BuilderApplySession[],
    minPapersPerSession?: number,
  ): Promise<{ message: string; created: number[] }> {
    for (const s of sessions)
      if (minPapersPerSession !== undefined && new Set(s.papers).size < minPapersPerSession)
        throw invalidField(
          'papers',
          `Technical session ${s._id}: ${M.builderUnderMinimum(new Set(s.papers).size, minPapersPerSession)}`,
        );
    return this.transactions.run(async (tx) => {
      await this.repo.lockProgramme(tx);
      for (const s of sessions) {
        if (s.event !== undefined && s.event !== null) {
          const event = await this.repo.findEventById(s.event, tx);
          if (!event) throw ProgrammeErrors.eventNotFound();
          if (event.type !== 'TechnicalSession') throw invalidField('event', M.builderEvents);
        }
        try {
          await this.sessions.createIn(tx, 'technical', s._id, s, s.event ?? null);
        } catch (e) {
          if (e instanceof DomainError)
            throw new DomainError(e.code, `Technical session ${s._id}: ${e.message}`, e.status, e.details);
          throw e;
        }
      }
      return { message: M.builderApplied(sessions.length), created: sessions.map((s) => s._id) };
    });
  }
}
