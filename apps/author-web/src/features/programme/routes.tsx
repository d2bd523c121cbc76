import type { ReactNode } from 'react';
import { Route } from 'react-router';
import { paths } from '../../config/paths';
import { ConferenceProgram } from './conference-program';

/** The programme screens of the author menu (spec §2). */
export const programmeRoutes: ReactNode[] = [
  <Route key="conference-program" path={paths.conferenceProgram} element={<ConferenceProgram />} />,
];
