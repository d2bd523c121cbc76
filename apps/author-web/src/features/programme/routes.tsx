import { lazy, type ReactNode } from 'react';
import { Route } from 'react-router';
import { paths } from '../../config/paths';

/* Each screen is its own chunk, fetched when its route first renders (Suspense in app.tsx). */
const ConferenceProgram = lazy(() =>
  import('./conference-program').then((m) => ({ default: m.ConferenceProgram })),
);

/** The programme screens of the author menu (spec §2). */
export const programmeRoutes: ReactNode[] = [
  <Route key="conference-program" path={paths.conferenceProgram} element={<ConferenceProgram />} />,
];
