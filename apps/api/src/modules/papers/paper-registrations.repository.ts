import { Injectable } from '@nestjs/common';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../database/database.js';
import { paperRegistrationIdsTable, papersTable, type PaperRow } from './papers.table.js';

/** Rows per statement of the chunked reads and inserts (bound parameters stay far below the limit). */
export const INSERT_CHUNK = 500;

/** One registration number of a paper (paper_registration_ids). */
export interface RegistrationIdRow {
  registrationId: string;
  paperId: number;
  kind: string;
}

/**
 * All SQL of the registrations (PaperRegistrationsService): the numbers of paper_registration_ids, the
 * registered authors, and the papers of an import locked in id order.
 */
@Injectable()
export class PaperRegistrationsRepository {
  /** These papers' numbers replaced by `rows` (a number of another paper fails on the primary key). */
  async replaceIds(paperIds: number[], rows: RegistrationIdRow[], tx: Executor): Promise<void> {
    await tx.delete(paperRegistrationIdsTable).where(inArray(paperRegistrationIdsTable.paperId, paperIds));
    for (let i = 0; i < rows.length; i += INSERT_CHUNK)
      await tx.insert(paperRegistrationIdsTable).values(rows.slice(i, i + INSERT_CHUNK));
  }

  /**
   * Which of these users are the author of a registration with an id (main or other) on a paper that is not
   * deleted: one scan of the registered papers.
   */
  async registeredAuthors(ids: number[], tx: Executor): Promise<Set<number>> {
    const idList = sql.join(
      ids.map((id) => sql`${String(id)}`),
      sql`, `,
    );
    const registered = await tx.execute<{ author: string }>(sql`
      select ${papersTable.registration}->>'author' as author from ${papersTable}
        where not ${papersTable.isDeleted} and coalesce(trim(${papersTable.registration}->>'id'), '') <> ''
          and ${papersTable.registration}->>'author' in (${idList})
      union
      select r->>'author' from ${papersTable}, jsonb_array_elements(${papersTable.otherRegistrations}) r
        where not ${papersTable.isDeleted} and coalesce(trim(r->>'id'), '') <> '' and r->>'author' in (${idList})`);
    return new Set(
      (Array.isArray(registered) ? registered : (registered as { rows: { author: string }[] }).rows).map(
        (r) => Number(r.author),
      ),
    );
  }

  /** The papers (not deleted) with these ids, locked in id order (a concurrent edit waits; deadlock-free). */
  async lockPapers(paperIds: number[], tx: Executor): Promise<PaperRow[]> {
    const out: PaperRow[] = [];
    for (let i = 0; i < paperIds.length; i += INSERT_CHUNK)
      out.push(
        ...(await tx
          .select()
          .from(papersTable)
          .where(
            and(
              inArray(papersTable.id, paperIds.slice(i, i + INSERT_CHUNK)),
              eq(papersTable.isDeleted, false),
            ),
          )
          .orderBy(asc(papersTable.id))
          .for('update')),
      );
    return out;
  }

  /** The paper holding each of these registration numbers (numbers held by none are left out). */
  async ownersOf(numbers: string[], tx: Executor): Promise<Map<string, number>> {
    const owners = new Map<string, number>();
    for (let i = 0; i < numbers.length; i += INSERT_CHUNK)
      for (const o of await tx
        .select()
        .from(paperRegistrationIdsTable)
        .where(inArray(paperRegistrationIdsTable.registrationId, numbers.slice(i, i + INSERT_CHUNK))))
        owners.set(o.registrationId, o.paperId);
    return owners;
  }
}
