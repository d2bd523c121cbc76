import { Inject, Injectable } from '@nestjs/common';
import {
  abstractError,
  paperActions,
  BULK_EDIT_FIELDS,
  PAPER_MESSAGES,
  titleError,
  type BulkField,
  type ChairPaperDto,
  type DiscussionCountsDto,
  type FieldError,
  type PaperQueryResult,
  type TrackDto,
} from '@symposium/domain';
import type { AuthUser } from '../../common/auth-user.js';
import { pgErrorCode } from '../../common/errors.js';
import { DB, type Db, type Executor } from '../../database/database.js';
import { TransactionRunner } from '../../database/database.module.js';
import { ActivityService } from '../activity/activity.service.js';
import { AuthErrors } from '../auth/auth.errors.js';
import { OutboxService } from '../outbox/outbox.service.js';
import { StatusesService } from '../tracks/statuses.service.js';
import { ConferenceErrors } from '../conference/conference.errors.js';
import { trackActivities } from '../tracks/tracks.mapper.js';
import { throwInvalid } from './author-papers.service.js';
import { chairPaperListJson } from './papers.mapper.js';
import type {
  BulkEditBody,
  ChairPaperEmailDto,
  ChairPaperUpdateDto,
  PaperQueryBody,
} from './dto/chair-papers.dto.js';
import { PaperSearchRead } from '../../reads/paper-search.read.js';
import { parseIds, parsePage, parsePaperQuery, toId } from './paper-filters.js';
import {
  PaperQueryRepository,
  type BulkChange,
  type PaperSelection,
  type TrackScope,
} from './paper-query.repository.js';
import type { PaperPatch } from './papers.repository.js';
import { PapersRepository } from './papers.repository.js';
import { PaperRegistrationsService } from './paper-registrations.service.js';
import { PapersService } from './papers.service.js';
import type { PaperRow } from './papers.table.js';
import { PapersErrors } from './papers.errors.js';

const NOTES_MAX = 10_000;

/**
 * Per paper, the discussion column for the caller: the comments they may read and the unread ones, null
 * where they may not read the discussion (the reviews module's DiscussionService.countsFor).
 */
export type DiscussionCountsOf = (
  paperIds: number[],
  prefix: 'chair' | 'cochair',
  caller: AuthUser,
) => Promise<Map<number, DiscussionCountsDto | null>>;
/** §4: choosing a status whose text includes this stamps acceptWithRevisionTimestamp. */
const ACCEPT_WITH_REVISION = /accept with revision/i;
export const stampsAcceptWithRevision = (statusText: string) => ACCEPT_WITH_REVISION.test(statusText);

/**
 * The chairs' and track chairs' paper management (§7 papers under /api/{chair|cochair}/papers): the query,
 * one paper's view and edit, the bulk edit and the e-mail to the authors. `scope` is the caller's tracks
 * (null: every track); a paper outside it answers exactly like a missing one.
 */
@Injectable()
export class ChairPapersService {
  constructor(
    private readonly papers: PapersService,
    private readonly repo: PapersRepository,
    private readonly query: PaperQueryRepository,
    private readonly search: PaperSearchRead,
    private readonly statuses: StatusesService,
    private readonly mail: OutboxService,
    private readonly transactions: TransactionRunner,
    private readonly activity: ActivityService,
    private readonly registrations: PaperRegistrationsService,
    @Inject(DB) private readonly db: Db,
  ) {}

  /** The discussion column's counts, from the reviews module (see provideDiscussionCounts). */
  private discussionCounts?: DiscussionCountsOf;

  /**
   * The reviews module hands its DiscussionService.countsFor here when it starts: it imports this module, so
   * this module cannot import it back (the module graph has no cycles).
   */
  provideDiscussionCounts(counts: DiscussionCountsOf): void {
    this.discussionCounts = counts;
  }

