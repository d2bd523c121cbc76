import { sql } from 'drizzle-orm';
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
    /** The SMTP server's last answer (e.g. "250 2.0.0 Ok: queued as …"). */
    lastResponse: text('last_response'),
    messageId: text('message_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdBy: integer('created_by'),
    /** The bulk send (mail_sends) this message belongs to, if any. */
    sendId: integer('send_id'),
    /** The recipient user and the paper the message is about, when known (history filters, dedupe). */
    userId: integer('user_id'),
    paperId: integer('paper_id'),
  },
  (t) => [
    /**
     * The dispatcher's queue: only unsent rows are in it, so recording 'sent' adds no index entry. The
     * outbox has no other secondary index on purpose: every claim and every 'sent' rewrites the row and
     * would add an entry to each index (the history pages by id, newest first, and filters the rest).
     */
    index('outbox_state_next_idx')
      .on(t.state, t.nextAttemptAt)
      .where(sql`${t.state} in ('pending', 'sending')`),
  ],
);
export type OutboxRow = typeof outboxTable.$inferSelect;
export type NewOutboxRow = typeof outboxTable.$inferInsert;

/**
 * E-mail settings. owner 'conference' holds the chairs' settings (sender name, reply-to, default cc and
 * bcc, signature); 'user:<id>' a track chair's own sending (reply-to, signature).
 */
export const emailSettingsTable = pgTable('email_settings', {
  owner: text('owner').primaryKey(),
  senderName: text('sender_name').notNull().default(''),
  replyTo: text('reply_to').notNull().default(''),
  cc: text('cc').array().notNull().default([]),
  bcc: text('bcc').array().notNull().default([]),
  signature: text('signature').notNull().default(''),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
export type EmailSettingsRow = typeof emailSettingsTable.$inferSelect;
