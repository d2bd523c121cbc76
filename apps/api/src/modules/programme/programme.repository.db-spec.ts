import type { ProgrammeView } from '@symposium/domain';
import type { DatabaseHandle, Tx } from '../../database/database.js';
import { emptyTables, openWith, seedPaper, seedTrack, seedUser } from '../../database/test-database.js';
import { ProgrammeRepository } from './programme.repository.js';
import { daysTable, roomsTable, sessionsTable } from './programme.table.js';

describe('ProgrammeRepository (PGlite)', () => {
  let handle: DatabaseHandle;
  let repo: ProgrammeRepository;
  const tx = <T>(work: (ex: Tx) => Promise<T>) => handle.db.transaction(work);

  beforeAll(async () => ({ handle, repo } = await openWith((db) => new ProgrammeRepository(db))));
  afterAll(() => handle.close());

  describe('rooms', () => {
    beforeEach(() => emptyTables(handle.db, sessionsTable, roomsTable));

    it('listed by name ignoring case, then id; found by id and by name ignoring case (one id left out)', async () => {
      const b = await repo.insertRoom({ name: 'beta', capacity: 10 });
      const a = await repo.insertRoom({ name: 'Alpha', capacity: null });
      expect((await repo.listRooms()).map((r) => r.name)).toEqual(['Alpha', 'beta']);
      expect(await repo.findRoom(a.id)).toEqual(a);
      expect(await repo.findRoom(a.id + 100)).toBeUndefined();
      expect(await repo.findRoomByName('BETA', undefined)).toEqual(b);
      expect(await repo.findRoomByName('BETA', b.id)).toBeUndefined();
      await expect(repo.insertRoom({ name: 'ALPHA', capacity: 1 })).rejects.toThrow();
    });

    it('updated (undefined when unknown), locked, deleted; the sessions using a room are found', async () => {
      const r = await repo.insertRoom({ name: 'Hall', capacity: 100 });
      expect(await repo.updateRoom(r.id, { capacity: 120 })).toEqual({ ...r, capacity: 120 });
      expect(await repo.updateRoom(r.id + 100, { capacity: 1 })).toBeUndefined();
      const s2 = await repo.insertSession({ kind: 'technical', number: 2, title: 'Session 2', roomId: r.id });
      const s1 = await repo.insertSession({ kind: 'poster', number: 1, roomId: r.id });
      await repo.insertSession({ kind: 'technical', number: 3, title: 'Session 3' });
      expect((await repo.sessionsUsingRoom(r.id)).map((s) => s.id)).toEqual([s1.id, s2.id]);
      await expect(repo.deleteRoom(r.id)).rejects.toThrow(); // still used by sessions
      await tx(async (ex) => {
        expect(await repo.lockRoom(r.id, ex)).toMatchObject({ id: r.id });
        await repo.deleteSession(s1.id, ex);
        await repo.deleteSession(s2.id, ex);
        await repo.deleteRoom(r.id, ex);
      });
      expect(await repo.findRoom(r.id)).toBeUndefined();
      expect(await tx((ex) => repo.lockRoom(r.id, ex))).toBeUndefined();
    });
  });

  describe('days and events', () => {
    beforeEach(() => emptyTables(handle.db, daysTable));

    it('days by date, counted, found by id and date (one id left out); one day per date', async () => {
      const d2 = await repo.insertDay({ date: '2026-09-02', desk: '8:00', color: '#fff' });
      const d1 = await repo.insertDay({ date: '2026-09-01', desk: '8:30', color: '#000' });
      expect((await repo.listDays()).map((d) => d.date)).toEqual(['2026-09-01', '2026-09-02']);
      expect(await repo.countDays()).toBe(2);
      expect(await repo.findDay(d1.id)).toEqual(d1);
      expect(await repo.findDay(d1.id + 100)).toBeUndefined();
      expect(await repo.findDayByDate('2026-09-02', undefined)).toEqual(d2);
      expect(await repo.findDayByDate('2026-09-02', d2.id)).toBeUndefined();
      await expect(repo.insertDay({ date: '2026-09-01', desk: '', color: '' })).rejects.toThrow();
      expect(await repo.updateDay(d1.id, { desk: '9:00' })).toEqual({ ...d1, desk: '9:00' });
      expect(await repo.updateDay(d1.id + 100, { desk: 'x' })).toBeUndefined();
      await repo.deleteDay(d2.id);
      expect(await repo.countDays()).toBe(1);
    });

    it('events by day, start, id; found within their day or by id; updated, deleted, and gone with their day', async () => {
      const d1 = await repo.insertDay({ date: '2026-09-01', desk: '', color: '' });
      const d2 = await repo.insertDay({ date: '2026-09-02', desk: '', color: '' });
      const late = await repo.insertEvent({
        dayId: d1.id,
        type: 'session',
        description: '',
        start: '14:00',
        end: '15:00',
      });
      const early = await repo.insertEvent({
        dayId: d1.id,
        type: 'keynote',
        description: 'K',
        start: '09:00',
        end: '10:00',
      });
      const other = await repo.insertEvent({
        dayId: d2.id,
        type: 'break',
        description: '',
        start: '08:00',
        end: '08:30',
      });
      expect((await repo.eventsOfDays(null)).map((e) => e.id)).toEqual([early.id, late.id, other.id]);
      expect((await repo.eventsOfDays([d2.id])).map((e) => e.id)).toEqual([other.id]);
      expect(await repo.eventsOfDays([])).toEqual([]);
      expect(await repo.findEvent(d1.id, early.id)).toEqual(early);
      expect(await repo.findEvent(d2.id, early.id)).toBeUndefined();
      expect(await repo.findEventById(other.id)).toEqual(other);
      expect(await repo.updateEvent(late.id, { end: '16:00' })).toEqual({ ...late, end: '16:00' });
      expect(await repo.updateEvent(9999, { end: '16:00' })).toBeUndefined();
      await repo.deleteEvent(late.id);
      await repo.deleteDay(d2.id);
      expect((await repo.eventsOfDays(null)).map((e) => e.id)).toEqual([early.id]);
    });
  });

  describe('sessions', () => {
    beforeEach(() => emptyTables(handle.db, sessionsTable, daysTable));
    /** A day with one 'session' event, the slot sessions are linked to. */
    const sessionSlot = async () => {
      const day = await repo.insertDay({ date: '2026-09-01', desk: '', color: '' });
      return repo.insertEvent({
        dayId: day.id,
        type: 'session',
        description: '',
        start: '9:00',
        end: '10:00',
      });
    };

    it('one number per kind, one technical title ignoring case (technical sessions always have one); kinds are checked', async () => {
      await repo.insertSession({ kind: 'technical', number: 1, title: 'Graphs' });
      await repo.insertSession({ kind: 'poster', number: 1, title: 'graphs' }); // posters may share titles
      await expect(
        repo.insertSession({ kind: 'technical', number: 1, title: 'Session 1' }),
      ).rejects.toThrow();
      await expect(repo.insertSession({ kind: 'technical', number: 2, title: 'GRAPHS' })).rejects.toThrow();
      await expect(repo.insertSession({ kind: 'workshop' as 'poster', number: 9 })).rejects.toThrow();
      const t = (await repo.findTechnicalByTitle('gRAPHS', undefined))!;
      expect(t).toMatchObject({ kind: 'technical', number: 1 });
      expect(await repo.findTechnicalByTitle('graphs', t.id)).toBeUndefined();
    });

    it('listed by kind and number, of one kind, with or without an event, or of one event', async () => {
      const ev = await sessionSlot();
      const [t2, t1, p1] = await tx((ex) =>
        repo.insertSessions(
          [
            { kind: 'technical', number: 2, title: 'Session 2', eventId: ev.id },
            { kind: 'technical', number: 1, title: 'Session 1' },
            { kind: 'poster', number: 1, eventId: ev.id },
          ],
          ex,
        ),
      );
      expect([t2!.number, t1!.number, p1!.kind]).toEqual([2, 1, 'poster']); // in the order given
      const ids = (rows: { id: number }[]) => rows.map((s) => s.id);
      expect(ids(await repo.listSessions(null))).toEqual([p1!.id, t1!.id, t2!.id]);
      expect(ids(await repo.listSessions('technical'))).toEqual([t1!.id, t2!.id]);
      expect(ids(await repo.listSessions('technical', { hasEvent: true }))).toEqual([t2!.id]);
      expect(ids(await repo.listSessions(null, { hasEvent: false }))).toEqual([t1!.id]);
      expect(ids(await repo.listSessions(null, { eventId: ev.id }))).toEqual([p1!.id, t2!.id]);
    });

    it('found by kind and number (and locked), by numbers; updated (an empty patch reads); deleted', async () => {
      const s = await repo.insertSession({ kind: 'tutorial', number: 4, title: 'Intro' });
      expect(await repo.findSession('tutorial', 4)).toEqual(s);
      expect(await repo.findSession('technical', 4)).toBeUndefined();
      expect(await tx((ex) => repo.lockSession('tutorial', 4, ex))).toEqual(s);
      expect(await tx((ex) => repo.lockSession('tutorial', 5, ex))).toBeUndefined();
      expect((await repo.findSessionsByNumbers('tutorial', [4, 5])).map((r) => r.id)).toEqual([s.id]);
      expect(await repo.findSessionsByNumbers('tutorial', [])).toEqual([]);
      expect(await repo.updateSession(s.id, { link: 'https://x.org' })).toEqual({
        ...s,
        link: 'https://x.org',
      });
      expect(await repo.updateSession(s.id, {})).toEqual({ ...s, link: 'https://x.org' });
      expect(await repo.updateSession(9999, { link: 'y' })).toBeUndefined();
      expect(await repo.updateSession(9999, {})).toBeUndefined();
      await repo.deleteSession(s.id);
      expect(await repo.findSession('tutorial', 4)).toBeUndefined();
    });

    it('setEventSessions links these sessions and unlinks the event’s others', async () => {
      const ev = await sessionSlot();
      const a = await repo.insertSession({
        kind: 'technical',
        number: 1,
        title: 'Session 1',
        eventId: ev.id,
      });
      const b = await repo.insertSession({ kind: 'technical', number: 2, title: 'Session 2' });
      const c = await repo.insertSession({ kind: 'technical', number: 3, title: 'Session 3' });
      await tx((ex) => repo.setEventSessions(ev.id, [b.id, c.id], ex));
      expect((await repo.listSessions(null, { eventId: ev.id })).map((s) => s.id)).toEqual([b.id, c.id]);
      expect((await repo.findSession('technical', 1))!.eventId).toBeNull();
      await tx((ex) => repo.setEventSessions(ev.id, [], ex));
      expect(await repo.listSessions(null, { hasEvent: true })).toEqual([]);
      // a deleted event leaves its sessions unlinked
      await tx((ex) => repo.setEventSessions(ev.id, [a.id], ex));
      await repo.deleteEvent(ev.id);
      expect((await repo.findSession('technical', 1))!.eventId).toBeNull();
    });

    it('session papers: set in order (replacing), listed by session and position, placements; one session per paper', async () => {
      const track = await seedTrack(handle.db);
      const [p1, p2, p3] = [
        await seedPaper(handle.db, { trackId: track.id }),
        await seedPaper(handle.db, { trackId: track.id }),
        await seedPaper(handle.db, { trackId: track.id }),
      ];
      const s1 = await repo.insertSession({ kind: 'technical', number: 1, title: 'Session 1' });
      const s2 = await repo.insertSession({ kind: 'technical', number: 2, title: 'Session 2' });
      await tx(async (ex) => {
        await repo.lockProgramme(ex);
        await repo.setSessionPapers(s1.id, [p2!.id, p1!.id], ex);
        await repo.insertSessionPapers([{ sessionId: s2.id, paperId: p3!.id, position: 0 }], ex);
      });
      expect(await repo.sessionPapers(null)).toEqual([
        { sessionId: s1.id, paperId: p2!.id, position: 0 },
        { sessionId: s1.id, paperId: p1!.id, position: 1 },
        { sessionId: s2.id, paperId: p3!.id, position: 0 },
      ]);
      expect(await repo.sessionPapers([s2.id])).toEqual([{ sessionId: s2.id, paperId: p3!.id, position: 0 }]);
      expect(await repo.sessionPapers([])).toEqual([]);
      const placed = await repo.placementsOf([p1!.id, p3!.id]);
      expect(placed.map((r) => [r.paperId, r.session.id]).sort()).toEqual(
        [
          [p1!.id, s1.id],
          [p3!.id, s2.id],
        ].sort(),
      );
      expect((await repo.placementsOf(null)).length).toBe(3);
      expect(await repo.placementsOf([])).toEqual([]);
      await expect(tx((ex) => repo.setSessionPapers(s2.id, [p1!.id], ex))).rejects.toThrow();
      await tx((ex) => repo.setSessionPapers(s1.id, [p1!.id], ex));
      await tx((ex) => repo.setSessionPapers(s2.id, [], ex));
      expect(await repo.sessionPapers(null)).toEqual([{ sessionId: s1.id, paperId: p1!.id, position: 0 }]);
    });
  });

  describe('settings, clash acknowledgements, versions', () => {
    it('the tutorials track: null until set, then set and cleared', async () => {
      const track = await seedTrack(handle.db);
      expect(await repo.tutorialTrackId()).toBeNull();
      await repo.setTutorialTrackId(track.id);
      expect(await repo.tutorialTrackId()).toBe(track.id);
      await repo.setTutorialTrackId(null);
      expect(await repo.tutorialTrackId()).toBeNull();
    });

    it('clash acknowledgements: one per key (again replaces the user), deleted once', async () => {
      const u1 = await seedUser(handle.db);
      const u2 = await seedUser(handle.db);
      await repo.upsertAck('clash:1', u1.id);
      expect(await repo.upsertAck('clash:1', u2.id)).toMatchObject({ key: 'clash:1', userId: u2.id });
      await repo.upsertAck('clash:2', u1.id);
      expect((await repo.listAcks()).map((a) => [a.key, a.userId]).sort()).toEqual([
        ['clash:1', u2.id],
        ['clash:2', u1.id],
      ]);
      expect(await repo.deleteAck('clash:1')).toBe(true);
      expect(await repo.deleteAck('clash:1')).toBe(false);
    });

    it('versions: the latest by number; a version number is used once', async () => {
      const u = await seedUser(handle.db);
      expect(await repo.latestVersion()).toBeUndefined();
      const snapshot = { days: [] } as unknown as ProgrammeView;
      await tx((ex) => repo.insertVersion({ version: 2, publishedBy: u.id, snapshot }, ex));
      await tx((ex) =>
        repo.insertVersion(
          { version: 1, publishedBy: u.id, snapshot, publishedAt: new Date('2026-01-01T00:00:00Z') },
          ex,
        ),
      );
      expect(await repo.latestVersion()).toMatchObject({ version: 2, publishedBy: u.id, snapshot });
      await expect(
        tx((ex) => repo.insertVersion({ version: 2, publishedBy: u.id, snapshot }, ex)),
      ).rejects.toThrow();
    });
  });
});
