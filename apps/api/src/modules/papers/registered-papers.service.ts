import { Injectable } from '@nestjs/common';
import { isChairLike, type RegisteredPaperDto } from '@symposium/domain';
import type { Response } from 'express';
import type { AuthUser } from '../../common/auth-user.js';
import { SessionPapersRead } from '../../reads/session-papers.read.js';
import { UsersService } from '../users/users.service.js';
import { PaperFilesService } from './paper-files.service.js';
import { toRegisteredPaperDto } from './papers.mapper.js';
import { PapersRepository } from './papers.repository.js';
import type { PaperRow } from './papers.table.js';
import { PapersService } from './papers.service.js';
import { PapersErrors } from './papers.errors.js';

/**
 * /ViewSessionPaper: registered papers (registration with an id, not deleted) for chairs and registered
 * participants (users with isRegistered: the conference view), and for session chairs the papers of the
 * sessions assigned to them only.
 */
@Injectable()
export class RegisteredPapersService {
  constructor(
    private readonly papers: PapersService,
    private readonly files: PaperFilesService,
    private readonly repo: PapersRepository,
    private readonly users: UsersService,
    private readonly sessionPapers: SessionPapersRead,
  ) {}

  /**
   * Chairs and registered participants read every registered paper; a session chair (not registered) reads
   * the papers of their sessions, registered or not ('session') — another paper answers like a missing one;
   * anyone else 403.
   */
  async assertReader(user: AuthUser, paperId: number): Promise<'registered' | 'session'> {
    if (isChairLike(user.roles)) return 'registered';
    const row = await this.users.findById(user.id);
    if (row?.isRegistered) return 'registered';
    if (user.roles.sessionChair.sessions.length > 0) {
      if (!(await this.inSessionsOf(user, paperId))) throw PapersErrors.notFound();
      return 'session';
    }
    throw PapersErrors.registrationRequired();
  }

  /** Whether the paper is scheduled in one of the caller's technical sessions (the programme module answers). */
  private async inSessionsOf(user: AuthUser, paperId: number): Promise<boolean> {
    return (await this.sessionPapers.papersOfSessionChair(user, [paperId])).has(paperId);
  }

  /** A paper of the session chair's sessions: any paper that is not deleted. */
  private async scheduled(paperId: number): Promise<PaperRow | undefined> {
    const row = await this.papers.findById(paperId);
    return row && !row.isDeleted ? row : undefined;
  }

  async get(user: AuthUser, paperId: number): Promise<RegisteredPaperDto> {
    const as = await this.assertReader(user, paperId);
    const row = as === 'session' ? await this.scheduled(paperId) : await this.repo.findRegistered(paperId);
    if (!row) throw PapersErrors.notFound();
    const [authors, files] = await Promise.all([
      this.papers.authorsOf([row.id]),
      this.repo.filesOf([row.id]),
    ]);
    return toRegisteredPaperDto(row, authors.get(row.id) ?? [], files);
  }

  async download(user: AuthUser, paperId: number, fileId: number, res: Response): Promise<void> {
    const as = await this.assertReader(user, paperId);
    await this.files.downloadRegistered(paperId, fileId, res, as === 'session');
  }
}
