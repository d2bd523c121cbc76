import { Injectable } from '@nestjs/common';
import {
  decisionLabel,
  formatInZone,
  knownZone,
  MAX_RESPONSE_TEXT_LENGTH,
  normalizeNewlines,
  responseLimitError,
  responseWindowState,
  type AuthorResponsePhaseDto,
  type SubmittedResponseDto,
} from '@symposium/domain';
import type { AuthUser } from '../../common/auth-user.js';
import type { Executor } from '../../database/database.js';
import { TransactionRunner } from '../../database/database.module.js';
import { ActivityService } from '../activity/activity.service.js';
import { ConferenceService } from '../conference/conference.service.js';
import { PapersService } from '../papers/papers.service.js';
import { AuthorResponsesErrors } from './author-responses.errors.js';
import { AuthorResponsesRepository } from './author-responses.repository.js';
import { ReviewConflictsService } from './review-conflicts.service.js';
import { ReviewsRepository } from './reviews.repository.js';
import type { AuthorResponseRow, ReviewRoundRow } from './reviews.table.js';

type Paper = Awaited<ReturnType<PapersService['authorPapers']>>[number];

/**
 * Author responses (issue 25): any author of a paper writes one response per review round during the
 * round's window (opensAt ≤ now < closesAt, the server's clock), within the round's limit counted by
 * libs/domain's responseLength; reviewers of the paper and its (track) chairs read submitted ones.
 */
@Injectable()
export class AuthorResponsesService {
  constructor(
    private readonly repo: AuthorResponsesRepository,
    private readonly reviews: ReviewsRepository,
    private readonly papers: PapersService,
    private readonly conference: ConferenceService,
    private readonly activity: ActivityService,
    private readonly tx: TransactionRunner,
    private readonly conflicts: ReviewConflictsService,
  ) {}

  // ----- authors

  /** Every round of the paper's track with a response phase (or a response already written). */
  async phases(paperId: number, caller: AuthUser): Promise<AuthorResponsePhaseDto[]> {
    const paper = await this.authorPaper(paperId, caller);
    const rounds = await this.repo.roundsOfTrack(paper.trackId);
    const responses = new Map((await this.repo.ofPaper(paperId)).map((r) => [r.round, r]));
    const zone = await this.zone();
    const now = new Date();
    return Promise.all(
      rounds
        .filter((r) => r.responseLimit !== null || responses.has(r.number))
        .map((r) => this.phaseDto(paper, r, responses.get(r.number), zone, now)),
    );
  }

  async phase(paperId: number, round: number, caller: AuthUser): Promise<AuthorResponsePhaseDto> {
    const paper = await this.authorPaper(paperId, caller);
    const row = await this.mustRound(paper.trackId, round);
    return this.phaseDto(paper, row, await this.repo.find(paperId, round), await this.zone(), new Date());
  }

  /** Saves a draft (while the window is open; a submitted response is replaced only by submitting again). */
  save(paperId: number, round: number, text: string, caller: AuthUser): Promise<AuthorResponsePhaseDto> {
    return this.write(paperId, round, text, caller, false);
  }

  /** Submits (or re-submits) the response: refused over the limit, outside the window, or empty. */
  submit(paperId: number, round: number, text: string, caller: AuthUser): Promise<AuthorResponsePhaseDto> {
    return this.write(paperId, round, text, caller, true);
  }

  private async write(
    paperId: number,
    round: number,
    raw: string,
    caller: AuthUser,
    submit: boolean,
  ): Promise<AuthorResponsePhaseDto> {
    const text = normalizeNewlines(raw);
    const zone = await this.zone();
    await this.tx.run(async (tx) => {
      const paper = await this.authorPaper(paperId, caller, tx);
      const r = await this.mustRound(paper.trackId, round, tx);
      this.assertOpen(r, zone, new Date());
      if (text.length > MAX_RESPONSE_TEXT_LENGTH) throw AuthorResponsesErrors.textTooLong();
      const existing = await this.repo.find(paperId, round, tx, { forUpdate: true });
      if (submit) {
        if (!text.trim()) throw AuthorResponsesErrors.empty();
        const tooLong = responseLimitError(text, r.responseLimit!, r.responseLimitUnit);
        if (tooLong) throw AuthorResponsesErrors.tooLong(tooLong);
      } else if (existing?.submitted) throw AuthorResponsesErrors.submitted();
      await this.repo.save(
        {
          paperId,
          trackId: paper.trackId,
          round,
          text,
          submitted: submit,
          submittedAt: submit ? new Date() : null,
          updatedBy: caller.id,
        },
        tx,
      );
      if (submit)
        await this.activity.record(
          {
            ...ActivityService.fromUser(caller),
            action: 'response.submit',
            summary: `${existing?.submitted ? 'Re-submitted' : 'Submitted'} the author response of paper ${paperId} '${paper.title}' (round ${r.name})`,
            paperId,
            trackId: paper.trackId,
            details: { round, length: text.length },
          },
          tx,
        );
    });
    return this.phase(paperId, round, caller);
  }

