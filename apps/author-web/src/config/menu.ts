import type { MenuSection } from '@symposium/ui';
import { paths } from './paths';

export function authorMenu(): MenuSection[] {
  return [
    {
      title: 'Author',
      items: [
        { label: 'Home', to: paths.home },
        { label: 'Submit a paper', to: paths.chooseTrack },
        { label: 'Conference track status', to: paths.conferenceTrackStatus },
        { label: 'Conference programme', to: paths.conferenceProgram },
        { label: 'My profile', to: paths.profile },
      ],
    },
  ];
}

/** The reviewer console's menu (spec §2: the reviewer routes; every other route shows the console). */
export function reviewerMenu(): MenuSection[] {
  return [
    {
      title: 'Reviewer',
      items: [
        { label: 'Reviewer console', to: paths.home },
        { label: 'My profile', to: paths.profile },
      ],
    },
  ];
}

/**
 * The session-chair view's menu (spec §2: /ViewSessionPaper; every other route shows the days and events),
 * with the whole conference programme (a session chair without papers has no other way to it).
 */
export function sessionChairMenu(): MenuSection[] {
  return [
    {
      title: 'Session chair',
      items: [
        { label: 'My sessions', to: paths.home },
        { label: 'Conference programme', to: paths.conferenceProgram },
        { label: 'My profile', to: paths.profile },
      ],
    },
  ];
}
