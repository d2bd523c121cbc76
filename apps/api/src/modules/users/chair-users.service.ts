import { Inject, Injectable } from '@nestjs/common';
import {
  generatePassword,
  GENERATED_PASSWORD_LENGTH,
  InvalidUserFilterError,
  normalizeEmail,
  PAGE_SIZE,
  parseUserFilters,
  USER_MESSAGES,
  type LoginResponse,
  type PersonInput,
  type UserDto,
  type UserRoles,
} from '@symposium/domain';
import { randomInt } from 'node:crypto';
import type { AuthUser } from '../../common/auth-user.js';
import { pgErrorCode } from '../../common/errors.js';
import { hashPassword } from '../../common/passwords.js';
import { APP_CONFIG, type AppConfig } from '../../config/config.js';
import { TransactionRunner } from '../../database/database.module.js';
import { ActivityService } from '../activity/activity.service.js';
import { SessionTokens } from './session-tokens.service.js';
import { OutboxService } from '../outbox/outbox.service.js';
import type {
  CreateUserDto,
  ExportUsersDto,
  QueryUsersDto,
  RolesDto,
  SearchUsersDto,
  UpdateUserDto,
} from './dto/chair-users.dto.js';
import { contactOf, pickContact, rolesOf, rolesToColumns, toUserResponse } from './users.mapper.js';
import { UsersRepository, type UserQuery } from './users.repository.js';
import { trimPerson, UsersService } from './users.service.js';
import type { NewUserRow, UserRow } from './users.table.js';
import { UsersErrors } from './users.errors.js';
import { keepTextAsText } from '../../common/xlsx-text.js';
import { loadExcelJS } from '../../common/lazy-libraries.js';

/** The co-author picker's view of a user (no roles, phone or account state). */
export interface UserSummary {
  _id: number;
  firstName: string;
  lastName: string;
  email: string;
  organization: string;
  country: string;
}

export const toUserSummary = (row: UserRow): UserSummary => ({
  _id: row.id,
  firstName: row.firstName,
  lastName: row.lastName,
  email: row.email,
  organization: row.organization,
  country: row.country,
});

const dedupe = (ids: number[]): number[] => [...new Set(ids)];

/**
 * Applies a (partial) roles body to the current roles and normalizes it: track lists deduplicated, and the
 * co-chair and reviewer flags true exactly when their track list is non-empty (§4).
 */
export function mergeRoles(current: UserRoles, body: RolesDto | undefined): UserRoles {
  const coChairTracks = dedupe(body?.coChair?.tracks ?? current.coChair.tracks);
  const reviewerTracks = dedupe(body?.reviewer?.tracks ?? current.reviewer.tracks);
  return {
    admin: { is: body?.admin?.is ?? current.admin.is },
    chair: { is: body?.chair?.is ?? current.chair.is },
    coChair: { is: coChairTracks.length > 0, tracks: coChairTracks },
    reviewer: {
      is: reviewerTracks.length > 0,
      tracks: reviewerTracks,
      count: body?.reviewer?.count ?? current.reviewer.count,
    },
    sessionChair: { sessions: dedupe(body?.sessionChair?.sessions ?? current.sessionChair.sessions) },
  };
}

const sameRoles = (a: UserRoles, b: UserRoles) => JSON.stringify(a) === JSON.stringify(b);

/** A role or a track taken away: the user's sessions end (granting rights needs no new sign-in). */
export function losesRights(before: UserRoles, after: UserRoles): boolean {
  const lost = (a: readonly number[], b: readonly number[]) => a.some((x) => !b.includes(x));
  return (
    (before.admin.is && !after.admin.is) ||
    (before.chair.is && !after.chair.is) ||
    (before.coChair.is && !after.coChair.is) ||
    (before.reviewer.is && !after.reviewer.is) ||
    lost(before.coChair.tracks, after.coChair.tracks) ||
    lost(before.reviewer.tracks, after.reviewer.tracks) ||
    lost(before.sessionChair.sessions, after.sessionChair.sessions)
  );
}

