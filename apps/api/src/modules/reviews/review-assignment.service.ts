import { Inject, Injectable } from '@nestjs/common';
import {
  conflictPersonOf,
  detectConflicts,
  evaluationOf,
  invitationMail,
  MAX_REVIEWS_PER_PAPER,
  MAX_REVIEWS_PER_REVIEWER,
  REVIEW_EVALUATION_DAYS,
  REVIEW_FINAL_UNSET,
  REVIEW_REPLY_DAYS,
  validateReview,
  type BidValue,
  type ConflictFlag,
  type ConflictOverrideDto,
  type ReviewInput,
  type ReviewRequestState,
  type ReviewRole,
} from '@symposium/domain';
import type { AuthUser } from '../../common/auth-user.js';
import { DomainError, pgErrorCode } from '../../common/errors.js';
import { APP_CONFIG, type AppConfig } from '../../config/config.js';
import type { Executor } from '../../database/database.js';
import { ActivityService } from '../activity/activity.service.js';
import { OutboxService, type RecordedMail } from '../outbox/outbox.service.js';
import { PapersService, type PaperRow } from '../papers/papers.service.js';
import { TracksService } from '../tracks/tracks.service.js';
import { UsersService, type UserRow } from '../users/users.service.js';
import { ReviewListsService } from './review-lists.service.js';
import { ReviewRoundsService } from './review-rounds.service.js';
import { ReviewsRepository } from './reviews.repository.js';
import type { ReviewRequestRow, ReviewRow } from './reviews.table.js';
import { ReviewsErrors } from './reviews.errors.js';
import { MetaReviewsRepository } from './meta-reviews.repository.js';

const DAY_MS = 24 * 60 * 60 * 1000;

export const toOverrideDto = (o: {
  paperId: number;
  reviewerId: number;
  reason: string;
  chairName: string | null;
  createdAt: Date;
}): ConflictOverrideDto => ({
  paper: o.paperId,
  reviewer: o.reviewerId,
  reason: o.reason,
  by: o.chairName,
  at: o.createdAt.toISOString(),
});

/**
 * The conflict flags of a reviewer with a paper (libs/domain detectConflicts), from the rows read for many
 * pairs at once: the paper's authors, co-authorships of the reviewers with authors, declared conflicts.
 */
function conflictFlags(
  paperId: number,
  reviewer: UserRow,
  authors: UserRow[],
  coauthored: { reviewerId: number; authorId: number; paperId: number; title: string }[],
  declared: { reviewerId: number; userId: number; reason: string }[],
  declaredPaper: boolean,
): ConflictFlag[] {
  return detectConflicts({
    reviewer: conflictPersonOf(reviewer),
    authors: authors.map(conflictPersonOf),
    coauthored: coauthored
      .filter((c) => c.reviewerId === reviewer.id && c.paperId !== paperId)
      .map((c) => ({ authorId: c.authorId, paperId: c.paperId, title: c.title })),
    declaredPeople: declared
      .filter((d) => d.reviewerId === reviewer.id)
      .map((d) => ({ userId: d.userId, reason: d.reason })),
    declaredPaper,
  });
}

/**
 * A review request with its history, as a bulk record takes it (the demo conference, a migration): who
 * reviews which paper, the state it reached, when, and the review when there is one (required when
 * reviewed; a draft allowed when accepted).
 */
export interface RecordedRequest {
  paperId: number;
  reviewerId: number;
  isCameraReady?: boolean;
  state: ReviewRequestState;
  invitedAt: Date;
  /** When the reviewer answered (accepted, declined or reviewed). */
  respondedAt?: Date;
  review?: { input: ReviewInput; draft: boolean; at: Date };
  createdBy: number;
}

/** Rows per multi-row INSERT. */
const INSERT_CHUNK = 500;
const IDS_CHUNK = 5000;

