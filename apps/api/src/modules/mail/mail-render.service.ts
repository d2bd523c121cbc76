import { Inject, Injectable } from '@nestjs/common';
import {
  parseTemplate,
  placeholderInfo,
  renderTemplate,
  TemplateError,
  type ParsedTemplate,
} from '@symposium/domain';
import { APP_CONFIG, type AppConfig } from '../../config/config.js';
import type { Executor } from '../../database/database.js';
import { ConferenceService } from '../conference/conference.service.js';
import { PapersService } from '../papers/papers.service.js';
import { AuthorResponsesService } from '../reviews/author-responses.service.js';
import { ReviewListsService } from '../reviews/review-lists.service.js';
import { StatusesService } from '../tracks/statuses.service.js';
import { TracksService } from '../tracks/tracks.service.js';
import { UsersService } from '../users/users.service.js';
import {
  placeholderValues,
  type ConferenceValues,
  type MailContext,
  type PaperValues,
  type RenderedMail,
  type RenderError,
  type RequestValues,
} from './mail-render.values.js';

export type { MailContext, RenderedMail, RenderError } from './mail-render.values.js';
export { withSignature, formatDeadline } from './mail-render.values.js';

/** Ids per IN (...) list: well under the bound-parameter limit of either database. */
const CHUNK = 5_000;

async function chunked<T>(ids: number[], load: (part: number[]) => Promise<T[]>): Promise<T[]> {
  const out: T[] = [];
  for (let i = 0; i < ids.length; i += CHUNK) out.push(...(await load(ids.slice(i, i + CHUNK))));
  return out;
}

const uniq = (ids: (number | null | undefined)[]): number[] => [
  ...new Set(ids.filter((x): x is number => typeof x === 'number')),
];

/**
 * Renders a template (subject and text with placeholders) for many recipients: everything the placeholders
 * need is read in a few set-based queries (users, papers and their authors, tracks, statuses, reviews,
 * review requests, the conference), never one query per message.
 */
