import { canUsePrefix } from '@symposium/domain';
import { useSession } from '@symposium/ui';

/** The API prefix of the signed-in role (§6): chairs use /api/chair, track chairs /api/cochair. */
export type RolePrefix = 'chair' | 'cochair';

/** The API prefix follows the signed-in role (§6): chairs use /api/chair, track chairs /api/cochair. */
export function useRolePrefix(): RolePrefix {
  const { user } = useSession();
  return user && canUsePrefix(user.roles, 'chair') ? 'chair' : 'cochair';
}

/** Whether the signed-in user is a chair (not only a track chair). */
export const useIsChair = () => useRolePrefix() === 'chair';
