/**
 * The author's own profile (author app /Profile, issue 21 item 13): contact details with the sign-up rules,
 * the e-mail notifications switch, and a password change that needs the current password and ends every
 * earlier session.
 */
import { eq } from 'drizzle-orm';
import { PEOPLE_MESSAGES as P, PROFILE_MESSAGES as M, type ProfileDto } from '@symposium/domain';
import { verifyPassword } from '../../apps/api/src/common/passwords.js';
import { usersTable } from '../../apps/api/src/modules/users/users.table.js';
import { createTestApp, type TestApp } from '../support/app.js';

type User = Awaited<ReturnType<TestApp['user']>>;

describe('author profile API', () => {
  let t: TestApp;
  let ana: User;
  let bob: User;

  const get = (u: User) => t.call('get', '/api/author/profile', u.auth);
  const put = (path: string, u: User, body: object) => t.call('put', path, u.auth).send(body);
  const row = async (id: number) => (await t.db.select().from(usersTable).where(eq(usersTable.id, id)))[0]!;

  beforeAll(async () => {
    t = await createTestApp();
    ana = await t.user({ firstName: 'Ana', lastName: 'Alves' });
    bob = await t.user({ firstName: 'Bob' });
  });
  afterAll(() => t?.close());

  it('shows the signed-in person their contact details and notification switch, nobody else', async () => {
    const res = await get(ana).expect(200);
    expect(res.body as ProfileDto).toEqual({
      firstName: 'Ana',
      lastName: 'Alves',
      email: ana.email,
      alternateEmail: `alt.${ana.email}`,
      organization: 'Example University',
      country: 'Portugal',
      phone: '+351 000 000',
      notify: true,
    });
    await t.http().get('/api/author/profile').expect(401);
  });

  it('saves contact details and the switch, with the sign-up rules', async () => {
    const res = await put('/api/author/profile', ana, {
      organization: '  Universidade de Lisboa ',
      phone: '+351 111',
      email: 'Ana.New@Example.org',
      notify: false,
    }).expect(200);
    expect(res.body).toMatchObject({
      organization: 'Universidade de Lisboa',
      phone: '+351 111',
      email: 'ana.new@example.org',
      notify: false,
    });
    const stored = await row(ana.id);
    expect(stored).toMatchObject({
      organization: 'Universidade de Lisboa',
      email: 'ana.new@example.org',
      notify: false,
    });
  });

  it.each([
    [{ firstName: '  ' }, P.firstName],
    [{ country: '' }, P.country],
    [{ email: 'not-an-email' }, P.emailInvalid],
    [{ alternateEmail: 'ana.new@example.org' }, P.alternateEmailSame],
    [{ phone: null }, undefined],
    [{ notify: 'yes' }, undefined],
    [{}, undefined],
  ])('refuses %j with 400 and changes nothing', async (body, message) => {
    const before = await row(ana.id);
    const res = await put('/api/author/profile', ana, body);
    expect(res.status).toBe(400);
    if (message) expect(res.body.message).toBe(message);
    expect(await row(ana.id)).toEqual(before);
  });

  it("refuses another person's e-mail with 409", async () => {
    const res = await put('/api/author/profile', ana, { email: bob.email });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(P.userAlreadyPresent);
    expect((await row(ana.id)).email).toBe('ana.new@example.org');
  });

  it('changes the password only with the current one, and ends every earlier session', async () => {
    const wrong = await put('/api/author/profile/password', bob, {
      currentPassword: 'not-my-password',
      password: 'brand-new-pass',
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe(M.currentPasswordWrong);
    const short = await put('/api/author/profile/password', bob, {
      currentPassword: bob.password,
      password: 'short',
    });
    expect(short.status).toBe(400);
    expect(short.body.message).toBe(P.password);
    expect(await verifyPassword(bob.password, (await row(bob.id)).passwordHash)).toBe(true);

    const ok = await put('/api/author/profile/password', bob, {
      currentPassword: bob.password,
      password: 'brand-new-pass',
    }).expect(200);
    expect(ok.body.accessToken).toEqual(expect.any(String));
    expect(ok.headers['set-cookie']).toBeDefined();
    expect(await verifyPassword('brand-new-pass', (await row(bob.id)).passwordHash)).toBe(true);
    // the old token is dead, the new one works, and the new password signs in
    await get(bob).expect(401);
    await t
      .http()
      .get('/api/author/profile')
      .set('Authorization', `Bearer ${ok.body.accessToken}`)
      .expect(200);
    await t.http().post('/api/auth/login').send({ email: bob.email, password: 'brand-new-pass' }).expect(200);
  });
});
