import { isChairLike, type UserRoles } from '@symposium/domain';
import type { MenuSection } from '@symposium/ui';
import { paths } from './paths';

/** The chair menu, or the track chair menu (a subset, spec §2), from the one role map. */
export function chairMenu(roles: UserRoles): MenuSection[] {
  if (!isChairLike(roles)) {
    return [{ title: 'Track chair', items: [{ label: 'My tracks', to: paths.home }] }];
  }
  return [
    {
      title: 'Settings',
      items: [
        { label: 'Conference information', to: paths.conferenceInformation },
        { label: 'Publisher settings', to: paths.publisherSettings },
        { label: 'Tracks', to: paths.editAllTracks },
        { label: 'Add track', to: paths.addTrack },
        { label: 'Sort tracks', to: paths.sortTracks },
        { label: 'Paper statuses', to: paths.editPaperStatusSettings },
        { label: 'Sort paper statuses', to: paths.sortPaperStatusSettings },
      ],
    },
    {
      title: 'Users',
      items: [
        { label: 'View users', to: paths.viewUsers },
        { label: 'Register user', to: paths.registerUser },
        { label: 'Impersonate user', to: paths.impersonateUser },
        { label: 'Lock or unlock a user', to: paths.manageUserLock() },
        { label: 'Reset a user password', to: paths.resetUserPassword() },
      ],
    },
  ];
}
