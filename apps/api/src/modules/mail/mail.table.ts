import { integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/** §3 EmailTemplate: _id, subject, text, position (chairs' templates; track chairs use them). */
export const emailTemplatesTable = pgTable('email_templates', {
  id: serial('id').primaryKey(),
  subject: text('subject').notNull(),
  text: text('text').notNull(),
  position: integer('position').notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
export type EmailTemplateRow = typeof emailTemplatesTable.$inferSelect;

/**
 * One bulk send: what was asked (recipients, filter, template, subject and text as written) and by whom.
 * idempotencyKey (per sender) makes queueing the same request twice produce one set of messages.
 */
export const mailSendsTable = pgTable(
  'mail_sends',
  {
    id: serial('id').primaryKey(),
    createdBy: integer('created_by').notNull(),
    /** chair | cochair: the console it was sent from. */
    role: text('role').notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    request: jsonb('request').$type<Record<string, unknown>>().notNull(),
    templateId: integer('template_id'),
    subject: text('subject').notNull(),
    count: integer('count').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('mail_sends_key').on(t.createdBy, t.idempotencyKey)],
);
export type MailSendRow = typeof mailSendsTable.$inferSelect;