@Injectable()
export class MailRenderService {
  constructor(
    private readonly users: UsersService,
    private readonly papers: PapersService,
    private readonly tracks: TracksService,
    private readonly statuses: StatusesService,
    private readonly conference: ConferenceService,
    private readonly reviews: ReviewListsService,
    private readonly responses: AuthorResponsesService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /**
   * Every context rendered (subject: one line; text as written; html escaped), or its error (an unknown or
   * malformed placeholder, a paper placeholder without a paper, a missing user or paper). Throws
   * TemplateError only when the template itself does not parse.
   */
  async renderAll(
    tpl: { subject: string; text: string },
    contexts: MailContext[],
    ex?: Executor,
  ): Promise<{ rendered: RenderedMail[]; errors: RenderError[] }> {
    let subject: ParsedTemplate;
    let text: ParsedTemplate;
    try {
      subject = parseTemplate(tpl.subject);
      text = parseTemplate(tpl.text);
    } catch (e) {
      if (e instanceof TemplateError)
        return { rendered: [], errors: contexts.map((ctx) => ({ ctx, email: '', message: e.message })) };
      throw e;
    }
    const names = new Set([...subject.names, ...text.names]);
    const scopes = new Set([...names].map((n) => placeholderInfo(n)?.scope));
    const needsPaper = scopes.has('paper');
    const needsReviews = names.has('paper.reviews');
    const needsRequest = scopes.has('review');

    // One after the other: inside a transaction the executor is a single connection.
    const conf = await this.conference.get(undefined, ex);
    const conference: ConferenceValues = {
      shortName: conf.shortName,
      fullName: conf.fullName,
      externalURL: conf.externalURL,
      timeZone: conf.timeZone || 'UTC',
      digitalConsentSigning: conf.digitalConsentSigning,
    };
    const users = new Map(
      (await chunked(uniq(contexts.map((c) => c.userId)), (p) => this.users.findByIds(p, ex))).map((u) => [
        u.id,
        u,
      ]),
    );

    const requests = new Map<number, RequestValues & { paperId: number }>();
    if (needsRequest) {
      const ids = uniq(contexts.map((c) => c.reviewRequestId));
      const rows = await chunked(ids, (p) => this.reviews.requestsWithNames(p, ex));
      for (const r of rows)
        requests.set(r.request.id, {
          id: r.request.id,
          replyDueAt: r.request.replyDueAt,
          dueAt: r.request.dueAt,
          paperId: r.request.paperId,
        });
    }
    const paperOf = (c: MailContext): number | null =>
      c.paperId ?? (c.reviewRequestId ? (requests.get(c.reviewRequestId)?.paperId ?? null) : null);

    const papers = new Map<number, PaperValues>();
    if (needsPaper) {
      const ids = uniq(contexts.map(paperOf));
      const rows = await chunked(ids, (p) => this.papers.findByIds(p, ex));
      const authorRows = await chunked(
        rows.map((r) => r.id),
        (p) => this.papers.authorUsersOf(p, ex),
      );
      const authors = new Map<number, string[]>();
      for (const a of authorRows) {
        const list = authors.get(a.paperId) ?? [];
        list.push(`${a.user.firstName} ${a.user.lastName}`.trim());
        authors.set(a.paperId, list);
      }
      const tracks = new Map((await this.tracks.list(null, ex)).map((t) => [t._id, t]));
      const statuses = await this.statuses.list(ex);
      const statusText = new Map(statuses.map((s) => [s._id, s.text]));
      const defaultStatus = statuses.find((s) => s.isDefault)?.text ?? '';
      const reviews = new Map<number, { final: number; commentsAuthor: string }[]>();
      if (needsReviews) {
        const open = rows.filter((r) => r.authorViewReviewEnabled).map((r) => r.id);
        for (const r of await chunked(open, (p) => this.reviews.submittedReviewsOfPapers(p, null, ex))) {
          const list = reviews.get(r.review.paperId) ?? [];
          list.push({ final: r.review.final, commentsAuthor: r.review.commentsAuthor });
          reviews.set(r.review.paperId, list);
        }
      }
      const windows =
        names.has('response.opens') || names.has('response.closes') || names.has('link.response')
          ? await this.responses.currentWindows(uniq(rows.map((r) => r.trackId)), new Date(), ex)
          : new Map<number, PaperValues['response']>();
      for (const row of rows) {
        const track = tracks.get(row.trackId);
        const a = track?.activities;
        papers.set(row.id, {
          id: row.id,
          title: row.title,
          trackId: row.trackId,
          trackName: track?.name ?? '',
          statusText: row.statusId === null ? defaultStatus : (statusText.get(row.statusId) ?? ''),
          authors: authors.get(row.id) ?? [],
          reviews: row.authorViewReviewEnabled ? (reviews.get(row.id) ?? []) : null,
          deadlines: {
            submission: a?.canSubmitPaper.deadline ?? null,
            edit: a?.canEditPaper.deadline ?? null,
            cameraReady: a?.canSubmitCameraReady.deadline ?? null,
            presentationReady: a?.canSubmitPresentationReady.deadline ?? null,
          },
          response: windows.get(row.trackId) ?? null,
        });
      }
    }

    const rendered: RenderedMail[] = [];
    const errors: RenderError[] = [];
    const publicUrl = this.config.publicUrl;
    for (const ctx of contexts) {
      const user = users.get(ctx.userId);
      if (!user) {
        errors.push({ ctx, email: '', message: 'The recipient does not exist' });
        continue;
      }
      const to = { firstName: user.firstName, lastName: user.lastName, email: user.email };
      const paperId = paperOf(ctx);
      const paper = paperId === null ? undefined : papers.get(paperId);
      if (needsPaper && paperId !== null && !paper) {
        errors.push({ ctx, email: user.email, message: 'Paper not found' });
        continue;
      }
      const request = ctx.reviewRequestId ? requests.get(ctx.reviewRequestId) : undefined;
      const values = placeholderValues({
        publicUrl,
        conference,
        recipient: to,
        paper,
        request,
        deadline: ctx.deadline,
      });
      try {
        rendered.push({
          ctx,
          to,
          subject: renderTemplate(subject, values, 'subject'),
          text: renderTemplate(text, values, 'text'),
          html: renderTemplate(text, values, 'html'),
        });
      } catch (e) {
        if (!(e instanceof TemplateError)) throw e;
        errors.push({ ctx, email: user.email, message: e.message });
      }
    }
    return { rendered, errors };
  }
}
