/**
 * The auth module: signup with the §5 People rules, login, locked accounts, logout, cookie sessions with
 * the CSRF header, login rate limiting, forgot/reset password through the outbox, impersonation stop.
 */
import { PEOPLE_MESSAGES } from '@symposium/domain';
import { and, desc, eq } from 'drizzle-orm';
import { JwtService } from '@nestjs/jwt';
import { verifyPassword } from '../../apps/api/src/common/passwords.js';
import {
  loginAttemptsTable,
  passwordResetsTable,
  rateLimitCountersTable,
} from '../../apps/api/src/modules/auth/auth.table.js';
import { outboxTable } from '../../apps/api/src/modules/outbox/outbox.table.js';
import { usersTable } from '../../apps/api/src/modules/users/users.table.js';
import { createTestApp, TEST_JWT_SECRET, type TestApp } from '../support/app.js';

const signupBody = (over: Record<string, unknown> = {}) => ({
  firstName: 'Ana',
  lastName: 'Silva',
  email: 'ana.silva@example.org',
  alternateEmail: 'ana@home.example',
  organization: 'University of Lisbon',
  country: 'Portugal',
  phone: '+351 210 000 000',
  password: 'a-good-password',
  ...over,
});

const cookiesOf = (res: { headers: Record<string, unknown> }): string[] =>
  ([] as string[]).concat((res.headers['set-cookie'] as string[] | undefined) ?? []);
const cookieValue = (cookies: string[], name: string) =>
  cookies
    .find((c) => c.startsWith(`${name}=`))
    ?.split(';')[0]!
    .slice(name.length + 1);

