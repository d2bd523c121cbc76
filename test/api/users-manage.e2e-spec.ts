/**
 * Chair user management: RegisterUser, get, search, update (contact, roles, lock, notify, password),
 * delete, impersonation, conference view; and the author co-author search.
 */
import { PEOPLE_MESSAGES, USER_MESSAGES, type UserDto } from '@symposium/domain';
import { and, desc, eq } from 'drizzle-orm';
import { verifyPassword } from '../../apps/api/src/common/passwords.js';
import { outboxTable } from '../../apps/api/src/modules/outbox/outbox.table.js';
import { auditLogTable } from '../../apps/api/src/modules/activity/activity.table.js';
import { usersTable } from '../../apps/api/src/modules/users/users.table.js';
import { createTestApp, type TestApp } from '../support/app.js';

type Auth = [string, string];

const newUser = (over: Record<string, unknown> = {}) => ({
  firstName: 'Rita',
  lastName: 'Lopes',
  email: 'rita.lopes@example.org',
  alternateEmail: 'rita@home.example',
  organization: 'University of Porto',
  country: 'Portugal',
  phone: '+351 222 000 000',
  ...over,
});

describe('chair user management', () => {
  let t: TestApp;
  let chair: { id: number; email: string; auth: Auth; token: string };
  let admin: { id: number; email: string; auth: Auth };

  const rowOf = async (id: number) => (await t.db.select().from(usersTable).where(eq(usersTable.id, id)))[0];
  const rowByEmail = async (email: string) =>
    (await t.db.select().from(usersTable).where(eq(usersTable.email, email)))[0];
  const outboxFor = (email: string, kind: string) =>
    t.db
      .select()
      .from(outboxTable)
      .where(and(eq(outboxTable.kind, kind)))
      .orderBy(desc(outboxTable.id))
      .then((rows) => rows.filter((r) => r.to.includes(email)));
  const login = (email: string, password: string) =>
    t.http().post('/api/auth/login').set('X-Forwarded-For', '10.9.9.9').send({ email, password });

  beforeAll(async () => {
    t = await createTestApp();
    chair = await t.user({ roles: { chair: { is: true } } });
    admin = await t.user({ roles: { admin: { is: true } } });
  });
  afterAll(async () => {
    await t.close();
  });

  describe('RegisterUser (POST /api/chair/users)', () => {
    it('creates the user, e-mails a generated 10-character password through the outbox, and answers 201', async () => {
      const res = await t
        .call('post', '/api/chair/users', chair.auth)
        .send(newUser({ email: ' Rita.Lopes@Example.ORG ', alternateEmail: 'RITA@home.example' }));
      expect(res.status).toBe(201);
      const user = res.body as UserDto;
      // the e-mail addresses trimmed and lower-cased: the same as newUser()'s
      expect(user).toMatchObject({
        ...newUser(),
        isRegistered: false,
        notify: true,
        lock: { status: false },
        roles: {
          admin: { is: false },
          chair: { is: false },
          coChair: { is: false, tracks: [] },
          reviewer: { is: false, tracks: [], count: 0 },
        },
      });
      const row = await rowOf(user._id);
      expect(row?.email).toBe('rita.lopes@example.org');
      const [mail, ...more] = await outboxFor('rita.lopes@example.org', 'account-created');
      expect(more).toHaveLength(0);
      expect(mail).toMatchObject({ state: 'pending', createdBy: chair.id, to: ['rita.lopes@example.org'] });
      expect(mail!.text).toContain('http://localhost:3000');
      const password = /Password: (\S+)/.exec(mail!.text)![1]!;
      expect(password).toMatch(/^[A-Za-z0-9]{10}$/);
      expect(await verifyPassword(password, row!.passwordHash)).toBe(true);
      const signIn = await login('rita.lopes@example.org', password);
      expect(signIn.status).toBe(200);
    });

    it('stores roles normalized: track lists deduplicated, flags true exactly when a list is non-empty', async () => {
      const res = await t.call('post', '/api/chair/users', chair.auth).send(
        newUser({
          email: 'roles.new@example.org',
          roles: {
            chair: { is: false },
            coChair: { is: false, tracks: [2, 2, 5] },
            reviewer: { is: true, tracks: [] },
          },
        }),
      );
      expect(res.status).toBe(201);
      expect(res.body.roles).toMatchObject({
        coChair: { is: true, tracks: [2, 5] },
        reviewer: { is: false, tracks: [], count: 0 },
      });
      const row = await rowOf(res.body._id);
      expect(row).toMatchObject({
        isCoChair: true,
        coChairTracks: [2, 5],
        isReviewer: false,
        reviewerTracks: [],
      });
    });

    const required: [string, Record<string, unknown>, string][] = [
      ['first name', { firstName: '' }, PEOPLE_MESSAGES.firstName],
      ['last name', { lastName: '  ' }, PEOPLE_MESSAGES.lastName],
      ['email', { email: undefined }, PEOPLE_MESSAGES.email],
      ['valid email', { email: 'not-an-email' }, PEOPLE_MESSAGES.emailInvalid],
      ['alternate email', { alternateEmail: '' }, PEOPLE_MESSAGES.alternateEmail],
      ['valid alternate email', { alternateEmail: 'nope' }, PEOPLE_MESSAGES.alternateEmailInvalid],
      [
        'different alternate email',
        { alternateEmail: 'RITA.two@example.org' },
        PEOPLE_MESSAGES.alternateEmailSame,
      ],
      ['organization', { organization: '' }, PEOPLE_MESSAGES.organization],
      ['country', { country: '' }, PEOPLE_MESSAGES.country],
      ['phone', { phone: '' }, PEOPLE_MESSAGES.phone],
    ];
    it.each(required)(
      'refuses a missing or wrong %s with its §5 message and writes nothing',
      async (_f, over, message) => {
        const res = await t
          .call('post', '/api/chair/users', chair.auth)
          .send(newUser({ email: 'rita.two@example.org', ...over }));
        expect(res.status).toBe(400);
        expect(res.body.message).toBe(message);
        expect(await rowByEmail('rita.two@example.org')).toBeUndefined();
        expect(await outboxFor('rita.two@example.org', 'account-created')).toHaveLength(0);
      },
    );

    it("names every field's message in details", async () => {
      const res = await t.call('post', '/api/chair/users', chair.auth).send({});
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(PEOPLE_MESSAGES.firstName);
      expect(res.body.details).toHaveLength(7);
    });

    it("refuses an e-mail already in use with 409 'User already present!', ignoring case", async () => {
      const res = await t
        .call('post', '/api/chair/users', chair.auth)
        .send(newUser({ email: 'RITA.LOPES@example.org', alternateEmail: 'other@example.org' }));
      expect(res.status).toBe(409);
      expect(res.body.message).toBe('User already present!');
      expect(await outboxFor('rita.lopes@example.org', 'account-created')).toHaveLength(1);
    });

    it('lets only an admin create an admin', async () => {
      const body = newUser({ email: 'new.admin@example.org', roles: { admin: { is: true } } });
      const byChair = await t.call('post', '/api/chair/users', chair.auth).send(body);
      expect(byChair.status).toBe(403);
      expect(byChair.body.message).toBe('Only an administrator can change the admin role');
      expect(await rowByEmail('new.admin@example.org')).toBeUndefined();
      const byAdmin = await t.call('post', '/api/chair/users', admin.auth).send(body);
      expect(byAdmin.status).toBe(201);
      expect(byAdmin.body.roles.admin.is).toBe(true);
    });

    it('refuses unknown fields and malformed roles with 400', async () => {
      for (const over of [
        { password: 'chosen-by-chair' },
        { isAdmin: true },
        { roles: 'chair' },
        { roles: { coChair: { tracks: [0] } } },
        { roles: { reviewer: { tracks: ['x'] } } },
        { roles: { reviewer: { tracks: [99999999999] } } },
        { roles: { chair: { is: 'yes' } } },
        { roles: { superuser: { is: true } } },
        { firstName: 42 },
      ]) {
        const res = await t
          .call('post', '/api/chair/users', chair.auth)
          .send(newUser({ email: 'bad.fields@example.org', ...over }));
        expect(res.status).toBe(400);
      }
      expect(await rowByEmail('bad.fields@example.org')).toBeUndefined();
    });
  });

  describe('GET /api/chair/users/:userId', () => {
    it('answers the user', async () => {
      const u = await t.user({ firstName: 'Gina', lastName: 'Get' });
      const res = await t.call('get', `/api/chair/users/${u.id}`, chair.auth);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ _id: u.id, firstName: 'Gina', lastName: 'Get', email: u.email });
      expect(res.body.passwordHash).toBeUndefined();
    });

    it("answers 404 'User not found' for a missing user", async () => {
      const res = await t.call('get', '/api/chair/users/999999', chair.auth);
      expect(res.status).toBe(404);
      expect(res.body.message).toBe('User not found');
    });

    it.each(['abc', '0', '-1', '1.5', '1e3', '99999999999', '2147483648', '%20'])(
      "answers the malformed id '%s' like a missing user (404) on every method",
      async (id) => {
        for (const method of ['get', 'put', 'delete'] as const) {
          const http = t.http();
          const res = await http[method](`/api/chair/users/${id}`)
            .set(...chair.auth)
            .send({ notify: true });
          expect(res.status).toBe(404);
          expect(res.body.message).toBe('User not found');
        }
      },
    );
  });

  describe('search', () => {
    let found: { id: number; email: string };
    beforeAll(async () => {
      found = await t.user({ email: 'search.me@example.org', firstName: 'Sofia', lastName: 'Search' });
      await t.user({ email: 'search.me.too@example.org', firstName: 'sofia', lastName: 'SEARCH' });
    });

    it('finds by exact e-mail, lowercased and trimmed', async () => {
      const res = await t
        .http()
        .get('/api/chair/users/search')
        .query({ email: '  Search.Me@EXAMPLE.org ' })
        .set(...chair.auth);
      expect(res.status).toBe(200);
      expect(res.body.map((u: UserDto) => u._id)).toEqual([found.id]);
      expect(res.body[0].roles).toBeDefined();
      const partial = await t
        .http()
        .get('/api/chair/users/search')
        .query({ email: 'search.me' })
        .set(...chair.auth);
      expect(partial.body).toEqual([]);
    });

    it('finds by first and last name ignoring case', async () => {
      const res = await t
        .http()
        .get('/api/chair/users/search')
        .query({ firstName: 'SOFIA', lastName: ' search ' })
        .set(...chair.auth);
      expect(res.body.map((u: UserDto) => u.email)).toEqual([
        'search.me@example.org',
        'search.me.too@example.org',
      ]);
      const none = await t
        .http()
        .get('/api/chair/users/search')
        .query({ firstName: 'Sof', lastName: 'Search' })
        .set(...chair.auth);
      expect(none.body).toEqual([]);
    });

    it('refuses a search without an e-mail or without both names', async () => {
      for (const q of [{}, { firstName: 'Sofia' }, { lastName: 'Search' }, { email: '  ' }]) {
        const res = await t
          .http()
          .get('/api/chair/users/search')
          .query(q)
          .set(...chair.auth);
        expect(res.status).toBe(400);
        expect(res.body.message).toBe('Please search by email, or by first and last name');
      }
      const unknown = await t
        .http()
        .get('/api/chair/users/search')
        .query({ phone: '1' })
        .set(...chair.auth);
      expect(unknown.status).toBe(400);
      const twice = await t.call('get', '/api/chair/users/search?email=a@b.c&email=d@e.f', chair.auth);
      expect(twice.status).toBe(400);
    });

    it('gives authors only the co-author picker fields', async () => {
      const author = await t.user();
      const res = await t
        .http()
        .get('/api/author/users/search')
        .query({ email: 'SEARCH.ME@example.org' })
        .set(...author.auth);
      expect(res.status).toBe(200);
      expect(res.body).toEqual([
        {
          _id: found.id,
          firstName: 'Sofia',
          lastName: 'Search',
          email: 'search.me@example.org',
          organization: 'Example University',
          country: 'Portugal',
        },
      ]);
      const byName = await t
        .http()
        .get('/api/author/users/search')
        .query({ firstName: 'sofia', lastName: 'search' })
        .set(...author.auth);
      expect(byName.body).toHaveLength(2);
      const bad = await t
        .http()
        .get('/api/author/users/search')
        .query({ firstName: 'x' })
        .set(...author.auth);
      expect(bad.status).toBe(400);
      expect((await t.http().get('/api/author/users/search').query({ email: 'x@y.z' })).status).toBe(401);
    });

    it('refuses the chair search to authors', async () => {
      const author = await t.user();
      const res = await t
        .http()
        .get('/api/chair/users/search')
        .query({ email: found.email })
        .set(...author.auth);
      expect(res.status).toBe(403);
    });
  });

  describe('PUT /api/chair/users/:userId', () => {
    const put = (id: number, body: object, auth: Auth = chair.auth) =>
      t.call('put', `/api/chair/users/${id}`, auth).send(body);

    describe('contact information', () => {
      it('updates the given fields, keeps the others, and lowercases e-mails', async () => {
        const u = await t.user({ firstName: 'Old' });
        const res = await put(u.id, {
          firstName: ' New ',
          email: ' Changed.Contact@Example.org',
          phone: '999',
        });
        expect(res.status).toBe(200);
        expect(res.body).toMatchObject({
          _id: u.id,
          firstName: 'New',
          email: 'changed.contact@example.org',
          phone: '999',
        });
        const row = await rowOf(u.id);
        expect(row).toMatchObject({
          firstName: 'New',
          email: 'changed.contact@example.org',
          phone: '999',
          organization: 'Example University',
        });
        expect(row!.updatedAt.getTime()).toBeGreaterThan(row!.createdAt.getTime());
      });

      it.each([
        [{ firstName: '' }, PEOPLE_MESSAGES.firstName],
        [{ lastName: ' ' }, PEOPLE_MESSAGES.lastName],
        [{ email: '' }, PEOPLE_MESSAGES.email],
        [{ email: 'bad' }, PEOPLE_MESSAGES.emailInvalid],
        [{ alternateEmail: '' }, PEOPLE_MESSAGES.alternateEmail],
        [{ alternateEmail: 'bad' }, PEOPLE_MESSAGES.alternateEmailInvalid],
        [{ organization: '' }, PEOPLE_MESSAGES.organization],
        [{ country: '' }, PEOPLE_MESSAGES.country],
        [{ phone: '' }, PEOPLE_MESSAGES.phone],
      ])('re-validates the merged contact %j with the §5 message', async (body, message) => {
        const u = await t.user({ firstName: 'Keep' });
        const res = await put(u.id, body);
        expect(res.status).toBe(400);
        expect(res.body.message).toBe(message);
        expect((await rowOf(u.id))!.firstName).toBe('Keep');
      });

      it('refuses an alternate e-mail equal to the stored e-mail', async () => {
        const u = await t.user();
        const res = await put(u.id, { alternateEmail: u.email.toUpperCase() });
        expect(res.status).toBe(400);
        expect(res.body.message).toBe(PEOPLE_MESSAGES.alternateEmailSame);
      });

      it("refuses another user's e-mail with 409 'User already present!'", async () => {
        const a = await t.user();
        const b = await t.user();
        const res = await put(b.id, { email: a.email.toUpperCase() });
        expect(res.status).toBe(409);
        expect(res.body.message).toBe('User already present!');
        expect((await rowOf(b.id))!.email).toBe(b.email);
        // Keeping one's own e-mail is fine.
        expect((await put(b.id, { email: b.email, phone: '1' })).status).toBe(200);
      });

      it('does not require a country from a reviewer', async () => {
        const r = await t.user({ roles: { reviewer: { is: true, tracks: [1], count: 0 } } });
        const res = await put(r.id, { country: '' });
        expect(res.status).toBe(200);
        expect(res.body.country).toBe('');
      });
    });

    describe('roles', () => {
      it('normalizes the roles: flags follow the track lists, and duplicates are dropped', async () => {
        const u = await t.user();
        const res = await put(u.id, {
          roles: {
            admin: { is: false },
            chair: { is: false },
            coChair: { is: false, tracks: [3, 1, 3] },
            reviewer: { is: true, tracks: [], count: 0 },
            sessionChair: { sessions: [7, 7] },
          },
        });
        expect(res.status).toBe(200);
        expect(res.body.roles).toEqual({
          admin: { is: false },
          chair: { is: false },
          coChair: { is: true, tracks: [3, 1] },
          reviewer: { is: false, tracks: [], count: 0 },
          sessionChair: { sessions: [7] },
        });
        expect(await rowOf(u.id)).toMatchObject({
          isCoChair: true,
          coChairTracks: [3, 1],
          isReviewer: false,
          sessionChairSessions: [7],
        });
      });

      it('keeps the parts of the roles that are not sent', async () => {
        const u = await t.user({ roles: { reviewer: { is: true, tracks: [4], count: 2 } } });
        const res = await put(u.id, { roles: { chair: { is: true } } });
        expect(res.body.roles).toMatchObject({
          chair: { is: true },
          reviewer: { is: true, tracks: [4], count: 2 },
        });
        const cleared = await put(u.id, { roles: { reviewer: { tracks: [] } } });
        expect(cleared.body.roles.reviewer).toEqual({ is: false, tracks: [], count: 2 });
      });

      it('refuses a chair removing the chair role from themselves', async () => {
        const res = await put(chair.id, { roles: { chair: { is: false } } });
        expect(res.status).toBe(400);
        expect(res.body.message).toBe('You cannot remove the chair role from yourself');
        expect((await rowOf(chair.id))!.isChair).toBe(true);
        // Other role changes on oneself are fine.
        const ok = await put(chair.id, { roles: { reviewer: { tracks: [2] } } });
        expect(ok.status).toBe(200);
        expect(ok.body.roles).toMatchObject({ chair: { is: true }, reviewer: { is: true, tracks: [2] } });
      });

      it('refuses an admin removing the admin role from themselves', async () => {
        const res = await put(admin.id, { roles: { admin: { is: false } } }, admin.auth);
        expect(res.status).toBe(400);
        expect(res.body.message).toBe('You cannot remove the admin role from yourself');
      });

      it("lets only an admin change another user's admin flag", async () => {
        const u = await t.user();
        const byChair = await put(u.id, { roles: { admin: { is: true } } });
        expect(byChair.status).toBe(403);
        expect(byChair.body.message).toBe('Only an administrator can change the admin role');
        expect((await rowOf(u.id))!.isAdmin).toBe(false);
        const byAdmin = await put(u.id, { roles: { admin: { is: true } } }, admin.auth);
        expect(byAdmin.status).toBe(200);
        expect(byAdmin.body.roles.admin.is).toBe(true);
        const revoke = await put(u.id, { roles: { admin: { is: false } } }, admin.auth);
        expect(revoke.body.roles.admin.is).toBe(false);
      });

      it("refuses a chair changing an admin's account", async () => {
        const other = await t.user({ roles: { admin: { is: true } } });
        for (const body of [
          { roles: { reviewer: { tracks: [1] } } },
          { lock: { status: true } },
          { resetPassword: true },
          { phone: '1' },
        ]) {
          const res = await put(other.id, body);
          expect(res.status).toBe(403);
          expect(res.body.message).toBe("Only an administrator can change an administrator's account");
        }
        expect(await rowOf(other.id)).toMatchObject({ reviewerTracks: [], lockStatus: false });
      });

      it('refuses malformed roles', async () => {
        const u = await t.user();
        for (const roles of [
          { coChair: { tracks: [-1] } },
          { coChair: { tracks: 3 } },
          { reviewer: { tracks: [1], count: -1 } },
          { sessionChair: { sessions: ['a'] } },
          { admin: { is: 'true' } },
          { chair: {} },
        ]) {
          const res = await put(u.id, { roles });
          expect(res.status).toBe(400);
        }
      });
    });

    describe('lock', () => {
      it('locks and unlocks an account; a locked user cannot sign in and their session stops working', async () => {
        const u = await t.user();
        const locked = await put(u.id, { lock: { status: true } });
        expect(locked.status).toBe(200);
        expect(locked.body.lock).toEqual({ status: true });
        expect((await rowOf(u.id))!.lockStatus).toBe(true);
        const me = await t.call('get', '/api/author/users', u.auth);
        expect(me.status).toBe(401);
        expect(me.body.message).toBe('Your account is locked. Please contact the conference chair.');
        expect((await login(u.email, u.password)).status).toBe(401);
        const unlocked = await put(u.id, { lock: { status: false } });
        expect(unlocked.body.lock).toEqual({ status: false });
        expect((await login(u.email, u.password)).status).toBe(200);
      });

      it('refuses a chair locking themselves', async () => {
        const res = await put(chair.id, { lock: { status: true } });
        expect(res.status).toBe(400);
        expect(res.body.message).toBe('You cannot lock your own account');
        expect((await rowOf(chair.id))!.lockStatus).toBe(false);
      });

      it('refuses a lock without a boolean status', async () => {
        const u = await t.user();
        expect((await put(u.id, { lock: { status: 'yes' } })).status).toBe(400);
        expect((await put(u.id, { lock: true })).status).toBe(400);
      });
    });

    it('changes the notify option', async () => {
      const u = await t.user();
      const res = await put(u.id, { notify: false });
      expect(res.status).toBe(200);
      expect(res.body.notify).toBe(false);
      expect((await rowOf(u.id))!.notify).toBe(false);
      expect((await put(u.id, { notify: 'no' })).status).toBe(400);
    });

    describe('password reset', () => {
      it('generates a 10-character password, stores its hash and e-mails it through the outbox', async () => {
        const u = await t.user();
        const res = await put(u.id, { resetPassword: true });
        expect(res.status).toBe(200);
        expect(res.body._id).toBe(u.id);
        const [mail, ...more] = await outboxFor(u.email, 'password-reset-by-chair');
        expect(more).toHaveLength(0);
        expect(mail).toMatchObject({ to: [u.email], createdBy: chair.id, state: 'pending' });
        const password = /Password: (\S+)/.exec(mail!.text)![1]!;
        expect(password).toMatch(/^[A-Za-z0-9]{10}$/);
        expect(await verifyPassword(password, (await rowOf(u.id))!.passwordHash)).toBe(true);
        expect((await login(u.email, u.password)).status).toBe(401);
        expect((await login(u.email, password)).status).toBe(200);
      });

      it('writes no e-mail when the update fails', async () => {
        const u = await t.user();
        const res = await put(u.id, { resetPassword: true, firstName: '' });
        expect(res.status).toBe(400);
        expect(await outboxFor(u.email, 'password-reset-by-chair')).toHaveLength(0);
        expect((await login(u.email, u.password)).status).toBe(200);
      });
    });

    it('applies several changes at once', async () => {
      const u = await t.user();
      const res = await put(u.id, {
        notify: false,
        lock: { status: true },
        roles: { reviewer: { tracks: [9] } },
      });
      expect(res.body).toMatchObject({
        notify: false,
        lock: { status: true },
        roles: { reviewer: { is: true, tracks: [9] } },
      });
    });

    it("refuses an empty update with 'Nothing to update', unknown fields with 400, and missing users with 404", async () => {
      const u = await t.user();
      const empty = await put(u.id, {});
      expect(empty.status).toBe(400);
      expect(empty.body.message).toBe('Nothing to update');
      const unknown = await put(u.id, { passwordHash: 'x' });
      expect(unknown.status).toBe(400);
      expect((await put(u.id, { isRegistered: true })).status).toBe(400);
      const missing = await put(999999, { notify: true });
      expect(missing.status).toBe(404);
      expect(missing.body.message).toBe('User not found');
    });
  });

  describe('DELETE /api/chair/users/:userId', () => {
    it("deletes the user, audits it, and answers 'This user's has been deleted'", async () => {
      const u = await t.user();
      const res = await t.call('delete', `/api/chair/users/${u.id}`, chair.auth);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ message: "This user's has been deleted" });
      expect(res.body.message).toBe(USER_MESSAGES.deleted);
      expect(await rowOf(u.id)).toBeUndefined();
      const [audit] = await t.db
        .select()
        .from(auditLogTable)
        .where(and(eq(auditLogTable.subjectId, u.id), eq(auditLogTable.action, 'user.delete')));
      expect(audit).toMatchObject({ actorId: chair.id, details: { userEmail: u.email } });
      // Their session ends with them.
      expect((await t.call('get', '/api/author/users', u.auth)).status).toBe(401);
      const again = await t.call('delete', `/api/chair/users/${u.id}`, chair.auth);
      expect(again.status).toBe(404);
      expect(again.body.message).toBe('User not found');
    });

    it('refuses a chair deleting themselves', async () => {
      const res = await t.call('delete', `/api/chair/users/${chair.id}`, chair.auth);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('You cannot delete your own account');
      expect(await rowOf(chair.id)).toBeDefined();
    });

    it('lets only an admin delete an admin', async () => {
      const other = await t.user({ roles: { admin: { is: true } } });
      const byChair = await t.call('delete', `/api/chair/users/${other.id}`, chair.auth);
      expect(byChair.status).toBe(403);
      expect(await rowOf(other.id)).toBeDefined();
      expect((await t.call('delete', `/api/chair/users/${other.id}`, admin.auth)).status).toBe(200);
    });
  });

  describe('impersonation', () => {
    const impersonate = (email: string, auth: Auth = chair.auth) =>
      t.call('post', `/api/chair/users/impersonate/${encodeURIComponent(email)}`, auth);

    it('answers a session as the user, sets the session cookies and writes an audit row with both identities', async () => {
      const u = await t.user();
      const res = await impersonate(u.email.toUpperCase());
      expect(res.status).toBe(200);
      expect(res.body.user).toMatchObject({ _id: u.id, email: u.email });
      expect(typeof res.body.accessToken).toBe('string');
      const cookies = ([] as string[]).concat(res.headers['set-cookie'] ?? []);
      expect(cookies.find((c) => c.startsWith('sym_token='))).toContain(res.body.accessToken);
      expect(cookies.find((c) => c.startsWith('sym_token='))).toMatch(/HttpOnly/i);
      expect(cookies.some((c) => c.startsWith('sym_csrf='))).toBe(true);
      const [audit] = await t.db
        .select()
        .from(auditLogTable)
        .where(and(eq(auditLogTable.subjectId, u.id), eq(auditLogTable.action, 'impersonation.start')));
      expect(audit).toMatchObject({
        actorId: chair.id,
        subjectId: u.id,
        details: { chairEmail: chair.email, userEmail: u.email },
      });

      const as: Auth = ['Authorization', `Bearer ${res.body.accessToken}`];
      const me = await t.call('get', '/api/author/users', as);
      expect(me.body).toMatchObject({ _id: u.id, impersonatorId: chair.id });
      // The session is the user's: the chair console is closed to it.
      expect((await t.call('get', `/api/chair/users/${u.id}`, as)).status).toBe(403);

      const stop = await t.call('post', '/api/auth/impersonation/stop', as);
      expect(stop.status).toBe(200);
      expect(stop.body.user._id).toBe(chair.id);
      const back = await t
        .http()
        .get('/api/author/users')
        .set('Authorization', `Bearer ${stop.body.accessToken}`);
      expect(back.body._id).toBe(chair.id);
      expect(back.body.impersonatorId).toBeUndefined();
    });

    it("answers 404 'User not found!' for a missing user", async () => {
      const res = await impersonate('nobody@example.org');
      expect(res.status).toBe(404);
      expect(res.body.message).toBe('User not found!');
    });

    it("never impersonates a chair, an admin or oneself: 403 'Something went wrong while impersonating!'", async () => {
      const otherChair = await t.user({ roles: { chair: { is: true } } });
      for (const email of [otherChair.email, admin.email, chair.email]) {
        const res = await impersonate(email);
        expect(res.status).toBe(403);
        expect(res.body.message).toBe('Something went wrong while impersonating!');
        expect(res.headers['set-cookie']).toBeUndefined();
      }
      const audits = await t.db
        .select()
        .from(auditLogTable)
        .where(eq(auditLogTable.subjectId, otherChair.id));
      expect(audits).toHaveLength(0);
    });

    it('refuses to impersonate a locked user', async () => {
      const u = await t.user({ lock: true });
      const res = await impersonate(u.email);
      expect(res.status).toBe(403);
      expect(res.body.message).toBe('Something went wrong while impersonating!');
    });

    it('refuses to impersonate while already impersonating', async () => {
      const u = await t.user();
      const start = await impersonate(u.email);
      // Another chair makes the impersonated user a chair, which opens the console to the session.
      await t.db.update(usersTable).set({ isChair: true }).where(eq(usersTable.id, u.id));
      const target = await t.user();
      const res = await impersonate(target.email, ['Authorization', `Bearer ${start.body.accessToken}`]);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('Stop impersonating before impersonating another user');
    });

    it('is refused to non-chairs', async () => {
      const author = await t.user();
      const target = await t.user();
      const res = await impersonate(target.email, author.auth);
      expect(res.status).toBe(403);
    });
  });

  describe('conference view (POST /register/:email/:status)', () => {
    it('enables and disables the conference view', async () => {
      const u = await t.user();
      const on = await t.call(
        'post',
        `/api/chair/users/register/${encodeURIComponent(u.email)}/true`,
        chair.auth,
      );
      expect(on.status).toBe(200);
      expect(on.body.message).toBe('User Conference View enabled!');
      expect(on.body.user).toMatchObject({ _id: u.id, isRegistered: true });
      expect((await rowOf(u.id))!.isRegistered).toBe(true);
      const off = await t.call(
        'post',
        `/api/chair/users/register/${u.email.toUpperCase()}/false`,
        chair.auth,
      );
      expect(off.body.message).toBe('User Conference View disabled!');
      expect((await rowOf(u.id))!.isRegistered).toBe(false);
    });

    it("answers 404 'User not found!' for a missing user and 400 for a status that is not true or false", async () => {
      const missing = await t.call('post', '/api/chair/users/register/nobody%40example.org/true', chair.auth);
      expect(missing.status).toBe(404);
      expect(missing.body.message).toBe('User not found!');
      const u = await t.user();
      for (const status of ['yes', 'TRUE', '1']) {
        const res = await t.call('post', `/api/chair/users/register/${u.email}/${status}`, chair.auth);
        expect(res.status).toBe(400);
        expect(res.body.message).toBe("The conference view status must be 'true' or 'false'");
      }
    });
  });

  describe('every chair route is refused to other roles', () => {
    const callers: [string, object][] = [
      ['an author', {}],
      ['a reviewer', { reviewer: { is: true, tracks: [1], count: 0 } }],
      ['a track chair', { coChair: { is: true, tracks: [1] } }],
      ['a session chair', { sessionChair: { sessions: [1] } }],
    ];
    it.each(callers)('refuses %s with 403 and changes nothing', async (_label, roles) => {
      const caller = await t.user({ roles });
      const target = await t.user();
      const calls = [
        t
          .http()
          .post('/api/chair/users')
          .send(newUser({ email: 'sneaky@example.org' })),
        t.http().post('/api/chair/users?isQuery=true').send({}),
        t.http().get('/api/chair/users/search').query({ email: target.email }),
        t.http().get(`/api/chair/users/${target.id}`),
        t
          .http()
          .put(`/api/chair/users/${target.id}`)
          .send({ lock: { status: true } }),
        t.http().delete(`/api/chair/users/${target.id}`),
        t.http().post(`/api/chair/users/impersonate/${target.email}`),
        t.http().post(`/api/chair/users/register/${target.email}/true`),
        t.http().post('/api/chair/users/export/xls').send({}),
      ];
      for (const call of calls) {
        const res = await call.set(...caller.auth);
        expect(res.status).toBe(403);
      }
      expect(await rowOf(target.id)).toMatchObject({ lockStatus: false, isRegistered: false });
      expect(await rowByEmail('sneaky@example.org')).toBeUndefined();
    });
  });
});
