import { Injectable } from '@nestjs/common';
import {
  isSessionLink,
  PROGRAMME_MESSAGES as M,
  sessionName,
  type PersonRef,
  type PosterSessionDto,
  type RoomRef,
  type SchedulablePaperDto,
  type ScheduledPaperRef,
  type SessionKind,
  type TechnicalSessionDto,
  type TrackDto,
  type TutorialDto,
} from '@symposium/domain';
import { pgErrorCode } from '../../common/errors.js';
import { TransactionRunner } from '../../database/database.module.js';
import type { Executor } from '../../database/database.js';
import { PapersService } from '../papers/papers.service.js';
import { StatusesService } from '../tracks/statuses.service.js';
import { TracksService } from '../tracks/tracks.service.js';
import { UsersService } from '../users/users.service.js';
import { invalidField, ProgrammeErrors } from './programme.errors.js';
import { toPersonRef } from './programme.mapper.js';
import { ProgrammeRepository } from './programme.repository.js';
import type { SessionRow } from './programme.table.js';

export interface SessionInput {
  title?: string;
  responsables?: number[];
  room?: number;
  papers?: number[];
  paper?: number;
  presenter?: number;
  link?: string;
}

export type AnySessionDto = TechnicalSessionDto | PosterSessionDto | TutorialDto;

/**
 * Technical sessions, poster sessions and tutorials (§3, §5 "Sessions and other"): only accepted papers, a
 * paper in at most one session, technical titles unique, session chairs kept in the users'
 * roles.sessionChair.sessions in the same transaction.
 */
@Injectable()
export class SessionsService {
  constructor(
    private readonly repo: ProgrammeRepository,
    private readonly papers: PapersService,
    private readonly statuses: StatusesService,
    private readonly tracks: TracksService,
    private readonly users: UsersService,
    private readonly transactions: TransactionRunner,
  ) {}

  async list(kind: SessionKind, filter: { hasEvent?: boolean; eventId?: number }): Promise<AnySessionDto[]> {
    return this.toDtos(await this.repo.listSessions(kind, filter));
  }

  async get(kind: SessionKind, number: number, ex?: Executor): Promise<AnySessionDto> {
    const row = await this.repo.findSession(kind, number, ex);
    if (!row) throw notFoundOf(kind);
    return (await this.toDtos([row], ex))[0]!;
  }

  async create(kind: SessionKind, number: number, input: SessionInput): Promise<AnySessionDto> {
    return this.transactions.run(async (tx) => {
      await this.repo.lockProgramme(tx);
      await this.createIn(tx, kind, number, input);
      return this.get(kind, number, tx);
    });
  }

  /**
   * Creates a session inside the caller's transaction (which holds the programme lock), optionally linked to
   * an event of the matching type; the session builder's apply creates many this way in one transaction.
   */
  async createIn(
    tx: Executor,
    kind: SessionKind,
    number: number,
    input: SessionInput,
    eventId: number | null = null,
  ): Promise<void> {
    const complete = requireFields(kind, input);
    if (await this.repo.findSession(kind, number, tx)) throw ProgrammeErrors.sessionNumberTaken();
    const checked = await this.checked(kind, complete, undefined, tx);
    const row = await this.repo
      .insertSession({ ...checked.patch, kind, number, eventId }, tx)
      .catch(uniqueViolation);
    await this.repo.setSessionPapers(row.id, checked.paperIds!, tx);
    if (kind === 'technical') await this.users.setSessionChairs(number, checked.responsables!, tx);
  }

