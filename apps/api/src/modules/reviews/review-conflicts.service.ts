import { Injectable } from '@nestjs/common';
import { conflictPersonOf, detectConflicts, type ConflictPerson } from '@symposium/domain';
import type { Executor } from '../../database/database.js';
import { PapersService } from '../papers/papers.service.js';
import { UsersService, type UserRow } from '../users/users.service.js';
import { ReviewsRepository } from './reviews.repository.js';

/**
 * The one conflict-of-interest check that keeps a paper's reviews, discussion, author responses and
 * meta-reviews from a person (issue 25), whatever route reads them: the paper's authors, and anyone the
 * assignment's detection flags (same organization, institutional e-mail domain, co-authorship, a declared
 * conflict with an author, a 'conflict' bid), unless a chair overrode that conflict for the pair. Chairs and
 * track chairs are checked like reviewers. A handful of queries for any number of papers.
 */
@Injectable()
export class ReviewConflictsService {
  constructor(
    private readonly repo: ReviewsRepository,
    private readonly papers: PapersService,
    private readonly users: UsersService,
  ) {}

  /** The ids among paperIds on which the user has a conflict of interest or is an author. */
  async conflicted(user: UserRow, paperIds: number[], ex?: Executor): Promise<Set<number>> {
    if (!paperIds.length) return new Set();
    return this.conflictedWith(user, paperIds, await this.papers.authorPeopleOf(paperIds, ex), ex);
  }

  /** conflicted, for a user known by id (an unknown id is conflicted everywhere). */
  async conflictedOf(userId: number, paperIds: number[], ex?: Executor): Promise<Set<number>> {
    if (!paperIds.length) return new Set();
    const user = await this.users.findById(userId, ex);
    return user ? this.conflicted(user, paperIds, ex) : new Set(paperIds);
  }

  /** Whether the user has a conflict of interest on the paper (or is one of its authors). */
  async hasConflict(userId: number, paperId: number, ex?: Executor): Promise<boolean> {
    return (await this.conflictedOf(userId, [paperId], ex)).has(paperId);
  }

  /** conflicted, the papers' authors already read (a list reads them with its candidates). */
  async conflictedWith(
    user: UserRow,
    paperIds: number[],
    authors: { paperId: number; person: ConflictPerson }[],
    ex?: Executor,
  ): Promise<Set<number>> {
    const out = new Set<number>();
    if (!paperIds.length) return out;
    const byPaper = new Map<number, ConflictPerson[]>();
    for (const a of authors) {
      const list = byPaper.get(a.paperId);
      if (list) list.push(a.person);
      else byPaper.set(a.paperId, [a.person]);
    }
    const coauthored = await this.papers.coauthored(
      [user.id],
      [...new Set(authors.map((a) => a.person.id))],
      ex,
    );
    const declared = await this.repo.declaredConflictsOf([user.id], ex);
    const conflictBids = new Set(
      (await this.repo.bidsOf(user.id, ex)).filter((b) => b.bid === 'conflict').map((b) => b.paperId),
    );
    const overridden = new Set(
      (await this.repo.conflictOverrides(paperIds, [user.id], ex)).map((o) => o.paperId),
    );
    for (const paperId of paperIds) {
      const paperAuthors = byPaper.get(paperId) ?? [];
      if (paperAuthors.some((a) => a.id === user.id)) {
        out.add(paperId);
        continue;
      }
      const flags = detectConflicts({
        reviewer: conflictPersonOf(user),
        authors: paperAuthors,
        coauthored: coauthored
          .filter((c) => c.paperId !== paperId)
          .map((c) => ({ authorId: c.authorId, paperId: c.paperId, title: c.title })),
        declaredPeople: declared.map((d) => ({ userId: d.userId, reason: d.reason })),
        declaredPaper: conflictBids.has(paperId),
      });
      if (flags.length && !overridden.has(paperId)) out.add(paperId);
    }
    return out;
  }
}