async function inChunks<T>(ids: number[], read: (part: number[]) => Promise<T[]>): Promise<T[]> {
  const out: T[] = [];
  for (let i = 0; i < ids.length; i += IDS_CHUNK) out.push(...(await read(ids.slice(i, i + IDS_CHUNK))));
  return out;
}

/** A bulk record's papers, reviewers and the state its checks count on (updated as the batch is checked). */
interface RecordedBatch {
  papers: Map<number, PaperRow>;
  reviewers: Map<number, UserRow>;
  authors: Map<number, UserRow[]>;
  coauthored: { reviewerId: number; authorId: number; paperId: number; title: string }[];
  declared: { reviewerId: number; userId: number; reason: string }[];
  /** `paperId:reviewerId` of conflict bids and of overridden conflicts. */
  conflictBids: Set<string>;
  overridden: Set<string>;
  /** `paperId:reviewerId:isCameraReady` of the requests that exist (and of the batch's, once checked). */
  pairs: Set<string>;
  /** `paperId:isCameraReady` → requests not declined. */
  paperLoad: Map<string, number>;
  loads: Map<number, { total: number; cameraReady: number }>;
}

/** The rules of a manual assignment and the review rules for one recorded request, counting the batch. */
function checkRecorded(item: RecordedRequest, batch: RecordedBatch): void {
  const paper = batch.papers.get(item.paperId);
  if (!paper || paper.isDeleted) throw ReviewsErrors.paperNotFound();
  const reviewer = batch.reviewers.get(item.reviewerId);
  if (!reviewer) throw ReviewsErrors.userNotFound();
  if (!reviewer.isReviewer) throw ReviewsErrors.notReviewer();
  if (!reviewer.reviewerTracks.includes(paper.trackId)) throw ReviewsErrors.trackNotAllowed();
  const paperAuthors = batch.authors.get(paper.id) ?? [];
  if (paperAuthors.some((a) => a.id === reviewer.id)) throw ReviewsErrors.authorOwnPaper();
  const cr = item.isCameraReady ?? false;
  const pair = `${paper.id}:${reviewer.id}:${cr}`;
  if (batch.pairs.has(pair)) throw ReviewsErrors.alreadyReviewer();
  batch.pairs.add(pair);
  if (!batch.overridden.has(`${paper.id}:${reviewer.id}`)) {
    const flags = conflictFlags(
      paper.id,
      reviewer,
      paperAuthors,
      batch.coauthored,
      batch.declared,
      batch.conflictBids.has(`${paper.id}:${reviewer.id}`),
    );
    if (flags.length) throw ReviewsErrors.conflictOfInterest(flags);
  }
  if (item.state !== 'declined') {
    const key = `${paper.id}:${cr}`;
    const n = batch.paperLoad.get(key) ?? 0;
    if (n >= MAX_REVIEWS_PER_PAPER) throw ReviewsErrors.paperFull(cr);
    batch.paperLoad.set(key, n + 1);
    const load = batch.loads.get(reviewer.id)!;
    if ((cr ? load.cameraReady : load.total) >= MAX_REVIEWS_PER_REVIEWER)
      throw ReviewsErrors.reviewerFull(cr);
    if (cr) load.cameraReady++;
    else load.total++;
  }
  const review = item.review;
  if (item.state === 'reviewed' && (!review || review.draft)) throw ReviewsErrors.reviewed();
  if (review && item.state !== 'reviewed' && !(item.state === 'accepted' && review.draft))
    throw ReviewsErrors.reviewed();
  if (review) {
    const errors = validateReview(review.input, { draft: review.draft });
    const fields = Object.entries(errors).map(([field, message]) => ({ field, message: message! }));
    if (fields.length) throw ReviewsErrors.invalid(fields);
  }
}