describe('auth', () => {
  let t: TestApp;
  /** Each test signs in from its own address, so the per-address limit of one test does not touch others. */
  let ipCounter = 0;
  const nextIp = () => `10.0.${Math.floor(++ipCounter / 250)}.${(ipCounter % 250) + 1}`;
  const login = (email: string, password: string, ip = nextIp()) =>
    t.http().post('/api/auth/login').set('X-Forwarded-For', ip).send({ email, password });
  const userRow = async (email: string) =>
    (await t.db.select().from(usersTable).where(eq(usersTable.email, email)))[0];
  const outboxFor = async (email: string, kind: string) =>
    (
      await t.db.select().from(outboxTable).where(eq(outboxTable.kind, kind)).orderBy(desc(outboxTable.id))
    ).filter((r) => r.to.includes(email));

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  describe('signup', () => {
    it('creates an author with lowercased e-mails and a hashed password, and signs them in', async () => {
      const res = await t
        .http()
        .post('/api/auth/signup')
        .send(
          signupBody({
            email: '  Ana.Silva@Example.ORG ',
            alternateEmail: 'ANA@Home.example',
            firstName: ' Ana ',
          }),
        );
      expect(res.status).toBe(201);
      expect(typeof res.body.accessToken).toBe('string');
      expect(res.body.user).toMatchObject({
        firstName: 'Ana',
        email: 'ana.silva@example.org',
        alternateEmail: 'ana@home.example',
        lock: { status: false },
        roles: {
          admin: { is: false },
          chair: { is: false },
          coChair: { is: false },
          reviewer: { is: false },
        },
      });
      const row = await userRow('ana.silva@example.org');
      expect(row).toMatchObject({ firstName: 'Ana', isChair: false, isAdmin: false });
      expect(row!.passwordHash).toMatch(/^scrypt\$/);
      expect(row!.passwordHash).not.toContain('a-good-password');
      expect(await verifyPassword('a-good-password', row!.passwordHash)).toBe(true);
      const cookies = cookiesOf(res);
      expect(cookieValue(cookies, 'sym_token')).toBe(res.body.accessToken);
      const me = await t
        .http()
        .get('/api/author/users')
        .set('Authorization', `Bearer ${res.body.accessToken}`);
      expect(me.body.email).toBe('ana.silva@example.org');
    });

    const messages: [string, Record<string, unknown>, string][] = [
      ['first name', { firstName: '' }, PEOPLE_MESSAGES.firstName],
      ['last name', { lastName: undefined }, PEOPLE_MESSAGES.lastName],
      ['email', { email: '   ' }, PEOPLE_MESSAGES.email],
      ['valid email', { email: 'ana.example.org' }, PEOPLE_MESSAGES.emailInvalid],
      ['alternate email', { alternateEmail: '' }, PEOPLE_MESSAGES.alternateEmail],
      ['valid alternate email', { alternateEmail: 'ana@' }, PEOPLE_MESSAGES.alternateEmailInvalid],
      [
        'alternate email different from the email',
        { alternateEmail: 'NEW.PERSON@example.org' },
        PEOPLE_MESSAGES.alternateEmailSame,
      ],
      ['organization', { organization: '' }, PEOPLE_MESSAGES.organization],
      ['country', { country: '' }, PEOPLE_MESSAGES.country],
      ['phone', { phone: '' }, PEOPLE_MESSAGES.phone],
      ['password', { password: undefined }, 'Please fill in a Password of at least 8 characters'],
      [
        'password of 8 characters',
        { password: 'short' },
        'Please fill in a Password of at least 8 characters',
      ],
    ];
    it.each(messages)("refuses a missing or wrong %s with '%s'", async (_field, over, message) => {
      const res = await t
        .http()
        .post('/api/auth/signup')
        .send(signupBody({ email: 'new.person@example.org', ...over }));
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(message);
      expect(await userRow('new.person@example.org')).toBeUndefined();
    });

    it('lists the message of every missing field in details', async () => {
      const res = await t.http().post('/api/auth/signup').send({ password: 'a-good-password' });
      expect(res.status).toBe(400);
      expect(res.body.details.map((d: { message: string }) => d.message)).toEqual([
        PEOPLE_MESSAGES.firstName,
        PEOPLE_MESSAGES.lastName,
        PEOPLE_MESSAGES.email,
        PEOPLE_MESSAGES.alternateEmail,
        PEOPLE_MESSAGES.organization,
        PEOPLE_MESSAGES.country,
        PEOPLE_MESSAGES.phone,
      ]);
    });

    it("refuses an e-mail already in use with 409 'User already present!', ignoring case", async () => {
      const res = await t
        .http()
        .post('/api/auth/signup')
        .send(signupBody({ email: 'ANA.SILVA@example.org', alternateEmail: 'x@y.example' }));
      expect(res.status).toBe(409);
      expect(res.body.message).toBe('User already present!');
    });

    it('refuses fields of the wrong type or length with 400', async () => {
      const wrongType = await t
        .http()
        .post('/api/auth/signup')
        .send(signupBody({ email: 'typed@example.org', firstName: 42 }));
      expect(wrongType.status).toBe(400);
      expect(wrongType.body.message).toBe('firstName must be a string');
      const long = await t
        .http()
        .post('/api/auth/signup')
        .send(signupBody({ email: `${'x'.repeat(320)}@example.org` }));
      expect(long.status).toBe(400);
      expect(await userRow('typed@example.org')).toBeUndefined();
    });

    it('refuses a name with a line break at sign-up and in the chair’s user edit, writing nothing', async () => {
      const evil = 'Evil\r\nBcc: victim@example.org';
      const res = await t
        .http()
        .post('/api/auth/signup')
        .send(signupBody({ email: 'crlf@example.org', firstName: evil }));
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(
        'The First Name must be one line, without line breaks or control characters',
      );
      expect(await userRow('crlf@example.org')).toBeUndefined();
      const chair = await t.user({ roles: { chair: { is: true } } });
      const target = await t.user({ firstName: 'Plain', lastName: 'Name' });
      const edit = await t
        .call('put', `/api/chair/users/${target.id}`, chair.auth)
        .send({ lastName: 'Name\nBcc: victim@example.org' });
      expect(edit.status).toBe(400);
      expect(edit.body.message).toBe(
        'The Last Name must be one line, without line breaks or control characters',
      );
      const [row] = await t.db.select().from(usersTable).where(eq(usersTable.id, target.id));
      expect([row!.firstName, row!.lastName]).toEqual(['Plain', 'Name']);
    });

    it('refuses fields outside the form, so nobody can sign up with roles', async () => {
      for (const extra of [{ roles: { chair: { is: true } } }, { isChair: true }, { lockStatus: false }]) {
        const res = await t
          .http()
          .post('/api/auth/signup')
          .send(signupBody({ email: 'climber@example.org', ...extra }));
        expect(res.status).toBe(400);
      }
      expect(await userRow('climber@example.org')).toBeUndefined();
    });
  });

  describe('login', () => {
    let user: { id: number; email: string; password: string };
    beforeAll(async () => {
      user = await t.user({ email: 'login.user@example.org', password: 'login-password' });
    });

    it('answers {accessToken, user} and sets an httpOnly SameSite session cookie and a readable CSRF cookie', async () => {
      const res = await login('  LOGIN.User@example.org ', 'login-password');
      expect(res.status).toBe(200);
      expect(res.body.user).toMatchObject({ _id: user.id, email: 'login.user@example.org' });
      expect(res.body.user.passwordHash).toBeUndefined();
      const cookies = cookiesOf(res);
      const token = cookies.find((c) => c.startsWith('sym_token='))!;
      expect(token).toMatch(/HttpOnly/i);
      expect(token).toMatch(/SameSite=Lax/i);
      expect(token).toMatch(/Path=\//);
      expect(cookieValue(cookies, 'sym_token')).toBe(res.body.accessToken);
      const csrf = cookies.find((c) => c.startsWith('sym_csrf='))!;
      expect(csrf).not.toMatch(/HttpOnly/i);
      expect(cookieValue(cookies, 'sym_csrf')!.length).toBeGreaterThan(20);
    });

    it("refuses a wrong password and an unknown e-mail alike with 401 'Wrong e-mail or password'", async () => {
      const wrong = await login(user.email, 'not-the-password');
      const unknown = await login('nobody@example.org', 'login-password');
      for (const res of [wrong, unknown]) {
        expect(res.status).toBe(401);
        expect(res.body.message).toBe('Wrong e-mail or password');
        expect(res.headers['set-cookie']).toBeUndefined();
      }
    });

    it('records every attempt', async () => {
      const ip = nextIp();
      await login(user.email, 'nope', ip);
      await login(user.email, 'login-password', ip);
      const rows = await t.db.select().from(loginAttemptsTable).where(eq(loginAttemptsTable.ip, ip));
      expect(rows.map((r) => [r.email, r.success])).toEqual([
        ['login.user@example.org', false],
        ['login.user@example.org', true],
      ]);
    });

    it('refuses a locked account even with the right password', async () => {
      const locked = await t.user({ password: 'locked-password' });
      await t.db.update(usersTable).set({ lockStatus: true }).where(eq(usersTable.id, locked.id));
      const res = await login(locked.email, 'locked-password');
      expect(res.status).toBe(401);
      expect(res.body.message).toBe('Your account is locked. Please contact the conference chair.');
      expect(res.headers['set-cookie']).toBeUndefined();
    });

    it('refuses a body without an e-mail or password with 400', async () => {
      const res = await t.http().post('/api/auth/login').send({ email: user.email });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('Please fill in the Password');
      expect((await t.http().post('/api/auth/login').send({ password: 'x' })).body.message).toBe(
        'Please fill in the Email',
      );
    });
  });

  describe('login rate limiting', () => {
    it('blocks an e-mail for 15 minutes after 10 failed attempts, even with the right password', async () => {
      const u = await t.user({ password: 'right-password' });
      for (let i = 0; i < 10; i++) expect((await login(u.email, `wrong-${i}`)).status).toBe(401);
      const blocked = await login(u.email, 'right-password');
      expect(blocked.status).toBe(429);
      expect(blocked.body.message).toBe('Too many sign-in attempts. Please wait 15 minutes and try again.');
      // Failures older than the window no longer count.
      await t.db
        .update(rateLimitCountersTable)
        .set({ windowStart: new Date(Date.now() - 16 * 60 * 1000) })
        .where(eq(rateLimitCountersTable.key, `login:email:${u.email}`));
      expect((await login(u.email, 'right-password')).status).toBe(200);
    });

    it('blocks an address after 50 failed attempts on any e-mails, and only that address', async () => {
      const u = await t.user({ password: 'right-password' });
      const ip = nextIp();
      for (let i = 0; i < 50; i++) await login(`victim${i}@example.org`, 'guess', ip);
      const blocked = await login(u.email, 'right-password', ip);
      expect(blocked.status).toBe(429);
      expect((await login(u.email, 'right-password', nextIp())).status).toBe(200);
    });

    it('lets exactly 10 of 60 parallel wrong passwords for one account be checked; the rest get 429', async () => {
      const u = await t.user({ password: 'right-password' });
      const answers = await Promise.all(
        Array.from({ length: 60 }, (_, i) => login(u.email, `parallel-wrong-${i}`)),
      );
      const statuses = answers.map((r) => r.status);
      expect(statuses.filter((s) => s === 401)).toHaveLength(10);
      expect(statuses.filter((s) => s === 429)).toHaveLength(50);
      const checked = await t.db
        .select()
        .from(loginAttemptsTable)
        .where(eq(loginAttemptsTable.email, u.email));
      expect(checked.filter((a) => !a.success)).toHaveLength(10);
    });

    it('sends exactly 3 reset e-mails for 30 parallel forgot-password requests', async () => {
      const u = await t.user();
      const answers = await Promise.all(
        Array.from({ length: 30 }, () =>
          t
            .http()
            .post('/api/auth/password/forgot')
            .set('X-Forwarded-For', nextIp())
            .send({ email: u.email }),
        ),
      );
      expect(answers.filter((r) => r.status === 200)).toHaveLength(3);
      expect(answers.filter((r) => r.status === 429)).toHaveLength(27);
      const sent = (await t.db.select().from(outboxTable)).filter(
        (m) => m.kind === 'password-reset' && m.to.includes(u.email),
      );
      expect(sent).toHaveLength(3);
    });

    it('does not count successful sign-ins', async () => {
      const u = await t.user({ password: 'right-password' });
      const ip = nextIp();
      for (let i = 0; i < 12; i++) expect((await login(u.email, 'right-password', ip)).status).toBe(200);
    });
  });

  describe('sessions: bearer token, cookie and CSRF', () => {
    let email: string;
    let bearer: string;
    let cookieHeader: string;
    let csrf: string;

    beforeAll(async () => {
      const u = await t.user({ password: 'session-password' });
      email = u.email;
      const res = await login(email, 'session-password');
      bearer = res.body.accessToken;
      const cookies = cookiesOf(res);
      csrf = cookieValue(cookies, 'sym_csrf')!;
      cookieHeader = `sym_token=${cookieValue(cookies, 'sym_token')}; sym_csrf=${csrf}`;
    });

    it('accepts the bearer token', async () => {
      const res = await t.http().get('/api/author/users').set('Authorization', `Bearer ${bearer}`);
      expect(res.status).toBe(200);
      expect(res.body.email).toBe(email);
    });

    it('accepts the cookie for reads without a CSRF header', async () => {
      const res = await t.http().get('/api/author/users').set('Cookie', cookieHeader);
      expect(res.status).toBe(200);
      expect(res.body.email).toBe(email);
    });

    it('refuses cookie-authenticated writes without the matching CSRF header', async () => {
      const none = await t.http().post('/api/auth/impersonation/stop').set('Cookie', cookieHeader);
      expect(none.status).toBe(403);
      expect(none.body.message).toBe('Missing or invalid CSRF token');
      const wrong = await t
        .http()
        .post('/api/auth/impersonation/stop')
        .set('Cookie', cookieHeader)
        .set('X-CSRF-Token', 'not-the-cookie');
      expect(wrong.status).toBe(403);
      // With the header the write goes through (and answers that nobody is being impersonated).
      const ok = await t
        .http()
        .post('/api/auth/impersonation/stop')
        .set('Cookie', cookieHeader)
        .set('X-CSRF-Token', csrf);
      expect(ok.status).toBe(400);
      expect(ok.body.message).toBe('You are not impersonating anyone');
    });

    it('does not ask bearer-authenticated writes for a CSRF header', async () => {
      const res = await t
        .http()
        .post('/api/auth/impersonation/stop')
        .set('Authorization', `Bearer ${bearer}`);
      expect(res.status).toBe(400);
    });

    it("answers 401 'Please sign in' to a validly signed token whose sub or imp is not a user id", async () => {
      const signer = new JwtService({ secret: TEST_JWT_SECRET });
      const u = await t.user();
      for (const claims of [
        { sub: 'abc', sv: 0 },
        { sub: { id: u.id }, sv: 0 },
        { sub: 2 ** 40, sv: 0 },
        { sub: -1, sv: 0 },
        { sub: 1.5, sv: 0 },
        { sub: u.id, sv: 0, imp: 'abc', isv: 0 },
        { sub: u.id, sv: 0, imp: 2 ** 40, isv: 0 },
      ]) {
        const token = await signer.signAsync(claims);
        const res = await t.http().get('/api/author/users').set('Authorization', `Bearer ${token}`);
        expect([JSON.stringify(claims), res.status, res.body.message]).toEqual([
          JSON.stringify(claims),
          401,
          'Please sign in',
        ]);
        const out = await t.http().post('/api/auth/logout').set('Authorization', `Bearer ${token}`);
        expect(out.status).toBeLessThan(500);
      }
    });

    it("answers 401 'Please sign in' without a token, with a forged token and for a deleted user", async () => {
      expect((await t.http().get('/api/author/users')).body).toMatchObject({
        statusCode: 401,
        message: 'Please sign in',
      });
      const forged = new JwtService({ secret: 'another-secret-another-secret-another-secret' });
      const token = await forged.signAsync({ sub: 1 });
      const res = await t.http().get('/api/author/users').set('Authorization', `Bearer ${token}`);
      expect(res.status).toBe(401);
      expect((await t.http().get('/api/author/users').set('Authorization', 'Bearer garbage')).status).toBe(
        401,
      );
      const gone = await t.user();
      await t.db.delete(usersTable).where(eq(usersTable.id, gone.id));
      expect((await t.call('get', '/api/author/users', gone.auth)).status).toBe(401);
    });

    it('logs out by clearing both cookies', async () => {
      const res = await t.http().post('/api/auth/logout').set('Cookie', cookieHeader);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ ok: true });
      const cookies = cookiesOf(res);
      for (const name of ['sym_token', 'sym_csrf']) {
        const c = cookies.find((x) => x.startsWith(`${name}=`))!;
        expect(c).toMatch(new RegExp(`^${name}=;`));
        expect(c).toMatch(/Expires=Thu, 01 Jan 1970/);
      }
    });
  });

  describe('forgot and reset password', () => {
    const tokenFrom = (text: string) => /ResetPassword\?token=([A-Za-z0-9_-]+)/.exec(text)![1]!;
    const generic = 'If this e-mail address has an account, a password reset link has been sent to it.';

    it('e-mails a reset link through the outbox and answers the same for unknown e-mails', async () => {
      const u = await t.user({ password: 'old-password' });
      const res = await t
        .http()
        .post('/api/auth/password/forgot')
        .send({ email: ` ${u.email.toUpperCase()} ` });
      expect(res.status).toBe(200);
      expect(res.body.message).toBe(generic);
      const [mail, ...more] = await outboxFor(u.email, 'password-reset');
      expect(more).toHaveLength(0);
      expect(mail).toMatchObject({ to: [u.email], state: 'pending', subject: 'Reset your password' });
      expect(mail!.text).toContain('http://localhost:3000/ResetPassword?token=');
      const token = tokenFrom(mail!.text);
      // Only a hash of the token is stored.
      const resets = await t.db
        .select()
        .from(passwordResetsTable)
        .where(eq(passwordResetsTable.userId, u.id));
      expect(resets).toHaveLength(1);
      expect(resets[0]!.tokenHash).not.toBe(token);
      expect(resets[0]!.expiresAt.getTime()).toBeGreaterThan(Date.now() + 59 * 60 * 1000);

      const before = (await t.db.select().from(outboxTable)).length;
      const unknown = await t.http().post('/api/auth/password/forgot').send({ email: 'nobody@example.org' });
      expect(unknown.status).toBe(200);
      expect(unknown.body.message).toBe(generic);
      expect((await t.db.select().from(outboxTable)).length).toBe(before);
    });

    it('resets the password once with the link, then refuses the same link', async () => {
      const u = await t.user({ password: 'old-password' });
      await t.http().post('/api/auth/password/forgot').send({ email: u.email });
      const token = tokenFrom((await outboxFor(u.email, 'password-reset'))[0]!.text);
      const res = await t
        .http()
        .post('/api/auth/password/reset')
        .send({ token, password: 'brand-new-password' });
      expect(res.status).toBe(200);
      expect(res.body.message).toBe('Your password has been changed. You can sign in now.');
      expect((await login(u.email, 'old-password')).status).toBe(401);
      expect((await login(u.email, 'brand-new-password')).status).toBe(200);
      const [reset] = await t.db
        .select()
        .from(passwordResetsTable)
        .where(eq(passwordResetsTable.userId, u.id));
      expect(reset!.usedAt).not.toBeNull();
      const again = await t
        .http()
        .post('/api/auth/password/reset')
        .send({ token, password: 'another-password' });
      expect(again.status).toBe(400);
      expect(again.body.message).toBe('This password reset link is invalid or has expired.');
      expect((await login(u.email, 'brand-new-password')).status).toBe(200);
    });

    it('refuses an expired or unknown link', async () => {
      const u = await t.user({ password: 'old-password' });
      await t.http().post('/api/auth/password/forgot').send({ email: u.email });
      const token = tokenFrom((await outboxFor(u.email, 'password-reset'))[0]!.text);
      await t.db
        .update(passwordResetsTable)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(passwordResetsTable.userId, u.id));
      const expired = await t
        .http()
        .post('/api/auth/password/reset')
        .send({ token, password: 'brand-new-password' });
      expect(expired.status).toBe(400);
      expect(expired.body.message).toBe('This password reset link is invalid or has expired.');
      const unknown = await t
        .http()
        .post('/api/auth/password/reset')
        .send({ token: 'made-up', password: 'brand-new-password' });
      expect(unknown.status).toBe(400);
      expect((await login(u.email, 'old-password')).status).toBe(200);
    });

    it('refuses a short new password without using up the link', async () => {
      const u = await t.user({ password: 'old-password' });
      await t.http().post('/api/auth/password/forgot').send({ email: u.email });
      const token = tokenFrom((await outboxFor(u.email, 'password-reset'))[0]!.text);
      const res = await t.http().post('/api/auth/password/reset').send({ token, password: 'short' });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('Please fill in a Password of at least 8 characters');
      const ok = await t.http().post('/api/auth/password/reset').send({ token, password: 'long-enough-now' });
      expect(ok.status).toBe(200);
    });

    it('sends no link to a locked account', async () => {
      const u = await t.user({ lock: true });
      const res = await t.http().post('/api/auth/password/forgot').send({ email: u.email });
      expect(res.status).toBe(200);
      expect(res.body.message).toBe(generic);
      expect(await outboxFor(u.email, 'password-reset')).toHaveLength(0);
      const resets = await t.db
        .select()
        .from(passwordResetsTable)
        .where(and(eq(passwordResetsTable.userId, u.id)));
      expect(resets).toHaveLength(0);
    });

    it('refuses a forgot request without an e-mail', async () => {
      const res = await t.http().post('/api/auth/password/forgot').send({});
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('Please fill in the Email');
    });
  });
});

