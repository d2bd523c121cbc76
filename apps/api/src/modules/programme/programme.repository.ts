import { Inject, Injectable } from '@nestjs/common';
import type { SessionKind } from '@symposium/domain';
import { and, asc, desc, eq, inArray, isNotNull, isNull, ne, notInArray, sql } from 'drizzle-orm';
import { DB, type Db, type Executor } from '../../database/database.js';
import {
  clashAcksTable,
  daysTable,
  eventsTable,
  programmeSettingsTable,
  programmeVersionsTable,
  roomsTable,
  sessionPapersTable,
  sessionsTable,
  type ClashAckRow,
  type DayRow,
  type EventRow,
  type ProgrammeVersionRow,
  type RoomRow,
  type SessionPaperRow,
  type SessionRow,
} from './programme.table.js';

type SessionPatch = Partial<
  Pick<SessionRow, 'title' | 'roomId' | 'trackId' | 'eventId' | 'link' | 'presenterId'>
>;

/**
 * All SQL of the programme: rooms, days, events, sessions and their papers, settings, clash acknowledgements,
 * versions.
 */
@Injectable()
export class ProgrammeRepository {
  constructor(@Inject(DB) private readonly db: Db) {}

  // ----- rooms

  listRooms(ex: Executor = this.db): Promise<RoomRow[]> {
    return ex
      .select()
      .from(roomsTable)
      .orderBy(asc(sql`lower(${roomsTable.name})`), asc(roomsTable.id));
  }

  async findRoom(id: number, ex: Executor = this.db): Promise<RoomRow | undefined> {
    const [row] = await ex.select().from(roomsTable).where(eq(roomsTable.id, id));
    return row;
  }

  async findRoomByName(
    name: string,
    exceptId: number | undefined,
    ex: Executor = this.db,
  ): Promise<RoomRow | undefined> {
    const [row] = await ex
      .select()
      .from(roomsTable)
      .where(
        and(
          eq(sql`lower(${roomsTable.name})`, name.toLowerCase()),
          exceptId ? ne(roomsTable.id, exceptId) : undefined,
        ),
      )
      .limit(1);
    return row;
  }

  async insertRoom(row: { name: string; capacity: number | null }, ex: Executor = this.db): Promise<RoomRow> {
    const [created] = await ex.insert(roomsTable).values(row).returning();
    return created!;
  }

  async updateRoom(
    id: number,
    patch: Partial<{ name: string; capacity: number | null }>,
    ex: Executor = this.db,
  ): Promise<RoomRow | undefined> {
    const [row] = await ex.update(roomsTable).set(patch).where(eq(roomsTable.id, id)).returning();
    return row;
  }

  async deleteRoom(id: number, ex: Executor = this.db): Promise<void> {
    await ex.delete(roomsTable).where(eq(roomsTable.id, id));
  }

  /** Locks a room row until the end of the transaction (so no session takes it while it is deleted). */
  async lockRoom(id: number, ex: Executor): Promise<RoomRow | undefined> {
    const [row] = await ex.select().from(roomsTable).where(eq(roomsTable.id, id)).for('update');
    return row;
  }

  // ----- days and events

  listDays(ex: Executor = this.db): Promise<DayRow[]> {
    return ex.select().from(daysTable).orderBy(asc(daysTable.date), asc(daysTable.id));
  }

  async findDay(id: number, ex: Executor = this.db): Promise<DayRow | undefined> {
    const [row] = await ex.select().from(daysTable).where(eq(daysTable.id, id));
    return row;
  }

  async findDayByDate(
    iso: string,
    exceptId: number | undefined,
    ex: Executor = this.db,
  ): Promise<DayRow | undefined> {
    const [row] = await ex
      .select()
      .from(daysTable)
      .where(and(eq(daysTable.date, iso), exceptId ? ne(daysTable.id, exceptId) : undefined))
      .limit(1);
    return row;
  }

  async countDays(ex: Executor = this.db): Promise<number> {
    const [r] = await ex.select({ n: sql<number>`count(*)::int` }).from(daysTable);
    return r?.n ?? 0;
  }

  async insertDay(
    row: { date: string; desk: string; color: string },
    ex: Executor = this.db,
  ): Promise<DayRow> {
    const [created] = await ex.insert(daysTable).values(row).returning();
    return created!;
  }

  async updateDay(
    id: number,
    patch: Partial<{ date: string; desk: string; color: string }>,
    ex: Executor = this.db,
  ): Promise<DayRow | undefined> {
    const [row] = await ex.update(daysTable).set(patch).where(eq(daysTable.id, id)).returning();
    return row;
  }

  async deleteDay(id: number, ex: Executor = this.db): Promise<void> {
    await ex.delete(daysTable).where(eq(daysTable.id, id));
  }

  /** Events of these days (all days when null), by day, start, id. */
  eventsOfDays(dayIds: number[] | null, ex: Executor = this.db): Promise<EventRow[]> {
    if (dayIds && !dayIds.length) return Promise.resolve([]);
    return ex
      .select()
      .from(eventsTable)
      .where(dayIds ? inArray(eventsTable.dayId, dayIds) : undefined)
      .orderBy(asc(eventsTable.dayId), asc(eventsTable.start), asc(eventsTable.id));
  }