/** The request row of a checked recorded request. */
function requestRowOf(item: RecordedRequest, batch: RecordedBatch) {
  const answered = item.state !== 'waiting';
  const respondedAt = answered ? (item.respondedAt ?? item.invitedAt) : null;
  const r = item.review;
  return {
    trackId: batch.papers.get(item.paperId)!.trackId,
    paperId: item.paperId,
    reviewerId: item.reviewerId,
    isCameraReady: item.isCameraReady ?? false,
    waiting: !answered,
    declined: item.state === 'declined',
    reviewed: item.state === 'reviewed',
    evaluation:
      item.state === 'reviewed' && r
        ? evaluationOf({
            quality: r.input.quality!,
            contribution: r.input.contribution!,
            originality: r.input.originality!,
          })
        : -1,
    invitedAt: item.invitedAt,
    respondedAt,
    replyDueAt: new Date(item.invitedAt.getTime() + REVIEW_REPLY_DAYS * DAY_MS),
    dueAt: new Date(item.invitedAt.getTime() + REVIEW_EVALUATION_DAYS * DAY_MS),
    createdBy: item.createdBy,
    updatedAt: r?.at ?? respondedAt ?? item.invitedAt,
  };
}

/** The review row of a recorded request's review. */
function reviewRowOf(r: NonNullable<RecordedRequest['review']>, request: ReviewRequestRow) {
  return {
    requestId: request.id,
    trackId: request.trackId,
    paperId: request.paperId,
    reviewerId: request.reviewerId,
    isCameraReady: request.isCameraReady,
    quality: r.input.quality ?? null,
    contribution: r.input.contribution ?? null,
    originality: r.input.originality ?? null,
    final: r.input.final ?? REVIEW_FINAL_UNSET,
    commentsAuthor: r.input.comments?.author ?? '',
    commentsChair: r.input.comments?.chair ?? '',
    draft: r.draft,
    source: 'reviewer' as const,
    submittedBy: null,
    submittedAt: r.draft ? null : r.at,
    updatedAt: r.at,
  };
}

/** Why a reviewer cannot be assigned to a paper (the first reason), as a domain error. */
export type AssignmentRefusal = DomainError;

export interface AssignmentContext {
  paper: PaperRow;
  authors: UserRow[];
  /** Per reviewer: the conflict flags with this paper that block the assignment (none once overridden). */
  conflicts: Map<number, ConflictFlag[]>;
  /** Per reviewer: the detected flags and the chair's override, for pairs a chair overrode. */
  overrides: Map<number, { flags: ConflictFlag[]; override: ConflictOverrideDto }>;
  bids: Map<number, BidValue>;
}

/**
 * The rules every way of assigning a reviewer shares (manual save, on-behalf submission, review import,
 * automatic apply): §8 People checks, conflicts of interest with their evidence, the §9 limits; and writing
 * the request with its invitation e-mail in the same transaction.
 */
@Injectable()
export class ReviewAssignmentService {
  constructor(
    private readonly repo: ReviewsRepository,
    private readonly lists: ReviewListsService,
    private readonly papers: PapersService,
    private readonly tracks: TracksService,
    private readonly mail: OutboxService,
    private readonly users: UsersService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly activity: ActivityService,
    private readonly rounds: ReviewRoundsService,
    private readonly metaRepo: MetaReviewsRepository,
  ) {}

  /** 404 unless the track exists and is one the caller manages (scope null = every track). */
  async managedTrack(trackId: number, scope: number[] | null): Promise<void> {
    if ((scope !== null && !scope.includes(trackId)) || !(await this.tracks.exists(trackId)))
      throw ReviewsErrors.trackNotFound();
  }

