import { Injectable } from '@nestjs/common';
import {
  checkEventTimes,
  DAY_COLORS,
  dayColorAt,
  DEFAULT_DESK_TEXT,
  EVENT_TYPE_LABELS,
  eventSessionsPartial,
  parseDayDate,
  PROGRAMME_MESSAGES as M,
  sessionKindOfEventType,
  sessionName,
  formatDayDate,
  type DayDto,
  type EventDto,
  type EventSessionsResult,
  type EventType,
  type RoomDto,
  type SessionKind,
} from '@symposium/domain';
import { pgErrorCode } from '../../common/errors.js';
import { TransactionRunner } from '../../database/database.module.js';
import type { Executor } from '../../database/database.js';
import { invalidField, ProgrammeErrors } from './programme.errors.js';
import { toDayDto, toEventDto, toRoomDto } from './programme.mapper.js';
import { ProgrammeRepository } from './programme.repository.js';
import type { DayRow, EventRow, SessionRow } from './programme.table.js';

export interface DayInput {
  date?: string;
  desk?: string;
  color?: string;
}

export interface EventInput {
  type?: string;
  description?: string;
  start?: string;
  end?: string;
}

/** Rooms, conference days and their events (§3 Room, Day, Event), and linking sessions to events. */
@Injectable()
export class ProgrammeService {
  constructor(
    private readonly repo: ProgrammeRepository,
    private readonly transactions: TransactionRunner,
  ) {}

  private inTx<T>(ex: Executor | undefined, work: (tx: Executor) => Promise<T>): Promise<T> {
    return ex ? work(ex) : this.transactions.run(work);
  }

  // ----- rooms

  async listRooms(): Promise<RoomDto[]> {
    return (await this.repo.listRooms()).map(toRoomDto);
  }

  async getRoom(id: number): Promise<RoomDto> {
    const row = await this.repo.findRoom(id);
    if (!row) throw ProgrammeErrors.roomNotFound();
    return toRoomDto(row);
  }

  async createRoom(input: { name: string; capacity?: number | null }, ex?: Executor): Promise<RoomDto> {
    const name = roomName(input.name);
    return this.inTx(ex, async (tx) => {
      if (await this.repo.findRoomByName(name, undefined, tx)) throw ProgrammeErrors.roomNameTaken();
      const row = await this.repo.insertRoom({ name, capacity: input.capacity ?? null }, tx).catch(roomTaken);
      return toRoomDto(row);
    });
  }

  async updateRoom(id: number, input: { name?: string; capacity?: number | null }): Promise<RoomDto> {
    const name = input.name === undefined ? undefined : roomName(input.name);
    return this.transactions.run(async (tx) => {
      if (!(await this.repo.findRoom(id, tx))) throw ProgrammeErrors.roomNotFound();
      if (name !== undefined && (await this.repo.findRoomByName(name, id, tx)))
        throw ProgrammeErrors.roomNameTaken();
      const patch = {
        ...(name !== undefined ? { name } : {}),
        ...(input.capacity !== undefined ? { capacity: input.capacity } : {}),
      };
      const row = Object.keys(patch).length
        ? await this.repo.updateRoom(id, patch, tx).catch(roomTaken)
        : await this.repo.findRoom(id, tx);
      return toRoomDto(row!);
    });
  }

  /** A room used by a session cannot be deleted: 409 naming the sessions. */
  async deleteRoom(id: number): Promise<{ ok: true }> {
    return this.transactions.run(async (tx) => {
      if (!(await this.repo.lockRoom(id, tx))) throw ProgrammeErrors.roomNotFound();
      const using = await this.repo.sessionsUsingRoom(id, tx);
      if (using.length) throw ProgrammeErrors.roomInUse(using.map(describeSession));
      await this.repo.deleteRoom(id, tx);
      return { ok: true as const };
    });
  }

  // ----- days

  async listDays(ex?: Executor): Promise<DayDto[]> {
    const days = await this.repo.listDays(ex);
    return this.dayDtos(days, ex);
  }

  async getDay(id: number): Promise<DayDto> {
    const row = await this.repo.findDay(id);
    if (!row) throw ProgrammeErrors.dayNotFound();
    return (await this.dayDtos([row]))[0]!;
  }