  async findEvent(dayId: number, eventId: number, ex: Executor = this.db): Promise<EventRow | undefined> {
    const [row] = await ex
      .select()
      .from(eventsTable)
      .where(and(eq(eventsTable.id, eventId), eq(eventsTable.dayId, dayId)));
    return row;
  }

  async findEventById(eventId: number, ex: Executor = this.db): Promise<EventRow | undefined> {
    const [row] = await ex.select().from(eventsTable).where(eq(eventsTable.id, eventId));
    return row;
  }

  async insertEvent(
    row: { dayId: number; type: string; description: string; start: string; end: string },
    ex: Executor = this.db,
  ): Promise<EventRow> {
    const [created] = await ex.insert(eventsTable).values(row).returning();
    return created!;
  }

  async updateEvent(
    id: number,
    patch: Partial<{ type: string; description: string; start: string; end: string }>,
    ex: Executor = this.db,
  ): Promise<EventRow | undefined> {
    const [row] = await ex.update(eventsTable).set(patch).where(eq(eventsTable.id, id)).returning();
    return row;
  }

  async deleteEvent(id: number, ex: Executor = this.db): Promise<void> {
    await ex.delete(eventsTable).where(eq(eventsTable.id, id));
  }

  // ----- sessions

  /** Sessions of a kind (every kind when null), by number; filtered by event link when asked. */
  listSessions(
    kind: SessionKind | null,
    filter: { hasEvent?: boolean; eventId?: number } = {},
    ex: Executor = this.db,
  ): Promise<SessionRow[]> {
    return ex
      .select()
      .from(sessionsTable)
      .where(
        and(
          kind ? eq(sessionsTable.kind, kind) : undefined,
          filter.hasEvent === undefined
            ? undefined
            : filter.hasEvent
              ? isNotNull(sessionsTable.eventId)
              : isNull(sessionsTable.eventId),
          filter.eventId === undefined ? undefined : eq(sessionsTable.eventId, filter.eventId),
        ),
      )
      .orderBy(asc(sessionsTable.kind), asc(sessionsTable.number));
  }

  async findSession(
    kind: SessionKind,
    number: number,
    ex: Executor = this.db,
  ): Promise<SessionRow | undefined> {
    const [row] = await ex
      .select()
      .from(sessionsTable)
      .where(and(eq(sessionsTable.kind, kind), eq(sessionsTable.number, number)));
    return row;
  }

  /** The session, locked until the end of the transaction. */
  async lockSession(kind: SessionKind, number: number, ex: Executor): Promise<SessionRow | undefined> {
    const [row] = await ex
      .select()
      .from(sessionsTable)
      .where(and(eq(sessionsTable.kind, kind), eq(sessionsTable.number, number)))
      .for('update');
    return row;
  }

  findSessionsByNumbers(kind: SessionKind, numbers: number[], ex: Executor = this.db): Promise<SessionRow[]> {
    if (!numbers.length) return Promise.resolve([]);
    return ex
      .select()
      .from(sessionsTable)
      .where(and(eq(sessionsTable.kind, kind), inArray(sessionsTable.number, numbers)));
  }

  async findTechnicalByTitle(
    title: string,
    exceptId: number | undefined,
    ex: Executor = this.db,
  ): Promise<SessionRow | undefined> {
    const [row] = await ex
      .select()
      .from(sessionsTable)
      .where(
        and(
          eq(sessionsTable.kind, 'technical'),
          eq(sql`lower(${sessionsTable.title})`, title.toLowerCase()),
          exceptId ? ne(sessionsTable.id, exceptId) : undefined,
        ),
      )
      .limit(1);
    return row;
  }

  sessionsUsingRoom(roomId: number, ex: Executor = this.db): Promise<SessionRow[]> {
    return ex
      .select()
      .from(sessionsTable)
      .where(eq(sessionsTable.roomId, roomId))
      .orderBy(asc(sessionsTable.kind), asc(sessionsTable.number));
  }

  async insertSession(
    row: { kind: SessionKind; number: number } & SessionPatch,
    ex: Executor = this.db,
  ): Promise<SessionRow> {
    const [created] = await ex.insert(sessionsTable).values(row).returning();
    return created!;
  }

  /** Many sessions in one statement per 500; the rows in the order given (serial ids follow VALUES). */
  async insertSessions(
    rows: ({ kind: SessionKind; number: number } & SessionPatch)[],
    ex: Executor,
  ): Promise<SessionRow[]> {
    const out: SessionRow[] = [];
    for (let i = 0; i < rows.length; i += 500) {
      const created = await ex
        .insert(sessionsTable)
        .values(rows.slice(i, i + 500))
        .returning();
      out.push(...created.sort((a, b) => a.id - b.id));
    }
    return out;
  }

  /** The ordered papers of new sessions (sessions without papers yet). */
  async insertSessionPapers(rows: SessionPaperRow[], ex: Executor): Promise<void> {
    for (let i = 0; i < rows.length; i += 1000)
      await ex.insert(sessionPapersTable).values(rows.slice(i, i + 1000));
  }

