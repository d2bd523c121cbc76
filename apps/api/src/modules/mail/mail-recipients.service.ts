import { Injectable } from '@nestjs/common';
import type { PaperRecipients } from '@symposium/domain';
import { ChairPapersService } from '../papers/chair-papers.service.js';
import { PapersService, type PaperRow } from '../papers/papers.service.js';
import { UsersService, type UserRow } from '../users/users.service.js';
import type { ParsedSendRequest } from './dto/send-request.js';
import { MailErrors } from './mail.errors.js';

/** One message to be: a person, and the paper it is about (paper e-mails). key: `user` or `user:paper`. */
export interface Recipient {
  key: string;
  userId: number;
  paperId: number | null;
  user: UserRow;
}

const MAX_IDS = 50_000;

function userIds(v: unknown): number[] | undefined {
  if (v === undefined || v === null) return undefined;
  if (
    !Array.isArray(v) ||
    v.length > MAX_IDS ||
    v.some((x) => typeof x !== 'number' || !Number.isInteger(x) || x < 1 || x > 2_147_483_647)
  )
    throw MailErrors.sendInvalid('recipients.ids', 'The users must be given as a list of user ids');
  return [...new Set(v as number[])];
}

/**
 * Who a send reaches: the authors of papers chosen with the paper lists' filters or ids (the papers module's
 * own query and track scope), or users chosen with the user list's filters or ids — for a track chair only
 * people of their tracks (authors of their tracks' papers, their tracks' reviewers and track chairs).
 */
@Injectable()
export class MailRecipientsService {
  constructor(
    private readonly chairPapers: ChairPapersService,
    private readonly papers: PapersService,
    private readonly users: UsersService,
  ) {}

  async resolve(scope: number[] | null, sel: ParsedSendRequest['recipients']): Promise<Recipient[]> {
    return sel.kind === 'papers' ? this.ofPapers(scope, sel) : this.ofUsers(scope, sel);
  }

  private async ofPapers(
    scope: number[] | null,
    sel: { who: PaperRecipients; filters?: unknown; search?: unknown; ids?: unknown },
  ): Promise<Recipient[]> {
    let rows: PaperRow[] = await this.chairPapers.select(scope, {
      ids: sel.ids,
      filters: sel.filters,
      search: sel.search,
    });
    if (sel.who === 'registered') rows = rows.filter((p) => Boolean(p.registration?.id?.trim()));
    if (!rows.length) return [];
    const authors = await this.papers.authorUsersOf(rows.map((p) => p.id));
    const byPaper = new Map<number, UserRow[]>();
    for (const a of authors) {
      const list = byPaper.get(a.paperId) ?? [];
      list.push(a.user);
      byPaper.set(a.paperId, list);
    }
    const out: Recipient[] = [];
    const seen = new Set<string>();
    for (const p of rows) {
      const list = byPaper.get(p.id) ?? [];
      const people =
        sel.who === 'primaryAuthor'
          ? [list.find((u) => u.id === p.primaryAuthorId) ?? list[0]].filter((u): u is UserRow => Boolean(u))
          : list;
      for (const user of people) {
        const key = `${user.id}:${p.id}`;
        if (seen.has(key)) continue;
        seen.add(key);
        out.push({ key, userId: user.id, paperId: p.id, user });
      }
    }
    return out;
  }

  private async ofUsers(
    scope: number[] | null,
    sel: { filters?: unknown; ids?: unknown },
  ): Promise<Recipient[]> {
    const ids = userIds(sel.ids);
    let rows = ids ? await this.users.findByIds(ids) : await this.users.matching(sel.filters);
    if (ids) {
      const order = new Map(ids.map((id, i) => [id, i]));
      rows = [...rows].sort((a, b) => order.get(a.id)! - order.get(b.id)!);
    }
    if (scope !== null) {
      const inTracks = (tracks: number[]) => tracks.some((t) => scope.includes(t));
      const authorIds = new Set(
        (await this.papers.authorUsersOf((await this.papers.listOfTracks(scope)).map((p) => p.id))).map(
          (a) => a.user.id,
        ),
      );
      rows = rows.filter(
        (u) => authorIds.has(u.id) || inTracks(u.reviewerTracks) || inTracks(u.coChairTracks),
      );
    }
    return rows.map((user) => ({ key: `${user.id}`, userId: user.id, paperId: null, user }));
  }
}
