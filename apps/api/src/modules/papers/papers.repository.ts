import { Inject, Injectable } from '@nestjs/common';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { DB, type Db, type Executor } from '../../database/database.js';
import { usersTable, type UserRow } from '../users/users.table.js';
import {
  paperAuthorsTable,
  paperConsentsTable,
  paperFilesTable,
  papersTable,
  type NewPaperFileRow,
  type NewPaperRow,
  type PaperAuthorRow,
  type PaperConsentRow,
  type PaperFileRow,
  type PaperRow,
} from './papers.table.js';

export type PaperPatch = Partial<Omit<NewPaperRow, 'id' | 'createdAt'>>;
export type NewConsentRow = Omit<typeof paperConsentsTable.$inferInsert, 'id'>;

/** All SQL of the papers module. */
@Injectable()
export class PapersRepository {
  constructor(@Inject(DB) private readonly db: Db) {}

  async insert(row: NewPaperRow, ex: Executor = this.db): Promise<PaperRow> {
    const [created] = await ex.insert(papersTable).values(row).returning();
    return created!;
  }

  async update(id: number, patch: PaperPatch, ex: Executor = this.db): Promise<PaperRow | undefined> {
    const [row] = await ex
      .update(papersTable)
      .set({ ...patch, updatedAt: new Date() })
      .where(eq(papersTable.id, id))
      .returning();
    return row;
  }

  async findById(id: number, ex: Executor = this.db): Promise<PaperRow | undefined> {
    const [row] = await ex.select().from(papersTable).where(eq(papersTable.id, id));
    return row;
  }

  /** Locks the paper row until the transaction ends (file slots and counts are decided one at a time). */
  async lock(id: number, ex: Executor): Promise<PaperRow | undefined> {
    const [row] = await ex.select().from(papersTable).where(eq(papersTable.id, id)).for('update');
    return row;
  }

  /** The paper when userId is one of its authors and it is not deleted. */
  async findForAuthor(id: number, userId: number, ex: Executor = this.db): Promise<PaperRow | undefined> {
    const [row] = await ex
      .select({ paper: papersTable })
      .from(papersTable)
      .innerJoin(
        paperAuthorsTable,
        and(eq(paperAuthorsTable.paperId, papersTable.id), eq(paperAuthorsTable.userId, userId)),
      )
      .where(and(eq(papersTable.id, id), eq(papersTable.isDeleted, false)));
    return row?.paper;
  }

  /** The papers (not deleted) of which userId is an author, newest first. */
  async listForAuthor(userId: number, ex: Executor = this.db): Promise<PaperRow[]> {
    const rows = await ex
      .select({ paper: papersTable })
      .from(papersTable)
      .innerJoin(
        paperAuthorsTable,
        and(eq(paperAuthorsTable.paperId, papersTable.id), eq(paperAuthorsTable.userId, userId)),
      )
      .where(eq(papersTable.isDeleted, false))
      .orderBy(desc(papersTable.id));
    return rows.map((r) => r.paper);
  }

  /** A registered paper: not deleted, and its registration has a non-empty id. */
  async findRegistered(id: number, ex: Executor = this.db): Promise<PaperRow | undefined> {
    const [row] = await ex
      .select()
      .from(papersTable)
      .where(
        and(
          eq(papersTable.id, id),
          eq(papersTable.isDeleted, false),
          sql`coalesce(trim(${papersTable.registration}->>'id'), '') <> ''`,
        ),
      );
    return row;
  }

  // ----- authors

  /** Authors of the papers, ordered by paper then position. */
  async authorsOf(paperIds: number[], ex: Executor = this.db): Promise<PaperAuthorRow[]> {
    if (!paperIds.length) return [];
    return ex
      .select()
      .from(paperAuthorsTable)
      .where(inArray(paperAuthorsTable.paperId, paperIds))
      .orderBy(asc(paperAuthorsTable.paperId), asc(paperAuthorsTable.position));
  }

