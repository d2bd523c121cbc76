import { Injectable } from '@nestjs/common';
import {
  abstractError,
  isPaperFilePart,
  paperActions,
  PAPER_MESSAGES,
  titleError,
  type FieldError,
  type PaperFilePart,
  type ChairPaperDto,
  type ConferenceDto,
  type PaperActions,
  type PaperAuthorDto,
  type PaperDto,
  type TrackDto,
  type StatusDto,
  type ConflictPerson,
} from '@symposium/domain';
import { readTogether, type Executor } from '../../database/database.js';
import { ConferenceService } from '../conference/conference.service.js';
import { StatusesService } from '../tracks/statuses.service.js';
import { TracksService } from '../tracks/tracks.service.js';
import { UsersService, type UserRow } from '../users/users.service.js';
import { toPaperAuthorDto, toPaperDto } from './papers.mapper.js';
import { PapersRepository } from './papers.repository.js';
import type { NewPaperRow, PaperRow } from './papers.table.js';
import { PapersErrors } from './papers.errors.js';
import type { CheckAuthor } from './checks/engine/index.js';

/** The papers row as other modules see it (they take the type from here, never from the table file). */
export type { PaperRow } from './papers.table.js';

/** A file already in the store, recorded as a paper_files row of `part`. */
export interface NewPaperFile {
  part: PaperFilePart;
  key: string;
  name: string;
  size: number;
  sha256: string;
  contentType: string;
  createdAt?: Date;
}

/**
 * A paper as a bulk insert takes it (the demo conference, an import): the row (status, flags and dates
 * included; registrations go through PaperRegistrationsService), its ordered authors and its stored files.
 */
export interface NewPaper {
  paper: Omit<NewPaperRow, 'id' | 'registration' | 'otherRegistrations'>;
  authors: number[];
  files: NewPaperFile[];
}

/** A decision was taken: the paper's status is one other than the default. */
const isDecided = (status: StatusDto | undefined): boolean => Boolean(status && !status.isDefault);

/** What the rules of one paper depend on: its track, whether its status is accepted, the conference. */
export interface PaperContext {
  track: TrackDto;
  isAccepted: boolean;
  /** A status other than the default one: a decision was taken. */
  hasDecision: boolean;
  conference: ConferenceDto;
}

/**
 * Reading papers: the access rule of authors, the context of the §5 rules, and the response shape. Other
 * parts of the papers module (and later the chair side) build on it.
 */
@Injectable()
export class PapersService {
  constructor(
    private readonly papers: PapersRepository,
    private readonly tracks: TracksService,
    private readonly statuses: StatusesService,
    private readonly conference: ConferenceService,
    private readonly users: UsersService,
  ) {}

  /** The paper when the user is one of its authors and it is not deleted; else 404 (one message for all). */
  async authorPaper(paperId: number, userId: number, ex?: Executor): Promise<PaperRow> {
    const row = await this.papers.findForAuthor(paperId, userId, ex);
    if (!row) throw PapersErrors.notFound();
    return row;
  }

  /**
   * The papers among these ids that the user may reach as an author (the rule of authorPaper), by id; one
   * query. forUpdate: locked until the transaction ends.
   */
  authorPapers(
    paperIds: number[],
    userId: number,
    ex?: Executor,
    opts: { forUpdate?: boolean } = {},
  ): Promise<PaperRow[]> {
    return this.papers.findManyForAuthor([...new Set(paperIds)], userId, ex, opts);
  }

  /** These tracks by id (missing ones left out); two queries for any number. */
  async tracksByIds(trackIds: number[], ex?: Executor): Promise<Map<number, TrackDto>> {
    const ids = [...new Set(trackIds)];
    if (!ids.length) return new Map();
    return new Map((await this.tracks.list(ids, ex)).map((t) => [t._id, t]));
  }

  async track(trackId: number, ex?: Executor): Promise<TrackDto> {
    const track = await this.tracks.findById(trackId, ex);
    if (!track) throw PapersErrors.trackNotFound();
    return track;
  }

  getConference(ex?: Executor): Promise<ConferenceDto> {
    return this.conference.get(undefined, ex);
  }

  async context(row: PaperRow, ex?: Executor): Promise<PaperContext> {
    // One after the other: inside a transaction the executor is a single connection.
    const track = await this.track(row.trackId, ex);
    const status = row.statusId === null ? undefined : await this.statuses.findById(row.statusId, ex);
    const conference = await this.getConference(ex);
    return {
      track,
      isAccepted: Boolean(status?.isAccepted),
      hasDecision: isDecided(status),
      conference,
    };
  }

