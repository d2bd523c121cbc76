import { Injectable } from '@nestjs/common';
import {
  decisionLabel,
  formatShortInZone,
  knownZone,
  requestState,
  type ReviewRequestState,
} from '@symposium/domain';
import { ReportFiguresRead } from '../../reads/report-figures.read.js';
import { ConferenceService } from '../conference/conference.service.js';
import { escapeHtml } from '../documents/html.js';
import { ChairPapersService } from '../papers/chair-papers.service.js';
import { PAPER_QUERY_MESSAGES } from '../papers/paper-filters.js';
import { PapersErrors } from '../papers/papers.errors.js';
import { ReviewConflictsService } from '../reviews/review-conflicts.service.js';
import { ReviewListsService } from '../reviews/review-lists.service.js';
import { ReviewRoundsService } from '../reviews/review-rounds.service.js';
import { StatusesService } from '../tracks/statuses.service.js';
import { TracksService } from '../tracks/tracks.service.js';

/** The tracks a caller reaches: null = every track. */
type TrackScope = number[] | null;

export interface PaperReviewerAssignment {
  paperId: number;
  title: string;
  reviewers: {
    _id: number;
    name: string;
    email: string;
    state: ReviewRequestState;
    isCameraReady: boolean;
  }[];
}

type Selection = { ids?: unknown; filters?: unknown; search?: unknown; sort?: unknown };

const STYLE =
  'body{font-family:sans-serif;margin:2em;line-height:1.4}section{border-bottom:1px solid #ccc;padding-bottom:1em;margin-bottom:1em}' +
  'article{margin:0 0 1em 1em}th{text-align:left;vertical-align:top;padding-right:1em}.text{white-space:pre-wrap}';

/**
 * The two review views of a paper selection (ids, or filters and search, as the paper exports take them):
 * POST /papers/export/htmlreview (the submitted reviews as one escaped html page) and GET
 * /papers/bulk/assign/reviewers (who is asked to review each paper, and the request's state). The papers
 * come from the chair papers service (scoped to the caller's tracks), the reviews from the reviews module.
 */
@Injectable()
export class PaperReviewsExportService {
  constructor(
    private readonly chairPapers: ChairPapersService,
    private readonly reviews: ReviewListsService,
    private readonly conflicts: ReviewConflictsService,
    private readonly rounds: ReviewRoundsService,
    private readonly tracks: TracksService,
    private readonly statuses: StatusesService,
    private readonly figures: ReportFiguresRead,
    private readonly conference: ConferenceService,
  ) {}