  /**
   * Creates many sessions inside the caller's transaction (which holds the programme lock), each optionally
   * linked to an event: checked by the rules of create (fields, numbers and technical titles unique, rooms,
   * chairs and presenters that exist, accepted papers not scheduled elsewhere, counting the batch itself) with
   * a few queries for the whole batch; nothing is written when one fails. For the demo conference and imports.
   */
  async createMany(
    tx: Executor,
    items: { kind: SessionKind; number: number; input: SessionInput; eventId?: number | null }[],
  ): Promise<void> {
    if (!items.length) return;
    for (const item of items) requireFields(item.kind, item.input);
    const existing = await this.repo.listSessions(null, {}, tx);
    const numbers = new Set(existing.map((s) => `${s.kind}:${s.number}`));
    const titles = new Set(existing.filter((s) => s.kind === 'technical').map((s) => s.title.toLowerCase()));
    const rooms = new Set((await this.repo.listRooms(tx)).map((r) => r.id));
    const people = [
      ...new Set(
        items.flatMap((i) => [
          ...(i.input.responsables ?? []),
          ...(i.input.presenter ? [i.input.presenter] : []),
        ]),
      ),
    ];
    const found = new Set<number>();
    for (let i = 0; i < people.length; i += 5000)
      for (const u of await this.users.findByIds(people.slice(i, i + 5000), tx)) found.add(u.id);
    const paperIdsOf = (i: { kind: SessionKind; input: SessionInput }) =>
      i.kind === 'technical' ? (i.input.papers ?? []) : [i.input.paper!];
    const allPapers = items.flatMap(paperIdsOf);
    const papers = new Map<number, Awaited<ReturnType<PapersService['findByIds']>>[number]>();
    for (let i = 0; i < allPapers.length; i += 5000)
      for (const p of await this.papers.findByIds(allPapers.slice(i, i + 5000), tx)) papers.set(p.id, p);
    const accepted = new Set((await this.statuses.list(tx)).filter((s) => s.isAccepted).map((s) => s._id));
    const placed = new Map<number, string>();
    for (let i = 0; i < allPapers.length; i += 5000)
      for (const { paperId, session } of await this.repo.placementsOf(allPapers.slice(i, i + 5000), tx))
        placed.set(paperId, sessionName(session.kind as SessionKind, session.number));

    const rows = items.map((item) => {
      const { kind, number, input } = item;
      const key = `${kind}:${number}`;
      if (numbers.has(key)) throw ProgrammeErrors.sessionNumberTaken();
      numbers.add(key);
      const patch: Partial<SessionRow> = {};
      if (kind === 'technical') {
        const title = input.title!.trim();
        if (!title) throw invalidField('title', M.sessionTitle);
        if (titles.has(title.toLowerCase())) throw ProgrammeErrors.sessionTitleTaken();
        titles.add(title.toLowerCase());
        patch.title = title;
        const chairs = [...new Set(input.responsables!)];
        if (chairs.some((id) => !found.has(id))) throw invalidField('responsables', M.responsableNotFound);
      }
      if (!rooms.has(input.room!)) throw invalidField('room', M.roomNotFound);
      patch.roomId = input.room!;
      if (input.link !== undefined) patch.link = checkedLink(input.link);
      if (kind === 'tutorial') {
        if (!found.has(input.presenter!)) throw invalidField('presenter', M.presenter);
        patch.presenterId = input.presenter!;
      }
      const paperIds = paperIdsOf(item);
      const field = kind === 'technical' ? 'papers' : 'paper';
      if (new Set(paperIds).size !== paperIds.length) throw invalidField(field, M.paperDuplicate);
      for (const id of paperIds) {
        const paper = papers.get(id);
        if (!paper || paper.isDeleted) throw invalidField(field, `${M.paperNotFound}: ${id}`);
        if (paper.statusId === null || !accepted.has(paper.statusId))
          throw invalidField(field, `${M.paperNotAccepted} (paper ${id})`);
        const other = placed.get(id);
        if (other !== undefined) throw ProgrammeErrors.paperScheduled(id, other);
        placed.set(id, sessionName(kind, number));
      }
      const trackIds = new Set(paperIds.map((id) => papers.get(id)!.trackId));
      patch.trackId = trackIds.size === 1 ? [...trackIds][0]! : null;
      return { ...patch, kind, number, eventId: item.eventId ?? null };
    });
    const created = await this.repo.insertSessions(rows, tx).catch(uniqueViolation);
    await this.repo.insertSessionPapers(
      created.flatMap((row, i) =>
        paperIdsOf(items[i]!).map((paperId, position) => ({ paperId, sessionId: row.id, position })),
      ),
      tx,
    );
    for (const item of items)
      if (item.kind === 'technical')
        await this.users.setSessionChairs(item.number, [...new Set(item.input.responsables!)], tx);
  }