const EXPORT_COLUMNS = [
  { header: 'ID', key: 'id', width: 8 },
  { header: 'First Name', key: 'firstName', width: 18 },
  { header: 'Last Name', key: 'lastName', width: 18 },
  { header: 'Email', key: 'email', width: 30 },
  { header: 'Alternate Email', key: 'alternateEmail', width: 30 },
  { header: 'Organization', key: 'organization', width: 28 },
  { header: 'Country', key: 'country', width: 16 },
  { header: 'Phone', key: 'phone', width: 16 },
  { header: 'Registered', key: 'registered', width: 11 },
  { header: 'Locked', key: 'locked', width: 9 },
  { header: 'Chair', key: 'chair', width: 9 },
  { header: 'Track Chair Tracks', key: 'coChairTracks', width: 20 },
  { header: 'Reviewer Tracks', key: 'reviewerTracks', width: 20 },
];

/** The chair's user management (§4 users screens, §7 /api/chair/users). */
@Injectable()
export class ChairUsersService {
  constructor(
    private readonly repo: UsersRepository,
    private readonly users: UsersService,
    private readonly mail: OutboxService,
    private readonly tokens: SessionTokens,
    private readonly tx: TransactionRunner,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly activity: ActivityService,
  ) {}

  /** §5 query: filters, search, sort, pages of at most 100, and the total. */
  async query(dto: QueryUsersDto): Promise<{ count: number; data: UserDto[] }> {
    const limit = Math.min(dto.pg ?? PAGE_SIZE, PAGE_SIZE);
    const offset = ((dto.cp ?? 1) - 1) * limit;
    const { count, rows } = await this.repo.query(this.toQuery(dto), { offset, limit });
    return { count, data: rows.map(toUserResponse) };
  }

  async get(id: number): Promise<UserDto> {
    return toUserResponse(await this.mustFind(id));
  }

  /** Exact e-mail (lowercased, trimmed), or first and last name ignoring case. */
  async search(dto: SearchUsersDto): Promise<UserRow[]> {
    const email = dto.email?.trim();
    if (email) {
      const row = await this.repo.findByEmail(normalizeEmail(email));
      return row ? [row] : [];
    }
    const firstName = dto.firstName?.trim();
    const lastName = dto.lastName?.trim();
    if (!firstName || !lastName) throw UsersErrors.searchInvalid();
    return this.repo.findByName(firstName, lastName, PAGE_SIZE);
  }

  /** RegisterUser: §5 People rules, a generated password e-mailed in the same transaction. */
  async create(dto: CreateUserDto, caller: AuthUser): Promise<UserDto> {
    const roles = mergeRoles(
      {
        admin: { is: false },
        chair: { is: false },
        coChair: { is: false, tracks: [] },
        reviewer: { is: false, tracks: [], count: 0 },
        sessionChair: { sessions: [] },
      },
      dto.roles,
    );
    if (roles.admin.is && !caller.roles.admin.is) throw UsersErrors.adminFlag();
    const password = generatePassword(randomInt, GENERATED_PASSWORD_LENGTH);
    const row = await this.tx.run(async (tx) => {
      const created = await this.users.create({ ...pickContact(dto), password, roles }, 'author', tx);
      await this.mail.enqueue(
        {
          kind: 'account-created',
          to: [created.email],
          subject: 'Your conference account',
          text:
            `Dear ${created.firstName} ${created.lastName},\n\n` +
            'An account has been created for you on the conference system.\n\n' +
            `Sign in at: ${this.config.publicUrl}\n` +
            `E-mail: ${created.email}\n` +
            `Password: ${password}\n\n` +
            'Please change your password after signing in for the first time.\n',
          createdBy: caller.id,
        },
        tx,
      );
      return created;
    });
    return toUserResponse(row);
  }

