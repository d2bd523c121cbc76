import { Injectable } from '@nestjs/common';
import {
  MAX_REVIEWS_PER_PAPER,
  MAX_REVIEWS_PER_REVIEWER,
  savedRequestsMessage,
  MAX_APPLY_ASSIGNMENTS,
  META_LOAD_DEFAULT,
  solveAssignmentFlow,
  type AssignmentProblem,
  type AssignmentResult,
  type ReviewRequestDto,
} from '@symposium/domain';
import type { AuthUser } from '../../common/auth-user.js';
import { DomainError } from '../../common/errors.js';
import { TransactionRunner } from '../../database/database.module.js';
import { PapersService } from '../papers/papers.service.js';
import { TracksService } from '../tracks/tracks.service.js';
import { UsersService } from '../users/users.service.js';
import {
  decodeProblemParts,
  ProblemRowsParts,
  type ProblemPart,
  type RowUser,
} from '@symposium/domain/assignment/worker';
import { AssignmentRunner } from './assignment-runner.js';
import type { AutoApplyDto, AutoMetaProposalDto, AutoProposalDto, AutoRoundDto } from './dto/reviews.dto.js';
import { MetaReviewsRepository } from './meta-reviews.repository.js';
import { ReviewRoundsService } from './review-rounds.service.js';
import { ReviewAssignmentService } from './review-assignment.service.js';
import { ReviewListsService } from './review-lists.service.js';
import { toRequestDto } from './reviews.mapper.js';
import { ReviewsRepository } from './reviews.repository.js';
import { ReviewsErrors } from './reviews.errors.js';

/**
 * Ids read per query: short reads, so that a concurrent request's query never waits long behind one (on
 * PGlite every query of the process goes through one queue).
 */
const READ_SLICE = 250;
/**
 * Between two reads: a timer turn, not only setImmediate, so that the event loop polls first and a concurrent
 * request whose query answered meanwhile sends its next query before the next slice's (with setImmediate the
 * next slice was queued first, and each of that request's queries waited behind one slice).
 */
const giveWay = () => new Promise<void>((resolve) => setTimeout(resolve, 1));

/** `read` each slice of the ids (ascending), one after the other, giving way to other requests after each. */
async function inSlices(ids: number[], read: (ids: number[]) => Promise<void>): Promise<void> {
  const sorted = [...ids].sort((a, b) => a - b);
  for (let i = 0; i < sorted.length; i += READ_SLICE) {
    await read(sorted.slice(i, i + READ_SLICE));
    await giveWay();
  }
}

/**
 * Above this many same-track pairs the network keeps the 50 best candidates per paper (as bench/run.js on
 * 10,000 × 6,000): every pair of such a track would not fit in memory (60 M arcs). Below it, every eligible
 * pair is an arc and the optimum is exact.
 */
export const FULL_NETWORK_PAIRS = 4_000_000;
export const CANDIDATES_PER_PAPER = 50;

export interface ApplyResult {
  saved: number;
  total: number;
  /** §8 'N of M review requests saved successfully.' */
  message: string;
  data: ReviewRequestDto[];
  errors: { paper: number; reviewer: number; message: string }[];
}

/**
 * Automatic assignment of a track (libs/domain solveAssignment: exact min-cost flow maximizing affinity
 * under the §9 limits, track membership, authorship, conflicts and declined pairs): the proposal built
 * from the database, and applying an edited proposal as review requests with the manual checks.
 */
@Injectable()
export class AutoAssignmentService {
  constructor(
    private readonly repo: ReviewsRepository,
    private readonly lists: ReviewListsService,
    private readonly assignment: ReviewAssignmentService,
    private readonly papers: PapersService,
    private readonly tracks: TracksService,
    private readonly users: UsersService,
    private readonly tx: TransactionRunner,
    private readonly runner: AssignmentRunner,
    private readonly rounds: ReviewRoundsService,
    private readonly metaRepo: MetaReviewsRepository,
  ) {}

  /**
   * The round of an automatic assignment (checked against the track) and its paper filter: after R1, only
   * papers whose status is one of `statuses` (e.g. "Borderline"); R1 takes no filter.
   */
  private async roundOf(
    trackId: number,
    dto: AutoRoundDto,
  ): Promise<{ round: number; statuses?: Set<number> }> {
    const round = dto.round ?? 1;
    await this.rounds.mustExist(trackId, round);
    if (dto.statuses?.length && round === 1) throw ReviewsErrors.statusFilterFirstRound();
    return { round, ...(dto.statuses?.length ? { statuses: new Set(dto.statuses) } : {}) };
  }