  async update(kind: SessionKind, number: number, input: SessionInput): Promise<AnySessionDto> {
    return this.transactions.run(async (tx) => {
      await this.repo.lockProgramme(tx);
      const row = await this.repo.lockSession(kind, number, tx);
      if (!row) throw notFoundOf(kind);
      const checked = await this.checked(kind, input, row, tx);
      await this.repo.updateSession(row.id, checked.patch, tx).catch(uniqueViolation);
      if (checked.paperIds) await this.repo.setSessionPapers(row.id, checked.paperIds, tx);
      if (kind === 'technical' && checked.responsables)
        await this.users.setSessionChairs(number, checked.responsables, tx);
      return this.get(kind, number, tx);
    });
  }

  async remove(kind: SessionKind, number: number): Promise<{ ok: true }> {
    return this.transactions.run(async (tx) => {
      await this.repo.lockProgramme(tx);
      const row = await this.repo.lockSession(kind, number, tx);
      if (!row) throw notFoundOf(kind);
      await this.repo.deleteSession(row.id, tx);
      if (kind === 'technical') await this.users.setSessionChairs(number, [], tx);
      return { ok: true as const };
    });
  }

  /** /AssignSessionLink/{kind}/{sessionId}: an http(s) URL, or '' to remove the link. */
  async setLink(kind: SessionKind, number: number, link: string): Promise<{ message: string; link: string }> {
    const value = checkedLink(link);
    return this.transactions.run(async (tx) => {
      const row = await this.repo.lockSession(kind, number, tx);
      if (!row) throw notFoundOf(kind);
      await this.repo.updateSession(row.id, { link: value }, tx);
      return { message: M.linkUpdated, link: value };
    });
  }

  /** Accepted, not deleted papers (of one track when given) and where each is scheduled. */
  async schedulablePapers(trackId: number | undefined): Promise<SchedulablePaperDto[]> {
    const tracks = await this.tracks.list();
    const trackIds =
      trackId === undefined
        ? tracks.map((t) => t._id)
        : tracks.some((t) => t._id === trackId)
          ? [trackId]
          : [];
    const accepted = new Set((await this.statuses.list()).filter((s) => s.isAccepted).map((s) => s._id));
    const rows = (await this.papers.listOfTracks(trackIds)).filter(
      (p) => p.statusId !== null && accepted.has(p.statusId),
    );
    const refs = await this.paperRefs(rows.map((r) => r.id));
    const placements = new Map(
      (await this.repo.placementsOf(rows.map((r) => r.id))).map((p) => [p.paperId, p.session]),
    );
    const areas = new Map(tracks.flatMap((t) => t.subjectAreas.map((a) => [a._id, a.name] as const)));
    return rows.map((r) => {
      const placed = placements.get(r.id);
      return {
        ...refs.get(r.id)!,
        primarySubjectArea:
          r.primarySubjectAreaId === null ? null : (areas.get(r.primarySubjectAreaId) ?? null),
        session: placed ? { kind: placed.kind as SessionKind, _id: placed.number } : null,
      };
    });
  }

  /** The track the chair chose for the tutorials (404 with what to do while none is chosen). */
  async tutorialTrack(): Promise<TrackDto> {
    const id = await this.repo.tutorialTrackId();
    const track = id === null ? undefined : (await this.tracks.list()).find((t) => t._id === id);
    if (!track) throw ProgrammeErrors.noTutorialTrack();
    return track;
  }

  /** Chooses the tutorials track (a track id: 400 when there is no such track). */
  async setTutorialTrack(
    trackId: number,
    ex?: Executor,
  ): Promise<{ message: string; track: { _id: number; name: string } }> {
    const track = (await this.tracks.list(null, ex)).find((t) => t._id === trackId);
    if (!track) throw invalidField('track', M.builderTrack);
    await this.repo.setTutorialTrackId(trackId, ex);
    return { message: M.tutorialTrackSaved, track: { _id: track._id, name: track.name } };
  }

