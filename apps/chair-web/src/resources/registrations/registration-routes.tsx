import type { ReactNode } from 'react';
import { Route } from 'react-router';
import { paths } from '../../config/paths';
import { EditPaperRegistration } from './registration-edit';
import { ImportRegistrations } from './registration-import';

/** Registrations are chair-only (§6): the per-paper edit and the xlsx import. */
export const registrationRoutes: ReactNode[] = [
  <Route
    key="paper-registration"
    path={paths.editPaperRegistration.pattern}
    element={<EditPaperRegistration />}
  />,
  <Route key="import-registrations" path={paths.importRegistrations} element={<ImportRegistrations />} />,
];
