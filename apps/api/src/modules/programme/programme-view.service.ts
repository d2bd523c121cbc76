import { Inject, Injectable } from '@nestjs/common';
import {
  EVENT_TYPE_LABELS,
  findClashes,
  parseDayDate,
  sessionName,
  zonedTimeToUtc,
  type ClashDto,
  type ClashInput,
  type DayDto,
  type EventDto,
  type PersonRef,
  type PublicPersonRef,
  type PublicProgrammeView,
  type ProgrammeDayView,
  type ProgrammeEventView,
  type ProgrammeSessionView,
  type ProgrammeStatusDto,
  type ProgrammeView,
  type PublishResultDto,
  type SessionKind,
  type TechnicalSessionDto,
  type TutorialDto,
} from '@symposium/domain';
import ical, { ICalCalendarMethod } from 'ical-generator';
import type { AuthUser } from '../../common/auth-user.js';
import { APP_CONFIG, type AppConfig } from '../../config/config.js';
import { TransactionRunner } from '../../database/database.module.js';
import type { Executor } from '../../database/database.js';
import { ActivityService } from '../activity/activity.service.js';
import { ConferenceService } from '../conference/conference.service.js';
import { OutboxService, type OutgoingMail } from '../outbox/outbox.service.js';
import { UsersService } from '../users/users.service.js';
import { ProgrammeErrors } from './programme.errors.js';
import { byStartThenType, toPersonRef } from './programme.mapper.js';
import { ProgrammeRepository } from './programme.repository.js';
import { ProgrammeService } from './programme.service.js';
import { SessionsService, type AnySessionDto } from './sessions.service.js';
import type { SessionRow } from './programme.table.js';

/**
 * The programme as a whole: the draft view, published versions (what authors and session chairs read), the
 * clash check with acknowledgements, change notices on publication, and iCalendar feeds.
 */
