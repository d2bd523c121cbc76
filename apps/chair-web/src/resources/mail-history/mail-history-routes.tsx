import type { ReactNode } from 'react';
import { Route } from 'react-router';
import { paths } from '../../config/paths';
import { EmailView } from './email-view';
import { MailHistoryList } from './mail-history-list';

/** The e-mail history (§2 E-mail) of chairs and track chairs; the server gives track chairs what they sent. */
export const mailHistoryRoutes: ReactNode[] = [
  <Route key="mail-history" path={paths.viewEmailHistory} element={<MailHistoryList />} />,
  <Route key="mail-view" path={paths.viewEmail.pattern} element={<EmailView />} />,
];
