import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

export const usersTable = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    email: text('email').notNull(),
    alternateEmail: text('alternate_email').notNull().default(''),
    organization: text('organization').notNull().default(''),
    country: text('country').notNull().default(''),
    phone: text('phone').notNull().default(''),
    isRegistered: boolean('is_registered').notNull().default(false),
    notify: boolean('notify').notNull().default(true),
    lockStatus: boolean('lock_status').notNull().default(false),
    passwordHash: text('password_hash'),
    /** Bumped on logout, password change/reset, lock, role change: tokens carrying an older value are refused. */
    sessionVersion: integer('session_version').notNull().default(0),
    isAdmin: boolean('is_admin').notNull().default(false),
    isChair: boolean('is_chair').notNull().default(false),
    isCoChair: boolean('is_cochair').notNull().default(false),
    coChairTracks: integer('cochair_tracks')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    isReviewer: boolean('is_reviewer').notNull().default(false),
    reviewerTracks: integer('reviewer_tracks')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    reviewerCount: integer('reviewer_count').notNull().default(0),
    sessionChairSessions: integer('session_chair_sessions')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('users_email_key').on(t.email), index('users_name_idx').on(t.lastName, t.firstName)],
);

export type UserRow = typeof usersTable.$inferSelect;

/** The columns the conflict-of-interest rule reads of a user (ConflictPerson), for a select list. */
export const conflictPersonColumns = {
  id: usersTable.id,
  firstName: usersTable.firstName,
  lastName: usersTable.lastName,
  email: usersTable.email,
  alternateEmail: usersTable.alternateEmail,
  organization: usersTable.organization,
};
export type NewUserRow = typeof usersTable.$inferInsert;
