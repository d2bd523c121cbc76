import { boolean, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

export const passwordResetsTable = pgTable('password_resets', {
  id: serial('id').primaryKey(),
  userId: integer('user_id').notNull(),
  tokenHash: text('token_hash').notNull().unique(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const loginAttemptsTable = pgTable(
  'login_attempts',
  {
    id: serial('id').primaryKey(),
    /** 'login' (a sign-in attempt) or 'forgot' (a password-reset request), for rate limiting. */
    kind: text('kind').$type<'login' | 'forgot'>().notNull().default('login'),
    email: text('email').notNull(),
    ip: text('ip').notNull(),
    success: boolean('success').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('login_attempts_email_at_idx').on(t.email, t.at),
    index('login_attempts_ip_at_idx').on(t.ip, t.at),
  ],
);

/**
 * Rate-limit counters shared by every API process: one row per key ('login:email:…', 'forgot:ip:…',
 * 'verify:ip:…'), counting the attempts of a fixed window that starts with its first attempt. Incremented
 * and read in one statement (INSERT … ON CONFLICT DO UPDATE … RETURNING), so a concurrent burst cannot pass.
 */
export const rateLimitCountersTable = pgTable('rate_limit_counters', {
  key: text('key').primaryKey(),
  windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
  count: integer('count').notNull(),
});
