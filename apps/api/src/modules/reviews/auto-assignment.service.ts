import { Injectable } from '@nestjs/common';
import {
  MAX_REVIEWS_PER_PAPER,
  MAX_REVIEWS_PER_REVIEWER,
  savedRequestsMessage,
  MAX_APPLY_ASSIGNMENTS,
  type AssignmentProblem,
  type AssignmentResult,
  type BidValue,
  type ReviewRequestDto,
} from '@symposium/domain';
import type { AuthUser } from '../../common/auth-user.js';
import { DomainError } from '../../common/errors.js';
import { TransactionRunner } from '../../database/database.module.js';
import { PapersService } from '../papers/papers.service.js';
import { TracksService } from '../tracks/tracks.service.js';
import { UsersService } from '../users/users.service.js';
import { encodeProblemParts } from '@symposium/domain/assignment/worker';
import { AssignmentRunner } from './assignment-runner.js';
import type { AutoApplyDto, AutoProposalDto } from './dto/reviews.dto.js';
import { ReviewAssignmentService } from './review-assignment.service.js';
import { ReviewListsService } from './review-lists.service.js';
import { toRequestDto } from './reviews.mapper.js';
import { ReviewsRepository } from './reviews.repository.js';
import { ReviewsErrors } from './reviews.errors.js';

/** Papers assembled between two yields to the event loop. */
const SLICE = 2000;
const breather = () => new Promise<void>((resolve) => setImmediate(resolve));
/** Ids read per query. */
const READ_SLICE = 1000;