  async createDay(input: DayInput, ex?: Executor): Promise<DayDto> {
    const iso = dayIso(input.date);
    const desk = deskText(input.desk);
    return this.inTx(ex, async (tx) => {
      await this.repo.lockProgramme(tx);
      if (await this.repo.findDayByDate(iso, undefined, tx)) throw ProgrammeErrors.dayDateTaken();
      const color =
        input.color === undefined ? dayColorAt(await this.repo.countDays(tx)) : dayColor(input.color);
      const row = await this.repo.insertDay({ date: iso, desk, color }, tx).catch(dayTaken);
      return toDayDto(row, []);
    });
  }

  async updateDay(id: number, input: DayInput): Promise<DayDto> {
    const patch: Partial<{ date: string; desk: string; color: string }> = {};
    if (input.date !== undefined) patch.date = dayIso(input.date);
    if (input.desk !== undefined) patch.desk = deskText(input.desk);
    if (input.color !== undefined) patch.color = dayColor(input.color);
    return this.transactions.run(async (tx) => {
      await this.repo.lockProgramme(tx);
      if (!(await this.repo.findDay(id, tx))) throw ProgrammeErrors.dayNotFound();
      if (patch.date && (await this.repo.findDayByDate(patch.date, id, tx)))
        throw ProgrammeErrors.dayDateTaken();
      const row = Object.keys(patch).length
        ? await this.repo.updateDay(id, patch, tx).catch(dayTaken)
        : await this.repo.findDay(id, tx);
      return (await this.dayDtos([row!], tx))[0]!;
    });
  }

  /** Deletes the day with its events; their sessions stay, unlinked. */
  async deleteDay(id: number): Promise<{ ok: true }> {
    return this.transactions.run(async (tx) => {
      await this.repo.lockProgramme(tx);
      if (!(await this.repo.findDay(id, tx))) throw ProgrammeErrors.dayNotFound();
      await this.repo.deleteDay(id, tx);
      return { ok: true as const };
    });
  }

  // ----- events

  async listEvents(dayId: number): Promise<EventDto[]> {
    return (await this.getDay(dayId)).events;
  }

  async getEvent(dayId: number, eventId: number): Promise<EventDto> {
    const row = await this.repo.findEvent(dayId, eventId);
    if (!row) throw ProgrammeErrors.eventNotFound();
    return (await this.eventDtos([row]))[0]!;
  }

  async createEvent(dayId: number, input: EventInput, ex?: Executor): Promise<EventDto> {
    const checked = checkedEvent({
      type: input.type,
      description: input.description ?? '',
      start: input.start,
      end: input.end,
    });
    return this.inTx(ex, async (tx) => {
      await this.repo.lockProgramme(tx);
      if (!(await this.repo.findDay(dayId, tx))) throw ProgrammeErrors.dayNotFound();
      const row = await this.repo.insertEvent({ dayId, ...checked }, tx);
      return toEventDto(row, []);
    });
  }

  /**
   * Updates an event. Its sessions stay linked when its type changes (the clash check then reports a session
   * in an event of the wrong type), so a chair can retype an event and move its sessions afterwards.
   */
  async updateEvent(dayId: number, eventId: number, input: EventInput): Promise<EventDto> {
    return this.transactions.run(async (tx) => {
      await this.repo.lockProgramme(tx);
      const row = await this.repo.findEvent(dayId, eventId, tx);
      if (!row) throw ProgrammeErrors.eventNotFound();
      const checked = checkedEvent({
        type: input.type ?? row.type,
        description: input.description ?? row.description,
        start: input.start ?? row.start,
        end: input.end ?? row.end,
      });
      const updated = await this.repo.updateEvent(eventId, checked, tx);
      return (await this.eventDtos([updated!], tx))[0]!;
    });
  }

  async deleteEvent(dayId: number, eventId: number): Promise<{ ok: true }> {
    return this.transactions.run(async (tx) => {
      await this.repo.lockProgramme(tx);
      if (!(await this.repo.findEvent(dayId, eventId, tx))) throw ProgrammeErrors.eventNotFound();
      await this.repo.deleteEvent(eventId, tx);
      return { ok: true as const };
    });
  }

