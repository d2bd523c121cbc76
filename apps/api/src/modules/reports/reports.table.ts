import { index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import type { ReportSummary } from '@symposium/domain';
import { bytea } from '../../database/columns.js';

/**
 * A generated report (§3 Report, category User or Paper): the on-screen summary and the xlsx, as of
 * when it was generated, for the tracks of whoever generated it (track_ids null = every track).
 */
export const reportsTable = pgTable(
  'reports',
  {
    id: serial('id').primaryKey(),
    category: text('category').notNull(),
    trackIds: integer('track_ids').array(),
    summary: jsonb('summary').$type<ReportSummary>().notNull(),
    xlsx: bytea('xlsx').notNull(),
    size: integer('size').notNull(),
    createdBy: integer('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('reports_created_idx').on(t.createdAt)],
);
export type ReportRow = typeof reportsTable.$inferSelect;