  /** Contact information, roles, lock, notify and password reset, in one transaction. */
  async update(id: number, dto: UpdateUserDto, caller: AuthUser): Promise<UserDto> {
    const contact = pickContact(dto);
    const hasContact = Object.keys(contact).length > 0;
    if (!hasContact && !dto.roles && !dto.lock && dto.notify === undefined && dto.resetPassword === undefined)
      throw UsersErrors.nothingToUpdate();
    const self = id === caller.id;
    const newPassword = dto.resetPassword
      ? generatePassword(randomInt, GENERATED_PASSWORD_LENGTH)
      : undefined;
    const passwordHash = newPassword ? await hashPassword(newPassword) : undefined;

    const row = await this.tx.run(async (tx) => {
      const current = await this.repo.findById(id, tx);
      if (!current) throw UsersErrors.notFound();
      if (current.isAdmin && !caller.roles.admin.is) throw UsersErrors.adminAccount();
      const patch: Partial<NewUserRow> = {};
      let endSessions = false;
      let rolesChanged = false;

      if (hasContact) {
        const merged: PersonInput = { ...contactOf(current), ...contact };
        this.users.assertValidPerson(merged, current.isReviewer ? 'reviewer' : 'author');
        const person = trimPerson(merged);
        if (person.email !== current.email) {
          const other = await this.repo.findByEmail(person.email, tx);
          if (other && other.id !== id) throw UsersErrors.exists();
        }
        Object.assign(patch, person);
      }

      if (dto.roles) {
        const before = rolesOf(current);
        const after = mergeRoles(before, dto.roles);
        if (self && before.chair.is && !after.chair.is) throw UsersErrors.selfChair();
        if (self && before.admin.is && !after.admin.is) throw UsersErrors.selfAdmin();
        if (before.admin.is !== after.admin.is && !caller.roles.admin.is) throw UsersErrors.adminFlag();
        if (!sameRoles(before, after)) {
          Object.assign(patch, rolesToColumns(after));
          rolesChanged = true;
        }
        if (losesRights(before, after)) endSessions = true;
      }

      if (dto.lock) {
        if (self && dto.lock.status) throw UsersErrors.selfLock();
        patch.lockStatus = dto.lock.status;
        if (dto.lock.status) endSessions = true;
      }
      if (dto.notify !== undefined) patch.notify = dto.notify;
      if (passwordHash) {
        patch.passwordHash = passwordHash;
        endSessions = true;
      }

      const updated = await this.updateRow(id, patch, tx);
      if (endSessions) await this.users.endSessions(id, tx);
      const who = `${updated.firstName} ${updated.lastName} <${updated.email}>`;
      const by = { ...ActivityService.fromUser(caller), subjectId: id };
      if (rolesChanged)
        await this.activity.record(
          {
            ...by,
            action: 'user.roles',
            summary: `Changed the roles of ${who}`,
            details: { roles: rolesOf(updated) },
          },
          tx,
        );
      if (dto.lock && dto.lock.status !== current.lockStatus)
        await this.activity.record(
          {
            ...by,
            action: 'user.lock',
            summary: `${dto.lock.status ? 'Locked' : 'Unlocked'} ${who}`,
            details: { status: dto.lock.status },
          },
          tx,
        );
      if (newPassword)
        await this.activity.record(
          { ...by, action: 'user.passwordReset', summary: `Reset the password of ${who}` },
          tx,
        );
      if (newPassword) {
        await this.mail.enqueue(
          {
            kind: 'password-reset-by-chair',
            to: [updated.email],
            subject: 'Your new password',
            text:
              `Dear ${updated.firstName} ${updated.lastName},\n\n` +
              'The conference chair has reset the password of your account.\n\n' +
              `Sign in at: ${this.config.publicUrl}\n` +
              `E-mail: ${updated.email}\n` +
              `Password: ${newPassword}\n\n` +
              'Please change your password after signing in.\n',
            createdBy: caller.id,
          },
          tx,
        );
      }
      return updated;
    });
    return toUserResponse(row);
  }

  async remove(id: number, caller: AuthUser): Promise<{ message: string }> {
    if (id === caller.id) throw UsersErrors.selfDelete();
    await this.tx.run(async (tx) => {
      const current = await this.repo.findById(id, tx);
      if (!current) throw UsersErrors.notFound();
      if (current.isAdmin && !caller.roles.admin.is) throw UsersErrors.adminAccount();
      await this.repo.delete(id, tx);
      await this.activity.record(
        {
          ...ActivityService.fromUser(caller),
          subjectId: id,
          action: 'user.delete',
          summary: `Deleted the user ${current.firstName} ${current.lastName} <${current.email}>`,
          details: { userEmail: current.email },
        },
        tx,
      );
    });
    return { message: USER_MESSAGES.deleted };
  }