  async updateSession(
    id: number,
    patch: SessionPatch,
    ex: Executor = this.db,
  ): Promise<SessionRow | undefined> {
    if (!Object.keys(patch).length) {
      const [row] = await ex.select().from(sessionsTable).where(eq(sessionsTable.id, id));
      return row;
    }
    const [row] = await ex.update(sessionsTable).set(patch).where(eq(sessionsTable.id, id)).returning();
    return row;
  }

  async deleteSession(id: number, ex: Executor = this.db): Promise<void> {
    await ex.delete(sessionsTable).where(eq(sessionsTable.id, id));
  }

  /** Links these sessions to the event, and unlinks the event's other sessions. */
  async setEventSessions(eventId: number, sessionIds: number[], ex: Executor): Promise<void> {
    await ex
      .update(sessionsTable)
      .set({ eventId: null })
      .where(
        and(
          eq(sessionsTable.eventId, eventId),
          sessionIds.length ? notInArray(sessionsTable.id, sessionIds) : undefined,
        ),
      );
    if (sessionIds.length)
      await ex.update(sessionsTable).set({ eventId }).where(inArray(sessionsTable.id, sessionIds));
  }

  /** Papers of these sessions (every session when null), by session and position. */
  sessionPapers(sessionIds: number[] | null, ex: Executor = this.db): Promise<SessionPaperRow[]> {
    if (sessionIds && !sessionIds.length) return Promise.resolve([]);
    return ex
      .select()
      .from(sessionPapersTable)
      .where(sessionIds ? inArray(sessionPapersTable.sessionId, sessionIds) : undefined)
      .orderBy(asc(sessionPapersTable.sessionId), asc(sessionPapersTable.position));
  }

  /** Where these papers are scheduled: paper id → its session row. */
  async placementsOf(
    paperIds: number[] | null,
    ex: Executor = this.db,
  ): Promise<{ paperId: number; session: SessionRow }[]> {
    if (paperIds && !paperIds.length) return [];
    const rows = await ex
      .select({ paperId: sessionPapersTable.paperId, session: sessionsTable })
      .from(sessionPapersTable)
      .innerJoin(sessionsTable, eq(sessionsTable.id, sessionPapersTable.sessionId))
      .where(paperIds ? inArray(sessionPapersTable.paperId, paperIds) : undefined);
    return rows;
  }

  /** Replaces the papers of a session with this ordered list. */
  async setSessionPapers(sessionId: number, paperIds: number[], ex: Executor): Promise<void> {
    await ex.delete(sessionPapersTable).where(eq(sessionPapersTable.sessionId, sessionId));
    if (paperIds.length)
      await ex
        .insert(sessionPapersTable)
        .values(paperIds.map((paperId, position) => ({ paperId, sessionId, position })));
  }

  /** Serialises programme writes that must see each other (session papers, event links, publishing). */
  async lockProgramme(ex: Executor): Promise<void> {
    await ex.execute(sql`select pg_advisory_xact_lock(7411, 1)`);
  }

  // ----- settings

  /** The chosen tutorials track's id, or null. */
  async tutorialTrackId(ex: Executor = this.db): Promise<number | null> {
    const [row] = await ex.select().from(programmeSettingsTable).where(eq(programmeSettingsTable.id, 1));
    return row?.tutorialTrackId ?? null;
  }

  async setTutorialTrackId(trackId: number | null, ex: Executor = this.db): Promise<void> {
    await ex
      .insert(programmeSettingsTable)
      .values({ id: 1, tutorialTrackId: trackId })
      .onConflictDoUpdate({ target: programmeSettingsTable.id, set: { tutorialTrackId: trackId } });
  }

  // ----- clash acknowledgements

  listAcks(ex: Executor = this.db): Promise<ClashAckRow[]> {
    return ex.select().from(clashAcksTable);
  }

  async upsertAck(key: string, userId: number, ex: Executor = this.db): Promise<ClashAckRow> {
    const [row] = await ex
      .insert(clashAcksTable)
      .values({ key, userId })
      .onConflictDoUpdate({ target: clashAcksTable.key, set: { userId, at: sql`now()` } })
      .returning();
    return row!;
  }

  async deleteAck(key: string, ex: Executor = this.db): Promise<boolean> {
    const rows = await ex.delete(clashAcksTable).where(eq(clashAcksTable.key, key)).returning();
    return rows.length > 0;
  }

  // ----- published versions

  async latestVersion(ex: Executor = this.db): Promise<ProgrammeVersionRow | undefined> {
    const [row] = await ex
      .select()
      .from(programmeVersionsTable)
      .orderBy(desc(programmeVersionsTable.version))
      .limit(1);
    return row;
  }

  async insertVersion(
    row: {
      version: number;
      publishedBy: number;
      snapshot: ProgrammeVersionRow['snapshot'];
      publishedAt?: Date;
    },
    ex: Executor,
  ): Promise<ProgrammeVersionRow> {
    const [created] = await ex.insert(programmeVersionsTable).values(row).returning();
    return created!;
  }
}
