import { Inject, Injectable } from '@nestjs/common';
import type { ProgrammeSessionView } from '@symposium/domain';
import { desc } from 'drizzle-orm';
import type { AuthUser } from '../common/auth-user.js';
import { DB, type Db, type Executor } from '../database/database.js';
import { programmeVersionsTable } from '../modules/programme/programme.table.js';

/** Whether the user is a session chair of this technical session (in the version it comes from). */
function chairedBy(s: ProgrammeSessionView, userId: number): boolean {
  return s.kind === 'technical' && s.responsables.some((c) => c._id === userId);
}

/**
 * Which papers are in the technical sessions a session chair chairs, in the latest published programme
 * version: the papers module asks it for /ViewSessionPaper without depending on the programme module, which
 * itself depends on papers.
 */
@Injectable()
export class SessionPapersRead {
  constructor(@Inject(DB) private readonly db: Db) {}

  /**
   * Ids (among paperIds) of papers in one of the technical sessions the caller chairs in the published
   * version: what their screen shows is what they may open, whatever the draft says meanwhile.
   */
  async papersOfSessionChair(
    user: AuthUser,
    paperIds: number[],
    ex: Executor = this.db,
  ): Promise<Set<number>> {
    const wanted = new Set(paperIds);
    const [latest] = await ex
      .select({ snapshot: programmeVersionsTable.snapshot })
      .from(programmeVersionsTable)
      .orderBy(desc(programmeVersionsTable.version))
      .limit(1);
    const out = new Set<number>();
    for (const day of latest?.snapshot.days ?? [])
      for (const event of day.events)
        for (const s of event.sessions)
          if (chairedBy(s, user.id)) for (const p of s.papers) if (wanted.has(p._id)) out.add(p._id);
    return out;
  }
}
