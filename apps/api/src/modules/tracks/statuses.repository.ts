import { Inject, Injectable } from '@nestjs/common';
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import { DB, type Db, type Executor } from '../../database/database.js';
import { statusesTable, type StatusRow } from './tracks.table.js';

/** All SQL of paper statuses. */
@Injectable()
export class StatusesRepository {
  constructor(@Inject(DB) private readonly db: Db) {}

  list(ex: Executor = this.db): Promise<StatusRow[]> {
    return ex.select().from(statusesTable).orderBy(asc(statusesTable.position), asc(statusesTable.id));
  }

  async findById(id: number, ex: Executor = this.db): Promise<StatusRow | undefined> {
    const [row] = await ex.select().from(statusesTable).where(eq(statusesTable.id, id));
    return row;
  }

  async findDefault(ex: Executor = this.db): Promise<StatusRow | undefined> {
    const [row] = await ex
      .select()
      .from(statusesTable)
      .where(eq(statusesTable.isDefault, true))
      .orderBy(asc(statusesTable.id))
      .limit(1);
    return row;
  }

  /** A status with this text, ignoring case and surrounding spaces (other than exceptId). */
  async findByText(text: string, exceptId?: number, ex: Executor = this.db): Promise<StatusRow | undefined> {
    const [row] = await ex
      .select()
      .from(statusesTable)
      .where(
        and(
          eq(sql`lower(${statusesTable.text})`, text.trim().toLowerCase()),
          exceptId ? ne(statusesTable.id, exceptId) : undefined,
        ),
      )
      .limit(1);
    return row;
  }

  /** The position after the last status (1 for the first). */
  async nextPosition(ex: Executor = this.db): Promise<number> {
    const [r] = await ex
      .select({ n: sql<number>`coalesce(max(${statusesTable.position}), 0)::int + 1` })
      .from(statusesTable);
    return r?.n ?? 1;
  }

  async insert(
    row: { text: string; isAccepted: boolean; position: number },
    ex: Executor = this.db,
  ): Promise<StatusRow> {
    const [created] = await ex.insert(statusesTable).values(row).returning();
    return created!;
  }

  async update(
    id: number,
    patch: Partial<{ text: string; isAccepted: boolean; position: number }>,
    ex: Executor = this.db,
  ): Promise<StatusRow | undefined> {
    const [row] = await ex.update(statusesTable).set(patch).where(eq(statusesTable.id, id)).returning();
    return row;
  }

  async delete(id: number, ex: Executor = this.db): Promise<void> {
    await ex.delete(statusesTable).where(eq(statusesTable.id, id));
  }

  async lockAll(ex: Executor): Promise<void> {
    await ex.execute(sql`lock table ${statusesTable} in share row exclusive mode`);
  }
}
