import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { ProgrammeView } from '@symposium/domain';
import { papersTable } from '../papers/papers.table.js';
import { tracksTable } from '../tracks/tracks.table.js';
import { usersTable } from '../users/users.table.js';

/** Rooms (§3 Room), with an optional capacity. */
export const roomsTable = pgTable(
  'programme_rooms',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    capacity: integer('capacity'),
  },
  (t) => [uniqueIndex('programme_rooms_name_key').on(sql`lower(${t.name})`)],
);
export type RoomRow = typeof roomsTable.$inferSelect;

/** Conference days (§3 Day): one per date. */
export const daysTable = pgTable(
  'programme_days',
  {
    id: serial('id').primaryKey(),
    date: date('date', { mode: 'string' }).notNull(),
    desk: text('desk').notNull(),
    color: text('color').notNull(),
  },
  (t) => [uniqueIndex('programme_days_date_key').on(t.date)],
);
export type DayRow = typeof daysTable.$inferSelect;

/** Events of a day (§3 Event); start and end are HH:MM local to the conference time zone. */
export const eventsTable = pgTable(
  'programme_events',
  {
    id: serial('id').primaryKey(),
    dayId: integer('day_id')
      .notNull()
      .references(() => daysTable.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    description: text('description').notNull().default(''),
    start: text('start').notNull(),
    end: text('end').notNull(),
  },
  (t) => [index('programme_events_day_idx').on(t.dayId)],
);
export type EventRow = typeof eventsTable.$inferSelect;

/**
 * Technical sessions, poster sessions and tutorials (§3). `number` is the session's _id, chosen by the chair
 * and unique per kind; the session chairs (responsables) of a technical session are the users whose
 * roles.sessionChair.sessions list its number (the users module owns that list).
 */
export const sessionsTable = pgTable(
  'programme_sessions',
  {
    id: serial('id').primaryKey(),
    kind: text('kind').notNull(),
    number: integer('number').notNull(),
    title: text('title').notNull().default(''),
    roomId: integer('room_id').references(() => roomsTable.id),
    trackId: integer('track_id').references(() => tracksTable.id, { onDelete: 'set null' }),
    /** event.has / event.reference: the event it is linked to, if any. */
    eventId: integer('event_id').references(() => eventsTable.id, { onDelete: 'set null' }),
    link: text('link').notNull().default(''),
    presenterId: integer('presenter_id').references(() => usersTable.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('programme_sessions_number_key').on(t.kind, t.number),
    uniqueIndex('programme_sessions_title_key')
      .on(sql`lower(${t.title})`)
      .where(sql`${t.kind} = 'technical'`),
    index('programme_sessions_event_idx').on(t.eventId),
    check('programme_sessions_kind_check', sql`${t.kind} in ('technical', 'poster', 'tutorial')`),
  ],
);
export type SessionRow = typeof sessionsTable.$inferSelect;

/** The papers of each session, in order; a paper belongs to at most one session (the primary key). */
export const sessionPapersTable = pgTable(
  'programme_session_papers',
  {
    paperId: integer('paper_id')
      .primaryKey()
      .references(() => papersTable.id, { onDelete: 'cascade' }),
    sessionId: integer('session_id')
      .notNull()
      .references(() => sessionsTable.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
  },
  (t) => [index('programme_session_papers_session_idx').on(t.sessionId, t.position)],
);
export type SessionPaperRow = typeof sessionPapersTable.$inferSelect;

/** A chair's acknowledgement of a clash, by the clash's stable key. */
export const clashAcksTable = pgTable('programme_clash_acks', {
  key: text('key').primaryKey(),
  userId: integer('user_id').references(() => usersTable.id, { onDelete: 'set null' }),
  at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
});
export type ClashAckRow = typeof clashAcksTable.$inferSelect;

/** Published programme versions: a frozen copy of what authors and session chairs see. */
export const programmeVersionsTable = pgTable(
  'programme_versions',
  {
    version: integer('version').primaryKey(),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull().defaultNow(),
    publishedBy: integer('published_by').references(() => usersTable.id, { onDelete: 'set null' }),
    snapshot: jsonb('snapshot').$type<ProgrammeView>().notNull(),
  },
  (t) => [check('programme_versions_version_check', sql`${t.version} > 0`)],
);
export type ProgrammeVersionRow = typeof programmeVersionsTable.$inferSelect;

/**
 * The programme's settings, one row (id 1): the track whose accepted papers are the tutorials, chosen by the
 * chair (issue 21 item 19; it used to be the first track with 'Tutorials' in its name). Deleting the track
 * leaves none chosen.
 */
export const programmeSettingsTable = pgTable(
  'programme_settings',
  {
    id: integer('id').primaryKey().default(1),
    tutorialTrackId: integer('tutorial_track_id').references(() => tracksTable.id, { onDelete: 'set null' }),
  },
  (t) => [check('programme_settings_one_row', sql`${t.id} = 1`)],
);
export type ProgrammeSettingsRow = typeof programmeSettingsTable.$inferSelect;
