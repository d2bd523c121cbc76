import type { ReactNode } from 'react';
import { Route } from 'react-router';
import { paths } from '../../config/paths';
import { ReminderList } from './reminder-list';

/** The reminder rules (scheduled jobs): chairs only. */
export const reminderRoutes: ReactNode[] = [
  <Route key="reminders" path={paths.viewReminders} element={<ReminderList />} />,
];
