import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import {
  DISCUSSION_SPREAD_DEFAULT,
  managedTracks,
  mentionToken,
  mentionTokens,
  PAGE_SIZE,
  type AuthorDiscussionCommentDto,
  type DiscussionCommentDto,
  type DiscussionCountsDto,
  type DiscussionDto,
  type DiscussionListRowDto,
  type DiscussionReviewDto,
  type DiscussionVisibility,
  type ReviewVersionDto,
} from '@symposium/domain';
import type { AuthUser } from '../../common/auth-user.js';
import { APP_CONFIG, type AppConfig } from '../../config/config.js';
import { TransactionRunner } from '../../database/database.module.js';
import type { Executor } from '../../database/database.js';
import { DiscussionRead } from '../../reads/discussion.read.js';
import { OutboxService, type OutgoingMail } from '../outbox/outbox.service.js';
import { ChairPapersService } from '../papers/chair-papers.service.js';
import { PapersService, type PaperRow } from '../papers/papers.service.js';
import { UsersService, type UserRow } from '../users/users.service.js';
import { DiscussionRepository } from './discussion.repository.js';
import { DiscussionErrors } from './discussion.errors.js';
import { ReviewConflictsService } from './review-conflicts.service.js';
import { ReviewsRepository } from './reviews.repository.js';
import type { DiscussionCommentRow, ReviewRequestRow, ReviewRow, ReviewVersionRow } from './reviews.table.js';

/** The route prefix a discussion route was called under. */
export type DiscussionPrefix = 'chair' | 'cochair' | 'reviewer';
/** How the caller takes part in a paper's discussion. */
export type DiscussionView = 'chair' | 'trackChair' | 'reviewer';
type Role = DiscussionCommentDto['role'];

/** One person who may read a paper's discussion. */
interface Participant {
  id: number;
  firstName: string;
  lastName: string;
  email: string;
  role: Role;
  /** "Reviewer N" for the paper's reviewers. */
  alias: string | null;
}

/** What the access check answers: the paper, how the caller sees it, and everybody taking part. */
export interface PaperDiscussion {
  paper: PaperRow;
  view: DiscussionView;
  /** Reviewer id → "Reviewer N", stable per paper (order of their first request), declined ones included. */
  aliases: Map<number, string>;
}

const READ_BY: Record<DiscussionView, DiscussionVisibility[]> = {
  chair: ['reviewers', 'chairs', 'authors'],
  trackChair: ['reviewers', 'chairs', 'authors'],
  reviewer: ['reviewers', 'authors'],
};
const canRead = (view: DiscussionView | Role, v: DiscussionVisibility) =>
  view !== 'reviewer' || v !== 'chairs';

const HOUR_MS = 60 * 60 * 1000;
const LEASE_MS = 5 * 60 * 1000;
const DIGEST_BATCH = 50;
const DIGEST_COMMENTS = 500;

const nameOf = (u: { firstName: string; lastName: string }) => `${u.firstName} ${u.lastName}`.trim();

/**
 * The reviewer discussion of a paper (issue 25) and the review versions. One access check for every route:
 * chairs; track chairs of the paper's track; reviewers with a request (not declined) on the paper once they
 * submitted their review (before, when the track's discussionBeforeReview is on). The paper's authors and
 * anyone with a conflict of interest (the assignment's detection, minus the chairs' overrides) get the same
 * 404 as for a missing paper.
 */
/**
 * Whether a request lets its reviewer read the paper's discussion (without the track's "before review"
 * setting): a submitted review, or an accepted meta-review request — the meta-reviewer writes after the
 * discussion, so reads it from acceptance on, before the submitted meta-review makes the request "reviewed".
 */
const readsDiscussion = (r: ReviewRequestRow): boolean =>
  r.reviewed || (r.role === 'meta' && !r.waiting && !r.declined);

/**
 * The names reviewers go by where the authors' names are hidden: Reviewer 1, 2… in the order they were
 * asked (over every request of the paper, so a name never changes), and the meta-reviewer as "Meta-reviewer".
 */
