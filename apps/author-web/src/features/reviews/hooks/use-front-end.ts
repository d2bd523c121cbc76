import { canUsePrefix, type UserRoles } from '@symposium/domain';
import { useCallback, useState } from 'react';

export type FrontEnd = 'author' | 'reviewer';

const key = (userId: number | undefined) => `symposium.frontEnd.${userId ?? 0}`;

const stored = (userId: number | undefined): FrontEnd | null => {
  try {
    const v = window.localStorage.getItem(key(userId));
    return v === 'author' || v === 'reviewer' ? v : null;
  } catch {
    return null;
  }
};

/**
 * Which front end the author app shows on the routes without a screen of their own (spec §2): the reviewer
 * console for reviewers (their default), the author menu otherwise. Reviewers are authors too, so they can
 * switch; the choice is kept in this browser, per user.
 */
export function useFrontEnd(user: { _id: number; roles: UserRoles } | null | undefined): {
  frontEnd: FrontEnd;
  canReview: boolean;
  setFrontEnd: (f: FrontEnd) => void;
} {
  const userId = user?._id;
  const roles = user?.roles;
  const canReview = roles ? canUsePrefix(roles, 'reviewer') : false;
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
  const frontEnd: FrontEnd = !canReview
    ? 'author'
    : (current ?? (roles?.reviewer.is ? 'reviewer' : 'author'));
  return { frontEnd, canReview, setFrontEnd };
}
