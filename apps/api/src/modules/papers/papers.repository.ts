import { Inject, Injectable } from '@nestjs/common';
import { and, asc, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import { alias, type AnyPgColumn } from 'drizzle-orm/pg-core';
import type { PaperRegistration } from '@symposium/domain';
import { DB, type Db, type Executor } from '../../database/database.js';
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
import { anyOf } from '../../database/statements.js';

export type PaperPatch = Partial<Omit<NewPaperRow, 'id' | 'createdAt'>>;
export type NewConsentRow = Omit<typeof paperConsentsTable.$inferInsert, 'id'>;

/** Rows per multi-row INSERT (papers have ~30 columns: well under the bound-parameter limit). */
const INSERT_CHUNK = 500;

/** All SQL of the papers module. */
@Injectable()
export class PapersRepository {
  constructor(@Inject(DB) private readonly db: Db) {}

  async insert(row: NewPaperRow, ex: Executor = this.db): Promise<PaperRow> {
    const [created] = await ex.insert(papersTable).values(row).returning();
    return created!;
  }

  /** Many papers, INSERT_CHUNK per statement; the rows in the order given (serial ids follow VALUES). */
  async insertMany(rows: NewPaperRow[], ex: Executor): Promise<PaperRow[]> {
    const out: PaperRow[] = [];
    for (let i = 0; i < rows.length; i += INSERT_CHUNK) {
      const created = await ex
        .insert(papersTable)
        .values(rows.slice(i, i + INSERT_CHUNK))
        .returning();
      out.push(...created.sort((a, b) => a.id - b.id));
    }
    return out;
  }

  /** Sets the registrations of many papers, one UPDATE … FROM (VALUES …) per INSERT_CHUNK papers. */
  async setRegistrations(
    entries: { paperId: number; main: PaperRegistration | null; others: PaperRegistration[] }[],
    ex: Executor,
  ): Promise<void> {
    for (let i = 0; i < entries.length; i += INSERT_CHUNK) {
      const values = sql.join(
        entries
          .slice(i, i + INSERT_CHUNK)
          .map(
            (e) =>
              sql`(${e.paperId}::int, ${e.main === null ? null : JSON.stringify(e.main)}::jsonb, ${JSON.stringify(e.others)}::jsonb)`,
          ),
        sql`, `,
      );
      await ex.execute(sql`
        update ${papersTable} set registration = v.reg, other_registrations = v.others, updated_at = now()
        from (values ${values}) as v(id, reg, others) where ${papersTable.id} = v.id`);
    }
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

  async findByIds(ids: number[], ex: Executor = this.db): Promise<PaperRow[]> {
    if (!ids.length) return [];
    return ex.select().from(papersTable).where(inArray(papersTable.id, ids));
  }

  /**
   * The rows among these ids that are in scope, in one query: of one of the scope's tracks (scope null:
   * any track), and not deleted unless includeDeleted. Ids outside int4 simply match nothing. forUpdate:
   * the rows stay locked until the transaction ends.
   */
  async findManaged(
    ids: number[],
    scope: number[] | null,
    opts: { includeDeleted: boolean; forUpdate?: boolean },
    ex: Executor = this.db,
  ): Promise<PaperRow[]> {
    const valid = [...new Set(ids)].filter((id) => Number.isInteger(id) && id > 0 && id <= 2_147_483_647);
    if (!valid.length || (scope !== null && !scope.length)) return [];
    const query = ex
      .select()
      .from(papersTable)
      .where(
        and(
          inArray(papersTable.id, valid),
          scope === null ? undefined : inArray(papersTable.trackId, scope),
          opts.includeDeleted ? undefined : eq(papersTable.isDeleted, false),
        ),
      )
      .orderBy(asc(papersTable.id));
    return opts.forUpdate ? query.for('update') : query;
  }

  /** Papers (not deleted) of these tracks, by id. */
  async listOfTracks(trackIds: number[], ex: Executor = this.db): Promise<PaperRow[]> {
    if (!trackIds.length) return [];
    return ex
      .select()
      .from(papersTable)
      .where(and(inArray(papersTable.trackId, trackIds), eq(papersTable.isDeleted, false)))
      .orderBy(asc(papersTable.id));
  }

  /** Ids of the papers (not deleted) of these tracks, ascending. */
  async idsOfTracks(trackIds: number[], ex: Executor = this.db): Promise<number[]> {
    if (!trackIds.length) return [];
    const rows = await ex
      .select({ id: papersTable.id })
      .from(papersTable)
      .where(and(inArray(papersTable.trackId, trackIds), eq(papersTable.isDeleted, false)))
      .orderBy(asc(papersTable.id));
    return rows.map((r) => r.id);
  }

  /** Track, title and abstract of these papers, by id ascending. */
  async textsOf(
    ids: number[],
    ex: Executor = this.db,
  ): Promise<{ id: number; trackId: number; title: string; abstractText: string }[]> {
    if (!ids.length) return [];
    return ex
      .select({
        id: papersTable.id,
        trackId: papersTable.trackId,
        title: papersTable.title,
        abstractText: papersTable.abstractText,
      })
      .from(papersTable)
      .where(inArray(papersTable.id, ids))
      .orderBy(asc(papersTable.id));
  }

  /**
   * Sets updatedAt of these papers to now; their rows after the change. One statement for a batch of uploads
   * recorded together.
   */
  async touch(ids: number[], ex: Executor): Promise<PaperRow[]> {
    if (!ids.length) return [];
    return ex
      .update(papersTable)
      .set({ updatedAt: new Date() })
      .where(inArray(papersTable.id, ids))
      .returning();
  }

  /**
   * Locks these paper rows (in id order, so two batches never wait on each other in a cycle) until the
   * transaction ends.
   */
  async lockMany(ids: number[], ex: Executor): Promise<void> {
    if (!ids.length) return;
    await ex
      .select({ id: papersTable.id })
      .from(papersTable)
      .where(inArray(papersTable.id, ids))
      .orderBy(asc(papersTable.id))
      .for('update');
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

  /**
   * The papers among these ids (not deleted) of which userId is an author, by id; one statement. forUpdate:
   * their rows stay locked until the transaction ends.
   */
  async findManyForAuthor(
    ids: number[],
    userId: number,
    ex: Executor = this.db,
    opts: { forUpdate?: boolean } = {},
  ): Promise<PaperRow[]> {
    if (!ids.length) return [];
    const query = ex
      .select({ paper: papersTable })
      .from(papersTable)
      .innerJoin(
        paperAuthorsTable,
        and(eq(paperAuthorsTable.paperId, papersTable.id), eq(paperAuthorsTable.userId, userId)),
      )
      .where(and(inArray(papersTable.id, ids), eq(papersTable.isDeleted, false)))
      .orderBy(asc(papersTable.id));
    const rows = await (opts.forUpdate ? query.for('update', { of: papersTable }) : query);
    return rows.map((r) => r.paper);
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
      .where(anyOf(paperAuthorsTable.paperId, paperIds))
      .orderBy(asc(paperAuthorsTable.paperId), asc(paperAuthorsTable.position));
  }

  /** Ids of the papers (among these) that the user is an author of. */
  async authoredAmong(userId: number, paperIds: number[], ex: Executor = this.db): Promise<Set<number>> {
    if (!paperIds.length) return new Set();
    const rows = await ex
      .select({ paperId: paperAuthorsTable.paperId })
      .from(paperAuthorsTable)
      .where(and(eq(paperAuthorsTable.userId, userId), inArray(paperAuthorsTable.paperId, paperIds)));
    return new Set(rows.map((r) => r.paperId));
  }

  /** Papers on which a reviewer and one of the given authors are both authors (any paper in the system). */
  async coauthored(
    reviewerIds: number[],
    authorIds: number[],
    ex: Executor = this.db,
  ): Promise<{ reviewerId: number; authorId: number; paperId: number; title: string }[]> {
    if (!reviewerIds.length || !authorIds.length) return [];
    const a1 = alias(paperAuthorsTable, 'a1');
    const a2 = alias(paperAuthorsTable, 'a2');
    return ex
      .select({
        reviewerId: a1.userId,
        authorId: a2.userId,
        paperId: papersTable.id,
        title: papersTable.title,
      })
      .from(a1)
      .innerJoin(a2, and(eq(a2.paperId, a1.paperId), ne(a2.userId, a1.userId)))
      .innerJoin(papersTable, eq(papersTable.id, a1.paperId))
      .where(and(anyOf(a1.userId, reviewerIds), anyOf(a2.userId, authorIds)))
      .orderBy(asc(papersTable.id));
  }

  /** Papers of which one of these users is an author, with their title, abstract and every author id. */
  async papersAuthoredBy(
    userIds: number[],
    ex: Executor = this.db,
  ): Promise<{ paperId: number; title: string; abstract: string; authorIds: number[] }[]> {
    if (!userIds.length) return [];
    const mine = ex
      .select({ id: paperAuthorsTable.paperId })
      .from(paperAuthorsTable)
      .where(inArray(paperAuthorsTable.userId, userIds));
    const rows = await ex
      .select({
        paperId: papersTable.id,
        title: papersTable.title,
        abstract: papersTable.abstractText,
        userId: paperAuthorsTable.userId,
      })
      .from(papersTable)
      .innerJoin(paperAuthorsTable, eq(paperAuthorsTable.paperId, papersTable.id))
      .where(inArray(papersTable.id, mine))
      .orderBy(asc(papersTable.id), asc(paperAuthorsTable.position));
    const out = new Map<number, { paperId: number; title: string; abstract: string; authorIds: number[] }>();
    for (const r of rows) {
      const e = out.get(r.paperId) ?? {
        paperId: r.paperId,
        title: r.title,
        abstract: r.abstract,
        authorIds: [],
      };
      e.authorIds.push(r.userId);
      out.set(r.paperId, e);
    }
    return [...out.values()];
  }

  /** The ordered authors of new papers (papers without authors yet), INSERT_CHUNK rows per statement. */
  async insertAuthors(rows: PaperAuthorRow[], ex: Executor): Promise<void> {
    for (let i = 0; i < rows.length; i += INSERT_CHUNK)
      await ex.insert(paperAuthorsTable).values(rows.slice(i, i + INSERT_CHUNK));
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
    const out: PaperFileRow[] = [];
    for (let i = 0; i < rows.length; i += INSERT_CHUNK)
      out.push(
        ...(await ex
          .insert(paperFilesTable)
          .values(rows.slice(i, i + INSERT_CHUNK))
          .returning()),
      );
    return out;
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

  /**
   * Other papers (not deleted) with the same title, or the same abstract (of at least 100 characters), as
   * this one — compared letters and digits only, ignoring case: the submission-time duplicate check.
   */
  async sameTitleOrAbstract(
    paperId: number,
    ex: Executor = this.db,
  ): Promise<{ other: number; kind: 'title' | 'abstract' }[]> {
    const key = (column: AnyPgColumn) => sql`lower(regexp_replace(${column}, '[^[:alnum:]]+', '', 'g'))`;
    const other = alias(papersTable, 'other');
    const rows = await ex
      .select({
        other: other.id,
        title: sql<boolean>`${key(other.title)} = ${key(papersTable.title)}`,
        abstract: sql<boolean>`length(${papersTable.abstractText}) >= 100 and ${key(other.abstractText)} = ${key(papersTable.abstractText)}`,
      })
      .from(papersTable)
      .innerJoin(
        other,
        and(
          ne(other.id, papersTable.id),
          eq(other.isDeleted, false),
          sql`(${key(other.title)} = ${key(papersTable.title)} and ${key(papersTable.title)} <> ''
            or length(${papersTable.abstractText}) >= 100 and ${key(other.abstractText)} = ${key(papersTable.abstractText)})`,
        ),
      )
      .where(eq(papersTable.id, paperId));
    return rows.flatMap((r) => [
      ...(r.title ? [{ other: r.other, kind: 'title' as const }] : []),
      ...(r.abstract ? [{ other: r.other, kind: 'abstract' as const }] : []),
    ]);
  }
}