export function reviewerAliases(requests: ReviewRequestRow[]): Map<number, string> {
  const aliases = new Map<number, string>();
  let n = 0;
  for (const r of requests)
    if (r.role === 'meta' && !aliases.has(r.reviewerId)) aliases.set(r.reviewerId, 'Meta-reviewer');
  for (const r of requests) if (!aliases.has(r.reviewerId)) aliases.set(r.reviewerId, `Reviewer ${++n}`);
  return aliases;
}

@Injectable()
export class DiscussionService implements OnModuleInit {
  constructor(
    private readonly repo: DiscussionRepository,
    private readonly reviews: ReviewsRepository,
    private readonly read: DiscussionRead,
    private readonly papers: PapersService,
    private readonly users: UsersService,
    private readonly outbox: OutboxService,
    private readonly tx: TransactionRunner,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly chairPapers: ChairPapersService,
    private readonly conflicts: ReviewConflictsService,
  ) {}

  /** The chairs' paper list gets its discussion column from here (the papers module cannot import this one). */
  onModuleInit(): void {
    this.chairPapers.provideDiscussionCounts((ids, prefix, caller) => this.countsFor(ids, prefix, caller));
  }

  // ----- access

  /** The access check of every discussion route; 404 alike for a missing paper and one out of reach. */
  async access(
    paperId: number,
    prefix: DiscussionPrefix,
    caller: AuthUser,
    ex?: Executor,
  ): Promise<PaperDiscussion> {
    const paper = await this.papers.findById(paperId, ex);
    if (!paper || paper.isDeleted) throw DiscussionErrors.paperNotFound();
    let view: DiscussionView;
    if (prefix === 'reviewer') {
      const requests = await this.repo.requestsOfReviewer(caller.id, [paperId], ex);
      if (!requests.length) throw DiscussionErrors.paperNotFound();
      const submitted = requests.some(readsDiscussion);
      if (!submitted && !(await this.read.openBeforeReview([paper.trackId], ex)).has(paper.trackId))
        throw DiscussionErrors.paperNotFound();
      view = 'reviewer';
    } else {
      const scope = managedTracks(caller.roles, prefix);
      if (scope && !scope.includes(paper.trackId)) throw DiscussionErrors.paperNotFound();
      view = scope === null ? 'chair' : 'trackChair';
    }
    if (await this.conflicts.hasConflict(caller.id, paperId, ex)) throw DiscussionErrors.paperNotFound();
    const aliases = reviewerAliases(await this.repo.requestsOfPaper(paperId, ex));
    return { paper, view, aliases };
  }

  /**
   * Everybody who may read the paper's 'reviewers' comments: its reviewers with access, the track chairs of
   * its track and the chairs, less the paper's authors and anyone with a conflict of interest.
   */
  async participants(d: PaperDiscussion, ex?: Executor): Promise<Participant[]> {
    const requests = (await this.repo.requestsOfPaper(d.paper.id, ex)).filter((r) => !r.declined);
    const open = (await this.read.openBeforeReview([d.paper.trackId], ex)).has(d.paper.trackId);
    const reviewerIds = [
      ...new Set(
        requests
          .filter((r) => open || requests.some((x) => x.reviewerId === r.reviewerId && readsDiscussion(x)))
          .map((r) => r.reviewerId),
      ),
    ];
    const reviewers = await this.users.findByIds(reviewerIds, ex);
    const chairs = await this.read.chairsOfTrack(d.paper.trackId, ex);
    const out = new Map<number, Participant>();
    for (const c of chairs) out.set(c.id, { ...c, alias: null });
    for (const r of reviewers)
      if (!out.has(r.id))
        out.set(r.id, {
          id: r.id,
          firstName: r.firstName,
          lastName: r.lastName,
          email: r.email,
          role: 'reviewer',
          alias: d.aliases.get(r.id) ?? null,
        });
    const everyone = await this.users.findByIds([...out.keys()], ex);
    const kept: Participant[] = [];
    for (const u of everyone) {
      if (u.lockStatus) continue;
      if ((await this.conflicts.conflicted(u, [d.paper.id], ex)).has(d.paper.id)) continue;
      kept.push(out.get(u.id)!);
    }
    return kept.sort((a, b) => a.id - b.id);
  }

