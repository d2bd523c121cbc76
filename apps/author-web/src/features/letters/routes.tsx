import type { ReactNode } from 'react';
import { Route } from 'react-router';
import { paths } from '../../config/paths';
import { VerifyDocument } from './verify-document';

/** Public routes (no sign-in): the verification page a letter's QR code opens. */
export const publicLetterRoutes: ReactNode[] = [
  <Route key="verify" path={paths.verify(':code')} element={<VerifyDocument />} />,
];