  /**
   * One reviewer given one paper by a chair (manual save, automatic apply), in the caller's transaction:
   * locks the pair, runs the checks (role and track required), writes the request with its invitation and
   * records 'review.assign' ("Assigned <reviewer> to review paper <id> '<title>'" + `note`; details
   * { requestId, isCameraReady, ...details }).
   */
  async assign(
    paper: PaperRow,
    reviewerId: number,
    isCameraReady: boolean,
    caller: AuthUser,
    log: { note: string; details?: Record<string, unknown> },
    ex: Executor,
    /** The review round (a round number of the paper's track; 400 when the track has no such round). */
    round = 1,
    /** 'meta': the paper's meta-reviewer (issue 25): one per paper, kind and round; not in the §9 limits. */
    role: ReviewRole = 'reviewer',
  ): Promise<ReviewRequestRow> {
    await this.repo.lockAssignment([paper.id], [reviewerId], ex);
    const { reviewer, row } = await this.checkAndCreate(
      paper,
      reviewerId,
      isCameraReady,
      { requireRole: true, createdBy: caller.id, invite: true, round, role },
      ex,
    );
    await this.activity.record(
      {
        ...ActivityService.fromUser(caller),
        action: 'review.assign',
        summary: `Assigned ${reviewer.firstName} ${reviewer.lastName} to ${role === 'meta' ? 'meta-review' : 'review'} paper ${paper.id} '${paper.title}'${log.note}`,
        subjectId: reviewer.id,
        paperId: paper.id,
        trackId: paper.trackId,
        details: {
          requestId: row.id,
          isCameraReady,
          round: row.round,
          ...(role === 'meta' ? { role } : {}),
          ...log.details,
        },
      },
      ex,
    );
    return row;
  }

  /** Authors, bids and conflicts of a paper against these reviewers, in a handful of queries. */
  async context(paper: PaperRow, reviewers: UserRow[], ex?: Executor): Promise<AssignmentContext> {
    const authors = (await this.papers.authorUsersOf([paper.id], ex)).map((a) => a.user);
    const reviewerIds = reviewers.map((r) => r.id);
    // One after the other: inside a transaction the executor is a single connection.
    const coauthored = await this.papers.coauthored(
      reviewerIds,
      authors.map((a) => a.id),
      ex,
    );
    const declared = await this.repo.declaredConflictsOf(reviewerIds, ex);
    const bids = await this.repo.bidsOnPaper(paper.id, ex);
    const bidMap = new Map(bids.map((b) => [b.reviewerId, b.bid as BidValue]));
    const overrideRows = await this.lists.conflictOverrides([paper.id], reviewerIds, ex);
    const overrideOf = new Map(overrideRows.map((o) => [o.reviewerId, o]));
    const conflicts = new Map<number, ConflictFlag[]>();
    const overrides = new Map<number, { flags: ConflictFlag[]; override: ConflictOverrideDto }>();
    for (const r of reviewers) {
      const flags = conflictFlags(
        paper.id,
        r,
        authors,
        coauthored,
        declared,
        bidMap.get(r.id) === 'conflict',
      );
      const o = overrideOf.get(r.id);
      if (o && flags.length) {
        overrides.set(r.id, { flags, override: toOverrideDto(o) });
        conflicts.set(r.id, []);
      } else conflicts.set(r.id, flags);
    }
    return { paper, authors, conflicts, overrides, bids: bidMap };
  }

  /**
   * Checks that the reviewer may be given this paper, in the order of the messages: the role and track
   * (unless skipped), authorship, an existing request, conflicts of interest, then the §9 limits. Call inside
   * the transaction, after lockAssignment.
   */
  async check(
    paper: PaperRow,
    reviewer: UserRow | undefined,
    isCameraReady: boolean,
    opts: { requireRole: boolean; replacing?: number; round?: number; role?: ReviewRole },
    ex: Executor,
  ): Promise<UserRow> {
    const round = opts.round ?? 1;
    if (!reviewer) throw ReviewsErrors.userNotFound();
    if (opts.requireRole) {
      if (!reviewer.isReviewer) throw ReviewsErrors.notReviewer();
      if (!reviewer.reviewerTracks.includes(paper.trackId)) throw ReviewsErrors.trackNotAllowed();
    }
    const ctx = await this.context(paper, [reviewer], ex);
    if (ctx.authors.some((a) => a.id === reviewer.id)) throw ReviewsErrors.authorOwnPaper();
    if (await this.repo.findPair(paper.id, reviewer.id, isCameraReady, ex, round))
      throw ReviewsErrors.alreadyReviewer();
    const flags = ctx.conflicts.get(reviewer.id) ?? [];
    if (flags.length) throw ReviewsErrors.conflictOfInterest(flags);
    if (opts.role === 'meta') {
      // one meta-reviewer per paper, kind and round (the partial unique index backs it)
      const meta = await this.metaOf(paper.id, isCameraReady, round, ex);
      if (meta && meta.id !== opts.replacing) throw ReviewsErrors.alreadyMeta();
    } else await this.checkLimits(paper.id, reviewer.id, isCameraReady, ex, opts.replacing, round);
    return reviewer;
  }

