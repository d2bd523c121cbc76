import { Injectable } from '@nestjs/common';
import { isChairLike, type RegisteredPaperDto } from '@symposium/domain';
import type { Response } from 'express';
import type { AuthUser } from '../../common/auth-user.js';
import { UsersService } from '../users/users.service.js';
import { PaperFilesService } from './paper-files.service.js';
import { toRegisteredPaperDto } from './papers.mapper.js';
import { PapersRepository } from './papers.repository.js';
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
  ) {}

  /**
   * Chairs and registered participants read every registered paper; a session chair (not registered)
   * only the papers of their sessions — another paper answers like a missing one; anyone else 403.
   */
  async assertReader(user: AuthUser, paperId: number): Promise<void> {
    if (isChairLike(user.roles)) return;
    const row = await this.users.findById(user.id);
    if (row?.isRegistered) return;
    if (user.roles.sessionChair.sessions.length > 0) {
      if (!(await this.inSessionsOf(user, paperId))) throw PapersErrors.notFound();
      return;
    }
    throw PapersErrors.registrationRequired();
  }

  /**
   * Whether the paper is scheduled in one of the caller's sessions. The programme (sessions and their
   * papers) is not built yet, so no paper is in any session; the programme module answers this once
   * sessions exist.
   */
  private inSessionsOf(_user: AuthUser, _paperId: number): Promise<boolean> {
    return Promise.resolve(false);
  }

  async get(user: AuthUser, paperId: number): Promise<RegisteredPaperDto> {
    await this.assertReader(user, paperId);
    const row = await this.repo.findRegistered(paperId);
    if (!row) throw PapersErrors.notFound();
    const [authors, files] = await Promise.all([
      this.papers.authorsOf([row.id]),
      this.repo.filesOf([row.id]),
    ]);
    return toRegisteredPaperDto(row, authors.get(row.id) ?? [], files);
  }

  async download(user: AuthUser, paperId: number, fileId: number, res: Response): Promise<void> {
    await this.assertReader(user, paperId);
    await this.files.downloadRegistered(paperId, fileId, res);
  }
}