describe('client addresses and the public verification page', () => {
  it('believes X-Forwarded-For only from TRUSTED_PROXIES (none by default), and limits /api/verify per address', async () => {
    // Default configuration: the loopback peer is no proxy, so forged X-Forwarded-For all count as one address.
    const direct = await createTestApp({ trustedProxies: undefined });
    try {
      for (let i = 0; i < 100; i++) {
        const res = await direct
          .http()
          .get('/api/verify/ABCDEFGHJK')
          .set('X-Forwarded-For', `10.7.0.${i + 1}`);
        expect(res.status).toBe(404);
      }
      const limited = await direct.http().get('/api/verify/ABCDEFGHJK').set('X-Forwarded-For', '10.7.1.1');
      expect(limited.status).toBe(429);
      expect(limited.body.message).toBe(
        'Too many verification requests. Please wait 15 minutes and try again.',
      );
    } finally {
      await direct.close();
    }
    // Behind a configured proxy each client is its own address.
    const proxied = await createTestApp({ trustedProxies: ['loopback'] });
    try {
      for (let i = 0; i < 100; i++)
        await proxied.http().get('/api/verify/ABCDEFGHJK').set('X-Forwarded-For', '10.8.0.1').expect(404);
      await proxied.http().get('/api/verify/ABCDEFGHJK').set('X-Forwarded-For', '10.8.0.1').expect(429);
      await proxied.http().get('/api/verify/ABCDEFGHJK').set('X-Forwarded-For', '10.8.0.2').expect(404);
    } finally {
      await proxied.close();
    }
  }, 300_000);
});