  /** check() then createRequest(), for the user `reviewerId`: call inside the transaction, after lockAssignment. */
  async checkAndCreate(
    paper: PaperRow,
    reviewerId: number,
    isCameraReady: boolean,
    opts: { requireRole: boolean; createdBy: number; invite: boolean; round?: number; role?: ReviewRole },
    ex: Executor,
  ): Promise<{ reviewer: UserRow; row: ReviewRequestRow }> {
    const round = opts.round ?? 1;
    await this.rounds.mustExist(paper.trackId, round, ex);
    const reviewer = await this.check(
      paper,
      await this.users.findById(reviewerId, ex),
      isCameraReady,
      { requireRole: opts.requireRole, round, role: opts.role },
      ex,
    );
    const row = await this.createRequest(
      paper,
      reviewer,
      isCameraReady,
      { createdBy: opts.createdBy, invite: opts.invite, round, role: opts.role },
      ex,
    );
    return { reviewer, row };
  }

  /**
   * §9: at most 3 requests per paper and 10 per reviewer (declined ones do not count; kinds apart), counted
   * within one review round: a second round can give a paper with 3 R1 reviews new reviewers.
   */
  async checkLimits(
    paperId: number,
    reviewerId: number,
    isCameraReady: boolean,
    ex: Executor,
    /** A request of the paper that is being handed to this reviewer (not counted for the paper). */
    replacing?: number,
    round = 1,
  ): Promise<void> {
    if ((await this.repo.paperLoad(paperId, isCameraReady, ex, replacing, round)) >= MAX_REVIEWS_PER_PAPER)
      throw ReviewsErrors.paperFull(isCameraReady);
    const load = (await this.repo.reviewerLoads([reviewerId], ex, round)).get(reviewerId)!;
    if ((isCameraReady ? load.cameraReady : load.total) >= MAX_REVIEWS_PER_REVIEWER)
      throw ReviewsErrors.reviewerFull(isCameraReady);
  }

  /** Writes the request (and, unless silent, the §9 invitation into the outbox) in the caller's transaction. */
  async createRequest(
    paper: PaperRow,
    reviewer: UserRow,
    isCameraReady: boolean,
    opts: { createdBy: number; invite: boolean; round?: number; role?: ReviewRole },
    ex: Executor,
  ): Promise<ReviewRequestRow> {
    const now = new Date();
    const role = opts.role ?? 'reviewer';
    const round = opts.round ?? 1;
    // the round's review due date when it has one (else the §9 rule: invitation + 14 days)
    const roundDue = (await this.rounds.mustExist(paper.trackId, round, ex)).reviewDueAt;
    let row: ReviewRequestRow;
    try {
      row = await this.repo.insertRequest(
        {
          trackId: paper.trackId,
          paperId: paper.id,
          reviewerId: reviewer.id,
          isCameraReady,
          round,
          role,
          invitedAt: now,
          replyDueAt: new Date(now.getTime() + REVIEW_REPLY_DAYS * DAY_MS),
          dueAt: roundDue ?? new Date(now.getTime() + REVIEW_EVALUATION_DAYS * DAY_MS),
          createdBy: opts.createdBy,
        },
        ex,
      );
    } catch (e) {
      if (pgErrorCode(e) === '23505')
        // a race past check(): the transaction is aborted, so no further query tells which key it was
        throw role === 'meta' ? ReviewsErrors.alreadyMeta() : ReviewsErrors.alreadyReviewer();
      throw e;
    }
    if (opts.invite) await this.invite(row, paper, reviewer, opts.createdBy, ex);
    return row;
  }

