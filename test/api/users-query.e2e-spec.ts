/**
 * POST /api/chair/users?isQuery=true (§5 filters, search, sorting, pages of 100) and POST /export/xls.
 */
import type { UserDto } from '@symposium/domain';
import ExcelJS from 'exceljs';
import type { Response } from 'supertest';
import { usersTable, type NewUserRow } from '../../apps/api/src/modules/users/users.table.js';
import { createTestApp, type TestApp } from '../support/app.js';

type Auth = [string, string];

const person = (i: number, over: Partial<NewUserRow> = {}): NewUserRow => ({
  firstName: `First${i}`,
  lastName: `Last${i}`,
  email: `person${i}@example.org`,
  alternateEmail: `person${i}@other.org`,
  organization: 'Example University',
  country: 'Portugal',
  phone: '123',
  ...over,
});

describe('chair user query and export', () => {
  let t: TestApp;
  let chair: Auth;
  let chairId: number;

  const query = (body: object, auth: Auth = chair) =>
    t.call('post', '/api/chair/users?isQuery=true', auth).send(body);
  const ids = (res: Response) => (res.body.data as UserDto[]).map((u) => u._id);
  const emails = (res: Response) => (res.body.data as UserDto[]).map((u) => u.email);

  beforeAll(async () => {
    t = await createTestApp();
    const c = await t.user({ roles: { chair: { is: true } } });
    chair = c.auth;
    chairId = c.id;
    // 230 users in one multi-row insert (paging).
    await t.db.insert(usersTable).values(
      Array.from({ length: 230 }, (_, i) =>
        person(1000 + i, {
          firstName: 'Bulk',
          lastName: `Member${String(i).padStart(3, '0')}`,
          organization: 'Bulk Org',
        }),
      ),
    );
    // A small, varied group for filters and sorting.
    await t.db.insert(usersTable).values([
      person(1, {
        firstName: 'ana',
        lastName: 'silva',
        email: 'ana.silva@uni.pt',
        organization: 'Sort Org',
        country: 'Portugal',
        isRegistered: true,
        reviewerTracks: [3, 4],
        isReviewer: true,
        reviewerCount: 2,
        createdAt: new Date('2021-05-10T12:00:00Z'),
      }),
      person(2, {
        firstName: 'bruno',
        lastName: 'costa',
        email: 'bruno.costa@uni.pt',
        organization: 'Sort Org',
        country: 'Spain',
        lockStatus: true,
        coChairTracks: [3],
        isCoChair: true,
        createdAt: new Date('2021-05-11T08:00:00Z'),
      }),
      person(3, {
        firstName: 'carla',
        lastName: 'almeida',
        email: 'carla.almeida@lab.org',
        organization: 'Sort Org',
        country: 'France',
        reviewerTracks: [4],
        isReviewer: true,
        reviewerCount: 7,
        notify: false,
        createdAt: new Date('2021-05-09T23:59:59Z'),
      }),
      person(4, {
        firstName: 'Diana',
        lastName: 'MiXeDcase',
        email: 'diana@lab.org',
        organization: 'Wild 100% _under_ Org',
        country: 'Italy',
        createdAt: new Date('2022-01-01T00:00:00Z'),
      }),
      person(5, {
        firstName: '=HYPERLINK("http://evil")',
        lastName: '+cmd',
        email: 'formula@lab.org',
        organization: '@SUM(A1)',
        country: '-2+3',
        phone: '+351 912 345 678',
        createdAt: new Date('2022-01-01T00:00:00Z'),
      }),
    ]);
  });
  afterAll(async () => {
    await t.close();
  });

  describe('paging', () => {
    const bulk = [{ name: 'firstName', operator: '=', value: 'Bulk' }];

    it('answers pages of 100 with the total count of matching users', async () => {
      const seen: number[] = [];
      for (const [cp, expected] of [
        [1, 100],
        [2, 100],
        [3, 30],
        [4, 0],
      ] as const) {
        const res = await query({ filters: bulk, cp });
        expect(res.status).toBe(200);
        expect(res.body.count).toBe(230);
        expect(res.body.data).toHaveLength(expected);
        seen.push(...ids(res));
      }
      expect(new Set(seen).size).toBe(230);
    });

    it('starts at page 1 with 100 users when no page is given', async () => {
      const res = await query({ filters: bulk });
      expect(res.body.data).toHaveLength(100);
      expect(res.body.data[0].lastName).toBe('Member000');
    });

    it('never answers more than 100 users on a page, and honours smaller page sizes', async () => {
      expect((await query({ filters: bulk, pg: 1000 })).body.data).toHaveLength(100);
      const small = await query({ filters: bulk, pg: 10, cp: 3 });
      expect(small.body.count).toBe(230);
      expect(small.body.data.map((u: UserDto) => u.lastName)).toEqual(
        Array.from({ length: 10 }, (_, i) => `Member${String(20 + i).padStart(3, '0')}`),
      );
    });

    it('answers the users as UserDto without password hashes', async () => {
      const res = await query({ filters: [{ name: 'email', operator: '=', value: 'ana.silva@uni.pt' }] });
      expect(res.body.count).toBe(1);
      const u = res.body.data[0];
      expect(u).toMatchObject({
        firstName: 'ana',
        lastName: 'silva',
        email: 'ana.silva@uni.pt',
        isRegistered: true,
        notify: true,
        lock: { status: false },
        roles: {
          admin: { is: false },
          chair: { is: false },
          coChair: { is: false, tracks: [] },
          reviewer: { is: true, tracks: [3, 4], count: 2 },
          sessionChair: { sessions: [] },
        },
        createdAt: '2021-05-10T12:00:00.000Z',
      });
      expect(typeof u._id).toBe('number');
      expect(JSON.stringify(res.body)).not.toMatch(/password/i);
    });

    it('answers every user when there are no filters', async () => {
      const res = await query({});
      expect(res.body.count).toBe(230 + 5 + 1);
    });
  });

  describe('sorting', () => {
    const sortOrg = [{ name: 'organization', operator: '=', value: 'Sort Org' }];

    it('sorts by last name ascending and descending', async () => {
      const asc = await query({ filters: sortOrg, sort: { field: 'lastName', order: 'asc' } });
      expect(asc.body.data.map((u: UserDto) => u.lastName)).toEqual(['almeida', 'costa', 'silva']);
      const desc = await query({ filters: sortOrg, sort: { field: 'lastName', order: 'desc' } });
      expect(desc.body.data.map((u: UserDto) => u.lastName)).toEqual(['silva', 'costa', 'almeida']);
    });

    it('sorts text without regard to case', async () => {
      const res = await query({
        filters: [
          { name: 'email', operator: 'Contains', value: 'lab.org' },
          { name: 'firstName', operator: 'Contains', value: 'a' },
        ],
        sort: { field: 'firstName', order: 'asc' },
      });
      // 'carla' before 'Diana' (case-insensitive), where a byte order would put 'Diana' first.
      expect(res.body.data.map((u: UserDto) => u.firstName)).toEqual(['carla', 'Diana']);
    });

    it('sorts by numbers, booleans and dates', async () => {
      const count = await query({ filters: sortOrg, sort: { field: 'roles.reviewer.count', order: 'desc' } });
      expect(count.body.data.map((u: UserDto) => u.firstName)).toEqual(['carla', 'ana', 'bruno']);
      const created = await query({ filters: sortOrg, sort: { field: 'createdAt', order: 'asc' } });
      expect(created.body.data.map((u: UserDto) => u.firstName)).toEqual(['carla', 'ana', 'bruno']);
      const locked = await query({ filters: sortOrg, sort: { field: 'lock.status', order: 'desc' } });
      expect(locked.body.data[0].firstName).toBe('bruno');
      const byId = await query({ filters: sortOrg, sort: { field: '_id', order: 'desc' } });
      const list = ids(byId);
      expect(list).toEqual([...list].sort((a, b) => b - a));
    });

    it('keeps pages stable when many users share the sort value', async () => {
      const a = await query({
        filters: [{ name: 'firstName', operator: '=', value: 'Bulk' }],
        sort: { field: 'firstName', order: 'asc' },
        cp: 1,
      });
      const b = await query({
        filters: [{ name: 'firstName', operator: '=', value: 'Bulk' }],
        sort: { field: 'firstName', order: 'asc' },
        cp: 2,
      });
      const all = [...ids(a), ...ids(b)];
      expect(new Set(all).size).toBe(200);
      expect(all).toEqual([...all].sort((x, y) => x - y));
    });
  });

  describe('filters', () => {
    it('matches Contains case-insensitively', async () => {
      const res = await query({ filters: [{ name: 'lastName', operator: 'Contains', value: 'mixedCASE' }] });
      expect(emails(res)).toEqual(['diana@lab.org']);
      const upper = await query({ filters: [{ name: 'email', operator: 'Contains', value: 'UNI.PT' }] });
      expect(emails(upper).sort()).toEqual(['ana.silva@uni.pt', 'bruno.costa@uni.pt']);
    });

    it('treats % and _ in a Contains value literally', async () => {
      const percent = await query({
        filters: [{ name: 'organization', operator: 'Contains', value: '100%' }],
      });
      expect(emails(percent)).toEqual(['diana@lab.org']);
      const onlyPercent = await query({
        filters: [{ name: 'organization', operator: 'Contains', value: '%' }],
      });
      expect(emails(onlyPercent)).toEqual(['diana@lab.org']);
      const underscore = await query({
        filters: [{ name: 'organization', operator: 'Contains', value: '_' }],
      });
      expect(emails(underscore)).toEqual(['diana@lab.org']);
      const backslash = await query({
        filters: [{ name: 'organization', operator: 'Contains', value: '\\' }],
      });
      expect(backslash.body.count).toBe(0);
    });

    it('compares text exactly with = and <>, and lowercases e-mail values', async () => {
      const eq = await query({ filters: [{ name: 'email', operator: '=', value: 'ANA.SILVA@uni.pt' }] });
      expect(emails(eq)).toEqual(['ana.silva@uni.pt']);
      const ne = await query({
        filters: [
          { name: 'organization', operator: '=', value: 'Sort Org' },
          { name: 'country', operator: '<>', value: 'Spain' },
        ],
      });
      expect(emails(ne).sort()).toEqual(['ana.silva@uni.pt', 'carla.almeida@lab.org']);
    });

    it('compares numbers with every operator', async () => {
      const sortOrg = { name: 'organization', operator: '=', value: 'Sort Org' };
      const names = async (operator: string, value: unknown) =>
        (
          await query({
            filters: [sortOrg, { name: 'roles.reviewer.count', operator, value }],
            sort: { field: 'firstName', order: 'asc' },
          })
        ).body.data.map((u: UserDto) => u.firstName);
      expect(await names('=', 2)).toEqual(['ana']);
      expect(await names('<>', '2')).toEqual(['bruno', 'carla']);
      expect(await names('>', 2)).toEqual(['carla']);
      expect(await names('>=', 2)).toEqual(['ana', 'carla']);
      expect(await names('<', '2')).toEqual(['bruno']);
      expect(await names('<=', 2)).toEqual(['ana', 'bruno']);
    });

    it('filters by id', async () => {
      const res = await query({ filters: [{ name: '_id', operator: '=', value: String(chairId) }] });
      expect(ids(res)).toEqual([chairId]);
    });

    it('filters booleans given as true/false strings or JSON booleans', async () => {
      const locked = await query({ filters: [{ name: 'lock.status', operator: '=', value: 'true' }] });
      expect(emails(locked)).toEqual(['bruno.costa@uni.pt']);
      const coChairs = await query({ filters: [{ name: 'roles.coChair.is', operator: '=', value: true }] });
      expect(emails(coChairs)).toEqual(['bruno.costa@uni.pt']);
      const quiet = await query({ filters: [{ name: 'notify', operator: '<>', value: true }] });
      expect(emails(quiet)).toEqual(['carla.almeida@lab.org']);
      const registered = await query({ filters: [{ name: 'isRegistered', operator: '=', value: 'TRUE' }] });
      expect(emails(registered)).toEqual(['ana.silva@uni.pt']);
      const chairs = await query({ filters: [{ name: 'roles.chair.is', operator: '=', value: 'true' }] });
      expect(ids(chairs)).toEqual([chairId]);
    });

    it('finds reviewers and track chairs by track', async () => {
      const track4 = await query({
        filters: [{ name: 'roles.reviewer.tracks', operator: '=', value: 4 }],
        sort: { field: 'firstName', order: 'asc' },
      });
      expect(emails(track4)).toEqual(['ana.silva@uni.pt', 'carla.almeida@lab.org']);
      const track3 = await query({ filters: [{ name: 'roles.reviewer.tracks', operator: '=', value: '3' }] });
      expect(emails(track3)).toEqual(['ana.silva@uni.pt']);
      const notTrack4 = await query({
        filters: [
          { name: 'roles.reviewer.is', operator: '=', value: true },
          { name: 'roles.reviewer.tracks', operator: '<>', value: 4 },
        ],
      });
      expect(notTrack4.body.count).toBe(0);
      const coChair3 = await query({ filters: [{ name: 'roles.coChair.tracks', operator: '=', value: 3 }] });
      expect(emails(coChair3)).toEqual(['bruno.costa@uni.pt']);
    });

    it('reads a calendar date as the whole UTC day', async () => {
      const sortOrg = { name: 'organization', operator: '=', value: 'Sort Org' };
      const names = async (operator: string, value: string) =>
        (
          await query({
            filters: [sortOrg, { name: 'createdAt', operator, value }],
            sort: { field: 'firstName', order: 'asc' },
          })
        ).body.data.map((u: UserDto) => u.firstName);
      expect(await names('=', '2021-05-10')).toEqual(['ana']);
      expect(await names('<>', '2021-05-10')).toEqual(['bruno', 'carla']);
      expect(await names('>', '2021-05-10')).toEqual(['bruno']);
      expect(await names('>=', '2021-05-10')).toEqual(['ana', 'bruno']);
      expect(await names('<', '2021-05-10')).toEqual(['carla']);
      expect(await names('<=', '2021-05-10')).toEqual(['ana', 'carla']);
      expect(await names('>', '2021-05-10T12:00:00.000Z')).toEqual(['bruno']);
      expect(await names('=', '2021-05-10T12:00:00.000Z')).toEqual(['ana']);
    });

    it('ignores filters without a value', async () => {
      const res = await query({
        filters: [
          { name: 'organization', operator: '=', value: 'Sort Org' },
          { name: 'email', operator: 'Contains', value: '' },
          { name: 'country', operator: '=', value: null },
          { name: 'phone', operator: '=' },
        ],
      });
      expect(res.body.count).toBe(3);
    });

    it('combines filters with AND', async () => {
      const res = await query({
        filters: [
          { name: 'organization', operator: '=', value: 'Sort Org' },
          { name: 'roles.reviewer.is', operator: '=', value: true },
          { name: 'country', operator: 'Contains', value: 'FRA' },
        ],
      });
      expect(emails(res)).toEqual(['carla.almeida@lab.org']);
    });
  });

  describe('search', () => {
    it('matches e-mail, first name, last name or "first last" case-insensitively', async () => {
      expect(emails(await query({ search: 'BRUNO.COSTA@' }))).toEqual(['bruno.costa@uni.pt']);
      expect(emails(await query({ search: 'Carla' }))).toEqual(['carla.almeida@lab.org']);
      expect(emails(await query({ search: 'ALMEIDA' }))).toEqual(['carla.almeida@lab.org']);
      expect(emails(await query({ search: 'Ana Silva' }))).toEqual(['ana.silva@uni.pt']);
      expect(emails(await query({ search: '  diana mixed ' }))).toEqual(['diana@lab.org']);
      expect((await query({ search: 'nobody-like-this' })).body.count).toBe(0);
    });

    it('combines search with filters and paging', async () => {
      const res = await query({
        search: 'member1',
        filters: [{ name: 'organization', operator: '=', value: 'Bulk Org' }],
        pg: 5,
      });
      expect(res.body.count).toBe(100);
      expect(res.body.data).toHaveLength(5);
    });

    it('treats wildcards in the search text literally (no name or e-mail holds them)', async () => {
      expect((await query({ search: '%' })).body.count).toBe(0);
      expect((await query({ search: '_' })).body.count).toBe(0);
      expect((await query({ search: 'a%a' })).body.count).toBe(0);
    });
  });

  describe('invalid queries answer 400, never 500', () => {
    const invalidFilter: [string, unknown][] = [
      ['a hostile name', [{ name: 'email; drop table users', operator: '=', value: 'x' }]],
      ['a column name that is not whitelisted', [{ name: 'password_hash', operator: '=', value: 'x' }]],
      ['a snake_case column name', [{ name: 'first_name', operator: '=', value: 'x' }]],
      ['a prototype name', [{ name: '__proto__', operator: '=', value: 'x' }]],
      ['an unknown operator', [{ name: 'email', operator: 'LIKE', value: 'x' }]],
      ['an SQL operator', [{ name: 'email', operator: "= 'x' OR 1=1 --", value: 'x' }]],
      ['a missing operator', [{ name: 'email', value: 'x' }]],
      ['an order operator on a boolean', [{ name: 'lock.status', operator: '>', value: true }]],
      ['Contains on a number', [{ name: '_id', operator: 'Contains', value: '1' }]],
      ['a boolean that is not true or false', [{ name: 'notify', operator: '=', value: 'yes' }]],
      ['a number that is a word', [{ name: '_id', operator: '=', value: 'abc' }]],
      ['a number beyond an integer column', [{ name: '_id', operator: '=', value: '99999999999' }]],
      ['a fraction for an integer', [{ name: 'roles.reviewer.count', operator: '=', value: 1.5 }]],
      ['a date that is not a date', [{ name: 'createdAt', operator: '=', value: 'yesterday' }]],
      ['a day that does not exist', [{ name: 'createdAt', operator: '=', value: '2021-02-30' }]],
      ['a track id of zero', [{ name: 'roles.reviewer.tracks', operator: '=', value: 0 }]],
      ['an object value', [{ name: 'email', operator: '=', value: { $ne: '' } }]],
      ['an extra property on a filter', [{ name: 'email', operator: '=', value: 'x', raw: 'true' }]],
      ['a filter that is not an object', ['email']],
      ['filters that are not a list', { name: 'email', operator: '=', value: 'x' }],
    ];
    it.each(invalidFilter)("refuses %s with 'Invalid filter'", async (_label, filters) => {
      const res = await query({ filters });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('Invalid filter');
    });

    it("refuses sorting by a field outside the whitelist or in an unknown order with 'Invalid sort'", async () => {
      for (const sort of [
        { field: 'password_hash', order: 'asc' },
        { field: 'lastName; drop table users', order: 'asc' },
        { field: 'roles.reviewer.tracks', order: 'asc' },
        { field: 'lastName', order: 'sideways' },
      ]) {
        const res = await query({ sort });
        expect(res.status).toBe(400);
        expect(res.body.message).toBe('Invalid sort');
      }
      expect((await query({ sort: { field: 'lastName', order: 'asc', extra: 1 } })).status).toBe(400);
    });

    it('refuses bad pages, unknown body fields and unknown isQuery values', async () => {
      for (const body of [
        { cp: 0 },
        { cp: 'abc' },
        { cp: 1.5 },
        { pg: 0 },
        { pg: -5 },
        { search: 42 },
        { where: '1=1' },
      ]) {
        const res = await query(body);
        expect(res.status).toBe(400);
        expect(res.body.code).toBe('request.invalid');
      }
      const res = await t.call('post', '/api/chair/users?isQuery=maybe', chair).send({});
      expect(res.status).toBe(400);
      expect(res.body.message).toBe("isQuery must be 'true'");
    });
  });

  describe('export', () => {
    const exportXls = (body: object, auth: Auth = chair) =>
      t
        .call('post', '/api/chair/users/export/xls', auth, body)
        .buffer(true)
        .parse((res, cb) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => cb(null, Buffer.concat(chunks)));
        });

    const readSheet = async (body: Buffer) => {
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(body as unknown as ArrayBuffer);
      const sheet = wb.worksheets[0]!;
      const rows: unknown[][] = [];
      sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
      return rows;
    };

    it('answers users.xlsx with the listed columns and only the matching users, in the query order', async () => {
      const res = await exportXls({
        filters: [{ name: 'organization', operator: '=', value: 'Sort Org' }],
        sort: { field: 'lastName', order: 'desc' },
      });
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toContain(
        'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      );
      expect(res.headers['content-disposition']).toBe('attachment; filename="users.xlsx"');
      const rows = await readSheet(res.body as Buffer);
      expect(rows[0]).toEqual([
        'ID',
        'First Name',
        'Last Name',
        'Email',
        'Alternate Email',
        'Organization',
        'Country',
        'Phone',
        'Registered',
        'Locked',
        'Chair',
        'Track Chair Tracks',
        'Reviewer Tracks',
      ]);
      expect(rows).toHaveLength(4);
      expect(rows.slice(1).map((r) => r[2])).toEqual(['silva', 'costa', 'almeida']);
      const ana = rows[1]!;
      expect(typeof ana[0]).toBe('number');
      expect(ana.slice(1)).toEqual([
        'ana',
        'silva',
        'ana.silva@uni.pt',
        'person1@other.org',
        'Sort Org',
        'Portugal',
        '123',
        'Yes',
        'No',
        'No',
        '',
        '3, 4',
      ]);
      expect(rows[2]!.slice(9, 12)).toEqual(['Yes', 'No', '3']);
    });

    it('keeps text that would otherwise become a formula as text: as written, in a Text-format cell', async () => {
      const res = await exportXls({ filters: [{ name: 'email', operator: '=', value: 'formula@lab.org' }] });
      const rows = await readSheet(res.body as Buffer);
      const written = [
        '=HYPERLINK("http://evil")',
        '+cmd',
        'formula@lab.org',
        'person5@other.org',
        '@SUM(A1)',
        '-2+3',
        '+351 912 345 678',
      ];
      // No apostrophe in the text: the cell shows exactly what the user wrote.
      expect(rows[1]!.slice(1, 8)).toEqual(written);
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(res.body as unknown as ArrayBuffer);
      wb.worksheets[0]!.eachRow((row) =>
        row.eachCell((cell) => expect(cell.type).not.toBe(ExcelJS.ValueType.Formula)),
      );
      // The formula-like cells have the Text number format, so editing one keeps it text; others do not.
      const row = wb.worksheets[0]!.getRow(2);
      expect([2, 3, 4, 5, 6, 7, 8].map((c) => row.getCell(c).numFmt ?? '')).toEqual([
        '@',
        '@',
        '',
        '',
        '@',
        '@',
        '@',
      ]);
    });

    it('exports every matching user, not just one page', async () => {
      const res = await exportXls({ search: 'Bulk' });
      expect((await readSheet(res.body as Buffer)).length).toBe(231);
    });

    it('refuses invalid filters and page fields with 400', async () => {
      const bad = await t
        .call('post', '/api/chair/users/export/xls', chair)
        .send({ filters: [{ name: 'email; drop table users', operator: '=', value: 'x' }] });
      expect(bad.status).toBe(400);
      expect(bad.body.message).toBe('Invalid filter');
      const page = await t.call('post', '/api/chair/users/export/xls', chair).send({ cp: 2 });
      expect(page.status).toBe(400);
    });
  });

  describe('who may query and export', () => {
    it.each([
      ['an author', {}],
      ['a reviewer', { reviewer: { is: true, tracks: [3], count: 0 } }],
      ['a track chair', { coChair: { is: true, tracks: [3] } }],
      ['a session chair', { sessionChair: { sessions: [1] } }],
    ])('refuses %s with 403', async (_label, roles) => {
      const u = await t.user({ roles });
      for (const path of ['/api/chair/users?isQuery=true', '/api/chair/users/export/xls']) {
        const res = await t.call('post', path, u.auth).send({});
        expect(res.status).toBe(403);
        expect(res.body.message).toBe('You do not have access to this area');
      }
    });

    it('refuses anonymous callers with 401', async () => {
      expect((await t.http().post('/api/chair/users?isQuery=true').send({})).status).toBe(401);
    });

    it('lets an admin query', async () => {
      const admin = await t.user({ roles: { admin: { is: true } } });
      expect(
        (await query({ filters: [{ name: 'firstName', operator: '=', value: 'Bulk' }] }, admin.auth)).body
          .count,
      ).toBe(230);
    });
  });
});