  /**
   * PUT …/events/{eventId}/sessions: the event's sessions become exactly the listed ones that can be linked
   * (sessions of the kind its type holds, not linked to another event); the answer says which failed and why.
   */
  async setEventSessions(dayId: number, eventId: number, ids: number[]): Promise<EventSessionsResult> {
    const wanted = [...new Set(ids)];
    return this.transactions.run(async (tx) => {
      await this.repo.lockProgramme(tx);
      const event = await this.repo.findEvent(dayId, eventId, tx);
      if (!event) throw ProgrammeErrors.eventNotFound();
      const kind = sessionKindOfEventType(event.type as EventType);
      const failed: { _id: number; reason: string }[] = [];
      const linked: SessionRow[] = [];
      const found = kind ? await this.repo.findSessionsByNumbers(kind, wanted, tx) : [];
      const byNumber = new Map(found.map((s) => [s.number, s]));
      const otherEvents = new Map((await this.repo.eventsOfDays(null, tx)).map((e) => [e.id, e]));
      const days = new Map((await this.repo.listDays(tx)).map((d) => [d.id, d]));
      for (const id of wanted) {
        if (!kind) {
          failed.push({
            _id: id,
            reason: `A ${EVENT_TYPE_LABELS[event.type as EventType]} event holds no sessions`,
          });
          continue;
        }
        const session = byNumber.get(id);
        if (!session) {
          failed.push({ _id: id, reason: `${sessionName(kind, id)} not found` });
          continue;
        }
        if (session.eventId !== null && session.eventId !== eventId) {
          const other = otherEvents.get(session.eventId);
          const day = other && days.get(other.dayId);
          const when =
            other &&
            [day ? formatDayDate(day.date) : '', `${other.start}–${other.end}`].filter(Boolean).join(' ');
          failed.push({
            _id: id,
            reason: other
              ? `${sessionName(kind, id)} is already in the ${EVENT_TYPE_LABELS[other.type as EventType]} event of ${when}`
              : `${sessionName(kind, id)} is already in another event`,
          });
          continue;
        }
        linked.push(session);
      }
      await this.repo.setEventSessions(
        eventId,
        linked.map((s) => s.id),
        tx,
      );
      const saved = linked.map((s) => s.number);
      return {
        message: failed.length ? eventSessionsPartial(saved.length, wanted.length) : M.eventSessionsSaved,
        saved,
        failed,
        event: toEventDto(event, saved),
      };
    });
  }

  // ----- building responses

  private async dayDtos(days: DayRow[], ex?: Executor): Promise<DayDto[]> {
    const events = await this.repo.eventsOfDays(
      days.map((d) => d.id),
      ex,
    );
    const dtos = await this.eventDtos(events, ex);
    return days.map((d) =>
      toDayDto(
        d,
        dtos.filter((e) => e.day === d.id),
      ),
    );
  }

  private async eventDtos(events: EventRow[], ex?: Executor): Promise<EventDto[]> {
    if (!events.length) return [];
    const ids = new Set(events.map((e) => e.id));
    const sessions = (await this.repo.listSessions(null, { hasEvent: true }, ex)).filter((s) =>
      ids.has(s.eventId!),
    );
    return events.map((e) =>
      toEventDto(
        e,
        sessions.filter((s) => s.eventId === e.id).map((s) => s.number),
      ),
    );
  }
}

/** 'Technical session 3 (Graph algorithms)'. */
export function describeSession(s: SessionRow): string {
  const name = sessionName(s.kind as SessionKind, s.number);
  return s.title ? `${name} (${s.title})` : name;
}

function roomName(value: string): string {
  const name = value.trim();
  if (!name) throw invalidField('name', M.roomName);
  return name;
}

function dayIso(value: unknown): string {
  const parsed = parseDayDate(value);
  if ('error' in parsed) throw invalidField('date', parsed.error);
  return parsed.iso;
}

function deskText(value: string | undefined): string {
  const desk = (value ?? '').trim();
  return desk || DEFAULT_DESK_TEXT;
}

function dayColor(value: string): string {
  const color = value.trim().toLowerCase();
  if (!(DAY_COLORS as readonly string[]).includes(color)) throw invalidField('color', M.dayColor);
  return color;
}

function checkedEvent(e: EventInput): { type: string; description: string; start: string; end: string } {
  if (!e.type) throw invalidField('type', M.eventType);
  const timeError = checkEventTimes(e.start, e.end);
  if (timeError) throw invalidField(timeError === M.eventTime ? 'start' : 'end', timeError);
  return { type: e.type, description: (e.description ?? '').trim(), start: e.start!, end: e.end! };
}

function roomTaken(e: unknown): never {
  if (pgErrorCode(e) === '23505') throw ProgrammeErrors.roomNameTaken();
  throw e;
}

function dayTaken(e: unknown): never {
  if (pgErrorCode(e) === '23505') throw ProgrammeErrors.dayDateTaken();
  throw e;
}
