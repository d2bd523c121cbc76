/**
 * Shared set-up of the reviews API tests: an app, a chair, tracks and papers written straight into the
 * database, and people with distinct organizations and e-mail domains (so only the conflicts a test
 * builds on purpose exist).
 */
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { outboxTable } from '../../apps/api/src/modules/outbox/outbox.table.js';
import { paperAuthorsTable, papersTable } from '../../apps/api/src/modules/papers/papers.table.js';
import { tracksTable } from '../../apps/api/src/modules/tracks/tracks.table.js';
import { chairRoles, createTestApp, type TestApp } from '../support/app.js';

export type Person = Awaited<ReturnType<TestApp['user']>>;

/** A complete review body (PUT /api/reviewer/papers/{id}), accept-leaning. */
export const REVIEW = {
  quality: 8,
  contribution: 7,
  originality: 6,
  final: 2,
  comments: { author: 'Clear and useful.', chair: 'Accept.' },
};

export interface ReviewsEnv {
  t: TestApp;
  chair: Person;
  track: (name?: string) => Promise<number>;
  paper: (
    trackId: number,
    authors: number[],
    extra?: Partial<typeof papersTable.$inferInsert>,
  ) => Promise<number>;
  /** A person at their own organization and domain (n distinguishes them). */
  person: (opts?: Parameters<TestApp['user']>[0]) => Promise<Person>;
  reviewer: (tracks: number[], opts?: Parameters<TestApp['user']>[0]) => Promise<Person>;
  trackChair: (tracks: number[]) => Promise<Person>;
  outbox: () => Promise<(typeof outboxTable.$inferSelect)[]>;
  close: () => Promise<void>;
}

let n = 0;

export async function setupReviews(overrides: Parameters<typeof createTestApp>[0] = {}): Promise<ReviewsEnv> {
  const t = await createTestApp(overrides);
  const chair = await t.user({ roles: chairRoles(), email: `chair${Date.now()}@chairs.example.net` });
  const person: ReviewsEnv['person'] = (opts = {}) => {
    n++;
    return t.user({
      email: `p${n}.${Date.now()}@org${n}.edu`,
      organization: `Organization ${n}`,
      ...opts,
    });
  };
  return {
    t,
    chair,
    track: async (name) => {
      n++;
      const [row] = await t.db
        .insert(tracksTable)
        .values({ name: name ?? `Track ${n}`, position: n })
        .returning();
      return row!.id;
    },
    paper: async (trackId, authors, extra = {}) => {
      n++;
      const [row] = await t.db
        .insert(papersTable)
        .values({
          title: `Paper ${n} on graph colouring`,
          abstractText: 'An abstract of more than fifty characters about graph colouring in practice.',
          trackId,
          primaryAuthorId: authors[0] ?? null,
          ...extra,
        })
        .returning();
      if (authors.length)
        await t.db
          .insert(paperAuthorsTable)
          .values(authors.map((userId, position) => ({ paperId: row!.id, userId, position })));
      return row!.id;
    },
    person,
    reviewer: (tracks, opts = {}) =>
      person({ ...opts, roles: { reviewer: { is: true, tracks, count: 0 }, ...(opts.roles ?? {}) } }),
    trackChair: (tracks) => person({ roles: { coChair: { is: true, tracks } } }),
    outbox: () => t.db.select().from(outboxTable).where(eq(outboxTable.kind, 'review-invitation')),
    close: () => t.close(),
  };
}

/** An xlsx workbook with one sheet: a header row and the given rows. */
export async function xlsx(header: string[], rows: unknown[][], sheetName = 'Sheet1'): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const sheet = wb.addWorksheet(sheetName);
  sheet.addRow(header);
  for (const r of rows) sheet.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}
