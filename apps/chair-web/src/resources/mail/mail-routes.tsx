import type { ReactNode } from 'react';
import { Route } from 'react-router';
import { paths } from '../../config/paths';
import { EmailSettings } from './email-settings';
import { SendEmail } from './send-email';
import { EmailTemplateList } from './template-list';

/** The e-mail screens of chairs (spec §2 "E-mail"). */
export const chairMailRoutes: ReactNode[] = [
  <Route key="mail-send" path={paths.sendEmail} element={<SendEmail />} />,
  <Route key="mail-send-selection" path={paths.sendEmailSelection.pattern} element={<SendEmail />} />,
  <Route key="mail-templates" path={paths.emailTemplate} element={<EmailTemplateList />} />,
  <Route key="mail-settings" path={paths.editEmailSettings} element={<EmailSettings />} />,
];

/** Track chairs send to their tracks' people, keep their own settings and read the chair's templates. */
export const trackChairMailRoutes: ReactNode[] = chairMailRoutes;