  /**
   * The current author response window of each track (for the e-mail placeholders): the round with a
   * response whose window has not closed yet, closing first; else the last one that closed; none without.
   */
  async currentWindows(
    trackIds: number[],
    now: Date,
    ex?: Executor,
  ): Promise<Map<number, { round: number; opensAt: Date | null; closesAt: Date | null }>> {
    const out = new Map<number, { round: number; opensAt: Date | null; closesAt: Date | null }>();
    const rows = (await this.repo.roundsOfTracks(trackIds, ex)).filter((r) => r.responseLimit !== null);
    const closes = (r: ReviewRoundRow) => r.responseClosesAt?.getTime() ?? Infinity;
    for (const trackId of new Set(trackIds)) {
      const mine = rows.filter((r) => r.trackId === trackId);
      const ahead = mine.filter((r) => closes(r) > now.getTime()).sort((a, b) => closes(a) - closes(b));
      const pick = ahead[0] ?? mine.sort((a, b) => closes(b) - closes(a))[0];
      if (pick)
        out.set(trackId, {
          round: pick.number,
          opensAt: pick.responseOpensAt,
          closesAt: pick.responseClosesAt,
        });
    }
    return out;
  }

  // ----- reviewers and chairs

  /** Submitted responses of a paper for a reviewer with a (not declined) request for it in its track. */
  async forReviewer(paperId: number, caller: AuthUser): Promise<SubmittedResponseDto[]> {
    const [paper] = await this.papers.managedPapers([paperId], null, { includeDeleted: false });
    const requests = paper ? await this.reviews.requestsOfReviewerForPaper(caller.id, paperId) : [];
    if (
      !paper ||
      !requests.some((r) => !r.declined && r.trackId === paper.trackId) ||
      (await this.conflicts.hasConflict(caller.id, paper.id))
    )
      throw AuthorResponsesErrors.paperNotFound();
    return this.submitted(paper.id, paper.trackId);
  }

  /**
   * Submitted responses of a paper in the caller's tracks (scope null: every track); none for a caller with a
   * conflict of interest on the paper (the discussion's check).
   */
  async forChair(paperId: number, scope: number[] | null, callerId: number): Promise<SubmittedResponseDto[]> {
    const [paper] = await this.papers.managedPapers([paperId], scope, { includeDeleted: false });
    if (!paper || (await this.conflicts.hasConflict(callerId, paper.id)))
      throw AuthorResponsesErrors.paperNotFound();
    return this.submitted(paper.id, paper.trackId);
  }

  private async submitted(paperId: number, trackId: number): Promise<SubmittedResponseDto[]> {
    const rows = (await this.repo.ofPaper(paperId)).filter((r) => r.submitted);
    if (!rows.length) return [];
    const names = new Map((await this.repo.roundsOfTrack(trackId)).map((r) => [r.number, r.name]));
    return rows.map((r) => ({
      paper: r.paperId,
      round: r.round,
      roundName: names.get(r.round) ?? `R${r.round}`,
      text: r.text,
      submittedAt: (r.submittedAt ?? r.updatedAt).toISOString(),
      updatedAt: r.updatedAt.toISOString(),
    }));
  }

  // -----

  private async authorPaper(paperId: number, caller: AuthUser, ex?: Executor): Promise<Paper> {
    const [paper] = await this.papers.authorPapers([paperId], caller.id, ex);
    if (!paper || paper.isDeleted) throw AuthorResponsesErrors.paperNotFound();
    return paper;
  }

  private async mustRound(trackId: number, round: number, ex?: Executor): Promise<ReviewRoundRow> {
    const row = await this.repo.round(trackId, round, ex);
    if (!row) throw AuthorResponsesErrors.roundNotFound();
    return row;
  }

  private assertOpen(r: ReviewRoundRow, zone: string, now: Date): void {
    const state = responseWindowState(
      { opensAt: r.responseOpensAt, closesAt: r.responseClosesAt, limit: r.responseLimit },
      now,
    );
    if (state === 'none') throw AuthorResponsesErrors.noResponse();
    if (state === 'unset') throw AuthorResponsesErrors.windowNotSet();
    if (state === 'before') throw AuthorResponsesErrors.notOpen(formatInZone(r.responseOpensAt, zone));
    if (state === 'closed') throw AuthorResponsesErrors.closed(formatInZone(r.responseClosesAt, zone));
  }

  private async zone(): Promise<string> {
    return knownZone((await this.conference.get()).timeZone);
  }

  /**
   * One round as the authors see it. Reviews: while the window is open, the submitted reviews of this round
   * and the rounds before (scores and comments to the authors, never who wrote them or the comments to the
   * chair); otherwise only once the chair released the paper's reviews (authorViewReviewEnabled).
   */
  private async phaseDto(
    paper: Paper,
    r: ReviewRoundRow,
    response: AuthorResponseRow | undefined,
    zone: string,
    now: Date,
  ): Promise<AuthorResponsePhaseDto> {
    const state = responseWindowState(
      { opensAt: r.responseOpensAt, closesAt: r.responseClosesAt, limit: r.responseLimit },
      now,
    );
    const visible = state === 'open' || paper.authorViewReviewEnabled;
    const reviews = visible ? await this.repo.submittedReviewsUpTo(paper.id, r.number) : [];
    return {
      paper: paper.id,
      paperTitle: paper.title,
      round: r.number,
      roundName: r.name,
      opensAt: r.responseOpensAt?.toISOString() ?? null,
      closesAt: r.responseClosesAt?.toISOString() ?? null,
      limit: r.responseLimit,
      unit: r.responseLimitUnit,
      state,
      now: now.toISOString(),
      timeZone: zone,
      reviews: reviews.map(({ review, round }, i) => ({
        number: i + 1,
        round,
        quality: review.quality,
        contribution: review.contribution,
        originality: review.originality,
        final: review.final,
        decision: decisionLabel(review.final),
        comments: { author: review.commentsAuthor },
      })),
      response: response
        ? {
            text: response.text,
            submitted: response.submitted,
            submittedAt: response.submittedAt?.toISOString() ?? null,
            updatedAt: response.updatedAt.toISOString(),
          }
        : null,
    };
  }
}