@Injectable()
export class ProgrammeViewService {
  constructor(
    private readonly repo: ProgrammeRepository,
    private readonly programme: ProgrammeService,
    private readonly sessions: SessionsService,
    private readonly conference: ConferenceService,
    private readonly users: UsersService,
    private readonly mail: OutboxService,
    private readonly transactions: TransactionRunner,
    private readonly activity: ActivityService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /**
   * Where a paper is presented (certificates of presentation): its session's name and title, room, day
   * (YYYY-MM-DD) and HH:MM times, local to the conference time zone; null when the paper is not scheduled.
   */
  async placeOfPaper(
    paperId: number,
    ex?: Executor,
  ): Promise<{
    session: string;
    room: string | null;
    date: string | null;
    start: string | null;
    end: string | null;
  } | null> {
    const [placement] = await this.repo.placementsOf([paperId], ex);
    if (!placement) return null;
    const s = placement.session;
    const room = s.roomId === null ? undefined : await this.repo.findRoom(s.roomId, ex);
    const event = s.eventId === null ? undefined : await this.repo.findEventById(s.eventId, ex);
    const day = event ? await this.repo.findDay(event.dayId, ex) : undefined;
    return {
      session: sessionName(s.kind as SessionKind, s.number) + (s.title ? `: ${s.title}` : ''),
      room: room?.name ?? null,
      date: day?.date ?? null,
      start: event?.start ?? null,
      end: event?.end ?? null,
    };
  }

  /** The draft: what publishing now would show. */
  async draft(ex?: Executor): Promise<ProgrammeView> {
    const conference = await this.conference.get(undefined, ex);
    return {
      version: null,
      publishedAt: null,
      timeZone: conference.timeZone,
      programTable: conference.programTable,
      days: await this.draftDays(ex),
    };
  }

  /** The last published version (days empty and no programme table before the first). */
  async published(): Promise<ProgrammeView> {
    const [latest, conference] = await Promise.all([this.repo.latestVersion(), this.conference.get()]);
    return {
      version: latest?.version ?? null,
      publishedAt: latest?.publishedAt.toISOString() ?? null,
      timeZone: latest?.snapshot.timeZone ?? conference.timeZone,
      programTable: latest?.snapshot.programTable ?? '',
      days: latest?.snapshot.days ?? [],
    };
  }

  /**
   * GET /api/author/programme: the last published version as every signed-in user reads it, people by name
   * (and organization when the conference shows them), never their e-mail addresses.
   */
  async publicProgramme(): Promise<PublicProgrammeView> {
    const [view, conference] = await Promise.all([this.published(), this.conference.get()]);
    return toPublicView(view, conference.authorView.viewProgrammeOrganizations);
  }

  /** GET /api/author/days: the published days in the §3 shape. */
  async publishedDays(): Promise<DayDto[]> {
    return (await this.published()).days.map(toDayShape);
  }

  async publishedDay(dayId: number): Promise<DayDto> {
    const day = (await this.publishedDays()).find((d) => d._id === dayId);
    if (!day) throw ProgrammeErrors.dayNotFound();
    return day;
  }

  async publishedEvent(dayId: number, eventId: number): Promise<EventDto> {
    const event = (await this.publishedDay(dayId)).events.find((e) => e._id === eventId);
    if (!event) throw ProgrammeErrors.eventNotFound();
    return event;
  }

  /**
   * The session chair's view: the published technical-session events that contain sessions the caller chairs
   * in the published version, each with only those sessions (a draft change reaches them once published).
   */
  async forSessionChair(user: AuthUser): Promise<PublicProgrammeView> {
    const [view, conference] = await Promise.all([this.published(), this.conference.get()]);
    const days = view.days
      .map((d) => ({
        ...d,
        events: d.events
          .filter((e) => e.type === 'TechnicalSession')
          .map((e) => ({ ...e, sessions: e.sessions.filter((s) => chairedBy(s, user.id)) }))
          .filter((e) => e.sessions.length > 0),
      }))
      .filter((d) => d.events.length > 0);
    return toPublicView({ ...view, days }, conference.authorView.viewProgrammeOrganizations);
  }

  // ----- clashes

  async clashes(ex?: Executor, draft?: ProgrammeView): Promise<ClashDto[]> {
    const view = draft ?? (await this.draft(ex));
    const rooms = await this.repo.listRooms(ex);
    const unlinked = await this.unlinkedSessionViews(ex);
    const input: ClashInput = {
      days: view.days.map((d) => ({ id: d._id, isoDate: d.isoDate })),
      events: view.days.flatMap((d) =>
        d.events.map((e) => ({ id: e._id, dayId: d._id, type: e.type, start: e.start, end: e.end })),
      ),
      rooms: rooms.map((r) => ({ id: r.id, name: r.name })),
      sessions: [
        ...view.days.flatMap((d) => d.events.flatMap((e) => e.sessions.map((s) => clashSession(s, e._id)))),
        ...unlinked.map((s) => clashSession(s, null)),
      ],
    };
    const people = new Map<number, PersonRef>();
    for (const s of [...view.days.flatMap((d) => d.events.flatMap((e) => e.sessions)), ...unlinked])
      for (const p of sessionPeople(s)) people.set(p._id, p);
    const sessionTitles = new Map(input.sessions.map((s) => [`${s.kind}:${s.id}`, s.title]));
    const events = new Map(
      view.days.flatMap((d) =>
        d.events.map((e) => [
          e._id,
          { _id: e._id, day: d._id, date: d.date, type: e.type, start: e.start, end: e.end },
        ]),
      ),
    );
    const acks = new Map((await this.repo.listAcks(ex)).map((a) => [a.key, a]));
    const ackers = new Map(
      (
        await this.users.findByIds(
          [...acks.values()].flatMap((a) => (a.userId ? [a.userId] : [])),
          ex,
        )
      ).map((u) => [u.id, toPersonRef(u)]),
    );
    return findClashes(input).map((c) => {
      const ack = acks.get(c.key);
      return {
        key: c.key,
        type: c.type,
        message: c.message,
        people: c.personIds.flatMap((id) => people.get(id) ?? []),
        sessions: c.sessions.map((s) => ({
          kind: s.kind,
          _id: s.id,
          title: sessionTitles.get(`${s.kind}:${s.id}`) ?? '',
        })),
        rooms: c.roomIds.flatMap((id) => {
          const r = rooms.find((x) => x.id === id);
          return r ? [{ _id: r.id, name: r.name }] : [];
        }),
        events: c.eventIds.flatMap((id) => events.get(id) ?? []),
        acknowledged: ack
          ? { by: ack.userId ? (ackers.get(ack.userId) ?? null) : null, at: ack.at.toISOString() }
          : null,
      };
    });
  }

  /** Records that the chair has seen this clash (only a current clash can be acknowledged). */
  async acknowledge(user: AuthUser, key: string): Promise<ClashDto> {
    const clash = (await this.clashes()).find((c) => c.key === key);
    if (!clash) throw ProgrammeErrors.clashNotFound();
    await this.repo.upsertAck(key, user.impersonatorId ?? user.id);
    return (await this.clashes()).find((c) => c.key === key)!;
  }

  async unacknowledge(key: string): Promise<{ ok: true }> {
    if (!(await this.repo.deleteAck(key))) throw ProgrammeErrors.clashNotFound();
    return { ok: true };
  }

  // ----- publication

  async status(): Promise<ProgrammeStatusDto> {
    const [draft, latest, clashes] = await Promise.all([
      this.draft(),
      this.repo.latestVersion(),
      this.clashes(),
    ]);
    return {
      publishedVersion: latest?.version ?? null,
      publishedAt: latest?.publishedAt.toISOString() ?? null,
      draftChanged: latest
        ? canonicalJson(latest.snapshot.days) !== canonicalJson(draft.days) ||
          latest.snapshot.timeZone !== draft.timeZone ||
          (latest.snapshot.programTable ?? '') !== draft.programTable
        : draft.days.length > 0,
      clashes: clashes.length,
      unacknowledgedClashes: clashes.filter((c) => !c.acknowledged).length,
      timeZone: draft.timeZone,
    };
  }

  /**
   * Freezes the draft as the next numbered version and puts one change notice per affected author, presenter
   * and session chair into the outbox (what changed for them), never to people whose slots did not change.
   * In the caller's transaction when `ex` is given; `at` dates a publication recorded afterwards (the demo
   * conference's), whose notices are then recorded as delivered with `recordNotices` instead of queued.
   */
  async publish(
    user: AuthUser,
    opts: { ex?: Executor; at?: Date; recordNotices?: { response: string } } = {},
  ): Promise<PublishResultDto> {
    const work = async (tx: Executor): Promise<PublishResultDto> => {
      await this.repo.lockProgramme(tx);
      const draft = await this.draft(tx);
      const previous = await this.repo.latestVersion(tx);
      const version = (previous?.version ?? 0) + 1;
      const snapshot: ProgrammeView = { ...draft, version };
      const row = await this.repo.insertVersion(
        {
          version,
          publishedBy: user.impersonatorId ?? user.id,
          snapshot,
          ...(opts.at ? { publishedAt: opts.at } : {}),
        },
        tx,
      );
      const before = slotsByPerson(previous?.snapshot);
      const after = slotsByPerson(snapshot);
      const conference = await this.conference.get(undefined, tx);
      const changed = [...new Set([...before.keys(), ...after.keys()])].filter(
        (id) => (before.get(id)?.lines ?? []).join('\n') !== (after.get(id)?.lines ?? []).join('\n'),
      );
      const people = new Map((await this.users.findByIds(changed, tx)).map((u) => [u.id, u]));
      const notices: OutgoingMail[] = [];
      for (const id of changed) {
        const person = people.get(id);
        if (!person) continue;
        const was = before.get(id)?.lines ?? [];
        const now = after.get(id)?.lines ?? [];
        notices.push({
          kind: 'programme.change',
          to: [person.email],
          subject: `${conference.shortName || 'Conference'} programme (version ${version}): your sessions`,
          text: changeNotice(person.firstName, conference.shortName, version, draft.timeZone, was, now),
          createdBy: user.id,
          userId: person.id,
        });
      }
      if (opts.recordNotices) {
        const at = row.publishedAt;
        const response = opts.recordNotices.response;
        await this.mail.recordMany(
          notices.map((n, i) => ({
            ...n,
            createdAt: at,
            sentAt: new Date(at.getTime() + 5000 + i * 100),
            state: 'sent' as const,
            response,
          })),
          tx,
        );
      } else await this.mail.enqueueMany(notices, tx);
      await this.activity.recordMany(
        [
          {
            ...ActivityService.fromUser(user),
            action: 'programme.publish',
            summary: `Published version ${version} of the programme (${notices.length} change notice${notices.length === 1 ? '' : 's'})`,
            details: { version, notices: notices.length },
            ...(opts.at ? { at: opts.at } : {}),
          },
        ],
        tx,
      );
      return { version, publishedAt: row.publishedAt.toISOString(), notices: notices.length };
    };
    return opts.ex ? work(opts.ex) : this.transactions.run(work);
  }

  // ----- calendars

  /**
   * The published programme as iCalendar: every session (or, for 'mine', the sessions of the caller's papers,
   * the sessions they chair and the tutorials they present); events without sessions are included in 'all'.
   * UIDs are stable across versions (kind and number at the host of PUBLIC_URL, never the request's Host
   * header, which a client chooses); times are the conference's local times converted to UTC.
   */
  async calendar(user: AuthUser, scope: 'all' | 'mine'): Promise<string> {
    const view = await this.published();
    const conference = await this.conference.get();
    const calendar = ical({
      name: `${conference.shortName || 'Conference'} programme${scope === 'mine' ? ' (mine)' : ''}`,
      prodId: { company: 'Symposium', product: 'programme', language: 'EN' },
      method: ICalCalendarMethod.PUBLISH,
      // Times are written in UTC (unambiguous in every calendar program); the conference zone is named for
      // programs that show the calendar in it.
      x: [{ key: 'X-WR-TIMEZONE', value: view.timeZone }],
    });
    const domain = new URL(this.config.publicUrl).hostname || 'symposium.local';
    for (const day of view.days)
      for (const event of day.events) {
        const start = zonedTimeToUtc(day.isoDate, event.start, view.timeZone);
        const end = zonedTimeToUtc(day.isoDate, event.end, view.timeZone);
        const sessions = event.sessions.filter((s) => scope === 'all' || involves(s, user.id));
        if (scope === 'all' && !sessions.length)
          calendar.createEvent({
            id: `event-${event._id}@${domain}`,
            start,
            end,
            summary: event.description || event.typeLabel,
            description: `${event.typeLabel}\n${day.desk}`,
          });
        for (const s of sessions)
          calendar.createEvent({
            id: `${s.kind}-${s._id}@${domain}`,
            start,
            end,
            summary: `${sessionName(s.kind, s._id)}${s.title ? `: ${s.title}` : ''}`,
            location: s.room?.name ?? null,
            url: s.link || null,
            description: [
              event.typeLabel,
              s.responsables.length ? `Session chairs: ${s.responsables.map(fullName).join(', ')}` : '',
              s.presenter ? `Presenter: ${fullName(s.presenter)}` : '',
              ...s.papers.map((p, i) => `${i + 1}. ${p.title} — ${p.authors.map(fullName).join(', ')}`),
            ]
              .filter(Boolean)
              .join('\n'),
          });
      }
    return calendar.toString();
  }

  // ----- building the view

  private async draftDays(ex?: Executor): Promise<ProgrammeDayView[]> {
    const days = await this.programme.listDays(ex);
    const rows = await this.repo.listSessions(null, { hasEvent: true }, ex);
    const views = await this.sessionViews(rows, ex);
    return days.map((d) => ({
      _id: d._id,
      date: d.date,
      isoDate: isoOfDay(d.date),
      desk: d.desk,
      color: d.color,
      events: d.events.sort(byStartThenType).map((e): ProgrammeEventView => ({
        _id: e._id,
        day: e.day,
        type: e.type,
        typeLabel: EVENT_TYPE_LABELS[e.type],
        description: e.description,
        start: e.start,
        end: e.end,
        sessions: rows
          .filter((r) => r.eventId === e._id)
          .sort((a, b) => a.kind.localeCompare(b.kind) || a.number - b.number)
          .map((r) => views.get(r.id)!),
      })),
    }));
  }

  private async unlinkedSessionViews(ex?: Executor): Promise<ProgrammeSessionView[]> {
    const rows = await this.repo.listSessions(null, { hasEvent: false }, ex);
    return [...(await this.sessionViews(rows, ex)).values()];
  }

  private async sessionViews(rows: SessionRow[], ex?: Executor): Promise<Map<number, ProgrammeSessionView>> {
    const out = new Map<number, ProgrammeSessionView>();
    for (const kind of ['technical', 'poster', 'tutorial'] as const) {
      const ofKind = rows.filter((r) => r.kind === kind);
      const dtos = await this.sessions.toDtos(ofKind, ex);
      ofKind.forEach((r, i) => out.set(r.id, toSessionView(kind, dtos[i]!)));
    }
    return out;
  }
}

function toSessionView(kind: SessionKind, dto: AnySessionDto): ProgrammeSessionView {
  if (kind === 'technical') {
    const t = dto as TechnicalSessionDto;
    return {
      kind,
      _id: t._id,
      title: t.title,
      room: t.room,
      link: t.link,
      responsables: t.responsables,
      presenter: null,
      papers: t.papers,
    };
  }
  const p = dto as TutorialDto;
  return {
    kind,
    _id: p._id,
    title: p.paper?.title ?? '',
    room: p.room,
    link: p.link,
    responsables: [],
    presenter: p.presenter ?? null,
    papers: p.paper ? [p.paper] : [],
  };
}

/** The programme with each person reduced to what the public may read (see PublicPersonRef). */
function toPublicView(view: ProgrammeView, withOrganizations: boolean): PublicProgrammeView {
  const person = (p: PersonRef): PublicPersonRef => ({
    _id: p._id,
    firstName: p.firstName,
    lastName: p.lastName,
    ...(withOrganizations ? { organization: p.organization } : {}),
  });
  return {
    ...view,
    days: view.days.map((d) => ({
      ...d,
      events: d.events.map((e) => ({
        ...e,
        sessions: e.sessions.map((s) => ({
          kind: s.kind,
          _id: s._id,
          title: s.title,
          room: s.room && { _id: s.room._id, name: s.room.name },
          link: s.link,
          responsables: s.responsables.map(person),
          presenter: s.presenter && person(s.presenter),
          papers: s.papers.map((p) => ({
            _id: p._id,
            title: p.title,
            track: p.track,
            authors: p.authors.map(person),
            primaryAuthor: p.primaryAuthor,
          })),
        })),
      })),
    })),
  };
}

function toDayShape(d: ProgrammeDayView): DayDto {
  return {
    _id: d._id,
    date: d.date,
    desk: d.desk,
    color: d.color,
    events: d.events.map((e) => ({
      _id: e._id,
      day: e.day,
      type: e.type,
      description: e.description,
      start: e.start,
      end: e.end,
      sessions: e.sessions.map((s) => s._id),
    })),
  };
}

/** The yyyy-mm-dd of a stored day's m/d/yyyy (always valid: it was parsed on save). */
function isoOfDay(date: string): string {
  const parsed = parseDayDate(date);
  return 'iso' in parsed ? parsed.iso : date;
}

/** JSON with object keys sorted (jsonb does not keep key order), so equal values compare equal. */
function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(
          Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
        )
      : v,
  );
}

