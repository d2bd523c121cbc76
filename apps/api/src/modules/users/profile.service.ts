import { Injectable } from '@nestjs/common';
import type { LoginResponse, PersonInput, ProfileDto } from '@symposium/domain';
import type { AuthUser } from '../../common/auth-user.js';
import { pgErrorCode } from '../../common/errors.js';
import { hashPassword, verifyPassword } from '../../common/passwords.js';
import { TransactionRunner } from '../../database/database.module.js';
import { SessionTokens } from './session-tokens.service.js';
import type { ChangePasswordDto, UpdateProfileDto } from './dto/profile.dto.js';
import { contactOf, pickContact } from './users.mapper.js';
import { UsersRepository } from './users.repository.js';
import { trimPerson, UsersService } from './users.service.js';
import type { NewUserRow, UserRow } from './users.table.js';
import { UsersErrors } from './users.errors.js';

const toProfile = (row: UserRow): ProfileDto => ({ ...contactOf(row), notify: row.notify });

/**
 * The signed-in person's own profile (author app /Profile): contact details with the sign-up rules, the
 * e-mail notifications switch (users.notify: reminders and bulk e-mails), and a password change that needs
 * the current password and ends every other session.
 */
@Injectable()
export class ProfileService {
  constructor(
    private readonly repo: UsersRepository,
    private readonly users: UsersService,
    private readonly tokens: SessionTokens,
    private readonly tx: TransactionRunner,
  ) {}

  async get(caller: AuthUser): Promise<ProfileDto> {
    const row = await this.repo.findById(caller.id);
    if (!row) throw UsersErrors.notFound();
    return toProfile(row);
  }

  /** Contact fields (merged with the stored ones, then the whole person checked) and notify, in one write. */
  async update(caller: AuthUser, dto: UpdateProfileDto): Promise<ProfileDto> {
    const contact = pickContact(dto);
    const hasContact = Object.keys(contact).length > 0;
    if (!hasContact && dto.notify === undefined) throw UsersErrors.nothingToUpdate();
    const row = await this.tx.run(async (tx) => {
      const current = await this.repo.findById(caller.id, tx);
      if (!current) throw UsersErrors.notFound();
      const patch: Partial<NewUserRow> = {};
      if (hasContact) {
        const merged: PersonInput = { ...contactOf(current), ...contact };
        this.users.assertValidPerson(merged, 'author');
        const person = trimPerson(merged);
        if (person.email !== current.email) {
          const other = await this.repo.findByEmail(person.email, tx);
          if (other && other.id !== current.id) throw UsersErrors.exists();
        }
        Object.assign(patch, person);
      }
      if (dto.notify !== undefined) patch.notify = dto.notify;
      try {
        const updated = await this.repo.update(current.id, patch, tx);
        if (!updated) throw UsersErrors.notFound();
        return updated;
      } catch (e) {
        if (pgErrorCode(e) === '23505') throw UsersErrors.exists();
        throw e;
      }
    });
    return toProfile(row);
  }

  /**
   * A new password after the current one is checked. Every earlier session and reset link of the user ends
   * (as for a reset); the caller gets a fresh session. Not while a chair acts as the user.
   */
  async changePassword(caller: AuthUser, dto: ChangePasswordDto): Promise<LoginResponse> {
    if (caller.impersonatorId) throw UsersErrors.profileImpersonating();
    const current = await this.repo.findById(caller.id);
    if (!current) throw UsersErrors.notFound();
    if (!(await verifyPassword(dto.currentPassword, current.passwordHash))) throw UsersErrors.wrongPassword();
    const passwordHash = await hashPassword(dto.password);
    await this.tx.run(async (tx) => {
      await this.repo.update(current.id, { passwordHash }, tx);
      await this.users.endSessions(current.id, tx);
    });
    const fresh = await this.repo.findById(current.id);
    if (!fresh) throw UsersErrors.notFound();
    return this.tokens.session(fresh);
  }
}