  actions(row: PaperRow, ctx: PaperContext, now = new Date()): PaperActions {
    return paperActions(
      {
        isDeleted: row.isDeleted,
        isAccepted: ctx.isAccepted,
        hasDecision: ctx.hasDecision,
        activities: ctx.track.activities,
        digitalConsentSigning: ctx.conference.digitalConsentSigning,
        authorViewReviewEnabled: row.authorViewReviewEnabled,
      },
      now,
    );
  }

  /** Ordered authors of each paper, with their public contact fields (two queries). */
  async authorsOf(paperIds: number[], ex?: Executor): Promise<Map<number, PaperAuthorDto[]>> {
    const rows = await this.authorUsersOf(paperIds, ex);
    const out = new Map<number, PaperAuthorDto[]>(paperIds.map((id) => [id, []]));
    for (const r of rows) out.get(r.paperId)?.push(toPaperAuthorDto(r.user));
    return out;
  }

  /**
   * The authors of papers as the conflict-of-interest rule sees them (name, e-mails, organization), by paper
   * then position: two narrow queries for any number of papers (the discussion's checks read thousands).
   */
  async authorPeopleOf(
    paperIds: number[],
    ex?: Executor,
  ): Promise<{ paperId: number; person: ConflictPerson }[]> {
    const authors = await this.papers.authorsOf(paperIds, ex);
    const people = new Map(
      (
        await this.users.conflictPeopleOf(
          authors.map((a) => a.userId),
          ex,
        )
      ).map((p) => [p.id, p]),
    );
    return authors.flatMap((a) => {
      const person = people.get(a.userId);
      return person ? [{ paperId: a.paperId, person }] : [];
    });
  }

  /** The author user rows of papers, ordered by paper then position (two queries for any number of papers). */
  async authorUsersOf(paperIds: number[], ex?: Executor): Promise<{ paperId: number; user: UserRow }[]> {
    const authors = await this.papers.authorsOf(paperIds, ex);
    const users = new Map(
      (
        await this.users.findByIds(
          authors.map((a) => a.userId),
          ex,
        )
      ).map((u) => [u.id, u]),
    );
    return authors.flatMap((a) => {
      const user = users.get(a.userId);
      return user ? [{ paperId: a.paperId, user }] : [];
    });
  }

  /**
   * Writes many papers with their authors and files in a few statements, in the caller's transaction: each
   * checked first (§5 title and abstract, a track and subject area that exist, authors that exist with the
   * primary author among them, a status that exists, one file per camera-ready or presentation-ready part);
   * nothing is written when one fails (400 naming the paper's position). The rows in the order given.
   */
  async insertMany(papers: NewPaper[], ex: Executor): Promise<PaperRow[]> {
    if (!papers.length) return [];
    const tracks = await this.tracksByIds(
      papers.map((p) => p.paper.trackId),
      ex,
    );
    const statuses = new Set((await this.statuses.list(ex)).map((s) => s._id));
    const authorIds = [...new Set(papers.flatMap((p) => p.authors))];
    const known = new Set<number>();
    for (let i = 0; i < authorIds.length; i += 5000)
      for (const u of await this.users.findByIds(authorIds.slice(i, i + 5000), ex)) known.add(u.id);
    papers.forEach((p, i) => {
      const errors: FieldError[] = [];
      const field = (name: string) => `papers.${i}.${name}`;
      const track = tracks.get(p.paper.trackId);
      const title = titleError(p.paper.title);
      if (title) errors.push({ field: field('title'), message: title });
      if (!track) throw PapersErrors.trackNotFound();
      const abstract = abstractError(p.paper.abstractText, track.submissionProperties.abstractLength);
      if (abstract) errors.push({ field: field('abstract.text'), message: abstract });
      const area = p.paper.primarySubjectAreaId;
      if (area !== null && area !== undefined && !track.subjectAreas.some((a) => a._id === area))
        errors.push({ field: field('primarySubjectArea'), message: PAPER_MESSAGES.subjectArea });
      if (!p.authors.length) errors.push({ field: field('authors'), message: PAPER_MESSAGES.noAuthor });
      else if (new Set(p.authors).size !== p.authors.length)
        errors.push({ field: field('authors'), message: PAPER_MESSAGES.duplicateAuthor });
      if (p.authors.some((a) => !known.has(a)))
        errors.push({ field: field('authors'), message: PAPER_MESSAGES.authorNotFound });
      const primary = p.paper.primaryAuthorId;
      if (primary === null || primary === undefined || !p.authors.includes(primary))
        errors.push({ field: field('primaryAuthor'), message: PAPER_MESSAGES.primaryAuthorNotAuthor });
      const status = p.paper.statusId;
      if (status !== null && status !== undefined && !statuses.has(status))
        throw PapersErrors.statusNotFound();
      const single = p.files.filter((f) => f.part !== 'abstract').map((f) => f.part);
      if (p.files.some((f) => !isPaperFilePart(f.part)) || new Set(single).size !== single.length)
        errors.push({ field: field('files'), message: 'Each file part but abstract holds at most one file' });
      if (errors.length) throw PapersErrors.invalid(errors);
    });
    const rows = await this.papers.insertMany(
      papers.map((p) => p.paper),
      ex,
    );
    await this.papers.insertAuthors(
      rows.flatMap((row, i) =>
        papers[i]!.authors.map((userId, position) => ({ paperId: row.id, userId, position })),
      ),
      ex,
    );
    await this.papers.insertFiles(
      rows.flatMap((row, i) => papers[i]!.files.map((f) => ({ ...f, paperId: row.id }))),
      ex,
    );
    return rows;
  }

