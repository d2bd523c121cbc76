import { Inject, Injectable } from '@nestjs/common';
import { and, asc, eq, inArray, ne, notInArray, sql } from 'drizzle-orm';
import { DB, type Db, type Executor } from '../../database/database.js';
import { subjectAreasTable, tracksTable, type SubjectAreaRow, type TrackRow } from './tracks.table.js';

export type NewTrackRow = typeof tracksTable.$inferInsert;

/** All SQL of tracks and their subject areas. */
@Injectable()
export class TracksRepository {
  constructor(@Inject(DB) private readonly db: Db) {}

  /** Tracks by position (then id); only the given ids when ids is not null. */
  async list(ids: number[] | null, ex: Executor = this.db): Promise<TrackRow[]> {
    if (ids && ids.length === 0) return [];
    return ex
      .select()
      .from(tracksTable)
      .where(ids ? inArray(tracksTable.id, ids) : undefined)
      .orderBy(asc(tracksTable.position), asc(tracksTable.id));
  }

  async findById(id: number, ex: Executor = this.db): Promise<TrackRow | undefined> {
    const [row] = await ex.select().from(tracksTable).where(eq(tracksTable.id, id));
    return row;
  }

  /** A track with this name, ignoring case and surrounding spaces (other than exceptId). */
  async findByName(name: string, exceptId?: number, ex: Executor = this.db): Promise<TrackRow | undefined> {
    const [row] = await ex
      .select()
      .from(tracksTable)
      .where(
        and(
          eq(sql`lower(${tracksTable.name})`, name.trim().toLowerCase()),
          exceptId ? ne(tracksTable.id, exceptId) : undefined,
        ),
      )
      .limit(1);
    return row;
  }

  async listIds(ex: Executor = this.db): Promise<number[]> {
    const rows = await ex
      .select({ id: tracksTable.id })
      .from(tracksTable)
      .orderBy(asc(tracksTable.position), asc(tracksTable.id));
    return rows.map((r) => r.id);
  }

  /** The position after the last track (0 for the first). */
  async nextPosition(ex: Executor = this.db): Promise<number> {
    const [r] = await ex
      .select({ n: sql<number>`coalesce(max(${tracksTable.position}) + 1, 0)::int` })
      .from(tracksTable);
    return r?.n ?? 0;
  }

  async insert(row: NewTrackRow, ex: Executor = this.db): Promise<TrackRow> {
    const [created] = await ex.insert(tracksTable).values(row).returning();
    return created!;
  }

  async update(
    id: number,
    patch: Partial<NewTrackRow>,
    ex: Executor = this.db,
  ): Promise<TrackRow | undefined> {
    const [row] = await ex
      .update(tracksTable)
      .set({ ...patch, updatedAt: new Date() })
      .where(eq(tracksTable.id, id))
      .returning();
    return row;
  }

  async setPosition(id: number, position: number, ex: Executor = this.db): Promise<void> {
    await ex.update(tracksTable).set({ position }).where(eq(tracksTable.id, id));
  }

  /** Locks the track rows for a re-ordering (so a track created meanwhile waits or is seen). */
  async lockAll(ex: Executor): Promise<void> {
    await ex.execute(sql`lock table ${tracksTable} in share row exclusive mode`);
  }

  /** Subject areas of these tracks, by track and position. */
  async listAreas(trackIds: number[], ex: Executor = this.db): Promise<SubjectAreaRow[]> {
    if (!trackIds.length) return [];
    return ex
      .select()
      .from(subjectAreasTable)
      .where(inArray(subjectAreasTable.trackId, trackIds))
      .orderBy(asc(subjectAreasTable.trackId), asc(subjectAreasTable.position), asc(subjectAreasTable.id));
  }

  /** Deletes the track's subject areas except keepIds. */
  async deleteAreasExcept(trackId: number, keepIds: number[], ex: Executor = this.db): Promise<void> {
    await ex
      .delete(subjectAreasTable)
      .where(
        and(
          eq(subjectAreasTable.trackId, trackId),
          keepIds.length ? notInArray(subjectAreasTable.id, keepIds) : undefined,
        ),
      );
  }

  async updateArea(
    trackId: number,
    id: number,
    patch: { name: string; position: number },
    ex: Executor = this.db,
  ): Promise<void> {
    await ex
      .update(subjectAreasTable)
      .set(patch)
      .where(and(eq(subjectAreasTable.id, id), eq(subjectAreasTable.trackId, trackId)));
  }

  async insertAreas(
    rows: { trackId: number; name: string; position: number }[],
    ex: Executor = this.db,
  ): Promise<void> {
    if (rows.length) await ex.insert(subjectAreasTable).values(rows);
  }
}
