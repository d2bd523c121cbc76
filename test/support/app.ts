import type { INestApplication } from '@nestjs/common';
import request, { type Test } from 'supertest';
import { createApp, type CreateAppOptions } from '../../apps/api/src/app.factory.js';
import type { AppConfig } from '../../apps/api/src/config/config.js';
import {
  MIGRATIONS_FOLDER,
  openDatabase,
  type Db,
  DB as DB_TOKEN,
} from '../../apps/api/src/database/database.js';
import { migrationsDigest } from '../../apps/api/src/database/pglite-template.js';
import { hashPassword } from './passwords.js';
import { usersTable } from '../../apps/api/src/modules/users/users.table.js';
import { emptyRoles, type UserRoles } from '@symposium/domain';
import { rolesToColumns } from '../../apps/api/src/modules/users/users.mapper.js';
import pg from 'pg';
import { FileStore } from '../../apps/api/src/modules/files/file-store.js';
import { emptyS3Prefix, testFileStoreConfig } from './file-stores.js';

export const TEST_JWT_SECRET = 'test-secret-test-secret-test-secret-0123456789';

export function testConfig(overrides: Partial<AppConfig> = {}): AppConfig {
  return {
    port: 0,
    dataDir: '/nonexistent',
    inMemoryDatabase: true,
    jwtSecret: TEST_JWT_SECRET,
    publicUrl: 'http://localhost:3000',
    demoData: false,
    serveApps: false,
    runJobs: false,
    // The tests play clients behind a proxy on loopback (X-Forwarded-For sets each client's address).
    trustedProxies: ['loopback'],
    // FILE_STORE=s3 (and S3_*): files in the bucket under a prefix of this app's own
    ...testFileStoreConfig(),
    ...overrides,
  };
}

/**
 * A fresh database for one test file: PGlite in memory (from the migrated template, see
 * apps/api/src/database/pglite-template.ts), or a fresh database on the PostgreSQL server of
 * TEST_DATABASE_URL (created here as a copy of a migrated template database, dropped at close).
 */
export async function openTestDatabase() {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) return openDatabase({ inMemory: true });
  const name = `t_${process.pid}_${Date.now()}_${Math.floor(Math.random() * 1e6)}`;
  const template = await postgresTemplate(url);
  await adminQuery(url, `CREATE DATABASE "${name}" TEMPLATE "${template}"`);
  // the template's migrations are there: migrate() finds nothing left to apply
  const handle = await openDatabase({ databaseUrl: withDatabase(url, name) });
  return {
    ...handle,
    close: async () => {
      await handle.close();
      await adminQuery(url, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    },
  };
}

const withDatabase = (url: string, name: string) => {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
};

async function adminQuery(url: string, text: string, values?: unknown[]) {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    return await admin.query(text, values);
  } finally {
    await admin.end();
  }
}

/**
 * The migrated empty database the test databases are copied from (CREATE DATABASE … TEMPLATE: a file copy,
 * about 0.2 s, instead of 1.3 s for the migrations), named after a digest of the migrations. Made once per
 * schema: migrated under a private name, then renamed (atomic; a worker that loses the race drops its copy).
 * Templates of other migrations are dropped when a new one is made.
 */
async function postgresTemplate(url: string): Promise<string> {
  const template = `symposium_tmpl_${migrationsDigest(MIGRATIONS_FOLDER)}`;
  const exists = async () =>
    (await adminQuery(url, 'SELECT 1 FROM pg_database WHERE datname = $1', [template])).rowCount === 1;
  if (await exists()) return template;
  const building = `symposium_build_${process.pid}_${Date.now()}`;
  await adminQuery(url, `CREATE DATABASE "${building}"`);
  const handle = await openDatabase({ databaseUrl: withDatabase(url, building) });
  await handle.close();
  try {
    await adminQuery(url, `ALTER DATABASE "${building}" RENAME TO "${template}"`);
  } catch (e) {
    await adminQuery(url, `DROP DATABASE IF EXISTS "${building}" WITH (FORCE)`);
    if (!(await exists())) throw e;
    return template;
  }
  const stale = await adminQuery(
    url,
    "SELECT datname FROM pg_database WHERE datname LIKE 'symposium\\_tmpl\\_%' AND datname <> $1",
    [template],
  );
  for (const row of stale.rows as { datname: string }[])
    await adminQuery(url, `DROP DATABASE IF EXISTS "${row.datname}" WITH (FORCE)`).catch(() => undefined);
  return template;
}

type HttpMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';

export interface TestApp {
  app: INestApplication;
  db: Db;
  http: () => ReturnType<typeof request>;
  /** A request to `path` signed in with `auth` (a [header, value] pair), sending `body` when given. */
  call: (method: HttpMethod, path: string, auth?: [string, string], body?: string | object) => Test;
  close: () => Promise<void>;
  /** Creates a user directly in the database; returns it with a Bearer token. */
  user: (
    opts?: Partial<{
      email: string;
      password: string;
      roles: Partial<UserRoles>;
      firstName: string;
      lastName: string;
      organization: string;
      lock: boolean;
    }>,
  ) => Promise<{ id: number; email: string; password: string; token: string; auth: [string, string] }>;
}

let counter = 0;

/** appOptions: e.g. a logger writing to a destination the test reads (default: errors only). */
export async function createTestApp(
  overrides: Partial<AppConfig> = {},
  appOptions: Pick<CreateAppOptions, 'logger'> = {},
): Promise<TestApp> {
  const handle = await openTestDatabase();
  const app = await createApp(testConfig(overrides), { handle, logger: ['error'], ...appOptions });
  const db = app.get<Db>(DB_TOKEN);
  const http = () => request(app.getHttpServer());
  const call: TestApp['call'] = (method, path, auth, body) => {
    let req = http()[method](path);
    if (auth) req = req.set(...auth);
    return body === undefined ? req : req.send(body);
  };
  const user: TestApp['user'] = async (opts = {}) => {
    counter++;
    const email = opts.email ?? `user${counter}.${Date.now()}@example.org`;
    const password = opts.password ?? 'password-123';
    const roles = { ...emptyRoles(), ...(opts.roles ?? {}) } as UserRoles;
    const [row] = await db
      .insert(usersTable)
      .values({
        firstName: opts.firstName ?? `First${counter}`,
        lastName: opts.lastName ?? `Last${counter}`,
        email,
        alternateEmail: `alt.${email}`,
        organization: opts.organization ?? 'Example University',
        country: 'Portugal',
        phone: '+351 000 000',
        passwordHash: await hashPassword(password),
        lockStatus: opts.lock ?? false,
        ...rolesToColumns(roles),
      })
      .returning();
    const res = await http().post('/api/auth/login').send({ email, password });
    const token = res.body.accessToken as string;
    return { id: row!.id, email, password, token, auth: ['Authorization', `Bearer ${token}`] };
  };
  return {
    app,
    db,
    http,
    call,
    user,
    close: async () => {
      const store = app.get(FileStore);
      await emptyS3Prefix(store).catch(() => undefined);
      await app.close();
    },
  };
}

export const chairRoles = (): Partial<UserRoles> => ({ chair: { is: true } });
