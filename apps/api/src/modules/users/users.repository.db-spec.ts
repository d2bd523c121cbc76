import type { ParsedUserFilter } from '@symposium/domain';
import type { DatabaseHandle } from '../../database/database.js';
import { emptyTables, openWith, seedUser } from '../../database/test-database.js';
import { UsersRepository, type UserQuery } from './users.repository.js';
import { usersTable, type NewUserRow, type UserRow } from './users.table.js';

describe('UsersRepository (PGlite)', () => {
  let handle: DatabaseHandle;
  let repo: UsersRepository;

  beforeAll(async () => ({ handle, repo } = await openWith((db) => new UsersRepository(db))));
  afterAll(() => handle.close());
  beforeEach(() => emptyTables(handle.db, usersTable));

  const user = (first: string, last: string, extra: Partial<NewUserRow> = {}): Promise<UserRow> =>
    seedUser(handle.db, {
      firstName: first,
      lastName: last,
      email: `${first}.${last}@x.org`.toLowerCase(),
      ...extra,
    });
  const names = (rows: UserRow[]) => rows.map((u) => `${u.firstName} ${u.lastName}`);

  describe('single reads and writes', () => {
    it('insert applies the defaults; findById and findByEmail answer it; unknown → undefined', async () => {
      const u = await repo.insert({ firstName: 'Ada', lastName: 'Lovelace', email: 'ada@x.org' });
      expect(u).toMatchObject({
        id: expect.any(Number),
        isRegistered: false,
        notify: true,
        sessionVersion: 0,
        reviewerTracks: [],
        passwordHash: null,
      });
      expect(await repo.findById(u.id)).toEqual(u);
      expect(await repo.findByEmail('ada@x.org')).toEqual(u);
      expect(await repo.findById(99)).toBeUndefined();
      expect(await repo.findByEmail('ADA@x.org')).toBeUndefined(); // e-mails are stored lower-cased by the service
    });

    it('an e-mail belongs to one user', async () => {
      await repo.insert({ firstName: 'A', lastName: 'B', email: 'same@x.org' });
      await expect(repo.insert({ firstName: 'C', lastName: 'D', email: 'same@x.org' })).rejects.toThrow();
    });

    it('update sets the patch and updatedAt (undefined when unknown); delete answers the row once', async () => {
      const u = await user('Alan', 'Turing');
      const changed = await repo.update(u.id, { organization: 'NPL', isChair: true });
      expect(changed).toMatchObject({ organization: 'NPL', isChair: true });
      expect(changed!.updatedAt.getTime()).toBeGreaterThanOrEqual(u.updatedAt.getTime());
      expect(await repo.update(99, { phone: '1' })).toBeUndefined();
      expect(await repo.delete(u.id)).toEqual(changed);
      expect(await repo.delete(u.id)).toBeUndefined();
      expect(await repo.count()).toBe(0);
    });

    it('bumpSessionVersion adds one each time', async () => {
      const u = await user('Grace', 'Hopper');
      await repo.bumpSessionVersion(u.id);
      await handle.db.transaction((tx) => repo.bumpSessionVersion(u.id, tx));
      expect((await repo.findById(u.id))!.sessionVersion).toBe(2);
    });

    it('sessionUsers answers only the session columns of the named users', async () => {
      const a = await user('A', 'One', { isReviewer: true, reviewerTracks: [3], sessionChairSessions: [7] });
      await user('B', 'Two');
      expect(await repo.sessionUsers([])).toEqual([]);
      expect(await repo.sessionUsers([a.id, 99])).toEqual([
        {
          id: a.id,
          email: a.email,
          lockStatus: false,
          sessionVersion: 0,
          isAdmin: false,
          isChair: false,
          isCoChair: false,
          coChairTracks: [],
          isReviewer: true,
          reviewerTracks: [3],
          reviewerCount: 0,
          sessionChairSessions: [7],
        },
      ]);
    });
  });

  describe('many users', () => {
    it('findByIds by last name, first name, id; findByEmails; empty lists answer nothing', async () => {
      const c = await user('Zed', 'Brown');
      const a = await user('Amy', 'Brown');
      const b = await user('Bob', 'Adams');
      expect(names(await repo.findByIds([c.id, a.id, b.id]))).toEqual([
        'Bob Adams',
        'Amy Brown',
        'Zed Brown',
      ]);
      expect(await repo.findByIds([])).toEqual([]);
      expect((await repo.findByEmails([a.email, 'none@x.org'])).map((u) => u.id)).toEqual([a.id]);
      expect(await repo.findByEmails([])).toEqual([]);
    });

    it('insertMany answers the rows in the order given, across INSERT chunks', async () => {
      const rows = Array.from({ length: 503 }, (_, i) => ({
        firstName: 'F',
        lastName: `L${i}`,
        email: `m${i}@x.org`,
      }));
      const created = await repo.insertMany(rows);
      expect(created.map((u) => u.email)).toEqual(rows.map((r) => r.email));
      expect(created.map((u) => u.id)).toEqual(rows.map((_, i) => created[0]!.id + i));
      expect(await repo.count()).toBe(503);
      expect(await repo.insertMany([])).toEqual([]);
    });

    it('setRegistered sets the flag of these users only (nothing for no ids)', async () => {
      const a = await user('A', 'A');
      const b = await user('B', 'B');
      await repo.setRegistered([], true);
      await repo.setRegistered([a.id], true);
      expect((await repo.findById(a.id))!.isRegistered).toBe(true);
      expect((await repo.findById(b.id))!.isRegistered).toBe(false);
      await repo.setRegistered([a.id, b.id], false);
      expect((await repo.findById(a.id))!.isRegistered).toBe(false);
    });

    it('reviewers of a track (by name) and all reviewers (by id, or only some ids)', async () => {
      const r1 = await user('Zoe', 'Able', { isReviewer: true, reviewerTracks: [1, 2] });
      const r2 = await user('Ann', 'Able', { isReviewer: true, reviewerTracks: [2] });
      await user('Not', 'Reviewer', { reviewerTracks: [1] }); // tracks kept, role removed
      expect(names(await repo.reviewersOfTrack(2))).toEqual(['Ann Able', 'Zoe Able']);
      expect(names(await repo.reviewersOfTrack(1))).toEqual(['Zoe Able']);
      expect((await repo.reviewers(null)).map((u) => u.id)).toEqual([r1.id, r2.id]);
      expect((await repo.reviewers([r2.id, 99])).map((u) => u.id)).toEqual([r2.id]);
      expect(await repo.reviewers([])).toEqual([]);
    });

    it('findByName: exact first and last name, ignoring case and spaces, by id, up to the limit', async () => {
      const a = await user('Jane', 'Doe');
      const b = await user('JANE', 'doe', { email: 'jane2@x.org' });
      await user('Janet', 'Doe');
      expect((await repo.findByName(' jane ', 'DOE ', 5)).map((u) => u.id)).toEqual([a.id, b.id]);
      expect((await repo.findByName('jane', 'doe', 1)).map((u) => u.id)).toEqual([a.id]);
    });

    it('search: name, "first last" or e-mail contains the text, case-insensitively, by name, up to the limit', async () => {
      await user('Ada', 'Lovelace');
      await user('Charles', 'Babbage', { email: 'cb@engine.org' });
      await user('Ada', 'Byron', { email: 'ab_1@x.org' });
      expect(names(await repo.search('ADA', 10))).toEqual(['Ada Byron', 'Ada Lovelace']);
      expect(names(await repo.search('ada love', 10))).toEqual(['Ada Lovelace']);
      expect(names(await repo.search('engine', 10))).toEqual(['Charles Babbage']);
      expect(names(await repo.search('b_1', 10))).toEqual(['Ada Byron']); // _ is not a wildcard
      expect(names(await repo.search('%', 10))).toEqual([]);
      expect(names(await repo.search('  ', 2))).toEqual(['Charles Babbage', 'Ada Byron']);
    });
  });

  describe('session chairs', () => {
    it('setSessionChairs adds the session to these users once and removes it from everyone else', async () => {
      const a = await user('A', 'A', { sessionChairSessions: [5] });
      const b = await user('B', 'B', { sessionChairSessions: [3, 5] });
      const c = await user('C', 'C', { sessionChairSessions: [3] });
      expect(await repo.setSessionChairs(5, [a.id, c.id])).toEqual({ removed: [b.id] });
      const sessions = async () =>
        (await repo.findByIds([a.id, b.id, c.id])).map((u) => u.sessionChairSessions);
      expect(await sessions()).toEqual([[5], [3], [3, 5]]);
      expect(names(await repo.sessionChairsOf([5]))).toEqual(['A A', 'C C']);
      expect(names(await repo.sessionChairsOf([3, 9]))).toEqual(['B B', 'C C']);
      expect(await repo.sessionChairsOf([])).toEqual([]);
      const { removed } = await handle.db.transaction((tx) => repo.setSessionChairs(5, [], tx));
      expect(removed.sort()).toEqual([a.id, c.id].sort());
      expect(await sessions()).toEqual([[], [3], [3]]);
    });
  });

  describe('the §5 query', () => {
    const f = (filter: ParsedUserFilter) => filter;
    let ids: Record<string, number>;

    beforeEach(async () => {
      const rows = [
        await user('Ada', 'Lovelace', {
          country: 'UK',
          reviewerCount: 3,
          isReviewer: true,
          reviewerTracks: [1],
          createdAt: new Date('2026-01-10T08:00:00Z'),
        }),
        await user('alan', 'Turing', {
          country: 'UK',
          reviewerCount: 1,
          isReviewer: true,
          reviewerTracks: [2],
          createdAt: new Date('2026-01-11T08:00:00Z'),
        }),
        await user('Grace', 'Hopper', {
          country: 'US',
          reviewerCount: 2,
          coChairTracks: [1],
          isCoChair: true,
          createdAt: new Date('2026-01-12T00:00:00Z'),
        }),
        await user('Edsger', 'Dijkstra', {
          country: 'NL',
          lockStatus: true,
          createdAt: new Date('2026-01-12T23:59:59Z'),
        }),
      ];
      ids = Object.fromEntries(rows.map((u) => [u.firstName, u.id]));
    });
    const run = async (q: UserQuery, page?: { offset: number; limit: number }) => {
      const r = await repo.query(q, page);
      return { count: r.count, names: r.rows.map((u) => u.firstName) };
    };

    it('without filters: everyone by id, counted', async () => {
      expect(await run({ filters: [] })).toEqual({ count: 4, names: ['Ada', 'alan', 'Grace', 'Edsger'] });
    });

    it('pages keep the total count', async () => {
      expect(await run({ filters: [] }, { offset: 1, limit: 2 })).toEqual({
        count: 4,
        names: ['alan', 'Grace'],
      });
    });

    it('string filters: Contains (case-insensitive, wildcards literal), =, <>, and comparisons', async () => {
      expect(
        (await run({ filters: [f({ name: 'lastName', type: 'string', operator: 'Contains', value: 'OV' })] }))
          .names,
      ).toEqual(['Ada']);
      expect(
        (await run({ filters: [f({ name: 'lastName', type: 'string', operator: 'Contains', value: '%' })] }))
          .names,
      ).toEqual([]);
      expect(
        (await run({ filters: [f({ name: 'country', type: 'string', operator: '=', value: 'UK' })] })).names,
      ).toEqual(['Ada', 'alan']);
      expect(
        (await run({ filters: [f({ name: 'country', type: 'string', operator: '<>', value: 'UK' })] })).names,
      ).toEqual(['Grace', 'Edsger']);
      expect(
        (await run({ filters: [f({ name: 'country', type: 'string', operator: '>', value: 'NL' })] })).names,
      ).toEqual(['Ada', 'alan', 'Grace']);
    });

    it('integer and boolean filters, combined with and', async () => {
      const q = (operator: ParsedUserFilter['operator'], value: number) =>
        run({ filters: [f({ name: 'roles.reviewer.count', type: 'integer', operator, value })] });
      expect((await q('>=', 2)).names).toEqual(['Ada', 'Grace']);
      expect((await q('<', 2)).names).toEqual(['alan', 'Edsger']);
      expect((await q('<=', 1)).names).toEqual(['alan', 'Edsger']);
      expect((await q('>', 2)).names).toEqual(['Ada']);
      expect((await q('=', 2)).names).toEqual(['Grace']);
      expect(
        await run({
          filters: [
            f({ name: 'lock.status', type: 'boolean', operator: '<>', value: true }),
            f({ name: 'country', type: 'string', operator: '=', value: 'UK' }),
            f({ name: '_id', type: 'integer', operator: '>', value: ids.Ada! }),
          ],
        }),
      ).toEqual({ count: 1, names: ['alan'] });
    });

    it('track filters: = has the track, <> has not', async () => {
      expect(
        (
          await run({
            filters: [f({ name: 'roles.reviewer.tracks', type: 'track', operator: '=', value: 1 })],
          })
        ).names,
      ).toEqual(['Ada']);
      expect(
        (
          await run({
            filters: [f({ name: 'roles.coChair.tracks', type: 'track', operator: '<>', value: 1 })],
          })
        ).names,
      ).toEqual(['Ada', 'alan', 'Edsger']);
    });

    it('date filters on a whole UTC day: =, <>, >, >=, <, <=', async () => {
      const day = { from: new Date('2026-01-12T00:00:00Z'), to: new Date('2026-01-13T00:00:00Z') };
      const q = async (operator: ParsedUserFilter['operator']) =>
        (await run({ filters: [f({ name: 'createdAt', type: 'date', operator, value: day })] })).names;
      expect(await q('=')).toEqual(['Grace', 'Edsger']);
      expect(await q('<>')).toEqual(['Ada', 'alan']);
      expect(await q('>')).toEqual([]);
      expect(await q('>=')).toEqual(['Grace', 'Edsger']);
      expect(await q('<')).toEqual(['Ada', 'alan']);
      expect(await q('<=')).toEqual(['Ada', 'alan', 'Grace', 'Edsger']);
    });

    it('search matches name, "first last" and e-mail', async () => {
      expect((await run({ filters: [], search: ' ALAN tur ' })).names).toEqual(['alan']);
      expect((await run({ filters: [], search: 'hopper@' })).names).toEqual(['Grace']);
    });

    it('sorts text case-insensitively, numbers as numbers, both ways, then by id', async () => {
      expect((await run({ filters: [], sort: { field: 'firstName', order: 'asc' } })).names).toEqual([
        'Ada',
        'alan',
        'Edsger',
        'Grace',
      ]);
      expect((await run({ filters: [], sort: { field: 'firstName', order: 'desc' } })).names).toEqual([
        'Grace',
        'Edsger',
        'alan',
        'Ada',
      ]);
      expect((await run({ filters: [], sort: { field: 'country', order: 'desc' } })).names).toEqual([
        'Grace',
        'alan',
        'Ada',
        'Edsger',
      ]);
      expect(
        (await run({ filters: [], sort: { field: 'roles.reviewer.count', order: 'asc' } })).names,
      ).toEqual(['Edsger', 'alan', 'Grace', 'Ada']);
    });

    it('list answers every match in the query order (the export)', async () => {
      const rows = await repo.list({
        filters: [f({ name: 'country', type: 'string', operator: '=', value: 'UK' })],
        sort: { field: 'lastName', order: 'desc' },
      });
      expect(rows.map((u) => u.firstName)).toEqual(['alan', 'Ada']);
    });
  });
});
