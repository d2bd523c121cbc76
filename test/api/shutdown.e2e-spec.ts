/**
 * SIGTERM under load loses nothing: the built server (`node apps/api/dist/main.js`, as `npm start` runs
 * it) gets concurrent paper submissions, receives SIGTERM while they are in flight, and must give every
 * request a complete answer (201, or a clean 503 for a request that arrived after the stop began),
 * keep every acknowledged paper with its file, and exit 0. On PGlite, and on PostgreSQL when
 * TEST_DATABASE_URL is set (the API suite runs on both).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import pg from 'pg';
import { openDatabase } from '../../apps/api/src/database/database.js';
import { papersTable } from '../../apps/api/src/modules/papers/papers.table.js';

const ROOT = resolve(import.meta.dirname, '../..');
const MAIN = join(ROOT, 'apps/api/dist/main.js');
const SUBMISSIONS = 60;
const ABSTRACT = 'This abstract describes the paper in more than fifty characters, as required.';

const freePort = () =>
  new Promise<number>((ok, fail) => {
    const s = createServer();
    s.once('error', fail);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => ok(port));
    });
  });

/** A small valid PDF padded to about 1 MB, so that uploads are still running when SIGTERM comes. */
const pdf = (n: number) =>
  Buffer.concat([
    Buffer.from(`%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\n% paper ${n}\n`),
    Buffer.alloc(1_000_000, 0x20),
    Buffer.from('\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n'),
  ]);

const listFiles = (dir: string): string[] =>
  existsSync(dir)
    ? readdirSync(dir).flatMap((e) => {
        const p = join(dir, e);
        return statSync(p).isDirectory() ? listFiles(p) : [p];
      })
    : [];