  /** The name of `who` as a caller of this view sees it. */
  private seenAs(
    who: { firstName: string; lastName: string; id: number },
    role: Role,
    view: DiscussionView | Role,
    alias: string | null,
  ): string {
    if (role === 'reviewer' && view === 'reviewer') return alias ?? 'Reviewer';
    if (role === 'reviewer' && alias) return `${nameOf(who)} (${alias})`;
    return nameOf(who);
  }

  /** The tokens a viewer may write after '@' for a participant. */
  private tokensFor(p: Participant, view: DiscussionView): string[] {
    if (p.role === 'reviewer' && view === 'reviewer') return p.alias ? [mentionToken(p.alias)] : [];
    const names = [mentionToken(nameOf(p))];
    if (p.role === 'reviewer' && p.alias) names.push(mentionToken(p.alias));
    return names;
  }

  // ----- the thread

  /** The paper's discussion as the caller may read it; reading it moves the caller's read mark. */
  async thread(paperId: number, prefix: DiscussionPrefix, caller: AuthUser): Promise<DiscussionDto> {
    const d = await this.access(paperId, prefix, caller);
    const comments = await this.repo.commentsOfPaper(paperId, READ_BY[d.view]);
    const participants = await this.participants(d);
    const lastRead = await this.repo.lastRead(caller.id, paperId);
    const dtos = await this.commentDtos(d, comments, participants, caller.id, lastRead);
    const last = comments.at(-1)?.id ?? 0;
    if (last > lastRead) await this.repo.markRead(caller.id, paperId, last);
    return {
      paper: { _id: d.paper.id, title: d.paper.title, track: d.paper.trackId },
      comments: dtos,
      participants: participants
        .filter((p) => p.id !== caller.id)
        .flatMap((p) =>
          this.tokensFor(p, d.view)
            .slice(0, 1)
            .map((mention) => ({ mention, name: this.seenAs(p, p.role, d.view, p.alias), role: p.role })),
        ),
      lastRead,
      unread: dtos.filter((c) => c.unread).length,
      canPostChairsOnly: d.view !== 'reviewer',
    };
  }

  private async commentDtos(
    d: PaperDiscussion,
    comments: DiscussionCommentRow[],
    participants: Participant[],
    callerId: number,
    lastRead: number,
  ): Promise<DiscussionCommentDto[]> {
    const ids = new Set<number>();
    for (const c of comments) {
      ids.add(c.authorId);
      for (const m of c.mentions) ids.add(m);
    }
    const users = new Map((await this.users.findByIds([...ids])).map((u) => [u.id, u]));
    const roleOf = (id: number): Role => {
      const p = participants.find((x) => x.id === id);
      if (p) return p.role;
      if (d.aliases.has(id)) return 'reviewer';
      const u = users.get(id);
      return u && (u.isChair || u.isAdmin) ? 'chair' : 'trackChair';
    };
    const label = (id: number) => {
      const u = users.get(id);
      const role = roleOf(id);
      return u ? this.seenAs(u, role, d.view, d.aliases.get(id) ?? null) : 'Former participant';
    };
    return comments.map((c) => ({
      _id: c.id,
      paper: c.paperId,
      author: label(c.authorId),
      role: roleOf(c.authorId),
      mine: c.authorId === callerId,
      visibility: c.visibility,
      text: c.text,
      mentions: c.mentions.map(label),
      createdAt: c.createdAt.toISOString(),
      unread: c.authorId !== callerId && c.id > lastRead,
    }));
  }