  /** The meta request of a paper, kind and round (issue 25), if any. */
  metaOf(paperId: number, isCameraReady: boolean, round: number, ex: Executor) {
    return this.metaRepo.metaRequestOf(paperId, isCameraReady, round, ex);
  }

  async invite(
    row: ReviewRequestRow,
    paper: PaperRow,
    reviewer: UserRow,
    createdBy: number,
    ex: Executor,
  ): Promise<void> {
    const trackName = (await this.tracks.namesOf([row.trackId], ex)).get(row.trackId) ?? '';
    const mail = this.invitationOf(row, paper, reviewer, trackName);
    await this.mail.enqueue({ kind: 'review-invitation', to: [reviewer.email], ...mail, createdBy }, ex);
  }

  private invitationOf(row: ReviewRequestRow, paper: PaperRow, reviewer: UserRow, trackName: string) {
    return invitationMail({
      reviewerName: `${reviewer.firstName} ${reviewer.lastName}`,
      paperId: paper.id,
      paperTitle: paper.title,
      trackName,
      isCameraReady: row.isCameraReady,
      replyDueAt: row.replyDueAt,
      dueAt: row.dueAt,
      link: `${this.config.publicUrl.replace(/\/$/, '')}/ViewReviewRequest/${row.id}`,
    });
  }

  /**
   * Records many review requests with their history in a few statements, in the caller's transaction: every
   * one checked by the rules of a manual assignment (the reviewer has the role on the paper's track, is not
   * an author, has no request for it yet, has no conflict of interest with it, and the §9 limits hold,
   * counting the batch itself) and its review by the §5 review rules; nothing is written when one fails.
   * With `invitations`, each request's §9 invitation is recorded in the e-mail history as delivered when it
   * was invited (nothing is queued). The request rows in the order given.
   */
  async recordMany(
    items: RecordedRequest[],
    opts: { invitations?: { response: string } },
    ex: Executor,
  ): Promise<ReviewRequestRow[]> {
    if (!items.length) return [];
    const batch = await this.batchOf(items, ex);
    for (const item of items) checkRecorded(item, batch);
    const rows: ReviewRequestRow[] = [];
    for (let i = 0; i < items.length; i += INSERT_CHUNK) {
      const part = items.slice(i, i + INSERT_CHUNK);
      rows.push(
        ...(await this.repo.insertRequests(
          part.map((item) => requestRowOf(item, batch)),
          ex,
        )),
      );
    }
    await this.repo.insertReviews(
      items.flatMap((item, i) => (item.review ? [reviewRowOf(item.review, rows[i]!)] : [])),
      ex,
    );
    if (opts.invitations) await this.recordInvitations(rows, batch, opts.invitations.response, ex);
    return rows;
  }