  // ----- for other modules (reviews): plain rows, no access rule

  /** The paper, deleted or not, in any track; undefined when there is none. */
  findById(paperId: number, ex?: Executor): Promise<PaperRow | undefined> {
    return this.papers.findById(paperId, ex);
  }

  /** The papers with these ids (missing ids are left out), deleted or not; one query. */
  findByIds(paperIds: number[], ex?: Executor): Promise<PaperRow[]> {
    return this.papers.findByIds([...new Set(paperIds)], ex);
  }

  /** The papers (not deleted) of these tracks, by id. */
  listOfTracks(trackIds: number[], ex?: Executor): Promise<PaperRow[]> {
    return this.papers.listOfTracks(trackIds, ex);
  }

  /** Ids of the papers (not deleted) of these tracks, ascending. */
  idsOfTracks(trackIds: number[], ex?: Executor): Promise<number[]> {
    return this.papers.idsOfTracks(trackIds, ex);
  }

  /** Track, title and abstract of these papers (the automatic assignment's texts), by id ascending. */
  textsOf(
    ids: number[],
    ex?: Executor,
  ): Promise<{ id: number; trackId: number; title: string; abstractText: string }[]> {
    return this.papers.textsOf(ids, ex);
  }

  /** Ids of the papers (among these) that the user is an author of. */
  authoredAmong(userId: number, paperIds: number[], ex?: Executor): Promise<Set<number>> {
    return this.papers.authoredAmong(userId, paperIds, ex);
  }

  /** Papers (any, deleted too) on which a reviewer and one of the given authors are both authors. */
  coauthored(
    reviewerIds: number[],
    authorIds: number[],
    ex?: Executor,
  ): Promise<{ reviewerId: number; authorId: number; paperId: number; title: string }[]> {
    return this.papers.coauthored(reviewerIds, authorIds, ex);
  }

  /** Papers of which one of these users is an author, with title, abstract and every author id. */
  papersAuthoredBy(
    userIds: number[],
    ex?: Executor,
  ): Promise<{ paperId: number; title: string; abstract: string; authorIds: number[] }[]> {
    return this.papers.papersAuthoredBy(userIds, ex);
  }

  /** The response shape of several papers (tracks, statuses and the conference read once). */
  async toDtos(rows: PaperRow[], ex?: Executor): Promise<PaperDto[]> {
    if (!rows.length) return [];
    return this.dtosWith(rows, await this.refsOf(rows, ex), ex);
  }

  private async dtosWith(
    rows: PaperRow[],
    { tracks, statuses }: { tracks: Map<number, TrackDto>; statuses: Map<number, StatusDto> },
    ex?: Executor,
  ): Promise<PaperDto[]> {
    const ids = rows.map((r) => r.id);
    const [conference, authors, files, consents] = await readTogether(ex, [
      () => this.getConference(ex),
      () => this.authorsOf(ids, ex),
      () => this.papers.filesOf(ids, ex),
      () => this.papers.consentsOf(ids, ex),
    ]);
    const showDecision = conference.authorView?.viewConferenceTrackStatus === true;
    const now = new Date();
    return rows.map((row) => {
      const status = row.statusId === null ? undefined : statuses.get(row.statusId);
      const hasDecision = isDecided(status);
      return toPaperDto(row, {
        authors: authors.get(row.id) ?? [],
        files,
        consent: consents.find((c) => c.paperId === row.id),
        decision: showDecision && hasDecision ? status!.text : null,
        actions: this.actions(
          row,
          {
            track: tracks.get(row.trackId)!,
            isAccepted: status?.isAccepted === true,
            hasDecision,
            conference,
          },
          now,
        ),
      });
    });
  }

