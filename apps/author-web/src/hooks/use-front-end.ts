import { canUsePrefix, type UserRoles } from '@symposium/domain';
import { useCallback, useState } from 'react';

/** The front ends the author app serves (spec §2): author, reviewer and session chair. */
export type FrontEnd = 'author' | 'reviewer' | 'session';

const FRONT_ENDS: readonly FrontEnd[] = ['author', 'reviewer', 'session'];

const key = (userId: number | undefined) => `symposium.frontEnd.${userId ?? 0}`;

const stored = (userId: number | undefined): FrontEnd | null => {
  try {
    const v = window.localStorage.getItem(key(userId));
    return FRONT_ENDS.includes(v as FrontEnd) ? (v as FrontEnd) : null;
  } catch {
    return null;
  }
};

/**
 * The front ends a user may switch between: every user is an author; reviewers (and admins) have the
 * reviewer console; users with sessions assigned (roles.sessionChair.sessions) the session-chair view.
 * Chairs may call the session API too, but they read the programme in the chair console, so they are not
 * offered the session-chair view for that alone.
 */
export function availableFrontEnds(roles: UserRoles | undefined): FrontEnd[] {
  if (!roles) return ['author'];
  const out: FrontEnd[] = ['author'];
  if (canUsePrefix(roles, 'reviewer')) out.push('reviewer');
  if (roles.sessionChair.sessions.length > 0) out.push('session');
  return out;
}

/**
 * Which front end the author app shows on the routes without a screen of their own (spec §2). The user's
 * last choice in this browser when it is still open to them; otherwise the most specific role they hold:
 * the session-chair view for session chairs, the reviewer console for reviewers, the author menu for
 * everyone else. Session chairs and reviewers are authors too, so the top bar lets them switch.
 */
export function useFrontEnd(user: { _id: number; roles: UserRoles } | null | undefined): {
  frontEnd: FrontEnd;
  available: FrontEnd[];
  setFrontEnd: (f: FrontEnd) => void;
} {
  const userId = user?._id;
  const roles = user?.roles;
  const available = availableFrontEnds(roles);
  const [choice, setChoice] = useState<{ userId: number | undefined; frontEnd: FrontEnd | null }>(() => ({
    userId,
    frontEnd: stored(userId),
  }));
  const current = choice.userId === userId ? choice.frontEnd : stored(userId);
  const setFrontEnd = useCallback(
    (f: FrontEnd) => {
      setChoice({ userId, frontEnd: f });
      try {
        window.localStorage.setItem(key(userId), f);
      } catch {
        /* private mode: the choice lasts for this page only */
      }
    },
    [userId],
  );
  const fallback: FrontEnd = available.includes('session')
    ? 'session'
    : available.includes('reviewer') && roles?.reviewer.is
      ? 'reviewer'
      : 'author';
  const frontEnd: FrontEnd = current && available.includes(current) ? current : fallback;
  return { frontEnd, available, setFrontEnd };
}
