import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/**
 * A reminder rule: what to remind of (ReminderKind of @symposium/domain), how many days before the
 * deadline (one or several offsets) and at which hour of the conference's time zone, to whom (every author
 * or the primary author), with which e-mail template, enabled or paused (a new rule starts paused).
 */
export const reminderRulesTable = pgTable(
  'reminder_rules',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    kind: text('kind').notNull(),
    /** Days before the deadline, e.g. {7,1}; 0 = on the day. */
    offsets: integer('offsets').array().notNull(),
    /** The hour (0–23) of the conference's time zone a due reminder goes out at, on its day. */
    sendHour: integer('send_hour').notNull().default(9),
    /** Author-side kinds: 'all' authors or the 'primary' author only. */
    recipients: text('recipients').notNull().default('all'),
    templateId: integer('template_id').notNull(),
    /** Tracks the rule covers; empty = every track. */
    trackIds: integer('track_ids').array().notNull().default([]),
    enabled: boolean('enabled').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    lastRunAt: timestamp('last_run_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('reminder_rules_name_key').on(t.name)],
);
export type ReminderRuleRow = typeof reminderRulesTable.$inferSelect;

/**
 * One reminder sent: the unique key (rule, recipient, object, occurrence) makes it exactly once, however
 * many processes tick at once. objectKey names the paper or review request ('paper:12', 'request:7');
 * occurrence the deadline and offset it was sent for ('2027-03-01T00:00:00.000Z-7d').
 */
export const reminderDeliveriesTable = pgTable(
  'reminder_deliveries',
  {
    id: serial('id').primaryKey(),
    ruleId: integer('rule_id').notNull(),
    userId: integer('user_id').notNull(),
    objectKey: text('object_key').notNull(),
    occurrence: text('occurrence').notNull(),
    outboxId: integer('outbox_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('reminder_deliveries_key').on(t.ruleId, t.userId, t.objectKey, t.occurrence),
    index('reminder_deliveries_rule_idx').on(t.ruleId, t.createdAt),
  ],
);
export type ReminderDeliveryRow = typeof reminderDeliveriesTable.$inferSelect;

/** A run of a rule (scheduler tick, chair's "run now", command line): when, by what, how many queued. */
export const reminderRunsTable = pgTable(
  'reminder_runs',
  {
    id: serial('id').primaryKey(),
    ruleId: integer('rule_id').notNull(),
    /** scheduler | chair | cli */
    trigger: text('trigger').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    queued: integer('queued').notNull().default(0),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
  },
  (t) => [index('reminder_runs_rule_idx').on(t.ruleId, t.startedAt)],
);
export type ReminderRunRow = typeof reminderRunsTable.$inferSelect;
