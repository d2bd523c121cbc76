import { Injectable } from '@nestjs/common';
import {
  emptyRoles,
  InvalidUserFilterError,
  normalizeEmail,
  parseUserFilters,
  validatePerson,
  type PersonInput,
  type UserRoles,
  type ConflictPerson,
} from '@symposium/domain';
import type { Executor } from '../../database/database.js';
import { pgErrorCode } from '../../common/errors.js';
import { hashPassword } from '../../common/passwords.js';
import { rolesToColumns } from './users.mapper.js';
import { UsersRepository, type SessionUserRow } from './users.repository.js';
import type { UserRow } from './users.table.js';
import { UsersErrors } from './users.errors.js';

/** The users row as other modules see it (they take the type from here, never from the table file). */
export type { UserRow } from './users.table.js';

export const trimPerson = (p: PersonInput): Required<PersonInput> => ({
  firstName: (p.firstName ?? '').trim(),
  lastName: (p.lastName ?? '').trim(),
  email: normalizeEmail(p.email ?? ''),
  alternateEmail: normalizeEmail(p.alternateEmail ?? ''),
  organization: (p.organization ?? '').trim(),
  country: (p.country ?? '').trim(),
  phone: (p.phone ?? '').trim(),
});

@Injectable()
export class UsersService {
  constructor(private readonly users: UsersRepository) {}

  findById(id: number, ex?: Executor): Promise<UserRow | undefined> {
    return this.users.findById(id, ex);
  }

  findByEmail(email: string, ex?: Executor): Promise<UserRow | undefined> {
    return this.users.findByEmail(normalizeEmail(email), ex);
  }

  /** The users a session token names, with what the session check reads (one statement, built once). */
  sessionUsers(ids: number[]): Promise<SessionUserRow[]> {
    return this.users.sessionUsers([...new Set(ids)]);
  }

  /** The users with these ids (missing ids are left out), by last name, first name, id; one query. */
  /** Name, e-mails and organization of these users: what the conflict-of-interest rule compares. */
  conflictPeopleOf(ids: number[], ex?: Executor): Promise<ConflictPerson[]> {
    return this.users.conflictPeople([...new Set(ids)], ex);
  }

  findByIds(ids: number[], ex?: Executor): Promise<UserRow[]> {
    return this.users.findByIds([...new Set(ids)], ex);
  }

  /** The users with these (already normalized) e-mail addresses; one query. */
  findByEmails(emails: string[], ex?: Executor): Promise<UserRow[]> {
    return this.users.findByEmails([...new Set(emails)], ex);
  }

  /** Users with the reviewer role on a track, by last name, first name, id. */
  reviewersOfTrack(trackId: number, ex?: Executor): Promise<UserRow[]> {
    return this.users.reviewersOfTrack(trackId, ex);
  }

  /** The ids of a track's reviewers, in the order of reviewersOfTrack (e.g. to read them by slices). */
  reviewerIdsOfTrack(trackId: number, ex?: Executor): Promise<number[]> {
    return this.users.reviewerIdsOfTrack(trackId, ex);
  }

  /** Every user with the reviewer role (only these ids when ids is not null), by id. */
  reviewers(ids: number[] | null, ex?: Executor): Promise<UserRow[]> {
    return this.users.reviewers(ids, ex);
  }

  /** Changes the reviewer role columns (roles.reviewer: is, tracks, count); undefined when no such user. */
  setReviewerRole(
    id: number,
    patch: { isReviewer?: boolean; reviewerTracks?: number[]; reviewerCount?: number },
    ex?: Executor,
  ): Promise<UserRow | undefined> {
    return this.users.update(id, patch, ex);
  }

  /** The session chairs (responsables) of these technical sessions, by number. */
  sessionChairsOf(numbers: number[], ex?: Executor): Promise<UserRow[]> {
    return this.users.sessionChairsOf([...new Set(numbers)], ex);
  }

  /**
   * Makes exactly these users the session chairs of technical session `number` (roles.sessionChair.sessions).
   * Someone left with no session at all has lost the session-chair role, so their earlier sign-ins end (as
   * for any lost role); someone who still chairs another session, or is a chair, keeps them.
   */
  async setSessionChairs(number: number, userIds: number[], ex?: Executor): Promise<void> {
    const { removed } = await this.users.setSessionChairs(number, [...new Set(userIds)], ex);
    if (!removed.length) return;
    for (const u of await this.users.findByIds(removed, ex))
      if (!u.sessionChairSessions.length && !u.isChair && !u.isAdmin)
        await this.users.bumpSessionVersion(u.id, ex);
  }

