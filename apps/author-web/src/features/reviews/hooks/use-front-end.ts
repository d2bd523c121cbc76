import { canUsePrefix, type UserRoles } from '@symposium/domain';
import { useCallback, useState } from 'react';

export type FrontEnd = 'author' | 'reviewer';

const KEY = 'symposium.frontEnd';

const stored = (): FrontEnd | null => {
  try {
    const v = window.localStorage.getItem(KEY);
    return v === 'author' || v === 'reviewer' ? v : null;
  } catch {
    return null;
  }
};

/**
 * Which front end the author app shows on the routes without a screen of their own (spec §2): the reviewer
 * console for reviewers (their default), the author menu otherwise. Reviewers are authors too, so they can
 * switch; the choice is kept in this browser.
 */
export function useFrontEnd(roles: UserRoles | undefined): {
  frontEnd: FrontEnd;
  canReview: boolean;
  setFrontEnd: (f: FrontEnd) => void;
} {
  const canReview = roles ? canUsePrefix(roles, 'reviewer') : false;
  const [choice, setChoice] = useState<FrontEnd | null>(stored);
  const setFrontEnd = useCallback((f: FrontEnd) => {
    setChoice(f);
    try {
      window.localStorage.setItem(KEY, f);
    } catch {
      /* private mode: the choice lasts for this page only */
    }
  }, []);
  const frontEnd: FrontEnd = !canReview ? 'author' : (choice ?? (roles?.reviewer.is ? 'reviewer' : 'author'));
  return { frontEnd, canReview, setFrontEnd };
}