  /** The tracks and statuses a page of papers refers to, read once (two queries for tracks, one for statuses). */
  private async refsOf(
    rows: PaperRow[],
    ex?: Executor,
  ): Promise<{ tracks: Map<number, TrackDto>; statuses: Map<number, StatusDto> }> {
    const [tracks, statusList] = await readTogether(ex, [
      () =>
        this.tracksByIds(
          rows.map((r) => r.trackId),
          ex,
        ),
      () => this.statuses.list(ex),
    ]);
    if (rows.some((r) => !tracks.has(r.trackId))) throw PapersErrors.trackNotFound();
    const statuses = new Map(statusList.map((st) => [st._id, st]));
    return { tracks, statuses };
  }

  async toDto(row: PaperRow, ex?: Executor): Promise<PaperDto> {
    return (await this.toDtos([row], ex))[0]!;
  }

  // ----- the chairs' side

  /**
   * The paper when it is in the caller's tracks (scope null: every track) — and not deleted, unless
   * includeDeleted; else 404 with the one message of a missing paper, so a paper of another track (or a
   * deleted one, where those are excluded) looks exactly like one that does not exist. The chairs' paper
   * pages include deleted papers (they can be restored); reviewing excludes them.
   */
  async managedPaper(
    paperId: number,
    scope: number[] | null,
    opts: { includeDeleted: boolean },
    ex?: Executor,
  ): Promise<PaperRow> {
    const [row] = await this.managedPapers([paperId], scope, opts, ex);
    if (!row) throw PapersErrors.notFound();
    return row;
  }

  /**
   * The access rule of managedPaper for a batch, in one query: the rows of those ids that are in the
   * caller's tracks (scope null: every track) and not deleted unless includeDeleted, by id. An id without a
   * row here is missing or out of reach; the caller answers both the same way. forUpdate: the rows stay
   * locked until the transaction ends.
   */
  managedPapers(
    paperIds: number[],
    scope: number[] | null,
    opts: { includeDeleted: boolean; forUpdate?: boolean },
    ex?: Executor,
  ): Promise<PaperRow[]> {
    return this.papers.findManaged(paperIds, scope, opts, ex);
  }

  /** The chairs' shape: the author view plus track name, status text and the chair-only flags. */
  async toChairDtos(rows: PaperRow[], ex?: Executor): Promise<ChairPaperDto[]> {
    if (!rows.length) return [];
    const refs = await this.refsOf(rows, ex);
    const { tracks, statuses } = refs;
    const dtos = await this.dtosWith(rows, refs, ex);
    return rows.map((row, i) => ({
      ...dtos[i]!,
      trackName: tracks.get(row.trackId)?.name ?? '',
      statusText: row.statusId === null ? null : (statuses.get(row.statusId)?.text ?? null),
      acceptanceLetterEnabled: row.acceptanceLetterEnabled,
      certificateEnabled: row.certificateEnabled,
      invitationLetterEnabled: row.invitationLetterEnabled,
      authorViewReviewEnabled: row.authorViewReviewEnabled,
    }));
  }

  async toChairDto(row: PaperRow, ex?: Executor): Promise<ChairPaperDto> {
    return (await this.toChairDtos([row], ex))[0]!;
  }

  /** People as the anonymity check searches for them (the conflict rule's narrow read), in the order given. */
  async checkAuthors(userIds: number[], ex?: Executor): Promise<CheckAuthor[]> {
    const people = new Map((await this.users.conflictPeopleOf(userIds, ex)).map((p) => [p.id, p]));
    return userIds.flatMap((id) => {
      const p = people.get(id);
      return p ? [toCheckAuthor(p)] : [];
    });
  }

  /** The authors of a paper for the anonymity check. */
  async checkAuthorsOfPaper(paperId: number, ex?: Executor): Promise<CheckAuthor[]> {
    return (await this.authorPeopleOf([paperId], ex)).map((a) => toCheckAuthor(a.person));
  }
}

const toCheckAuthor = (p: ConflictPerson): CheckAuthor => ({
  name: `${p.firstName} ${p.lastName}`.trim(),
  email: p.email,
  organization: p.organization || null,
});
