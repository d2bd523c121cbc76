import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

/** Every outgoing e-mail, written in the transaction of its cause; the dispatcher sends and records. */
export const outboxTable = pgTable(
  'outbox',
  {
    id: serial('id').primaryKey(),
    kind: text('kind').notNull(),
    to: text('to').array().notNull(),
    cc: text('cc').array().notNull().default([]),
    bcc: text('bcc').array().notNull().default([]),
    replyTo: text('reply_to'),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    /** pending | sending | sent | failed */
    state: text('state').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    /** pending: when it is due; sending: when the claim expires (a crashed sender's rows return to pending). */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    messageId: text('message_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdBy: integer('created_by'),
  },
  (t) => [index('outbox_state_next_idx').on(t.state, t.nextAttemptAt)],
);
export type OutboxRow = typeof outboxTable.$inferSelect;