  /** Solved in a worker thread; `signal` cancels it (the controller aborts when the request is closed). */
  async proposal(
    dto: AutoProposalDto,
    scope: number[] | null,
    signal?: AbortSignal,
  ): Promise<AssignmentResult> {
    const problem = await this.problem(dto.track, dto.isCameraReady ?? false, scope, dto);
    const size = { papers: problem.papers.length, reviewers: problem.reviewers.length };
    return this.runner.solve(problem, this.solveOptions(size), { signal });
  }

  /**
   * The same proposal as its JSON text (UTF-8 bytes), for the HTTP answer: the track's rows go to the
   * worker as parts encoded slice by slice as they are read (with yields), the worker builds the problem and
   * solves it, and the result comes back as bytes written as they are, so that the main thread stays free
   * for other requests while a large track is read, solved and answered.
   */
  async proposalJson(dto: AutoProposalDto, scope: number[] | null, signal?: AbortSignal): Promise<Buffer> {
    const { parts, size } = await this.problemParts(dto.track, dto.isCameraReady ?? false, scope, dto);
    return this.runner.solveToJson(parts, this.solveOptions(size), { signal });
  }

  private solveOptions(size: { papers: number; reviewers: number }) {
    const large = size.papers * size.reviewers > FULL_NETWORK_PAIRS;
    return {
      reviewsPerPaper: MAX_REVIEWS_PER_PAPER,
      maxPerReviewer: MAX_REVIEWS_PER_REVIEWER,
      ...(large ? { candidatesPerPaper: CANDIDATES_PER_PAPER } : {}),
    };
  }

  /**
   * The meta-reviewer proposal of a track and round (issue 25): for each paper without a meta-reviewer, one
   * reviewer of the track who may be assigned (not an author, no conflict of interest, not already a
   * reviewer of the paper in the round), each reviewer below `metaLoad` meta requests in the round. Exact:
   * the min-cost flow of the reviewer assignment (solveAssignmentFlow) first covers as many papers as any
   * assignment can, then takes the best bids (eager, willing, none, not willing), then the reviewers with the
   * fewest meta requests so far. Apply it with POST auto/apply, role 'meta' and the same metaLoad.
   */
  async metaProposal(
    dto: AutoMetaProposalDto,
    scope: number[] | null,
  ): Promise<{ paper: number; reviewer: number; reviewerName: string; load: number }[]> {
    await this.assignment.managedTrack(dto.track, scope);
    const { round, statuses } = await this.roundOf(dto.track, dto);
    const isCameraReady = dto.isCameraReady ?? false;
    const metaLoad = dto.metaLoad ?? META_LOAD_DEFAULT;
    const papers = (await this.papers.listOfTracks([dto.track])).filter(
      (p) => !p.isDeleted && (!statuses || (p.statusId !== null && statuses.has(p.statusId))),
    );
    const loads = await this.metaRepo.metaLoads(dto.track, round);
    const reviewers = (await this.users.reviewersOfTrack(dto.track)).filter(
      (r) => r.isReviewer && (loads.get(r.id) ?? 0) < metaLoad,
    );
    const requests = await this.metaRepo.requestsOfTrackRound(dto.track, round, isCameraReady);
    const hasMeta = new Set(requests.filter((r) => r.role === 'meta').map((r) => r.paperId));
    const busy = new Set(requests.map((r) => `${r.paperId}:${r.reviewerId}`));
    const todo = papers.filter((p) => !hasMeta.has(p.id)).sort((a, b) => a.id - b.id);
    if (!todo.length || !reviewers.length) return [];

    // the network: a paper needs one meta-reviewer; a reviewer takes metaLoad less their meta requests
    const column = new Map(reviewers.map((r, i) => [r.id, i]));
    const arcStart = new Int32Array(todo.length + 1);
    const arcReviewer: number[] = [];
    const arcCost: number[] = [];
    const rank: Record<string, number> = { eager: 0, willing: 1, notWilling: 3 };
    // a bid outweighs any difference in load (loads are below metaLoad ≤ META_LOAD_MAX)
    const BID_STEP = 1_000;
    for (const [p, paper] of todo.entries()) {
      arcStart[p] = arcReviewer.length;
      const open = reviewers.filter((r) => !busy.has(`${paper.id}:${r.id}`));
      if (open.length) {
        const ctx = await this.assignment.context(paper, open);
        for (const r of open) {
          if (ctx.authors.some((a) => a.id === r.id) || (ctx.conflicts.get(r.id) ?? []).length) continue;
          arcReviewer.push(column.get(r.id)!);
          arcCost.push((rank[ctx.bids.get(r.id) ?? ''] ?? 2) * BID_STEP + (loads.get(r.id) ?? 0));
        }
      }
    }
    arcStart[todo.length] = arcReviewer.length;
    const solution = solveAssignmentFlow({
      papers: todo.length,
      reviewers: reviewers.length,
      need: new Int32Array(todo.length).fill(1),
      capacity: Int32Array.from(reviewers, (r) => metaLoad - (loads.get(r.id) ?? 0)),
      arcStart,
      arcReviewer: Int32Array.from(arcReviewer),
      arcCost: Int32Array.from(arcCost),
    });
    const out: { paper: number; reviewer: number; reviewerName: string; load: number }[] = [];
    for (const [p, paper] of todo.entries())
      for (let a = arcStart[p]!; a < arcStart[p + 1]!; a++) {
        if (!solution.flow[a]) continue;
        const best = reviewers[arcReviewer[a]!]!;
        loads.set(best.id, (loads.get(best.id) ?? 0) + 1);
        out.push({
          paper: paper.id,
          reviewer: best.id,
          reviewerName: `${best.firstName} ${best.lastName}`,
          load: loads.get(best.id)!,
        });
      }
    return out;
  }