  /**
   * POST /papers: one page of the matching papers and the total, as the JSON of a PaperQueryResult (text, or
   * its bytes). Two statements (the count, then the page with each paper's JSON built by the database); the
   * actions, domain rules, are computed here once per combination of what they depend on. With the caller,
   * each paper also gets its discussion column (comments and unread the caller may read, null where they
   * may not): one statement for the page's counts plus the discussion's access check, never one per row.
   */
  async list(
    scope: TrackScope,
    body: PaperQueryBody,
    caller?: { prefix: 'chair' | 'cochair'; user: AuthUser },
  ): Promise<{ count: number; json: string | Buffer }> {
    const q = parsePaperQuery(body);
    const page = parsePage(body.cp, body.pg);
    const { count, papers, tracks, digitalConsentSigning } = await this.search.pageJson(scope, q, page);
    if (!papers.length)
      return { count, json: JSON.stringify({ count, data: [] } satisfies PaperQueryResult) };
    if (digitalConsentSigning === null) throw ConferenceErrors.notFound();
    const now = new Date();
    const actions = new Map<string, string>();
    const actionsJsonOf = (i: number) => {
      const p = papers[i]!;
      const key = `${p.trackId} ${+p.isDeleted}${+p.isAccepted}${+p.hasDecision}${+p.authorViewReviewEnabled}`;
      let json = actions.get(key);
      if (json === undefined) {
        json = JSON.stringify(
          paperActions(
            {
              isDeleted: p.isDeleted,
              isAccepted: p.isAccepted,
              hasDecision: p.hasDecision,
              activities: trackActivities(tracks.get(p.trackId)!),
              digitalConsentSigning,
              authorViewReviewEnabled: p.authorViewReviewEnabled,
            },
            now,
          ),
        );
        actions.set(key, json);
      }
      return json;
    };
    const counts =
      caller && this.discussionCounts
        ? await this.discussionCounts(
            papers.map((p) => p.id),
            caller.prefix,
            caller.user,
          )
        : null;
    const discussionJsonOf = counts
      ? (i: number) => JSON.stringify(counts.get(papers[i]!.id) ?? null)
      : undefined;
    return { count, json: chairPaperListJson(count, papers, actionsJsonOf, discussionJsonOf) };
  }

  /** The papers of an export: exactly `ids` when given, else those matching the filters and search. */
  async select(
    scope: TrackScope,
    body: { ids?: unknown; filters?: unknown; search?: unknown; sort?: unknown },
  ) {
    const q = parsePaperQuery(body);
    const ids = parseIds(body.ids, { required: false });
    const rows = await this.search.list(scope, ids ? { ids } : { query: q }, q.sort);
    return rows;
  }

  async get(scope: TrackScope, paperId: number): Promise<ChairPaperDto> {
    return this.papers.toChairDto(await this.papers.managedPaper(paperId, scope, { includeDeleted: true }));
  }

  /** PUT /papers/:paperId (ChairPaperUpdate). */
  async update(
    scope: TrackScope,
    paperId: number,
    input: ChairPaperUpdateDto,
    caller: AuthUser,
  ): Promise<ChairPaperDto> {
    const editsRegistrations = input.registration !== undefined || input.otherRegistrations !== undefined;
    // §6: registrations are chair-only; a track chair gets the answer of any chair-only action
    if (editsRegistrations && scope !== null) throw AuthErrors.forbidden();
    try {
      return await this.transactions.run(async (tx) => {
        await this.papers.managedPaper(paperId, scope, { includeDeleted: true }, tx);
        const current = (await this.repo.lock(paperId, tx))!;
        const patch = await this.patchOf(scope, current, input, tx);
        const row = Object.keys(patch).length ? await this.repo.update(paperId, patch, tx) : current;
        const { registration, otherRegistrations, ...rest } = patch;
        if (editsRegistrations) {
          // the numbers in the same transaction: a number of another paper fails on the key → 409
          const before = { main: current.registration, others: current.otherRegistrations };
          const next = { main: row!.registration, others: row!.otherRegistrations };
          await this.registrations.sync([paperId], [before], new Map([[paperId, next]]), tx);
          await this.activity.record(
            this.registrationEntry(caller, current, { registration, otherRegistrations }),
            tx,
          );
        } else if (patch.isDeleted !== undefined && patch.isDeleted !== current.isDeleted) {
          // deleting or restoring a paper changes whether its registered authors are registered
          const regs = [current.registration, ...current.otherRegistrations];
          await this.registrations.recomputeRegistered(
            regs.flatMap((r) => (r && typeof r.author === 'number' ? [r.author] : [])),
            tx,
          );
        }
        if (Object.keys(rest).length)
          await this.activity.record(await this.changeEntry(caller, current, rest, tx), tx);
        return this.papers.toChairDto(row!, tx);
      });
    } catch (e) {
      if (pgErrorCode(e) === '23505') throw PapersErrors.registrationInUse();
      throw e;
    }
  }

