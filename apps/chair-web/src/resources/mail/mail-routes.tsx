import { lazy, type ReactNode } from 'react';
import { Route } from 'react-router';
import { paths } from '../../config/paths';

/* Each screen is its own chunk, fetched when its route first renders (Suspense in app.tsx). */
const EmailSettings = lazy(() => import('./email-settings').then((m) => ({ default: m.EmailSettings })));
const SendEmail = lazy(() => import('./send-email').then((m) => ({ default: m.SendEmail })));
const EmailTemplateList = lazy(() =>
  import('./template-list').then((m) => ({ default: m.EmailTemplateList })),
);

/** The e-mail screens of chairs (spec §2 "E-mail"). */
export const chairMailRoutes: ReactNode[] = [
  <Route key="mail-send" path={paths.sendEmail} element={<SendEmail />} />,
  <Route key="mail-send-selection" path={paths.sendEmailSelection.pattern} element={<SendEmail />} />,
  <Route key="mail-templates" path={paths.emailTemplate} element={<EmailTemplateList />} />,
  <Route key="mail-settings" path={paths.editEmailSettings} element={<EmailSettings />} />,
];

/** Track chairs send to their tracks' people, keep their own settings and read the chair's templates. */
export const trackChairMailRoutes: ReactNode[] = chairMailRoutes;