  /** Posts a comment; mentioned participants who may read it get an e-mail in the same transaction. */
  async post(
    paperId: number,
    prefix: DiscussionPrefix,
    input: { text: string; visibility: DiscussionVisibility },
    caller: AuthUser,
  ): Promise<DiscussionCommentDto> {
    const text = input.text.trim();
    if (!text) throw DiscussionErrors.textRequired();
    const comment = await this.tx.run(async (tx) => {
      const d = await this.access(paperId, prefix, caller, tx);
      if (d.view === 'reviewer' && input.visibility === 'chairs') throw DiscussionErrors.reviewerChairsOnly();
      const participants = await this.participants(d, tx);
      const tokens = new Set(mentionTokens(text));
      const mentioned = participants.filter(
        (p) =>
          p.id !== caller.id &&
          canRead(p.role, input.visibility) &&
          this.tokensFor(p, d.view).some((t) => tokens.has(t.toLowerCase())),
      );
      // One comment at a time from here to the commit: the digest marks never pass a comment still to commit.
      await this.repo.lockCommentOrder(tx);
      const row = await this.repo.insertComment(
        {
          paperId,
          trackId: d.paper.trackId,
          authorId: caller.id,
          visibility: input.visibility,
          text,
          mentions: mentioned.map((m) => m.id),
        },
        tx,
      );
      const author = participants.find((p) => p.id === caller.id);
      const me = await this.users.findById(caller.id, tx);
      const authorRole: Role = author?.role ?? (d.view === 'reviewer' ? 'reviewer' : d.view);
      for (const m of mentioned)
        await this.outbox.enqueue(
          this.mentionMail(
            d,
            row,
            m,
            me ? this.seenAs(me, authorRole, m.role, d.aliases.get(caller.id) ?? null) : 'Someone',
          ),
          tx,
        );
      // Everybody else who may read it gets it in their next digest (the author's own comments never).
      const readers = participants.filter((p) => p.id !== caller.id && canRead(p.role, input.visibility));
      await this.repo.ensureDigests(
        readers.map((p) => p.id),
        row.id,
        tx,
      );
      await this.repo.markRead(caller.id, paperId, row.id, tx);
      return row;
    });
    const d = await this.access(paperId, prefix, caller);
    const [dto] = await this.commentDtos(d, [comment], await this.participants(d), caller.id, comment.id);
    return dto!;
  }

  /** The link a participant follows to a paper's discussion. */
  private link(paperId: number, role: Role): string {
    const base = this.config.publicUrl.replace(/\/$/, '');
    return role === 'reviewer'
      ? `${base}/ReviewPaper/${paperId}`
      : `${base}/chair/ViewPaperReviews/${paperId}`;
  }

  private mentionMail(
    d: PaperDiscussion,
    c: DiscussionCommentRow,
    to: Participant,
    author: string,
  ): OutgoingMail {
    return {
      kind: 'discussion-mention',
      to: [to.email],
      userId: to.id,
      paperId: d.paper.id,
      subject: `You were mentioned in the discussion of paper #${d.paper.id}`,
      text: [
        `Dear ${nameOf(to)},`,
        '',
        `${author} mentioned you in the discussion of paper #${d.paper.id} "${d.paper.title}":`,
        '',
        c.text,
        '',
        `Read and answer: ${this.link(d.paper.id, to.role)}`,
      ].join('\n'),
    };
  }

  /** Moves the caller's read mark to `through` (default: the paper's last comment the caller may read). */
  async markRead(
    paperId: number,
    prefix: DiscussionPrefix,
    through: number | undefined,
    caller: AuthUser,
  ): Promise<{ lastRead: number; unread: number }> {
    const d = await this.access(paperId, prefix, caller);
    const comments = await this.repo.commentsOfPaper(paperId, READ_BY[d.view]);
    const last = comments.at(-1)?.id ?? 0;
    const mark = through === undefined ? last : Math.min(through, last);
    if (mark > 0) await this.repo.markRead(caller.id, paperId, mark);
    const lastRead = await this.repo.lastRead(caller.id, paperId);
    return {
      lastRead,
      unread: comments.filter((c) => c.authorId !== caller.id && c.id > lastRead).length,
    };
  }

  /**
   * The comments to the authors, for an author of the paper once its reviews are released to the authors
   * (authorViewReviewEnabled, as GET /api/author/papers/{id}/reviews); 404 alike otherwise.
   */
  async forAuthor(paperId: number, caller: AuthUser): Promise<AuthorDiscussionCommentDto[]> {
    const paper = await this.papers.findById(paperId);
    const isAuthor =
      paper && !paper.isDeleted && (await this.papers.authoredAmong(caller.id, [paperId])).has(paperId);
    if (!paper || !isAuthor || !paper.authorViewReviewEnabled) throw DiscussionErrors.paperNotFound();
    return (await this.repo.commentsOfPaper(paperId, ['authors'])).map((c) => ({
      _id: c.id,
      author: 'Programme committee',
      text: c.text,
      createdAt: c.createdAt.toISOString(),
    }));
  }

