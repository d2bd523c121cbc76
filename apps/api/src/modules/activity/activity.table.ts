import { index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The conference's activity log (who did what and when): submissions, edits, withdrawals, decisions,
 * assignments, reviews, imports, e-mails sent, impersonation. Each entry is written in the transaction of
 * the change it records. actorId is the signed-in user; impersonatorId the chair acting as them.
 */
export const auditLogTable = pgTable(
  'audit_log',
  {
    id: serial('id').primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    actorId: integer('actor_id').notNull(),
    subjectId: integer('subject_id'),
    action: text('action').notNull(),
    details: jsonb('details').notNull().default({}),
    impersonatorId: integer('impersonator_id'),
    trackId: integer('track_id'),
    paperId: integer('paper_id'),
    /** One line for people ("Submitted paper 12 'Graph colouring'"). */
    summary: text('summary').notNull().default(''),
  },
  (t) => [
    index('audit_log_at_idx').on(t.at),
    index('audit_log_action_idx').on(t.action, t.at),
    index('audit_log_actor_idx').on(t.actorId, t.at),
  ],
);
export type ActivityRow = typeof auditLogTable.$inferSelect;
export type NewActivityRow = typeof auditLogTable.$inferInsert;
