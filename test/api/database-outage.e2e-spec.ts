/**
 * While PostgreSQL cannot be reached (restarting, failing over), every request answers 503 with Retry-After
 * — never 500 — and the API serves again as soon as the database is back. The app's pool reaches PostgreSQL
 * through a TCP proxy on loopback that the test closes (cutting every connection) and opens again.
 * PostgreSQL only (TEST_DATABASE_URL): PGlite runs inside the process and cannot go away.
 */
import { createServer, connect, type Server, type Socket } from 'node:net';
import pg from 'pg';
import request from 'supertest';
import type { INestApplication } from '@nestjs/common';
import { createApp } from '../../apps/api/src/app.factory.js';
import { hashPassword } from '../support/passwords.js';
import { openDatabase, DB, type Db } from '../../apps/api/src/database/database.js';
import { usersTable } from '../../apps/api/src/modules/users/users.table.js';
import { testConfig } from '../support/app.js';

const ADMIN_URL = process.env.TEST_DATABASE_URL;

/** A loopback TCP proxy to the PostgreSQL server that can be taken down (every connection cut) and up. */
class Proxy {
  private server?: Server;
  private readonly sockets = new Set<Socket>();
  port = 0;
  constructor(
    private readonly host: string,
    private readonly targetPort: number,
  ) {}

  async up(): Promise<void> {
    this.server = createServer((client) => {
      const upstream = connect(this.targetPort, this.host);
      for (const s of [client, upstream]) {
        this.sockets.add(s);
        s.on('close', () => this.sockets.delete(s));
        s.on('error', () => s.destroy());
      }
      client.pipe(upstream).pipe(client);
      client.on('close', () => upstream.destroy());
      upstream.on('close', () => client.destroy());
    });
    await new Promise<void>((ok) => this.server!.listen(this.port, '127.0.0.1', ok));
    this.port = (this.server.address() as { port: number }).port;
  }

  async down(): Promise<void> {
    const closed = new Promise<void>((ok) => this.server?.close(() => ok()));
    for (const s of this.sockets) s.destroy();
    await closed;
  }
}

(ADMIN_URL ? describe : describe.skip)('a PostgreSQL outage', () => {
  const dbName = `t_outage_${process.pid}_${Date.now()}`;
  let proxy: Proxy;
  let app: INestApplication;
  let close: () => Promise<void>;
  let bearer: string;

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: ADMIN_URL });
    await admin.connect();
    await admin.query(`CREATE DATABASE "${dbName}"`);
    await admin.end();
    const target = new URL(ADMIN_URL!);
    proxy = new Proxy(target.hostname, Number(target.port || 5432));
    await proxy.up();
    const viaProxy = new URL(ADMIN_URL!);
    viaProxy.hostname = '127.0.0.1';
    viaProxy.port = String(proxy.port);
    viaProxy.pathname = `/${dbName}`;
    const handle = await openDatabase({ databaseUrl: viaProxy.toString(), poolSize: 4 });
    close = handle.close;
    app = await createApp(testConfig(), { handle, logger: ['error'] });
    await app.init();
    const db = app.get<Db>(DB);
    await db.insert(usersTable).values({
      firstName: 'Olga',
      lastName: 'Outage',
      email: 'olga@outage.example.org',
      alternateEmail: 'alt.olga@outage.example.org',
      organization: 'Outage Lab',
      country: 'Portugal',
      phone: '+351 000',
      passwordHash: await hashPassword('outage-password'),
    });
    const login = await request(app.getHttpServer())
      .post('/api/auth/login')
      .send({ email: 'olga@outage.example.org', password: 'outage-password' })
      .expect(200);
    bearer = `Bearer ${login.body.accessToken as string}`;
  }, 300_000);

  afterAll(async () => {
    await app?.close();
    await close?.().catch(() => undefined);
    await proxy?.down().catch(() => undefined);
    const admin = new pg.Client({ connectionString: ADMIN_URL });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`);
    await admin.end();
  });

  const me = () => request(app.getHttpServer()).get('/api/author/users').set('Authorization', bearer);

  it('answers 503 with Retry-After while the database is unreachable, and 200 once it is back', async () => {
    expect((await me()).status).toBe(200);
    await proxy.down();
    // Connections in the pool are cut (terminated) and new ones are refused: 40 requests, none a 500.
    const during = await Promise.all(Array.from({ length: 40 }, () => me()));
    const statuses = [...new Set(during.map((r) => r.status))];
    expect(statuses).toEqual([503]);
    for (const r of during) {
      expect(r.headers['retry-after']).toBe('5');
      expect(r.body).toEqual({
        statusCode: 503,
        code: 'database.unavailable',
        message: 'The database is unavailable for a moment. Please try again.',
      });
    }
    const signIn = await request(app.getHttpServer())
      .post('/api/auth/login')
      .send({ email: 'olga@outage.example.org', password: 'outage-password' });
    expect(signIn.status).toBe(503);
    await proxy.up();
    expect((await me()).status).toBe(200);
  }, 300_000);
});