  // ----- unread counts for lists

  /**
   * Unread comments per paper for the caller, for a list page: one statement for the counts, a handful for
   * access (requests, track settings, conflicts); papers out of reach count 0, so a list never leaks.
   */
  async unreadFor(
    paperIds: number[],
    prefix: DiscussionPrefix,
    caller: AuthUser,
  ): Promise<Record<number, number>> {
    const ids = [...new Set(paperIds)];
    const out: Record<number, number> = Object.fromEntries(ids.map((id) => [id, 0]));
    const { allowed, view } = await this.readableAmong(ids, prefix, caller);
    for (const [paperId, n] of await this.repo.unreadCounts(caller.id, allowed, READ_BY[view]))
      out[paperId] = n;
    return out;
  }

  /**
   * The discussion column of a list page (reviewer console, chairs' paper list): per paper the comments the
   * caller may read and the unread ones, null where the caller may not read the discussion (not yet a
   * reader, outside their tracks, a conflict of interest). The same access rules as the discussion routes;
   * one statement for the counts and a handful for access, whatever the page size.
   */
  async countsFor(
    paperIds: number[],
    prefix: DiscussionPrefix,
    caller: AuthUser,
  ): Promise<Map<number, DiscussionCountsDto | null>> {
    const ids = [...new Set(paperIds)];
    const out = new Map<number, DiscussionCountsDto | null>(ids.map((id) => [id, null]));
    const { allowed, view } = await this.readableAmong(ids, prefix, caller);
    const counts = await this.repo.discussionCounts(caller.id, allowed, READ_BY[view]);
    for (const id of allowed) out.set(id, counts.get(id) ?? { comments: 0, unread: 0 });
    return out;
  }

  /** The papers among `ids` whose discussion the caller may read (the access check for many papers at once). */
  private async readableAmong(
    ids: number[],
    prefix: DiscussionPrefix,
    caller: AuthUser,
  ): Promise<{ allowed: number[]; view: DiscussionView }> {
    const none = (): { allowed: number[]; view: DiscussionView } => ({
      allowed: [],
      view: prefix === 'reviewer' ? 'reviewer' : 'chair',
    });
    if (!ids.length) return none();
    const papers = (await this.papers.findByIds(ids)).filter((p) => !p.isDeleted);
    let reachable: PaperRow[];
    let view: DiscussionView;
    if (prefix === 'reviewer') {
      const requests = await this.repo.requestsOfReviewer(caller.id, ids);
      const open = await this.read.openBeforeReview([...new Set(papers.map((p) => p.trackId))]);
      reachable = papers.filter((p) =>
        requests.some((r) => r.paperId === p.id && (readsDiscussion(r) || open.has(p.trackId))),
      );
      view = 'reviewer';
    } else {
      const scope = managedTracks(caller.roles, prefix);
      reachable = papers.filter((p) => !scope || scope.includes(p.trackId));
      view = scope === null ? 'chair' : 'trackChair';
    }
    if (!reachable.length) return none();
    const user = await this.users.findById(caller.id);
    if (!user) return none();
    const conflicted = await this.conflicts.conflicted(
      user,
      reachable.map((p) => p.id),
    );
    return { allowed: reachable.filter((p) => !conflicted.has(p.id)).map((p) => p.id), view };
  }

  /** The chairs' discussion list (track chairs: their tracks), most recent activity first. */
  async list(
    q: { track?: number; threshold?: number; disagreement?: boolean; cp?: number; pg?: number },
    prefix: 'chair' | 'cochair',
    caller: AuthUser,
  ): Promise<{ count: number; data: DiscussionListRowDto[] }> {
    const scope = managedTracks(caller.roles, prefix);
    const threshold = q.threshold ?? DISCUSSION_SPREAD_DEFAULT;
    const user = await this.users.findById(caller.id);
    // the candidates and their authors in one statement, then the caller's conflicts over them
    const candidates = await this.read.candidateAuthors(scope, q.track);
    const exclude = user
      ? [...(await this.conflicts.conflictedWith(user, candidates.paperIds, candidates.authors))]
      : candidates.paperIds;
    const limit = q.pg ?? PAGE_SIZE;
    const { count, rows } = await this.read.list({
      scope,
      track: q.track,
      threshold,
      disagreement: q.disagreement,
      userId: caller.id,
      exclude,
      offset: ((q.cp ?? 1) - 1) * limit,
      limit,
    });
    return {
      count,
      data: rows.map((r) => ({
        paper: r.paperId,
        title: r.title,
        track: r.trackId,
        trackName: r.trackName,
        comments: r.comments,
        lastCommentAt: r.lastCommentAt?.toISOString() ?? null,
        unread: r.unread,
        reviews: r.reviews,
        spread: r.spread === null ? null : Number(r.spread),
        disagreement: r.spread !== null && Number(r.spread) >= threshold,
      })),
    };
  }

