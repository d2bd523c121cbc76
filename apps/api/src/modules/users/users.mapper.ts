import type { PersonInput, UserDto, UserRoles } from '@symposium/domain';
import type { UserRow } from './users.table.js';

export const rolesOf = (
  row: Pick<
    UserRow,
    | 'isAdmin'
    | 'isChair'
    | 'isCoChair'
    | 'coChairTracks'
    | 'isReviewer'
    | 'reviewerTracks'
    | 'reviewerCount'
    | 'sessionChairSessions'
  >,
): UserRoles => ({
  admin: { is: row.isAdmin },
  chair: { is: row.isChair },
  coChair: { is: row.isCoChair, tracks: row.coChairTracks },
  reviewer: { is: row.isReviewer, tracks: row.reviewerTracks, count: row.reviewerCount },
  sessionChair: { sessions: row.sessionChairSessions },
});

export const rolesToColumns = (roles: UserRoles) => ({
  isAdmin: roles.admin.is,
  isChair: roles.chair.is,
  isCoChair: roles.coChair.is,
  coChairTracks: roles.coChair.tracks,
  isReviewer: roles.reviewer.is,
  reviewerTracks: roles.reviewer.tracks,
  reviewerCount: roles.reviewer.count,
  sessionChairSessions: roles.sessionChair.sessions,
});

/** The user as the API shows it (never the password hash). */
export function toUserResponse(row: UserRow): UserDto {
  return {
    _id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    alternateEmail: row.alternateEmail,
    organization: row.organization,
    country: row.country,
    phone: row.phone,
    isRegistered: row.isRegistered,
    notify: row.notify,
    lock: { status: row.lockStatus },
    roles: rolesOf(row),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

const CONTACT_FIELDS = [
  'firstName',
  'lastName',
  'email',
  'alternateEmail',
  'organization',
  'country',
  'phone',
] as const satisfies readonly (keyof PersonInput)[];

/** The contact fields a body sends (left-out and null ones dropped). */
export function pickContact(dto: PersonInput): PersonInput {
  const out: PersonInput = {};
  for (const f of CONTACT_FIELDS) if (dto[f] !== undefined && dto[f] !== null) out[f] = dto[f];
  return out;
}

/** A user's contact fields as stored. */
export const contactOf = (row: UserRow): Required<PersonInput> => ({
  firstName: row.firstName,
  lastName: row.lastName,
  email: row.email,
  alternateEmail: row.alternateEmail,
  organization: row.organization,
  country: row.country,
  phone: row.phone,
});
