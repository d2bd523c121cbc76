/**
 * Roles of spec §3/§6 and the one permission map read by the API guards and both apps: the API prefix a
 * user may use (`allowedPrefixes` / `canUsePrefix`) decides which routes and front ends are open to them, and
 * `managedTracks` which objects inside a prefix; the services then check each object against that scope.
 */
export type RolePrefix = 'author' | 'reviewer' | 'chair' | 'cochair' | 'session';

export interface UserRoles {
  admin: { is: boolean };
  chair: { is: boolean };
  coChair: { is: boolean; tracks: number[] };
  reviewer: { is: boolean; tracks: number[]; count: number };
  sessionChair: { sessions: number[] };
}

export const emptyRoles = (): UserRoles => ({
  admin: { is: false },
  chair: { is: false },
  coChair: { is: false, tracks: [] },
  reviewer: { is: false, tracks: [], count: 0 },
  sessionChair: { sessions: [] },
});

export const isChairLike = (roles: UserRoles): boolean => roles.chair.is || roles.admin.is;

/** Which API prefixes (and so which front ends) a user may use. Every signed-in user is an author. */
export function allowedPrefixes(roles: UserRoles): RolePrefix[] {
  const prefixes: RolePrefix[] = ['author'];
  if (roles.reviewer.is || roles.admin.is) prefixes.push('reviewer');
  if (isChairLike(roles)) prefixes.push('chair');
  if (roles.coChair.is || isChairLike(roles)) prefixes.push('cochair');
  if (roles.sessionChair.sessions.length > 0 || isChairLike(roles)) prefixes.push('session');
  return prefixes;
}

export function canUsePrefix(roles: UserRoles, prefix: RolePrefix): boolean {
  return allowedPrefixes(roles).includes(prefix);
}

/**
 * Tracks a user may manage under a prefix: null means every track (chairs), otherwise the listed ones.
 */
export function managedTracks(roles: UserRoles, prefix: RolePrefix): number[] | null {
  if (prefix === 'chair') return isChairLike(roles) ? null : [];
  if (prefix === 'cochair') return isChairLike(roles) ? null : roles.coChair.tracks;
  if (prefix === 'reviewer') return roles.admin.is ? null : roles.reviewer.tracks;
  return [];
}

/** The §6 role selector of the user roles screen: which role kinds a selection grants. */
export type RoleSelector = 'Chairs' | 'Track Chairs' | 'Reviewers';

/**
 * §4 user roles screen. Chairs: Add/Remove sets or clears the chair flag. Track Chairs and Reviewers:
 * Add/Remove edits the role's tracks; the flag is true exactly when the list is non-empty; adding ignores
 * tracks already present.
 */
export function applyRoleChange(
  roles: UserRoles,
  selector: RoleSelector,
  action: 'Add' | 'Remove',
  tracks: number[],
): UserRoles {
  const next: UserRoles = {
    admin: { ...roles.admin },
    chair: { ...roles.chair },
    coChair: { ...roles.coChair, tracks: [...roles.coChair.tracks] },
    reviewer: { ...roles.reviewer, tracks: [...roles.reviewer.tracks] },
    sessionChair: { sessions: [...roles.sessionChair.sessions] },
  };
  if (selector === 'Chairs') {
    next.chair.is = action === 'Add';
    return next;
  }
  const target = selector === 'Track Chairs' ? next.coChair : next.reviewer;
  if (action === 'Add') {
    for (const t of tracks) if (!target.tracks.includes(t)) target.tracks.push(t);
  } else {
    target.tracks = target.tracks.filter((t) => !tracks.includes(t));
  }
  target.is = target.tracks.length > 0;
  return next;
}