  /** What the checks of a batch need, read once for all its papers and reviewers. */
  private async batchOf(items: RecordedRequest[], ex: Executor): Promise<RecordedBatch> {
    const paperIds = [...new Set(items.map((i) => i.paperId))];
    const reviewerIds = [...new Set(items.map((i) => i.reviewerId))];
    const papers = new Map(
      (await inChunks(paperIds, (p) => this.papers.findByIds(p, ex))).map((p) => [p.id, p]),
    );
    const reviewers = new Map(
      (await inChunks(reviewerIds, (p) => this.users.findByIds(p, ex))).map((u) => [u.id, u]),
    );
    const authors = new Map<number, UserRow[]>();
    for (const a of await inChunks(paperIds, (p) => this.papers.authorUsersOf(p, ex)))
      (authors.get(a.paperId) ?? authors.set(a.paperId, []).get(a.paperId)!).push(a.user);
    const authorIds = [...new Set([...authors.values()].flat().map((u) => u.id))];
    const pairKey = (r: { paperId: number; reviewerId: number }) => `${r.paperId}:${r.reviewerId}`;
    const conflictBids = new Set(
      (await inChunks(paperIds, (p) => this.repo.bidsOnPapers(p, ex)))
        .filter((b) => b.bid === 'conflict')
        .map(pairKey),
    );
    const overridden = new Set(
      (await inChunks(paperIds, (p) => this.lists.conflictOverrides(p, undefined, ex))).map(pairKey),
    );
    const existing = await inChunks(paperIds, (p) => this.repo.requestsOfPapers(p, ex));
    const paperLoad = new Map<string, number>();
    for (const r of existing)
      if (!r.declined)
        paperLoad.set(
          `${r.paperId}:${r.isCameraReady}`,
          (paperLoad.get(`${r.paperId}:${r.isCameraReady}`) ?? 0) + 1,
        );
    return {
      papers,
      reviewers,
      authors,
      coauthored: await this.papers.coauthored(reviewerIds, authorIds, ex),
      declared: await inChunks(reviewerIds, (p) => this.repo.declaredConflictsOf(p, ex)),
      conflictBids,
      overridden,
      pairs: new Set(existing.map((r) => `${r.paperId}:${r.reviewerId}:${r.isCameraReady}`)),
      paperLoad,
      loads: await this.repo.reviewerLoads(reviewerIds, ex),
    };
  }

  /** Each request's invitation in the e-mail history, as delivered when it was invited (nothing queued). */
  private async recordInvitations(
    rows: ReviewRequestRow[],
    batch: RecordedBatch,
    response: string,
    ex: Executor,
  ): Promise<void> {
    const trackNames = await this.tracks.namesOf([...new Set(rows.map((r) => r.trackId))], ex);
    await this.mail.recordMany(
      rows.map((row): RecordedMail => {
        const reviewer = batch.reviewers.get(row.reviewerId)!;
        const mail = this.invitationOf(
          row,
          batch.papers.get(row.paperId)!,
          reviewer,
          trackNames.get(row.trackId) ?? '',
        );
        return {
          kind: 'review-invitation',
          to: [reviewer.email],
          ...mail,
          createdBy: row.createdBy,
          userId: reviewer.id,
          paperId: row.paperId,
          createdAt: row.invitedAt,
          sentAt: new Date(row.invitedAt.getTime() + 3000),
          state: 'sent',
          response,
        };
      }),
      ex,
    );
  }

  /**
   * Stores the review of a request. A draft keeps the request as it is (answering it if it was waiting); a
   * submitted review marks the request reviewed with its evaluation.
   */
  async saveReview(
    request: ReviewRequestRow,
    input: ReviewInput,
    opts: { draft: boolean; source: ReviewRow['source']; submittedBy: number | null },
    ex: Executor,
  ): Promise<{ request: ReviewRequestRow; review: ReviewRow }> {
    const now = new Date();
    const review = await this.repo.saveReview(
      {
        requestId: request.id,
        trackId: request.trackId,
        paperId: request.paperId,
        reviewerId: request.reviewerId,
        isCameraReady: request.isCameraReady,
        quality: input.quality ?? null,
        contribution: input.contribution ?? null,
        originality: input.originality ?? null,
        final: input.final ?? REVIEW_FINAL_UNSET,
        commentsAuthor: input.comments?.author ?? '',
        commentsChair: input.comments?.chair ?? '',
        draft: opts.draft,
        source: opts.source,
        submittedBy: opts.submittedBy,
        submittedAt: opts.draft ? null : now,
      },
      ex,
    );
    const patch = opts.draft
      ? { waiting: false, declined: false, respondedAt: request.respondedAt ?? now }
      : {
          waiting: false,
          declined: false,
          reviewed: true,
          respondedAt: request.respondedAt ?? now,
          evaluation: evaluationOf({
            quality: review.quality!,
            contribution: review.contribution!,
            originality: review.originality!,
          }),
        };
    const updated = await this.repo.updateRequest(request.id, patch, ex);
    return { request: updated!, review };
  }
}