  /**
   * The submitted reviews (no drafts) of the selected papers not deleted, with the reviewers' names; a paper on
   * which the caller has a conflict of interest is listed without its reviews (issue 25).
   */
  async htmlReviews(scope: TrackScope, body: Selection, callerId: number): Promise<string> {
    const papers = await this.chairPapers.select(scope, body);
    const conflicted = await this.conflicts.conflictedOf(
      callerId,
      papers.map((p) => p.id),
    );
    const reviews = await this.reviews.submittedReviewsOfPapers(
      papers.map((p) => p.id).filter((id) => !conflicted.has(id)),
      scope,
    );
    const tracks = await this.tracks.namesOf([...new Set(papers.map((p) => p.trackId))]);
    const roundNames = await this.rounds.roundNamesOfRequests(reviews.map((r) => r.review.requestId));
    const statuses = new Map((await this.statuses.list()).map((s) => [s._id, s.text]));
    const zone = knownZone((await this.conference.get()).timeZone);
    const e = escapeHtml;
    const line = (label: string, value: string) => `<tr><th>${e(label)}</th><td>${value}</td></tr>`;
    const score = (v: number | null) => (v === null ? '' : String(v));
    const sections = papers
      .filter((p) => !p.isDeleted)
      .map((p) => {
        const mine = reviews.filter((r) => r.review.paperId === p.id);
        const articles = mine.map((r, i) => {
          const v = r.review;
          return [
            `<article id="review-${v.id}">`,
            `<h3>Review ${i + 1}${v.isCameraReady ? ' (camera-ready)' : ''}</h3>`,
            '<table>',
            line('Reviewer', e(`${r.firstName} ${r.lastName} <${r.email}>`)),
            line('Round', e(roundNames.get(v.requestId) ?? '')),
            line('Quality', score(v.quality)),
            line('Contribution', score(v.contribution)),
            line('Originality', score(v.originality)),
            line('Decision', e(decisionLabel(v.final))),
            line('Submitted', e(formatShortInZone(v.submittedAt, zone))),
            line('Comments to the authors', `<div class="text">${e(v.commentsAuthor)}</div>`),
            line('Comments to the chairs', `<div class="text">${e(v.commentsChair)}</div>`),
            '</table>',
            '</article>',
          ].join('\n');
        });
        const hidden = conflicted.has(p.id);
        return [
          `<section id="paper-${p.id}">`,
          `<h2>${p.id}. ${e(p.title)}</h2>`,
          '<table>',
          line('Track', e(tracks.get(p.trackId) ?? '')),
          line('Status', e(p.statusId === null ? '' : (statuses.get(p.statusId) ?? ''))),
          ...(hidden ? [] : [line('Submitted reviews', String(mine.length))]),
          '</table>',
          hidden
            ? '<p>Reviews not shown: you have a conflict of interest with this paper.</p>'
            : articles.length
              ? articles.join('\n')
              : '<p>No submitted reviews.</p>',
          '</section>',
        ].join('\n');
      });
    return [
      '<!DOCTYPE html>',
      '<html lang="en"><head><meta charset="utf-8">',
      '<title>Reviews</title>',
      `<style>${STYLE}</style>`,
      '</head><body>',
      '<h1>Reviews</h1>',
      ...(sections.length ? sections : ['<p>No papers.</p>']),
      '</body></html>',
    ].join('\n');
  }

  /** The review requests of the selected papers, by paper, with each reviewer's name, e-mail and request state. */
  async assignments(scope: TrackScope, query: Record<string, unknown>): Promise<PaperReviewerAssignment[]> {
    const papers = await this.chairPapers.select(scope, selectionOfQuery(query));
    const requests = await this.reviews.requestsWithNames(
      await this.figures.requestIdsOfPapers(papers.map((p) => p.id)),
    );
    return papers.map((p) => ({
      paperId: p.id,
      title: p.title,
      reviewers: requests
        .filter((r) => r.request.paperId === p.id)
        .map((r) => ({
          _id: r.request.reviewerId,
          name: `${r.firstName} ${r.lastName}`.trim(),
          email: r.email,
          state: requestState(r.request),
          isCameraReady: r.request.isCameraReady,
        })),
    }));
  }
}

/**
 * A selection given in a query string: ids=1,2,3 (or repeated ids), filters as JSON (the array of the paper
 * query), search as text. Anything else is refused like the JSON body's (400, nothing read).
 */
export function selectionOfQuery(query: Record<string, unknown>): Selection {
  const out: Selection = {};
  const invalidIds = () => PapersErrors.invalidQuery(PAPER_QUERY_MESSAGES.invalidIdsList);
  if (query.ids !== undefined) {
    const parts = (Array.isArray(query.ids) ? query.ids : [query.ids]).flatMap((v) =>
      typeof v === 'string' ? v.split(',') : [v],
    );
    if (parts.some((v) => typeof v !== 'string' || !/^\s*\d{1,10}\s*$/.test(v))) throw invalidIds();
    out.ids = parts.map((v) => Number(v));
  }
  if (query.filters !== undefined) {
    if (typeof query.filters !== 'string')
      throw PapersErrors.invalidQuery(PAPER_QUERY_MESSAGES.invalidFilters);
    try {
      out.filters = JSON.parse(query.filters);
    } catch {
      throw PapersErrors.invalidQuery(PAPER_QUERY_MESSAGES.invalidFilters);
    }
  }
  if (query.search !== undefined) out.search = query.search;
  if (query.sort !== undefined) {
    if (typeof query.sort !== 'string') throw PapersErrors.invalidQuery(PAPER_QUERY_MESSAGES.invalidFilters);
    try {
      out.sort = JSON.parse(query.sort);
    } catch {
      out.sort = query.sort;
    }
  }
  return out;
}
