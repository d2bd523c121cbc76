import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../support/app.js';

describe('health and auth basics', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers GET /api/health', async () => {
    const res = await t.http().get('/api/health').expect(200);
    expect(res.body.status).toBe('ok');
    expect(res.body.database).toMatch(/^(pglite|postgres)$/);
    expect(typeof res.body.latencyMs).toBe('number');
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('answers while the database is busy with a long statement (from the background probe, not behind it)', async () => {
    const order: string[] = [];
    const slow = t.db.execute(sql`select pg_sleep(2)`).then(() => order.push('slow statement'));
    // the statement has started when the database reports it (PostgreSQL) or holds the embedded queue (PGlite)
    await new Promise((r) => setImmediate(r));
    const res = await t.http().get('/api/health');
    order.push('health');
    expect(res.status).toBe(200);
    await slow;
    expect(order).toEqual(['health', 'slow statement']);
  });

  it('refuses the author prefix without a token', async () => {
    const res = await t.http().get('/api/author/users').expect(401);
    expect(res.body).toEqual({ statusCode: 401, code: 'auth.unauthenticated', message: 'Please sign in' });
  });

  it('signs up an author and returns the current user', async () => {
    const res = await t
      .http()
      .post('/api/auth/signup')
      .send({
        firstName: 'Ana',
        lastName: 'Silva',
        email: 'Ana@Example.org',
        alternateEmail: 'ana@other.org',
        organization: 'Uni',
        country: 'Portugal',
        phone: '123',
        password: 'secret-pass',
      })
      .expect(201);
    expect(res.body.user.email).toBe('ana@example.org');
    const me = await t
      .http()
      .get('/api/author/users')
      .set('Authorization', `Bearer ${res.body.accessToken}`)
      .expect(200);
    expect(me.body.firstName).toBe('Ana');
  });
});