async function inSlices<T>(ids: number[], read: (ids: number[]) => Promise<T[]>): Promise<T[]> {
  const sorted = [...ids].sort((a, b) => a - b);
  const out: T[] = [];
  for (let i = 0; i < sorted.length; i += READ_SLICE) {
    for (const row of await read(sorted.slice(i, i + READ_SLICE))) out.push(row);
    await breather();
  }
  return out;
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
  ) {}

  /** Solved in a worker thread; `signal` cancels it (the controller aborts when the request is closed). */
  async proposal(
    dto: AutoProposalDto,
    scope: number[] | null,
    signal?: AbortSignal,
  ): Promise<AssignmentResult> {
    const problem = await this.problem(dto.track, dto.isCameraReady ?? false, scope);
    return this.runner.solve(problem, this.solveOptions(problem), { signal });
  }

  /**
   * The same proposal as its JSON text, for the HTTP answer: the problem goes to the worker as JSON parts
   * encoded slice by slice (with yields) and the result comes back as text, so that the main thread stays
   * free for other requests while a large track is read, solved and answered.
   */
  async proposalJson(dto: AutoProposalDto, scope: number[] | null, signal?: AbortSignal): Promise<string> {
    const problem = await this.problem(dto.track, dto.isCameraReady ?? false, scope);
    const parts = await encodeProblemParts(problem, breather);
    return this.runner.solveToJson(parts, this.solveOptions(problem), { signal });
  }

  private solveOptions(problem: AssignmentProblem) {
    const large = problem.papers.length * problem.reviewers.length > FULL_NETWORK_PAIRS;
    return {
      reviewsPerPaper: MAX_REVIEWS_PER_PAPER,
      maxPerReviewer: MAX_REVIEWS_PER_REVIEWER,
      ...(large ? { candidatesPerPaper: CANDIDATES_PER_PAPER } : {}),
    };
  }

  /** Saves each pair as a review request (each on its own: one refusal does not undo the others). */
  async apply(dto: AutoApplyDto, scope: number[] | null, caller: AuthUser): Promise<ApplyResult> {
    if (dto.assignments.length > MAX_APPLY_ASSIGNMENTS)
      throw ReviewsErrors.applyTooLarge(dto.assignments.length);
    await this.assignment.managedTrack(dto.track, scope);
    const isCameraReady = dto.isCameraReady ?? false;
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
        const row = await this.tx.run((tx) =>
          this.assignment.assign(
            paper,
            pair.reviewer,
            isCameraReady,
            caller,
            { note: ' (automatic assignment)', details: { auto: true } },
            tx,
          ),
        );
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
   * The solver instance of one track, from the database. Grouped through maps (linear in the rows, not
   * papers × requests or reviewers × their papers) and assembled in slices with a yield to the event loop
   * between them, so that other requests (e.g. /api/health) are served while a track of 10,000 papers is
   * read; the affinity (tokenising, TF-IDF) and the network are built in the worker thread.
   */
  async problem(trackId: number, isCameraReady: boolean, scope: number[] | null): Promise<AssignmentProblem> {
    await this.assignment.managedTrack(trackId, scope);
    // the ids first, then only the columns the solver reads, a slice at a time (10,000 titles and abstracts
    // in one answer would be one long parse on this thread)
    const paperIds = await this.papers.idsOfTracks([trackId]);
    const papers = await inSlices(paperIds, (ids) => this.papers.textsOf(ids));
    const reviewers = await this.users.reviewersOfTrack(trackId);
    const reviewerIds = reviewers.map((r) => r.id);
    // by slices of ids, one after the other with a yield between them: no single read (or its rows' parsing)
    // holds the event loop for long, even with an in-process database; concatenated in the same order
    // (papers and reviewers ascending, as the reads order their rows)
    const authors = await inSlices(paperIds, (ids) => this.papers.authorUsersOf(ids));
    const requests = await inSlices(paperIds, (ids) => this.repo.requestsOfPapers(ids));
    const bids = await inSlices(paperIds, (ids) => this.repo.bidsOnPapers(ids));
    const overrides = await inSlices(paperIds, (ids) => this.repo.conflictOverrides(ids));
    const declared = await inSlices(reviewerIds, (ids) => this.repo.declaredConflictsOf(ids));
    const loads = new Map(
      (await inSlices(reviewerIds, async (ids) => [...(await this.repo.reviewerLoads(ids))])).map(
        ([id, load]) => [id, load] as const,
      ),
    );
    // a paper of two reviewers of different slices comes twice: once, in paper order
    const reviewerPapers = [
      ...new Map(
        (await inSlices(reviewerIds, (ids) => this.papers.papersAuthoredBy(ids))).map((p) => [p.paperId, p]),
      ).values(),
    ].sort((a, b) => a.paperId - b.paperId);
    await breather();
    const ofKind = requests.filter((r) => r.isCameraReady === isCameraReady);
    const existingOf = new Map<number, number[]>();
    for (const r of ofKind)
      if (!r.declined) {
        let list = existingOf.get(r.paperId);
        if (!list) existingOf.set(r.paperId, (list = []));
        list.push(r.reviewerId);
      }
    const people = new Map<number, { id: number; organization: string; emails: string[] }>();
    const addPerson = (u: {
      id: number;
      organization: string;
      email: string;
      alternateEmail: string | null;
    }) =>
      people.set(u.id, {
        id: u.id,
        organization: u.organization,
        emails: [u.email, u.alternateEmail].filter((e): e is string => Boolean(e)),
      });
    reviewers.forEach(addPerson);
    await breather();
    for (const a of authors) addPerson(a.user);
    const authorships = new Map<number, number[]>();
    for (const a of authors) {
      let list = authorships.get(a.paperId);
      if (!list) authorships.set(a.paperId, (list = []));
      list.push(a.user.id);
    }
    for (const p of reviewerPapers) authorships.set(p.paperId, p.authorIds);
    // each reviewer's own papers (title and abstract), in the order of reviewerPapers
    const ownTexts = new Map<number, string[]>();
    for (const p of reviewerPapers)
      for (const id of new Set(p.authorIds)) {
        let list = ownTexts.get(id);
        if (!list) ownTexts.set(id, (list = []));
        list.push(`${p.title}\n${p.abstract}`);
      }
    await breather();
    const problemPapers: AssignmentProblem['papers'] = [];
    for (let i = 0; i < papers.length; i++) {
      const p = papers[i];
      problemPapers.push({
        id: p.id,
        track: p.trackId,
        text: `${p.title}\n${p.abstractText}`,
        authorIds: authorships.get(p.id) ?? [],
        reviewerIds: existingOf.get(p.id) ?? [],
      });
      if (i % SLICE === SLICE - 1) await breather();
    }
    const problemReviewers = reviewers.map((r) => {
      const load = loads.get(r.id)!;
      return {
        id: r.id,
        name: `${r.firstName} ${r.lastName}`,
        tracks: r.reviewerTracks,
        load: isCameraReady ? load.cameraReady : load.total,
        text: (ownTexts.get(r.id) ?? []).join('\n'),
      };
    });
    await breather();
    return {
      papers: problemPapers,
      reviewers: problemReviewers,
      people: [...people.values()],
      authorships: [...authorships.entries()].map(([paperId, authorIds]) => ({ paperId, authorIds })),
      bids: bids.map((b) => ({ reviewerId: b.reviewerId, paperId: b.paperId, bid: b.bid as BidValue })),
      declaredConflicts: declared.map((d) => ({
        reviewerId: d.reviewerId,
        userId: d.userId,
        reason: d.reason,
      })),
      conflictOverrides: overrides.map((o) => ({ reviewerId: o.reviewerId, paperId: o.paperId })),
      declined: ofKind
        .filter((r) => r.declined)
        .map((r) => ({ reviewerId: r.reviewerId, paperId: r.paperId })),
      tracks: [{ id: trackId, name: (await this.tracks.namesOf([trackId])).get(trackId) ?? String(trackId) }],
    };
  }
}