  /** A session as the user, carrying the chair's id; audited with both identities. */
  async impersonate(emailParam: string, caller: AuthUser): Promise<LoginResponse> {
    if (caller.impersonatorId) throw UsersErrors.alreadyImpersonating();
    const target = await this.repo.findByEmail(normalizeEmail(emailParam));
    if (!target) throw UsersErrors.emailNotFound();
    if (target.isChair || target.isAdmin) throw UsersErrors.impersonateChair();
    // A locked account could not use the session; refuse rather than hand out a dead one.
    if (target.lockStatus) throw UsersErrors.impersonateLocked();
    await this.activity.record({
      actorId: caller.id,
      subjectId: target.id,
      action: 'impersonation.start',
      summary: `Started acting as ${target.firstName} ${target.lastName} <${target.email}>`,
      details: { chairEmail: caller.email, userEmail: target.email },
    });
    const chair = await this.repo.findById(caller.id);
    if (!chair) throw UsersErrors.emailNotFound();
    return this.tokens.session(target, chair);
  }

  /** Enables or disables the user's conference view (isRegistered). */
  async setRegistered(emailParam: string, status: string): Promise<{ message: string; user: UserDto }> {
    if (status !== 'true' && status !== 'false') throw UsersErrors.registerStatus();
    const isRegistered = status === 'true';
    const target = await this.repo.findByEmail(normalizeEmail(emailParam));
    if (!target) throw UsersErrors.emailNotFound();
    const updated = await this.updateRow(target.id, { isRegistered });
    return {
      message: isRegistered ? USER_MESSAGES.conferenceViewEnabled : USER_MESSAGES.conferenceViewDisabled,
      user: toUserResponse(updated),
    };
  }

  /** The users matching the query as an xlsx workbook (text that could start a formula is quoted). */
  async exportXlsx(dto: ExportUsersDto): Promise<Buffer> {
    const rows = await this.repo.list(this.toQuery(dto));
    const workbook = new (await loadExcelJS()).Workbook();
    workbook.creator = 'Symposium';
    const sheet = workbook.addWorksheet('Users');
    sheet.columns = EXPORT_COLUMNS;
    sheet.getRow(1).font = { bold: true };
    const yesNo = (b: boolean) => (b ? 'Yes' : 'No');
    for (const r of rows) {
      keepTextAsText(
        sheet.addRow({
          id: r.id,
          firstName: r.firstName,
          lastName: r.lastName,
          email: r.email,
          alternateEmail: r.alternateEmail,
          organization: r.organization,
          country: r.country,
          phone: r.phone,
          registered: yesNo(r.isRegistered),
          locked: yesNo(r.lockStatus),
          chair: yesNo(r.isChair),
          coChairTracks: r.coChairTracks.join(', '),
          reviewerTracks: r.reviewerTracks.join(', '),
        }),
      );
    }
    return Buffer.from(await workbook.xlsx.writeBuffer());
  }

  private toQuery(dto: ExportUsersDto): UserQuery {
    try {
      return { filters: parseUserFilters(dto.filters), search: dto.search, sort: dto.sort };
    } catch (e) {
      if (e instanceof InvalidUserFilterError)
        throw UsersErrors.invalidFilter({ index: e.index, reason: e.reason });
      throw e;
    }
  }

  private async mustFind(id: number): Promise<UserRow> {
    const row = await this.repo.findById(id);
    if (!row) throw UsersErrors.notFound();
    return row;
  }

  private async updateRow(
    id: number,
    patch: Partial<NewUserRow>,
    ex?: Parameters<UsersRepository['update']>[2],
  ) {
    try {
      const row = await this.repo.update(id, patch, ex);
      if (!row) throw UsersErrors.notFound();
      return row;
    } catch (e) {
      if (pgErrorCode(e) === '23505') throw UsersErrors.exists();
      throw e;
    }
  }
}