  /** Saves each pair as a review request (each on its own: one refusal does not undo the others). */
  async apply(dto: AutoApplyDto, scope: number[] | null, caller: AuthUser): Promise<ApplyResult> {
    if (dto.assignments.length > MAX_APPLY_ASSIGNMENTS)
      throw ReviewsErrors.applyTooLarge(dto.assignments.length);
    await this.assignment.managedTrack(dto.track, scope);
    const { round, statuses } = await this.roundOf(dto.track, dto);
    const isCameraReady = dto.isCameraReady ?? false;
    const role = dto.role ?? 'reviewer';
    // meta-reviewers: their own limit of meta requests per reviewer in the round (issue 25)
    const metaLoad = dto.metaLoad ?? META_LOAD_DEFAULT;
    const metaLoads =
      role === 'meta' ? await this.metaRepo.metaLoads(dto.track, round) : new Map<number, number>();
    const ids: number[] = [];
    const errors: ApplyResult['errors'] = [];
    // Every pair's paper in one query: it must exist, not be deleted, and be of this track (already in scope).
    const papers = new Map(
      (
        await this.papers.managedPapers(
          dto.assignments.map((p) => p.paper),
          [dto.track],
          { includeDeleted: false },
        )
      ).map((p) => [p.id, p]),
    );
    for (const pair of dto.assignments) {
      try {
        const paper = papers.get(pair.paper);
        if (!paper) throw ReviewsErrors.paperNotFound();
        if (statuses && (paper.statusId === null || !statuses.has(paper.statusId)))
          throw ReviewsErrors.statusMismatch();
        if (role === 'meta' && (metaLoads.get(pair.reviewer) ?? 0) >= metaLoad)
          throw ReviewsErrors.metaLoadFull(metaLoad);
        const row = await this.tx.run((tx) =>
          this.assignment.assign(
            paper,
            pair.reviewer,
            isCameraReady,
            caller,
            {
              note: ` (automatic assignment${round > 1 ? `, round ${round}` : ''})`,
              details: { auto: true },
            },
            tx,
            round,
            role,
          ),
        );
        if (role === 'meta') metaLoads.set(pair.reviewer, (metaLoads.get(pair.reviewer) ?? 0) + 1);
        ids.push(row.id);
      } catch (e) {
        if (!(e instanceof DomainError)) throw e;
        errors.push({ paper: pair.paper, reviewer: pair.reviewer, message: e.message });
      }
    }
    const rows = await this.lists.requestsWithNames(ids);
    return {
      saved: ids.length,
      total: dto.assignments.length,
      message: savedRequestsMessage(ids.length, dto.assignments.length),
      data: rows.map((r) => toRequestDto(r, { withReviewer: true })),
      errors,
    };
  }

  /**
   * The solver instance of one track, from the database, built on this thread (the HTTP proposal has it
   * built in the worker: `problemParts`).
   */
  async problem(
    trackId: number,
    isCameraReady: boolean,
    scope: number[] | null,
    roundDto: AutoRoundDto = {},
  ): Promise<AssignmentProblem> {
    return decodeProblemParts((await this.problemParts(trackId, isCameraReady, scope, roundDto)).parts);
  }