describe('SIGTERM while submissions are in flight', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'shutdown-'));
  let databaseUrl: string | undefined;
  let dbName: string | undefined;
  let server: ChildProcess | undefined;
  let output = '';

  beforeAll(async () => {
    expect(existsSync(MAIN)).toBe(true); // npm test builds first; run `npm run build` before this file alone
    const admin = process.env.TEST_DATABASE_URL;
    if (admin) {
      dbName = `t_shutdown_${process.pid}_${Date.now()}`;
      const c = new pg.Client({ connectionString: admin });
      await c.connect();
      await c.query(`CREATE DATABASE "${dbName}"`);
      await c.end();
      const u = new URL(admin);
      u.pathname = `/${dbName}`;
      databaseUrl = u.toString();
    }
  });
  afterAll(async () => {
    if (server && server.exitCode === null) server.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
    if (dbName) {
      const c = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`);
      await c.end();
    }
  });

  it('answers every request completely, keeps every acknowledged paper and exits 0', async () => {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    server = spawn(process.execPath, [MAIN], {
      cwd: ROOT,
      env: {
        PATH: process.env.PATH,
        PORT: String(port),
        DATA_DIR: dataDir,
        ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
        JWT_SECRET: 'shutdown-test-secret-shutdown-test-secret-0123',
        DEMO_DATA: 'false',
        CHAIR_EMAIL: 'chair@shutdown.example.org',
        CHAIR_PASSWORD: 'chair-password',
        PUBLIC_URL: base,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    server.stdout!.on('data', (d: Buffer) => (output += d.toString()));
    server.stderr!.on('data', (d: Buffer) => (output += d.toString()));
    const exited = new Promise<number | null>((ok) => server!.once('exit', (code) => ok(code)));

    // Ready when the health check answers (the process prints its addresses just before).
    for (;;) {
      if (server.exitCode !== null) throw new Error(`server exited early:\n${output}`);
      const ok = await fetch(`${base}/api/health`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    const json = async (path: string, body: unknown, token?: string) => {
      const res = await fetch(`${base}${path}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        body: JSON.stringify(body),
      });
      return { status: res.status, body: (await res.json()) as Record<string, unknown> };
    };
    const chair = await json('/api/auth/login', {
      email: 'chair@shutdown.example.org',
      password: 'chair-password',
    });
    expect(chair.status).toBe(200);
    const track = await json(
      '/api/chair/tracks',
      { name: 'Shutdown track' },
      chair.body.accessToken as string,
    );
    expect(track.status).toBe(201);
    const author = await json('/api/auth/signup', {
      firstName: 'Ana',
      lastName: 'Silva',
      email: 'ana@shutdown.example.org',
      alternateEmail: 'ana@home.example',
      organization: 'University of Lisbon',
      country: 'Portugal',
      phone: '+351 210 000 000',
      password: 'a-good-password',
    });
    expect(author.status).toBe(201);
    const token = author.body.accessToken as string;

    const submit = async (n: number) => {
      const form = new FormData();
      form.set(
        'paper',
        JSON.stringify({
          track: track.body._id,
          title: `Paper number ${n} on graceful shutdown`,
          abstract: { text: ABSTRACT, questions: [] },
          authors: [(author.body.user as { _id: number })._id],
          primaryAuthor: (author.body.user as { _id: number })._id,
        }),
      );
      form.set('files', new Blob([pdf(n)], { type: 'application/pdf' }), `paper-${n}.pdf`);
      const res = await fetch(`${base}/api/author/papers`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}` },
        body: form,
      });
      const body = (await res.json()) as { _id?: number; message?: string };
      return { n, status: res.status, body };
    };

    let sigtermAt = 0;
    const all = Array.from({ length: SUBMISSIONS }, (_, n) =>
      submit(n).then((r) => {
        // The first complete answer means the others are in flight: stop the server now.
        if (!sigtermAt) {
          sigtermAt = Date.now();
          server!.kill('SIGTERM');
        }
        return r;
      }),
    );
    const results = await Promise.all(all); // a reset connection would reject here
    const code = await exited;
    const exitMs = Date.now() - sigtermAt;

    const created = results.filter((r) => r.status === 201);
    const refused = results.filter((r) => r.status === 503);
    // The server's own count: requests it had received (past the first middleware) when SIGTERM came.
    const serverInFlight = Number(/finishing (\d+) request\(s\) in flight/.exec(output)?.[1] ?? NaN);
    console.log(
      `SIGTERM (${databaseUrl ? 'PostgreSQL' : 'PGlite'}): ${SUBMISSIONS} submissions sent, ` +
        `${SUBMISSIONS - 1} unanswered at SIGTERM of which ${serverInFlight} received by the server; ` +
        `${created.length} completed (201), ${refused.length} arrived after the stop began and got 503, ` +
        `${SUBMISSIONS - created.length - refused.length} other; exit code ${code} ${exitMs} ms after SIGTERM`,
    );
    // Every request the server had received when SIGTERM came finished with a stored paper.
    expect(Number.isInteger(serverInFlight)).toBe(true);
    expect(created.length).toBeGreaterThanOrEqual(serverInFlight);
    expect(results.filter((r) => r.status !== 201 && r.status !== 503)).toEqual([]);
    for (const r of refused)
      expect(r.body.message).toBe('The server is restarting. Please try again in a moment.');
    expect(created.length).toBeGreaterThan(0);
    expect(code).toBe(0);
    expect(output).toMatch(/SIGTERM: no new requests/);
    // At the default LOG_LEVEL Nest's ~280 route-mapping lines stay hidden (they appear only at debug).
    expect(output).not.toMatch(/Mapped \{/);
    expect(output).toMatch(/Serving on http:\/\//);

    // Every acknowledged paper is stored, with its file.
    const ids = created.map((r) => r.body._id!);
    const handle = await openDatabase(databaseUrl ? { databaseUrl } : { dataDir });
    try {
      const rows = await handle.db.select({ id: papersTable.id }).from(papersTable);
      expect(rows.map((r) => r.id).sort((a, b) => a - b)).toEqual(expect.arrayContaining(ids));
      expect(rows).toHaveLength(ids.length);
    } finally {
      await handle.close();
    }
    const files = listFiles(join(dataDir, 'files')).filter((f) => statSync(f).size > 1_000_000);
    expect(files.length).toBe(ids.length);
  }, 300_000);
});