  // ----- reviews and their versions

  /**
   * The paper's submitted reviews with every version and what changed between consecutive versions. Reviewers
   * see the others as "Reviewer N" and never another reviewer's comments to the chairs.
   */
  async reviewsOf(
    paperId: number,
    prefix: DiscussionPrefix,
    caller: AuthUser,
  ): Promise<DiscussionReviewDto[]> {
    const d = await this.access(paperId, prefix, caller);
    const rows = await this.reviews.reviewsOfPaper(paperId, { includeDrafts: false });
    const versions = await this.repo.versionsOfReviews(rows.map((r) => r.id));
    const users = new Map((await this.users.findByIds(rows.map((r) => r.reviewerId))).map((u) => [u.id, u]));
    return rows.map((r) => {
      const mine = r.reviewerId === caller.id;
      const withChair = d.view !== 'reviewer' || mine;
      const kept = versions.filter((v) => v.reviewId === r.id);
      // A review recorded in bulk (demo, import) has no version row yet: its current state is version 1.
      const own = kept.length ? kept : [versionOf(r)];
      const u = users.get(r.reviewerId);
      const alias = d.aliases.get(r.reviewerId) ?? 'Reviewer';
      return {
        _id: r.id,
        reviewer: d.view === 'reviewer' || !u ? alias : `${nameOf(u)} (${alias})`,
        mine,
        revised: own.length > 1,
        versions: own.map((v, i) => toVersionDto(v, own[i - 1], withChair)),
      };
    });
  }

  // ----- digest

  /**
   * One digest pass (the scheduler ticks it every minute): claims the due digests (a comment above their mark,
   * none sent within the hour), and per person, in one transaction, queues one e-mail listing the new
   * comments they may read and moves the mark — only while the claim is still theirs, so two processes send
   * each digest exactly once.
   */
  async runDigests(now = new Date()): Promise<{ sent: number }> {
    let sent = 0;
    const claimed = await this.repo.claimDigests(
      now,
      new Date(now.getTime() + LEASE_MS),
      new Date(now.getTime() - HOUR_MS),
      DIGEST_BATCH,
    );
    for (const row of claimed) {
      const lease = row.leaseUntil!;
      const comments = await this.repo.commentsAfter(row.notifiedThroughCommentId, DIGEST_COMMENTS);
      const through = comments.at(-1)?.id ?? row.notifiedThroughCommentId;
      const user = await this.users.findById(row.userId);
      const items = user && !user.lockStatus ? await this.readableFor(user, comments) : [];
      await this.tx.run(async (tx) => {
        if (!(await this.repo.finishDigest(row.userId, lease, through, items.length ? now : null, tx)))
          return;
        if (items.length && user) {
          await this.outbox.enqueue(this.digestMail(user, items), tx);
          sent++;
        }
      });
    }
    return { sent };
  }

