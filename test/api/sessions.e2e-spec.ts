/**
 * Sessions end when they should: logout, a password reset (by the user or by a chair), a lock, a
 * demotion and a deletion end every earlier session of that user at once, by Bearer token and by
 * cookie; reset links work once and die together; impersonation lives only as long as the chair's
 * right to it; forgot-password is rate limited per e-mail and per address.
 */
import { and, desc, eq } from 'drizzle-orm';
import { auditLogTable } from '../../apps/api/src/modules/activity/activity.table.js';
import { usersTable } from '../../apps/api/src/modules/users/users.table.js';
import { rateLimitCountersTable } from '../../apps/api/src/modules/auth/auth.table.js';
import { outboxTable } from '../../apps/api/src/modules/outbox/outbox.table.js';
import { chairRoles, createTestApp, type TestApp } from '../support/app.js';

const cookiesOf = (res: { headers: Record<string, unknown> }): string[] =>
  ([] as string[]).concat((res.headers['set-cookie'] as string[] | undefined) ?? []);
const tokenFrom = (text: string) => /ResetPassword\?token=([A-Za-z0-9_-]+)/.exec(text)![1]!;

describe('sessions end with the events that should end them', () => {
  let t: TestApp;
  let chair: Awaited<ReturnType<TestApp['user']>>;
  let ipCounter = 0;
  const nextIp = () => `10.9.${Math.floor(++ipCounter / 250)}.${(ipCounter % 250) + 1}`;

  beforeAll(async () => {
    t = await createTestApp();
    chair = await t.user({ roles: chairRoles() });
  });
  afterAll(async () => {
    await t.close();
  });

  const me = (token: string) => t.http().get('/api/author/users').set('Authorization', `Bearer ${token}`);
  const meByCookie = (cookies: string[]) =>
    t
      .http()
      .get('/api/author/users')
      .set('Cookie', cookies.map((c) => c.split(';')[0]!).join('; '));
  /** A signed-in author with a Bearer token and, from a second sign-in, a cookie session. */
  const author = async (password = 'password-123') => {
    const u = await t.user({ password });
    const res = await t
      .http()
      .post('/api/auth/login')
      .set('X-Forwarded-For', nextIp())
      .send({ email: u.email, password });
    expect(res.status).toBe(200);
    const cookies = cookiesOf(res);
    expect((await me(u.token)).status).toBe(200);
    expect((await meByCookie(cookies)).status).toBe(200);
    return { ...u, cookies };
  };
  const expectEnded = async (u: { token: string; cookies: string[] }) => {
    const byToken = await me(u.token);
    expect(byToken.status).toBe(401);
    expect(['Please sign in', 'Your account is locked. Please contact the conference chair.']).toContain(
      byToken.body.message,
    );
    expect((await meByCookie(u.cookies)).status).toBe(401);
  };
  const updateUser = (id: number, body: Record<string, unknown>) =>
    t.call('put', `/api/chair/users/${id}`, chair.auth).send(body);

  it('logout ends the Bearer token and every other session of the user', async () => {
    const u = await author();
    const out = await t.http().post('/api/auth/logout').set('Authorization', `Bearer ${u.token}`);
    expect(out.status).toBe(200);
    await expectEnded(u);
    // Signing in again works.
    const again = await t.http().post('/api/auth/login').send({ email: u.email, password: u.password });
    expect(again.status).toBe(200);
    expect((await me(again.body.accessToken as string)).status).toBe(200);
  });

  it('logout by cookie ends the session too', async () => {
    const u = await author();
    const out = await t
      .http()
      .post('/api/auth/logout')
      .set('Cookie', u.cookies.map((c) => c.split(';')[0]!).join('; '));
    expect(out.status).toBe(200);
    await expectEnded(u);
  });

  it('a password reset by e-mailed link ends every earlier session', async () => {
    const u = await author();
    await t
      .http()
      .post('/api/auth/password/forgot')
      .set('X-Forwarded-For', nextIp())
      .send({ email: u.email });
    const [mail] = await t.db
      .select()
      .from(outboxTable)
      .where(eq(outboxTable.kind, 'password-reset'))
      .orderBy(desc(outboxTable.id));
    expect(mail!.to).toEqual([u.email]);
    const res = await t
      .http()
      .post('/api/auth/password/reset')
      .send({ token: tokenFrom(mail!.text), password: 'a-new-password' });
    expect(res.status).toBe(200);
    await expectEnded(u);
  });

  it("a chair's password reset ends every earlier session", async () => {
    const u = await author();
    expect((await updateUser(u.id, { resetPassword: true })).status).toBe(200);
    await expectEnded(u);
  });

  it('a lock ends every earlier session, and an unlock does not bring them back', async () => {
    const u = await author();
    expect((await updateUser(u.id, { lock: { status: true } })).status).toBe(200);
    await expectEnded(u);
    expect((await updateUser(u.id, { lock: { status: false } })).status).toBe(200);
    await expectEnded(u);
    const again = await t.http().post('/api/auth/login').send({ email: u.email, password: u.password });
    expect(again.status).toBe(200);
  });

  it('a demotion ends every earlier session; a new right does not', async () => {
    const u = await author();
    expect((await updateUser(u.id, { roles: { sessionChair: { sessions: [7, 8] } } })).status).toBe(200);
    expect((await me(u.token)).status).toBe(200);
    expect((await updateUser(u.id, { roles: { sessionChair: { sessions: [7] } } })).status).toBe(200);
    await expectEnded(u);
  });

  it('a deletion ends every session', async () => {
    const u = await author();
    expect((await t.call('delete', `/api/chair/users/${u.id}`, chair.auth)).status).toBe(200);
    await expectEnded(u);
  });

  describe('password-reset links', () => {
    const forgot = (email: string) =>
      t.http().post('/api/auth/password/forgot').set('X-Forwarded-For', nextIp()).send({ email });
    const links = async (email: string) =>
      (
        await t.db
          .select()
          .from(outboxTable)
          .where(and(eq(outboxTable.kind, 'password-reset')))
          .orderBy(outboxTable.id)
      )
        .filter((m) => m.to.includes(email))
        .map((m) => tokenFrom(m.text));
    const reset = (token: string, password: string) =>
      t.http().post('/api/auth/password/reset').send({ token, password });

    it('an older link dies once a newer one is used', async () => {
      const u = await t.user({ password: 'old-password' });
      await forgot(u.email);
      await forgot(u.email);
      const [older, newer] = await links(u.email);
      expect((await reset(newer!, 'newer-password')).status).toBe(200);
      const late = await reset(older!, 'older-password');
      expect(late.status).toBe(400);
      expect(late.body.message).toBe('This password reset link is invalid or has expired.');
      expect(
        (await t.http().post('/api/auth/login').send({ email: u.email, password: 'newer-password' })).status,
      ).toBe(200);
    });

    it('every outstanding link dies when a chair resets the password', async () => {
      const u = await t.user({ password: 'old-password' });
      await forgot(u.email);
      const [link] = await links(u.email);
      expect((await updateUser(u.id, { resetPassword: true })).status).toBe(200);
      expect((await reset(link!, 'mine-again')).status).toBe(400);
    });
  });

  describe('impersonation', () => {
    const impersonate = async (by: Awaited<ReturnType<TestApp['user']>>) => {
      const target = await t.user();
      const res = await t.call(
        'post',
        `/api/chair/users/impersonate/${encodeURIComponent(target.email)}`,
        by.auth,
      );
      expect(res.status).toBe(200);
      const token = res.body.accessToken as string;
      expect((await me(token)).body.email).toBe(target.email);
      return { target, token };
    };
    const otherChair = () => t.user({ roles: chairRoles() });

    it('ends when the impersonating chair is demoted', async () => {
      const c = await otherChair();
      const { token } = await impersonate(c);
      expect((await updateUser(c.id, { roles: { chair: { is: false } } })).status).toBe(200);
      expect((await me(token)).status).toBe(401);
    });

    it('ends when the impersonating chair is locked', async () => {
      const c = await otherChair();
      const { token } = await impersonate(c);
      expect((await updateUser(c.id, { lock: { status: true } })).status).toBe(200);
      expect((await me(token)).status).toBe(401);
    });

    it('ends when the impersonating chair is deleted', async () => {
      const c = await otherChair();
      const { token } = await impersonate(c);
      expect((await t.call('delete', `/api/chair/users/${c.id}`, chair.auth)).status).toBe(200);
      expect((await me(token)).status).toBe(401);
    });

    it('ends when the chair signs out, and the audit keeps both ids', async () => {
      const c = await otherChair();
      const { target, token } = await impersonate(c);
      expect((await t.http().post('/api/auth/logout').set('Authorization', `Bearer ${token}`)).status).toBe(
        200,
      );
      expect((await me(token)).status).toBe(401);
      expect((await me(c.token)).status).toBe(401);
      const [entry] = await t.db
        .select()
        .from(auditLogTable)
        .where(and(eq(auditLogTable.actorId, c.id), eq(auditLogTable.action, 'impersonation.start')));
      expect(entry).toMatchObject({ actorId: c.id, subjectId: target.id });
    });

    it('keeps working while the chair keeps the right', async () => {
      const c = await otherChair();
      const { token, target } = await impersonate(c);
      expect((await me(token)).status).toBe(200);
      const stop = await t
        .http()
        .post('/api/auth/impersonation/stop')
        .set('Authorization', `Bearer ${token}`);
      expect(stop.status).toBe(200);
      expect(stop.body.user.email).toBe(c.email);
      const [entry] = await t.db
        .select()
        .from(auditLogTable)
        .where(and(eq(auditLogTable.actorId, c.id), eq(auditLogTable.action, 'impersonation.stop')));
      expect(entry).toMatchObject({ actorId: c.id, subjectId: target.id });
    });
  });

  describe('forgot-password rate limits', () => {
    const generic = 'If this e-mail address has an account, a password reset link has been sent to it.';
    const limited = 'Too many password reset requests. Please wait 15 minutes and try again.';

    it('sends at most 3 links to one e-mail in 15 minutes, from any address', async () => {
      const u = await t.user();
      for (let i = 0; i < 3; i++) {
        const res = await t
          .http()
          .post('/api/auth/password/forgot')
          .set('X-Forwarded-For', nextIp())
          .send({ email: u.email });
        expect(res.body.message).toBe(generic);
      }
      const fourth = await t
        .http()
        .post('/api/auth/password/forgot')
        .set('X-Forwarded-For', nextIp())
        .send({ email: u.email });
      expect(fourth.status).toBe(429);
      expect(fourth.body.message).toBe(limited);
      const sent = (await t.db.select().from(outboxTable)).filter(
        (m) => m.kind === 'password-reset' && m.to.includes(u.email),
      );
      expect(sent).toHaveLength(3);
      // Requests older than the window no longer count.
      await t.db
        .update(rateLimitCountersTable)
        .set({ windowStart: new Date(Date.now() - 16 * 60 * 1000) })
        .where(eq(rateLimitCountersTable.key, `forgot:email:${u.email}`));
      expect(
        (
          await t
            .http()
            .post('/api/auth/password/forgot')
            .set('X-Forwarded-For', nextIp())
            .send({ email: u.email })
        ).status,
      ).toBe(200);
    });

    it('limits one address to 20 requests in 15 minutes, whatever the e-mails, known or not', async () => {
      const ip = nextIp();
      for (let i = 0; i < 20; i++)
        expect(
          (
            await t
              .http()
              .post('/api/auth/password/forgot')
              .set('X-Forwarded-For', ip)
              .send({ email: `probe${i}@example.org` })
          ).status,
        ).toBe(200);
      const blocked = await t
        .http()
        .post('/api/auth/password/forgot')
        .set('X-Forwarded-For', ip)
        .send({ email: 'probe-last@example.org' });
      expect(blocked.status).toBe(429);
      const elsewhere = await t
        .http()
        .post('/api/auth/password/forgot')
        .set('X-Forwarded-For', nextIp())
        .send({ email: 'probe-last@example.org' });
      expect(elsewhere.status).toBe(200);
    });
  });

  it('answers an unknown e-mail like a wrong password, after checking a dummy hash', async () => {
    const u = await t.user({ password: 'right-password' });
    const wrong = await t
      .http()
      .post('/api/auth/login')
      .set('X-Forwarded-For', nextIp())
      .send({ email: u.email, password: 'x-wrong-x' });
    const unknown = await t
      .http()
      .post('/api/auth/login')
      .set('X-Forwarded-For', nextIp())
      .send({ email: 'nobody-here@example.org', password: 'x-wrong-x' });
    expect([wrong.status, unknown.status]).toEqual([401, 401]);
    expect(unknown.body).toEqual(wrong.body);
    const stored = await t.db
      .select()
      .from(usersTable)
      .where(eq(usersTable.email, 'nobody-here@example.org'));
    expect(stored).toHaveLength(0);
  });
});