  /** The people with these ids, as the programme shows them (unknown ids are left out). */
  async personRefs(ids: number[]): Promise<Map<number, PersonRef>> {
    if (!ids.length) return new Map();
    return new Map((await this.users.findByIds([...new Set(ids)])).map((u) => [u.id, toPersonRef(u)]));
  }

  /** Up to 50 users by name or e-mail, for picking session chairs and presenters. */
  async people(search: string): Promise<PersonRef[]> {
    return (await this.users.search(search, 50)).map(toPersonRef);
  }

  // ----- rules

  /**
   * Checks the fields sent (for an update, merged over the stored session) and returns the columns to write,
   * the ordered paper ids when the papers change, and the session chairs when they change.
   */
  private async checked(
    kind: SessionKind,
    input: SessionInput,
    current: SessionRow | undefined,
    tx: Executor,
  ): Promise<{ patch: Partial<SessionRow>; paperIds?: number[]; responsables?: number[] }> {
    const patch: Partial<SessionRow> = {};
    const out: { patch: Partial<SessionRow>; paperIds?: number[]; responsables?: number[] } = { patch };
    if (kind === 'technical' && input.title !== undefined) {
      const title = input.title.trim();
      if (!title) throw invalidField('title', M.sessionTitle);
      if (await this.repo.findTechnicalByTitle(title, current?.id, tx))
        throw ProgrammeErrors.sessionTitleTaken();
      patch.title = title;
    }
    if (input.room !== undefined) {
      if (!(await this.repo.findRoom(input.room, tx))) throw invalidField('room', M.roomNotFound);
      patch.roomId = input.room;
    }
    if (input.link !== undefined) patch.link = checkedLink(input.link);
    if (kind === 'technical' && input.responsables !== undefined) {
      const ids = [...new Set(input.responsables)];
      if (!ids.length) throw invalidField('responsables', M.responsables);
      const found = await this.users.findByIds(ids, tx);
      if (found.length !== ids.length) throw invalidField('responsables', M.responsableNotFound);
      out.responsables = ids;
    }
    if (kind === 'tutorial' && input.presenter !== undefined) {
      if (!(await this.users.findById(input.presenter, tx))) throw invalidField('presenter', M.presenter);
      patch.presenterId = input.presenter;
    }
    const paperIds =
      kind === 'technical' ? input.papers : input.paper === undefined ? undefined : [input.paper];
    if (paperIds !== undefined) {
      const field = kind === 'technical' ? 'papers' : 'paper';
      if (!paperIds.length) throw invalidField(field, kind === 'technical' ? M.papers : M.paper);
      if (new Set(paperIds).size !== paperIds.length) throw invalidField(field, M.paperDuplicate);
      const rows = await this.papers.findByIds(paperIds, tx);
      const byId = new Map(rows.map((r) => [r.id, r]));
      const accepted = new Set((await this.statuses.list(tx)).filter((s) => s.isAccepted).map((s) => s._id));
      for (const id of paperIds) {
        const paper = byId.get(id);
        if (!paper || paper.isDeleted) throw invalidField(field, `${M.paperNotFound}: ${id}`);
        if (paper.statusId === null || !accepted.has(paper.statusId))
          throw invalidField(field, `${M.paperNotAccepted} (paper ${id})`);
      }
      for (const { paperId, session } of await this.repo.placementsOf(paperIds, tx))
        if (session.id !== current?.id)
          throw ProgrammeErrors.paperScheduled(
            paperId,
            sessionName(session.kind as SessionKind, session.number),
          );
      const trackIds = new Set(paperIds.map((id) => byId.get(id)!.trackId));
      patch.trackId = trackIds.size === 1 ? [...trackIds][0]! : null;
      out.paperIds = paperIds;
    }
    return out;
  }

  // ----- responses