  /** The comments (not their own) a user may read now, with the paper and the name the user sees. */
  private async readableFor(user: UserRow, comments: DiscussionCommentRow[]) {
    const out: { paper: PaperRow; role: Role; author: string; comment: DiscussionCommentRow }[] = [];
    const byPaper = new Map<number, DiscussionCommentRow[]>();
    for (const c of comments)
      if (c.authorId !== user.id) byPaper.set(c.paperId, [...(byPaper.get(c.paperId) ?? []), c]);
    if (!byPaper.size) return out;
    const papers = (await this.papers.findByIds([...byPaper.keys()])).filter((p) => !p.isDeleted);
    const conflicted = await this.conflicts.conflicted(
      user,
      papers.map((p) => p.id),
    );
    const authors = new Map(
      (await this.users.findByIds([...new Set(comments.map((c) => c.authorId))])).map((u) => [u.id, u]),
    );
    for (const paper of papers) {
      if (conflicted.has(paper.id)) continue;
      const participants = await this.participants({
        paper,
        view: 'chair',
        aliases: await this.aliasesOf(paper.id),
      });
      const me = participants.find((p) => p.id === user.id);
      if (!me) continue;
      const aliases = await this.aliasesOf(paper.id);
      for (const c of byPaper.get(paper.id)!) {
        if (!canRead(me.role, c.visibility)) continue;
        const a = authors.get(c.authorId);
        const role: Role = aliases.has(c.authorId)
          ? 'reviewer'
          : a && (a.isChair || a.isAdmin)
            ? 'chair'
            : 'trackChair';
        out.push({
          paper,
          role: me.role,
          author: a ? this.seenAs(a, role, me.role, aliases.get(c.authorId) ?? null) : 'Former participant',
          comment: c,
        });
      }
    }
    return out.sort((a, b) => a.comment.id - b.comment.id);
  }

  /** The names the paper's reviewers go by in its discussion, its digests and the meta-review screen. */
  async aliasesOf(paperId: number, ex?: Executor): Promise<Map<number, string>> {
    return reviewerAliases(await this.repo.requestsOfPaper(paperId, ex));
  }

  private digestMail(
    user: UserRow,
    items: { paper: PaperRow; role: Role; author: string; comment: DiscussionCommentRow }[],
  ): OutgoingMail {
    const lines = [`Dear ${nameOf(user)},`, '', 'New comments in the discussions you take part in:'];
    let paperId = 0;
    for (const i of items) {
      if (i.paper.id !== paperId) {
        paperId = i.paper.id;
        lines.push('', `Paper #${i.paper.id} "${i.paper.title}" — ${this.link(i.paper.id, i.role)}`);
      }
      lines.push(
        `- ${i.author}: ${i.comment.text.length > 300 ? `${i.comment.text.slice(0, 300)}…` : i.comment.text}`,
      );
    }
    return {
      kind: 'discussion-digest',
      to: [user.email],
      userId: user.id,
      paperId: items.length === 1 ? items[0]!.paper.id : null,
      subject: `${items.length} new discussion comment${items.length === 1 ? '' : 's'}`,
      text: lines.join('\n'),
    };
  }
}

const versionOf = (r: ReviewRow): ReviewVersionRow => ({
  id: 0,
  reviewId: r.id,
  paperId: r.paperId,
  version: 1,
  quality: r.quality,
  contribution: r.contribution,
  originality: r.originality,
  final: r.final,
  commentsAuthor: r.commentsAuthor,
  commentsChair: r.commentsChair,
  submittedBy: r.submittedBy,
  createdAt: r.submittedAt ?? r.updatedAt,
});

const change = <T>(prev: T | undefined, next: T, first: boolean) => ({
  changed: !first && prev !== next,
  old: (first ? next : prev) as T,
  new: next,
});

function toVersionDto(
  v: ReviewVersionRow,
  prev: ReviewVersionRow | undefined,
  withChair: boolean,
): ReviewVersionDto {
  const first = !prev;
  const dto: ReviewVersionDto = {
    version: v.version,
    createdAt: v.createdAt.toISOString(),
    scores: { quality: v.quality, contribution: v.contribution, originality: v.originality, final: v.final },
    comments: withChair ? { author: v.commentsAuthor, chair: v.commentsChair } : { author: v.commentsAuthor },
    changes: first
      ? null
      : {
          quality: change(prev.quality, v.quality, false),
          contribution: change(prev.contribution, v.contribution, false),
          originality: change(prev.originality, v.originality, false),
          final: change(prev.final, v.final, false),
          commentsAuthor: change(prev.commentsAuthor, v.commentsAuthor, false),
          ...(withChair ? { commentsChair: change(prev.commentsChair, v.commentsChair, false) } : {}),
        },
  };
  return dto;
}
