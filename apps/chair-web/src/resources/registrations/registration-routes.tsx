import { lazy, type ReactNode } from 'react';
import { Route } from 'react-router';
import { paths } from '../../config/paths';

/* Each screen is its own chunk, fetched when its route first renders (Suspense in app.tsx). */
const EditPaperRegistration = lazy(() =>
  import('./registration-edit').then((m) => ({ default: m.EditPaperRegistration })),
);
const ImportRegistrations = lazy(() =>
  import('./registration-import').then((m) => ({ default: m.ImportRegistrations })),
);

/** Registrations are chair-only (§6): the per-paper edit and the xlsx import. */
export const registrationRoutes: ReactNode[] = [
  <Route
    key="paper-registration"
    path={paths.editPaperRegistration.pattern}
    element={<EditPaperRegistration />}
  />,
  <Route key="import-registrations" path={paths.importRegistrations} element={<ImportRegistrations />} />,
];