  /**
   * Every user matching the user list's filters (§5, as POST /users?isQuery=true), in the list's order;
   * 400 on an invalid filter. For bulk e-mail to a filtered user list.
   */
  matching(filters: unknown, ex?: Executor): Promise<UserRow[]> {
    let parsed;
    try {
      parsed = parseUserFilters(filters);
    } catch (e) {
      if (e instanceof InvalidUserFilterError)
        throw UsersErrors.invalidFilter({ index: e.index, reason: e.reason });
      throw e;
    }
    return this.users.list({ filters: parsed }, ex);
  }

  /** Up to `limit` users by name or e-mail (case-insensitive contains), by name. */
  search(text: string, limit: number, ex?: Executor): Promise<UserRow[]> {
    return this.users.search(text.slice(0, 200), limit, ex);
  }

  /** Throws 400 with the first §5 People message (and every field message in details). */
  assertValidPerson(input: PersonInput, kind: 'author' | 'reviewer' = 'author'): void {
    const errors = validatePerson(input, kind);
    const fields = Object.entries(errors).map(([field, message]) => ({ field, message }));
    if (fields.length) throw UsersErrors.invalid(fields);
  }

  /** Creates a user with the §5 People rules; 409 'User already present!' on a taken e-mail. */
  async create(
    input: PersonInput & { password?: string; roles?: UserRoles },
    kind: 'author' | 'reviewer' = 'author',
    ex?: Executor,
  ): Promise<UserRow> {
    this.assertValidPerson(input, kind);
    const person = trimPerson(input);
    if (await this.users.findByEmail(person.email, ex)) throw UsersErrors.exists();
    const passwordHash = input.password ? await hashPassword(input.password) : null;
    try {
      return await this.users.insert(
        { ...person, passwordHash, ...rolesToColumns(input.roles ?? emptyRoles()) },
        ex,
      );
    } catch (e) {
      if (pgErrorCode(e) === '23505') throw UsersErrors.exists();
      throw e;
    }
  }

  /**
   * Creates many users in a few statements (an import, the demo conference): every row checked by the §5
   * People rules first, e-mails unique among themselves and unused, passwords hashed side by side; nothing is
   * written when one row fails. The rows in the order given.
   */
  async createMany(
    inputs: (PersonInput & { password?: string; roles?: UserRoles })[],
    kind: 'author' | 'reviewer' = 'author',
    ex?: Executor,
  ): Promise<UserRow[]> {
    if (!inputs.length) return [];
    for (const input of inputs) this.assertValidPerson(input, kind);
    const people = inputs.map(trimPerson);
    const emails = people.map((p) => p.email);
    if (new Set(emails).size !== emails.length) throw UsersErrors.exists();
    for (let i = 0; i < emails.length; i += 5000)
      if ((await this.users.findByEmails(emails.slice(i, i + 5000), ex)).length) throw UsersErrors.exists();
    const hashes = await Promise.all(inputs.map((i) => (i.password ? hashPassword(i.password) : null)));
    try {
      return await this.users.insertMany(
        people.map((person, i) => ({
          ...person,
          passwordHash: hashes[i] ?? null,
          ...rolesToColumns(inputs[i]!.roles ?? emptyRoles()),
        })),
        ex,
      );
    } catch (e) {
      if (pgErrorCode(e) === '23505') throw UsersErrors.exists();
      throw e;
    }
  }

  /** The user's "notify me" option; false when there is no such user. */
  async setNotify(id: number, notify: boolean, ex?: Executor): Promise<boolean> {
    return Boolean(await this.users.update(id, { notify }, ex));
  }

  async setPassword(id: number, password: string, ex?: Executor): Promise<void> {
    await this.users.update(id, { passwordHash: await hashPassword(password) }, ex);
  }

  /** Sets isRegistered of these users (the registrations of papers decide it). */
  setRegistered(ids: number[], isRegistered: boolean, ex?: Executor): Promise<void> {
    return this.users.setRegistered(ids, isRegistered, ex);
  }

  /**
   * Every token issued to the user so far stops working (see AuthGuard), and so does whatever the modules
   * above tied to those sessions (the auth module's outstanding reset links), in the same transaction.
   */
  async endSessions(id: number, ex?: Executor): Promise<void> {
    await this.users.bumpSessionVersion(id, ex);
    for (const hook of this.sessionEndHooks) await hook(id, ex);
  }

  /** What must also end when a user's sessions end; the auth module registers its reset links here. */
  onSessionsEnd(hook: (userId: number, ex?: Executor) => Promise<void>): void {
    this.sessionEndHooks.push(hook);
  }

  private readonly sessionEndHooks: Array<(userId: number, ex?: Executor) => Promise<void>> = [];

  count(ex?: Executor): Promise<number> {
    return this.users.count(ex);
  }
}