const fullName = (p: { firstName: string; lastName: string }) => `${p.firstName} ${p.lastName}`.trim();

/** Everyone a session involves: its papers' authors, its presenter, its session chairs. */
function sessionPeople(s: ProgrammeSessionView): PersonRef[] {
  return [...s.papers.flatMap((p) => p.authors), ...(s.presenter ? [s.presenter] : []), ...s.responsables];
}

/** Whether the user is a session chair of this technical session (in the version it comes from). */
function chairedBy(s: ProgrammeSessionView, userId: number): boolean {
  return s.kind === 'technical' && s.responsables.some((c) => c._id === userId);
}

function involves(s: ProgrammeSessionView, userId: number): boolean {
  return sessionPeople(s).some((p) => p._id === userId);
}

function clashSession(s: ProgrammeSessionView, eventId: number | null): ClashInput['sessions'][number] {
  const people = new Map<number, { id: number; name: string; role: 'author' | 'presenter' | 'chair' }>();
  for (const a of s.papers.flatMap((p) => p.authors))
    people.set(a._id, { id: a._id, name: fullName(a), role: 'author' });
  if (s.presenter)
    people.set(s.presenter._id, { id: s.presenter._id, name: fullName(s.presenter), role: 'presenter' });
  for (const c of s.responsables)
    if (!people.has(c._id)) people.set(c._id, { id: c._id, name: fullName(c), role: 'chair' });
  return {
    kind: s.kind,
    id: s._id,
    title: s.title,
    eventId,
    roomId: s.room?._id ?? null,
    people: [...people.values()],
  };
}