  /**
   * POST /papers/bulk: the body checked (its status or track read), then ONE statement that updates the papers
   * and writes the activity entry (ActivityService.recordCounted: atomic, one round trip) → the number of
   * papers modified.
   */
  async bulk(scope: TrackScope, body: BulkEditBody, caller: AuthUser): Promise<{ nModified: number }> {
    const query = parsePaperQuery(body); // checked even when ids decide
    const ids = parseIds(body.ids, { required: false });
    const selection: PaperSelection = ids ? { ids } : { query };
    const change = await this.bulkChange(scope, body, this.db);
    const value = change.field === 'notes' ? undefined : change.value;
    const nModified = await this.activity.recordCounted(
      this.query.bulkUpdateStatement(scope, selection, change, this.db),
      {
        ...ActivityService.fromUser(caller),
        action: 'paper.bulkEdit',
        summaryPrefix:
          change.op === 'push'
            ? 'Added a note to'
            : `Set ${change.field}${value === undefined ? '' : ` = ${String(value)}`} on`,
        noun: ['paper', 'papers'],
        countKey: 'nModified',
        trackId: change.field === 'track' ? (change.value as number) : null,
        details: {
          op: change.op,
          field: change.field,
          value: change.value,
          ...(ids ? { ids } : {}),
        },
      },
      this.db,
    );
    return { nModified };
  }

  /** POST /papers/email/:paperId: one outbox message to every author of the paper. */
  async email(
    scope: TrackScope,
    user: AuthUser,
    paperId: number,
    input: ChairPaperEmailDto,
  ): Promise<{ ok: true }> {
    const subject = input.subject?.trim() ?? '';
    const text = input.text?.trim() ?? '';
    return this.transactions.run(async (tx) => {
      await this.papers.managedPaper(paperId, scope, { includeDeleted: true }, tx);
      if (!subject) throw PapersErrors.emailSubject();
      if (!text) throw PapersErrors.emailText();
      const authors = (await this.papers.authorsOf([paperId], tx)).get(paperId) ?? [];
      if (!authors.length) throw PapersErrors.emailNoAuthors();
      await this.mail.enqueue(
        { kind: 'paper-chair-email', to: authors.map((a) => a.email), subject, text, createdBy: user.id },
        tx,
      );
      await this.activity.record(
        {
          ...ActivityService.fromUser(user),
          action: 'mail.send',
          summary: `Sent '${subject}' to the ${authors.length} author${authors.length === 1 ? '' : 's'} of paper ${paperId}`,
          paperId,
          details: { to: authors.map((a) => a.email) },
        },
        tx,
      );
      return { ok: true as const };
    });
  }

  // ----- helpers

  /** The activity entry of a chair's edit: delete/restore, a decision, or an edit of other fields. */
  private async changeEntry(caller: AuthUser, current: PaperRow, patch: PaperPatch, tx: Executor) {
    const base = {
      ...ActivityService.fromUser(caller),
      paperId: current.id,
      trackId: patch.trackId ?? current.trackId,
      details: { fields: Object.keys(patch) } as Record<string, unknown>,
    };
    const paper = `paper ${current.id} '${patch.title ?? current.title}'`;
    if (patch.isDeleted !== undefined && patch.isDeleted !== current.isDeleted)
      return {
        ...base,
        action: 'paper.delete',
        summary: `${patch.isDeleted ? 'Deleted' : 'Restored'} ${paper}`,
        details: { ...base.details, isDeleted: patch.isDeleted },
      };
    if (patch.statusId !== undefined) {
      const status = patch.statusId === null ? null : await this.statuses.findById(patch.statusId, tx);
      return {
        ...base,
        action: 'paper.decision',
        summary: status ? `Set the status of ${paper} to '${status.text}'` : `Cleared the status of ${paper}`,
        details: { ...base.details, statusId: patch.statusId, from: current.statusId },
      };
    }
    return { ...base, action: 'paper.edit', summary: `Edited ${paper} (${Object.keys(patch).join(', ')})` };
  }

  /** A track the caller reaches, else 404 'Track not found' (one answer for missing and out of reach). */
  private async reachableTrack(scope: TrackScope, trackId: number, ex: Executor): Promise<TrackDto> {
    if (scope !== null && !scope.includes(trackId)) throw PapersErrors.trackNotFound();
    return this.papers.track(trackId, ex);
  }