  /** Response shapes of sessions of one kind (papers, chairs, rooms and presenters read in a few queries). */
  async toDtos(rows: SessionRow[], ex?: Executor): Promise<AnySessionDto[]> {
    if (!rows.length) return [];
    const sessionPapers = await this.repo.sessionPapers(
      rows.map((r) => r.id),
      ex,
    );
    const refs = await this.paperRefs(
      sessionPapers.map((p) => p.paperId),
      ex,
    );
    const rooms = new Map(
      (await this.repo.listRooms(ex)).map((r) => [r.id, { _id: r.id, name: r.name } as RoomRef]),
    );
    const technical = rows.filter((r) => r.kind === 'technical').map((r) => r.number);
    const chairs = await this.users.sessionChairsOf(technical, ex);
    const presenterIds = rows.flatMap((r) => (r.presenterId === null ? [] : [r.presenterId]));
    const presenters = new Map(
      (await this.users.findByIds(presenterIds, ex)).map((u) => [u.id, toPersonRef(u)]),
    );
    return rows.map((r) => {
      const papers = sessionPapers
        .filter((p) => p.sessionId === r.id)
        .flatMap((p) => refs.get(p.paperId) ?? []);
      const common = {
        _id: r.number,
        room: r.roomId === null ? null : (rooms.get(r.roomId) ?? null),
        track: r.trackId,
        event: { has: r.eventId !== null, reference: r.eventId },
        link: r.link,
      };
      if (r.kind === 'technical')
        return {
          ...common,
          title: r.title,
          responsables: chairs.filter((u) => u.sessionChairSessions.includes(r.number)).map(toPersonRef),
          papers,
        } satisfies TechnicalSessionDto;
      const poster: PosterSessionDto = { ...common, paper: papers[0] ?? null };
      if (r.kind === 'poster') return poster;
      return {
        ...poster,
        presenter: r.presenterId === null ? null : (presenters.get(r.presenterId) ?? null),
      } satisfies TutorialDto;
    });
  }

  /** Papers as the programme shows them (title, track, authors in order). */
  async paperRefs(paperIds: number[], ex?: Executor): Promise<Map<number, ScheduledPaperRef>> {
    if (!paperIds.length) return new Map();
    const [rows, authors] = await Promise.all([
      this.papers.findByIds(paperIds, ex),
      this.papers.authorsOf(paperIds, ex),
    ]);
    return new Map(
      rows.map((r) => [
        r.id,
        {
          _id: r.id,
          title: r.title,
          track: r.trackId,
          authors: (authors.get(r.id) ?? []).map(toPersonRef),
          primaryAuthor: r.primaryAuthorId,
        },
      ]),
    );
  }
}

function notFoundOf(kind: SessionKind) {
  return kind === 'tutorial' ? ProgrammeErrors.tutorialNotFound() : ProgrammeErrors.sessionNotFound();
}

/** §5: technical needs title, responsables, room, papers; poster room and paper; tutorial also presenter. */
function requireFields(kind: SessionKind, input: SessionInput): SessionInput {
  if (kind === 'technical') {
    if (input.title === undefined) throw invalidField('title', M.sessionTitle);
    if (!input.responsables?.length) throw invalidField('responsables', M.responsables);
    if (input.room === undefined) throw invalidField('room', M.room);
    if (!input.papers?.length) throw invalidField('papers', M.papers);
  } else {
    if (input.room === undefined) throw invalidField('room', M.room);
    if (input.paper === undefined) throw invalidField('paper', M.paper);
    if (kind === 'tutorial' && input.presenter === undefined) throw invalidField('presenter', M.presenter);
  }
  return input;
}

function checkedLink(link: string): string {
  const value = link.trim();
  if (value && !isSessionLink(value)) throw invalidField('link', M.link);
  return value;
}

function uniqueViolation(e: unknown): never {
  if (pgErrorCode(e) === '23505') {
    const constraint =
      (e as { constraint?: string; cause?: { constraint?: string } }).constraint ??
      (e as { cause?: { constraint?: string } }).cause?.constraint;
    if (constraint === 'programme_sessions_title_key') throw ProgrammeErrors.sessionTitleTaken();
    throw ProgrammeErrors.sessionNumberTaken();
  }
  throw e;
}
