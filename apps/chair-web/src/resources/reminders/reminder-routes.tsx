import { lazy, type ReactNode } from 'react';
import { Route } from 'react-router';
import { paths } from '../../config/paths';

/* Each screen is its own chunk, fetched when its route first renders (Suspense in app.tsx). */
const ReminderList = lazy(() => import('./reminder-list').then((m) => ({ default: m.ReminderList })));

/** The reminder rules (scheduled jobs): chairs only. */
export const reminderRoutes: ReactNode[] = [
  <Route key="reminders" path={paths.viewReminders} element={<ReminderList />} />,
];
