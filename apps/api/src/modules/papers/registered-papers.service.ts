import { Injectable } from '@nestjs/common';
import { isChairLike, type RegisteredPaperDto } from '@symposium/domain';
import type { Response } from 'express';
import type { AuthUser } from '../../common/auth-user.js';
import { forbidden } from '../../common/errors.js';
import { UsersService } from '../users/users.service.js';
import { PaperFilesService } from './paper-files.service.js';
import { toRegisteredPaperDto } from './papers.mapper.js';
import { PapersRepository } from './papers.repository.js';
import { paperNotFound, PapersService } from './papers.service.js';

export const REGISTERED_MESSAGES = {
  registrationRequired: 'Registered papers are available to registered participants',
} as const;

/**
 * /ViewSessionPaper: registered papers (registration with an id, not deleted) for registered participants
 * (users with isRegistered), session chairs and chairs.
 */
@Injectable()
export class RegisteredPapersService {
  constructor(
    private readonly papers: PapersService,
    private readonly files: PaperFilesService,
    private readonly repo: PapersRepository,
    private readonly users: UsersService,
  ) {}

  /** 403 unless the caller is a registered participant, a session chair or a chair. */
  async assertReader(user: AuthUser): Promise<void> {
    if (isChairLike(user.roles) || user.roles.sessionChair.sessions.length > 0) return;
    const row = await this.users.findById(user.id);
    if (!row?.isRegistered)
      throw forbidden('papers.registration_required', REGISTERED_MESSAGES.registrationRequired);
  }

  async get(user: AuthUser, paperId: number): Promise<RegisteredPaperDto> {
    await this.assertReader(user);
    const row = await this.repo.findRegistered(paperId);
    if (!row) throw paperNotFound();
    const [authors, files] = await Promise.all([
      this.papers.authorsOf([row.id]),
      this.repo.filesOf([row.id]),
    ]);
    return toRegisteredPaperDto(row, authors.get(row.id) ?? [], files);
  }

  async download(user: AuthUser, paperId: number, fileId: number, res: Response): Promise<void> {
    await this.assertReader(user);
    await this.files.downloadRegistered(paperId, fileId, res);
  }
}
