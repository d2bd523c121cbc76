import { lazy, type ReactNode } from 'react';
import { Route } from 'react-router';
import { paths } from '../../config/paths';

/* Each screen is its own chunk, fetched when its route first renders (Suspense in app.tsx). */
const EmailView = lazy(() => import('./email-view').then((m) => ({ default: m.EmailView })));
const MailHistoryList = lazy(() =>
  import('./mail-history-list').then((m) => ({ default: m.MailHistoryList })),
);

/** The e-mail history (§2 E-mail) of chairs and track chairs; the server gives track chairs what they sent. */
export const mailHistoryRoutes: ReactNode[] = [
  <Route key="mail-history" path={paths.viewEmailHistory} element={<MailHistoryList />} />,
  <Route key="mail-view" path={paths.viewEmail.pattern} element={<EmailView />} />,
];
