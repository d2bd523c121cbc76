import { Inject, Injectable } from '@nestjs/common';
import { and, asc, count, eq, inArray, ne, sql } from 'drizzle-orm';
import { DB, type Db, type Executor } from '../../database/database.js';
import { reviewRequestsTable, reviewRoundsTable, type ReviewRoundRow } from './reviews.table.js';

const rounds = reviewRoundsTable;
const rr = reviewRequestsTable;

export type RoundPatch = Partial<
  Pick<
    ReviewRoundRow,
    'name' | 'reviewDueAt' | 'responseOpensAt' | 'responseClosesAt' | 'responseLimit' | 'responseLimitUnit'
  >
>;

/** All SQL of review rounds (issue 25): the rounds of a track and the requests counted per round. */
@Injectable()
export class ReviewRoundsRepository {
  constructor(@Inject(DB) private readonly db: Db) {}

  /** The rounds of a track, R1 first. */
  list(trackId: number, ex: Executor = this.db): Promise<ReviewRoundRow[]> {
    return ex.select().from(rounds).where(eq(rounds.trackId, trackId)).orderBy(asc(rounds.number));
  }

  /** The rounds of several tracks (for the names shown with requests). */
  async ofTracks(trackIds: number[], ex: Executor = this.db): Promise<ReviewRoundRow[]> {
    const ids = [...new Set(trackIds)];
    if (!ids.length) return [];
    return ex.select().from(rounds).where(inArray(rounds.trackId, ids));
  }

  async find(trackId: number, number: number, ex: Executor = this.db): Promise<ReviewRoundRow | undefined> {
    const [row] = await ex
      .select()
      .from(rounds)
      .where(and(eq(rounds.trackId, trackId), eq(rounds.number, number)));
    return row;
  }

  /** A round of the track with this name, ignoring case (other than exceptNumber). */
  async findByName(
    trackId: number,
    name: string,
    exceptNumber?: number,
    ex: Executor = this.db,
  ): Promise<ReviewRoundRow | undefined> {
    const [row] = await ex
      .select()
      .from(rounds)
      .where(
        and(
          eq(rounds.trackId, trackId),
          eq(sql`lower(${rounds.name})`, name.toLowerCase()),
          exceptNumber === undefined ? undefined : ne(rounds.number, exceptNumber),
        ),
      )
      .limit(1);
    return row;
  }

  /** Serializes the creation of rounds of one track until the transaction ends. */
  async lockTrack(trackId: number, ex: Executor): Promise<void> {
    await ex.execute(sql`select pg_advisory_xact_lock(7303, ${trackId})`);
  }

  /** The number after the track's last round. */
  async nextNumber(trackId: number, ex: Executor = this.db): Promise<number> {
    const [r] = await ex
      .select({ n: sql<number>`coalesce(max(${rounds.number}), 0)::int + 1` })
      .from(rounds)
      .where(eq(rounds.trackId, trackId));
    return r?.n ?? 1;
  }

  async insert(row: typeof rounds.$inferInsert, ex: Executor = this.db): Promise<ReviewRoundRow> {
    const [created] = await ex.insert(rounds).values(row).returning();
    return created!;
  }

  async update(
    trackId: number,
    number: number,
    patch: RoundPatch,
    ex: Executor = this.db,
  ): Promise<ReviewRoundRow | undefined> {
    const [row] = await ex
      .update(rounds)
      .set({ ...patch, updatedAt: new Date() })
      .where(and(eq(rounds.trackId, trackId), eq(rounds.number, number)))
      .returning();
    return row;
  }

  async delete(trackId: number, number: number, ex: Executor = this.db): Promise<void> {
    await ex.delete(rounds).where(and(eq(rounds.trackId, trackId), eq(rounds.number, number)));
  }

  /** Review requests per round of a track (rounds without requests are absent). */
  /** The name of each request's round (one statement). */
  async namesOfRequests(requestIds: number[], ex: Executor = this.db): Promise<Map<number, string>> {
    if (!requestIds.length) return new Map();
    const rows = await ex
      .select({ id: rr.id, name: rounds.name })
      .from(rr)
      .innerJoin(rounds, and(eq(rounds.trackId, rr.trackId), eq(rounds.number, rr.round)))
      .where(inArray(rr.id, requestIds));
    return new Map(rows.map((r) => [r.id, r.name]));
  }

  async requestCounts(trackId: number, ex: Executor = this.db): Promise<Map<number, number>> {
    const rows = await ex
      .select({ round: rr.round, n: count() })
      .from(rr)
      .where(eq(rr.trackId, trackId))
      .groupBy(rr.round);
    return new Map(rows.map((r) => [r.round, r.n]));
  }
}