  /**
   * The rows of one track's problem as parts for the worker (ProblemRowsParts: each slice's rows, only the
   * columns the problem needs, encoded as UTF-8 JSON in shared memory as soon as it is read), and the
   * problem's size. Read by slices of ids with a yield to the event loop between them, so that other
   * requests are served while a track of 10,000 papers is read: no read, parse or encoding of a slice holds
   * the event loop for long, and no row object outlives its slice (a heap of 100,000s of live rows means
   * long garbage collections on this thread). The worker builds the problem (grouping, texts, people,
   * authorships: `problemFromRows`), the affinity (tokenising, TF-IDF) and the network.
   */
  async problemParts(
    trackId: number,
    isCameraReady: boolean,
    scope: number[] | null,
    roundDto: AutoRoundDto = {},
  ): Promise<{ parts: ProblemPart[]; size: { papers: number; reviewers: number } }> {
    await this.assignment.managedTrack(trackId, scope);
    // the round's requests and loads only (limits per round); after R1, only the papers of the statuses asked
    const { round, statuses } = await this.roundOf(trackId, roundDto);
    const out = new ProblemRowsParts();
    const user = (u: RowUser): RowUser => ({
      id: u.id,
      organization: u.organization,
      email: u.email,
      alternateEmail: u.alternateEmail,
    });
    // the ids first, then only the columns the solver reads, a slice at a time (10,000 titles and abstracts
    // in one answer would be one long parse on this thread); papers and reviewers ascending, as the reads
    // order their rows
    let paperIds = await this.papers.idsOfTracks([trackId]);
    if (statuses) {
      const kept: number[] = [];
      await inSlices(paperIds, async (ids) => {
        for (const p of await this.papers.findByIds(ids))
          if (p.statusId !== null && statuses.has(p.statusId)) kept.push(p.id);
      });
      paperIds = kept.sort((a, b) => a - b);
    }
    await inSlices(paperIds, async (ids) =>
      out.add(
        'papers',
        (await this.papers.textsOf(ids)).map((p) => ({
          id: p.id,
          trackId: p.trackId,
          title: p.title,
          abstractText: p.abstractText,
        })),
      ),
    );
    // the reviewers' ids in their order (last name, first name, id), then their rows by slices of ids
    const reviewerIds = await this.users.reviewerIdsOfTrack(trackId);
    out.add('reviewerOrder', reviewerIds);
    await inSlices(reviewerIds, async (ids) =>
      out.add(
        'reviewers',
        (await this.users.reviewers(ids)).map((r) => ({
          ...user(r),
          firstName: r.firstName,
          lastName: r.lastName,
          reviewerTracks: r.reviewerTracks,
        })),
      ),
    );
    await inSlices(paperIds, async (ids) =>
      out.add(
        'authors',
        (await this.papers.authorUsersOf(ids)).map((a) => ({ paperId: a.paperId, user: user(a.user) })),
      ),
    );
    await inSlices(paperIds, async (ids) =>
      out.add('requests', await this.repo.assignmentRequests(ids, undefined, round)),
    );
    await inSlices(paperIds, async (ids) => out.add('bids', await this.repo.assignmentBids(ids)));
    await inSlices(paperIds, async (ids) =>
      out.add(
        'overrides',
        (await this.repo.conflictOverrides(ids)).map((o) => ({
          reviewerId: o.reviewerId,
          paperId: o.paperId,
        })),
      ),
    );
    await inSlices(reviewerIds, async (ids) =>
      out.add(
        'declared',
        (await this.repo.declaredConflictsOf(ids)).map((d) => ({
          reviewerId: d.reviewerId,
          userId: d.userId,
          reason: d.reason,
        })),
      ),
    );
    await inSlices(reviewerIds, async (ids) =>
      out.add(
        'loads',
        [...(await this.repo.reviewerLoads(ids, undefined, round))].map(([id, l]) => ({
          id,
          total: l.total,
          cameraReady: l.cameraReady,
        })),
      ),
    );
    await inSlices(reviewerIds, async (ids) =>
      out.add(
        'reviewerPapers',
        (await this.papers.papersAuthoredBy(ids)).map((p) => ({
          paperId: p.paperId,
          title: p.title,
          abstract: p.abstract,
          authorIds: p.authorIds,
        })),
      ),
    );
    const trackName = (await this.tracks.namesOf([trackId])).get(trackId) ?? String(trackId);
    return { parts: out.parts({ trackId, trackName, isCameraReady }), size: out.size };
  }
}
