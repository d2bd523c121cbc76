// Test support for the db-specs (*.db-spec.ts): one in-memory PGlite per file, with the migrations applied.
import { getTableName, sql, type Table } from 'drizzle-orm';
import { openDatabase, type DatabaseHandle, type Db } from './database.js';
import { usersTable, type NewUserRow, type UserRow } from '../modules/users/users.table.js';
import {
  statusesTable,
  subjectAreasTable,
  tracksTable,
  type TrackRow,
} from '../modules/tracks/tracks.table.js';
import {
  paperAuthorsTable,
  papersTable,
  type NewPaperRow,
  type PaperRow,
} from '../modules/papers/papers.table.js';

/** A fresh in-memory database with the migrations (open in beforeAll, close in afterAll). */
export const openTestDatabase = (): Promise<DatabaseHandle> =>
  openDatabase({ inMemory: true, pgliteThread: 'main' });

/** Deletes every row of these tables, in the order given (their ids go on: tests compare ids they were given). */
export async function emptyTables(db: Db, ...tables: Table[]): Promise<void> {
  for (const t of tables) await db.execute(sql`delete from ${sql.identifier(getTableName(t))}`);
}

/** A fresh database (as openTestDatabase) and the repository under test built on it. */
export async function openWith<R>(make: (db: Db) => R): Promise<{ handle: DatabaseHandle; repo: R }> {
  const handle = await openTestDatabase();
  return { handle, repo: make(handle.db) };
}

let seq = 0;
/** A user with a unique e-mail unless the overrides give one. */
export async function seedUser(db: Db, overrides: Partial<NewUserRow> = {}): Promise<UserRow> {
  seq++;
  const [row] = await db
    .insert(usersTable)
    .values({
      firstName: `First${seq}`,
      lastName: `Last${seq}`,
      email: `user${seq}@example.org`,
      ...overrides,
    })
    .returning();
  return row!;
}

/** A track with a unique name unless the overrides give one. */
export async function seedTrack(
  db: Db,
  overrides: Partial<typeof tracksTable.$inferInsert> = {},
): Promise<TrackRow> {
  seq++;
  const [row] = await db
    .insert(tracksTable)
    .values({ name: `Track ${seq}`, ...overrides })
    .returning();
  return row!;
}

/** A paper in the track (a new track when none is given), with its authors in order when given. */
export async function seedPaper(
  db: Db,
  overrides: Partial<NewPaperRow> = {},
  authorIds: number[] = [],
): Promise<PaperRow> {
  seq++;
  const trackId = overrides.trackId ?? (await seedTrack(db)).id;
  const [row] = await db
    .insert(papersTable)
    .values({
      title: `Paper ${seq}`,
      abstractText: 'Abstract',
      primaryAuthorId: authorIds[0],
      ...overrides,
      trackId,
    })
    .returning();
  if (authorIds.length)
    await db
      .insert(paperAuthorsTable)
      .values(authorIds.map((userId, position) => ({ paperId: row!.id, userId, position })));
  return row!;
}

/** A subject area of the track (its id). */
export async function seedSubjectArea(db: Db, trackId: number, name = `Area ${++seq}`): Promise<number> {
  const [row] = await db.insert(subjectAreasTable).values({ trackId, name, position: seq }).returning();
  return row!.id;
}

/** A paper status (its id). */
export async function seedStatus(db: Db, text = `Status ${++seq}`): Promise<number> {
  const [row] = await db
    .insert(statusesTable)
    .values({ text, position: 100 + seq })
    .returning();
  return row!.id;
}

/** The seeded rows' types, for specs of modules that do not own these tables. */
export type SeededUser = UserRow;
export type SeededPaper = PaperRow;