  /** The authors of the papers with their user rows, in one query, ordered by paper then position. */
  async authorUsersOf(
    paperIds: number[],
    ex: Executor = this.db,
  ): Promise<{ paperId: number; user: UserRow }[]> {
    if (!paperIds.length) return [];
    return ex
      .select({ paperId: paperAuthorsTable.paperId, user: usersTable })
      .from(paperAuthorsTable)
      .innerJoin(usersTable, eq(usersTable.id, paperAuthorsTable.userId))
      .where(inArray(paperAuthorsTable.paperId, paperIds))
      .orderBy(asc(paperAuthorsTable.paperId), asc(paperAuthorsTable.position));
  }

  /** Replaces the authors of a paper by the ordered list. */
  async setAuthors(paperId: number, userIds: number[], ex: Executor): Promise<void> {
    await ex.delete(paperAuthorsTable).where(eq(paperAuthorsTable.paperId, paperId));
    if (userIds.length)
      await ex
        .insert(paperAuthorsTable)
        .values(userIds.map((userId, position) => ({ paperId, userId, position })));
  }

  // ----- files

  async filesOf(paperIds: number[], ex: Executor = this.db): Promise<PaperFileRow[]> {
    if (!paperIds.length) return [];
    return ex
      .select()
      .from(paperFilesTable)
      .where(inArray(paperFilesTable.paperId, paperIds))
      .orderBy(asc(paperFilesTable.id));
  }

  /** Which of these store keys a paper file row records. */
  async referencedFileKeys(keys: string[], ex: Executor = this.db): Promise<string[]> {
    if (!keys.length) return [];
    const rows = await ex
      .select({ key: paperFilesTable.key })
      .from(paperFilesTable)
      .where(inArray(paperFilesTable.key, keys));
    return rows.map((r) => r.key);
  }

  async findFile(paperId: number, fileId: number, ex: Executor = this.db): Promise<PaperFileRow | undefined> {
    const [row] = await ex
      .select()
      .from(paperFilesTable)
      .where(and(eq(paperFilesTable.id, fileId), eq(paperFilesTable.paperId, paperId)));
    return row;
  }

  async findFileById(fileId: number, ex: Executor = this.db): Promise<PaperFileRow | undefined> {
    const [row] = await ex.select().from(paperFilesTable).where(eq(paperFilesTable.id, fileId));
    return row;
  }

  async insertFiles(rows: NewPaperFileRow[], ex: Executor): Promise<PaperFileRow[]> {
    if (!rows.length) return [];
    return ex.insert(paperFilesTable).values(rows).returning();
  }

  async deleteFiles(ids: number[], ex: Executor): Promise<void> {
    if (ids.length) await ex.delete(paperFilesTable).where(inArray(paperFilesTable.id, ids));
  }

  // ----- consent

  async consentsOf(paperIds: number[], ex: Executor = this.db): Promise<Omit<PaperConsentRow, 'jpeg'>[]> {
    if (!paperIds.length) return [];
    return ex
      .select({
        id: paperConsentsTable.id,
        paperId: paperConsentsTable.paperId,
        userId: paperConsentsTable.userId,
        signedAt: paperConsentsTable.signedAt,
        agreementVersion: paperConsentsTable.agreementVersion,
        agreementHtml: paperConsentsTable.agreementHtml,
        signatureName: paperConsentsTable.signatureName,
        font: paperConsentsTable.font,
      })
      .from(paperConsentsTable)
      .where(inArray(paperConsentsTable.paperId, paperIds));
  }

  async findConsent(paperId: number, ex: Executor = this.db): Promise<PaperConsentRow | undefined> {
    const [row] = await ex.select().from(paperConsentsTable).where(eq(paperConsentsTable.paperId, paperId));
    return row;
  }

  /** Records the paper's signature (a later signature replaces the earlier one). */
  async saveConsent(row: NewConsentRow, ex: Executor): Promise<PaperConsentRow> {
    const [saved] = await ex
      .insert(paperConsentsTable)
      .values(row)
      .onConflictDoUpdate({
        target: paperConsentsTable.paperId,
        set: {
          userId: row.userId,
          signedAt: row.signedAt ?? new Date(),
          agreementVersion: row.agreementVersion,
          agreementHtml: row.agreementHtml,
          signatureName: row.signatureName,
          font: row.font,
          jpeg: row.jpeg,
        },
      })
      .returning();
    return saved!;
  }
}
