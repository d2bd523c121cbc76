// The schema index: every module's tables, for Drizzle and drizzle-kit migrations.
export * from '../modules/users/users.table.js';
export * from '../modules/auth/auth.table.js';
export * from '../modules/mail/mail.table.js';
export * from '../modules/outbox/outbox.table.js';
export * from '../modules/conference/conference.table.js';
export * from '../modules/tracks/tracks.table.js';
export * from '../modules/papers/papers.table.js';
export * from '../modules/reviews/reviews.table.js';
export * from '../modules/programme/programme.table.js';
export * from '../modules/jobs/jobs.table.js';
export * from '../modules/activity/activity.table.js';
export * from '../modules/letters/letters.table.js';
export * from '../modules/reports/reports.table.js';
export * from '../modules/papers/checks/checks.table.js';