  /** Checks every field of the edit (§5 title and abstract rules and messages) and returns the row patch. */
  private async patchOf(
    scope: TrackScope,
    current: PaperRow,
    input: ChairPaperUpdateDto,
    tx: Executor,
  ): Promise<PaperPatch> {
    const patch: PaperPatch = {};
    const errors: FieldError[] = [];
    let track = await this.papers.track(current.trackId, tx);
    if (input.track !== undefined && input.track !== current.trackId) {
      track = await this.reachableTrack(scope, input.track, tx);
      patch.trackId = track._id;
    }
    const areaIds = track.subjectAreas.map((a) => a._id);
    if (input.primarySubjectArea !== undefined) {
      if (input.primarySubjectArea !== null && !areaIds.includes(input.primarySubjectArea))
        errors.push({ field: 'primarySubjectArea', message: PAPER_MESSAGES.subjectArea });
      else patch.primarySubjectAreaId = input.primarySubjectArea;
    } else if (patch.trackId !== undefined && current.primarySubjectAreaId !== null) {
      // the new track does not have the paper's subject area: it is cleared
      if (!areaIds.includes(current.primarySubjectAreaId)) patch.primarySubjectAreaId = null;
    }
    if (input.title !== undefined) {
      const message = titleError(input.title);
      if (message) errors.push({ field: 'title', message });
      else patch.title = input.title.trim();
    }
    if (input.abstract?.text !== undefined) {
      const message = abstractError(input.abstract.text, track.submissionProperties.abstractLength);
      if (message) errors.push({ field: 'abstract.text', message });
      else patch.abstractText = input.abstract.text.trim();
    }
    throwInvalid(errors);
    if (input.status !== undefined && input.status !== current.statusId) {
      if (input.status === null) patch.statusId = null;
      else {
        const status = await this.statuses.findById(input.status, tx);
        if (!status) throw PapersErrors.statusNotFound();
        patch.statusId = status._id;
        if (stampsAcceptWithRevision(status.text)) patch.acceptWithRevisionTimestamp = new Date();
      }
    }
    if (input.notes !== undefined) patch.notes = input.notes;
    for (const flag of [
      'isDeleted',
      'submittedCameraReady',
      'submittedPresentationReady',
      'isCameraReady',
      'isPresentationReady',
      'acceptanceLetterEnabled',
      'certificateEnabled',
      'invitationLetterEnabled',
      'authorViewReviewEnabled',
    ] as const)
      if (input[flag] !== undefined) patch[flag] = input[flag];
    if (input.registration !== undefined || input.otherRegistrations !== undefined) {
      const regs = await this.registrations.resolve(
        current,
        input.registration,
        input.otherRegistrations,
        tx,
      );
      if (input.registration !== undefined) patch.registration = regs.main;
      if (input.otherRegistrations !== undefined) patch.otherRegistrations = regs.others;
    }
    return patch;
  }

  /** The activity entry of a registration edit (ids and amounts in the details, for the audit). */
  private registrationEntry(caller: AuthUser, current: PaperRow, patch: PaperPatch) {
    const ids = [
      ...(patch.registration?.id ? [patch.registration.id] : []),
      ...(patch.otherRegistrations ?? []).map((o) => o.id),
    ];
    return {
      ...ActivityService.fromUser(caller),
      action: 'paper.registration',
      summary: `Edited the registrations of paper ${current.id} '${current.title}'${ids.length ? ` (${ids.join(', ')})` : ''}`,
      paperId: current.id,
      trackId: current.trackId,
      details: { ...patch },
    };
  }

  /** The bulk body checked: a whitelisted field, set (or push for notes), a value of the field's kind. */
  private async bulkChange(scope: TrackScope, body: BulkEditBody, tx: Executor): Promise<BulkChange> {
    const { op, field, value } = body;
    if (op !== 'set' && op !== 'push') throw PapersErrors.bulkOp();
    if (!(Object.values(BULK_EDIT_FIELDS) as unknown[]).includes(field)) throw PapersErrors.bulkField();
    const f = field as BulkField;
    if (op === 'push' && f !== 'notes') throw PapersErrors.bulkPushNotes();
    switch (f) {
      case 'notes': {
        if (typeof value !== 'string' || value.length > NOTES_MAX) throw PapersErrors.bulkNotes();
        if (op === 'push' && !value.trim()) throw PapersErrors.bulkNoteEmpty();
        return { op, field: f, value };
      }
      case 'track': {
        const id = typeof value === 'number' ? toId(value) : undefined;
        if (id === undefined) throw PapersErrors.bulkTrack();
        await this.reachableTrack(scope, id, tx);
        return { op: 'set', field: f, value: id };
      }
      case 'status': {
        const id = typeof value === 'number' ? toId(value) : undefined;
        if (id === undefined) throw PapersErrors.bulkStatus();
        const status = await this.statuses.findById(id, tx);
        if (!status) throw PapersErrors.statusNotFound();
        return {
          op: 'set',
          field: f,
          value: id,
          stampAcceptWithRevision: stampsAcceptWithRevision(status.text),
        };
      }
      default:
        if (typeof value !== 'boolean') throw PapersErrors.bulkBoolean();
        return { op: 'set', field: f, value };
    }
  }
}
