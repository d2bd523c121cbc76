import { lazy, type ReactNode } from 'react';
import { Route } from 'react-router';
import { paths } from '../../config/paths';

/* Each screen is its own chunk, fetched when its route first renders (Suspense in app.tsx). */
const VerifyDocument = lazy(() => import('./verify-document').then((m) => ({ default: m.VerifyDocument })));

/** Public routes (no sign-in): the verification page a letter's QR code opens. */
export const publicLetterRoutes: ReactNode[] = [
  <Route key="verify" path={paths.verify(':code')} element={<VerifyDocument />} />,
];