/** Per person, the lines describing their slots in a programme version (sorted, so equal sets compare equal). */
function slotsByPerson(view: ProgrammeView | undefined): Map<number, { lines: string[] }> {
  const out = new Map<number, { lines: string[] }>();
  for (const day of view?.days ?? [])
    for (const event of day.events)
      for (const s of event.sessions) {
        const where = `${day.date} ${event.start}–${event.end}, ${s.room ? `room ${s.room.name}` : 'room to be announced'}`;
        const roles = new Map<number, string>();
        for (const p of s.papers) for (const a of p.authors) roles.set(a._id, `your paper "${p.title}"`);
        if (s.presenter) roles.set(s.presenter._id, 'you present');
        for (const c of s.responsables)
          roles.set(c._id, roles.has(c._id) ? `${roles.get(c._id)!}; you chair` : 'you chair');
        for (const [id, role] of roles) {
          const entry = out.get(id) ?? { lines: [] };
          entry.lines.push(
            `${sessionName(s.kind, s._id)}${s.title ? ` (${s.title})` : ''} — ${where} — ${role}`,
          );
          out.set(id, entry);
        }
      }
  for (const entry of out.values()) entry.lines.sort();
  return out;
}

function changeNotice(
  firstName: string,
  conference: string,
  version: number,
  timeZone: string,
  was: string[],
  now: string[],
): string {
  const list = (lines: string[]) => (lines.length ? lines.map((l) => `  - ${l}`).join('\n') : '  (none)');
  return [
    `Dear ${firstName},`,
    '',
    `The programme of ${conference || 'the conference'} has been published (version ${version}). Your sessions changed.`,
    `Times are in ${timeZone}.`,
    '',
    'Now:',
    list(now),
    '',
    'Before:',
    list(was),
    '',
  ].join('\n');
}
