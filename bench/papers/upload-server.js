// The systems under load for the upload benchmark, each in its own process so its CPU time and peak memory
// are its own. Prints one JSON line {port, token, paperIds, dataDir} and serves until killed.
//
//   node upload-server.js N          the built API (API_DIST, default apps/api/dist) with a file store in a
//                                    temporary directory, one author, one track open for submission and
//                                    editing, and N papers; in-memory PGlite, or PostgreSQL when DATABASE_URL
//                                    is set (a database of its own, emptied by the caller).
//   node upload-server.js N --bare   the bare reference: node:http + busboy, the file part streamed to a
//                                    temporary file while hashed (sha256), fsynced, renamed into place and its
//                                    directory fsynced — the directory fsyncs grouped across concurrent uploads
//                                    exactly as the API's file store groups them (one mkdir per directory
//                                    too), so both do the same fsyncs; answers {file: {_id, sha256, size}} like
//                                    the API. No framework, authentication, content check or database.
import busboy from 'busboy';
import { createHash, randomBytes } from 'node:crypto';
import { createWriteStream, mkdirSync, mkdtempSync } from 'node:fs';
import { open, rename } from 'node:fs/promises';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { signIn } from '../api-support.js';

const here = dirname(fileURLToPath(import.meta.url));
const count = Number(process.argv[2] ?? 200);
const bare = process.argv.includes('--bare');
const dataDir = mkdtempSync(join(tmpdir(), bare ? 'sym-bench-bare-' : 'sym-bench-upload-'));

if (bare) {
  const tmp = join(dataDir, 'tmp');
  const objects = join(dataDir, 'objects');
  mkdirSync(tmp);
  mkdirSync(objects);
  const maxBytes = 40_000_000;
  // objects/<xx> directories made so far: one mkdir per directory, as the API's file store does
  const dirs = new Set();
  // The directory fsyncs grouped as the API's file store groups them (files/local-disk-file-store.ts): while
  // one fsync of a directory runs, the renames made meanwhile wait for the next one, which covers them all.
  // Same durability, same number of fsyncs for the same arrivals.
  const dirSyncs = new Map();
  const syncOnce = async (dir) => {
    const d = await open(dir, 'r');
    try {
      await d.sync();
    } finally {
      await d.close();
    }
  };
  const syncDirectory = (dir) => {
    let s = dirSyncs.get(dir);
    if (!s) dirSyncs.set(dir, (s = { running: null, next: null }));
    if (!s.running) {
      s.running = syncOnce(dir).finally(() => {
        s.running = null;
        if (!s.next && !s.running) dirSyncs.delete(dir);
      });
      return s.running;
    }
    s.next ??= s.running.then(() => {
      s.next = null;
      return syncDirectory(dir);
    });
    return s.next;
  };
  const store = async (stream) => {
    const key = randomBytes(16).toString('hex');
    const part = join(tmp, `${key}.part`);
    const hash = createHash('sha256');
    let size = 0;
    stream.on('data', (c) => {
      size += c.length;
      hash.update(c);
    });
    // flush: fsync before the file is closed
    await pipeline(stream, createWriteStream(part, { flags: 'wx', mode: 0o600, flush: true }));
    const dir = join(objects, key.slice(0, 2));
    if (!dirs.has(dir)) {
      mkdirSync(dir, { recursive: true });
      dirs.add(dir);
    }
    await rename(part, join(dir, key));
    await syncDirectory(dir);
    return { _id: key, sha256: hash.digest('hex'), size };
  };
  const server = http.createServer((req, res) => {
    const fail = (status, message) => {
      if (res.headersSent) return;
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify({ message }));
    };
    if (req.method !== 'POST') return fail(404, 'not found');
    let stored;
    const bb = busboy({ headers: req.headers, limits: { files: 1, fileSize: maxBytes } });
    bb.on('file', (_name, stream) => {
      stored = store(stream);
      stored.catch(() => undefined);
    });
    bb.on('close', () => {
      if (!stored) return fail(400, 'no file');
      stored.then(
        (file) => res.writeHead(201, { 'content-type': 'application/json' }).end(JSON.stringify({ file })),
        (e) => fail(500, e.message),
      );
    });
    bb.on('error', (e) => fail(400, e.message));
    req.pipe(bb);
  });
  server.listen(0, '127.0.0.1', () => {
    const { port } = server.address();
    const paperIds = Array.from({ length: count }, (_, i) => i + 1);
    process.stdout.write(JSON.stringify({ port, token: 'bare', paperIds, dataDir }) + '\n');
  });
  process.on('SIGTERM', () => server.close(() => process.exit(0)));
} else {
  const dist = pathToFileURL(resolve(process.env.API_DIST ?? join(here, '../../apps/api/dist')) + '/').href;
  const { createApp } = await import(`${dist}app.factory.js`);
  const { DB } = await import(`${dist}database/database.js`);
  const { hashPassword } = await import(`${dist}common/passwords.js`);
  const { usersTable } = await import(`${dist}modules/users/users.table.js`);
  const { tracksTable } = await import(`${dist}modules/tracks/tracks.table.js`);
  const { papersTable, paperAuthorsTable } = await import(`${dist}modules/papers/papers.table.js`);

  const databaseUrl = process.env.DATABASE_URL || undefined;
  const app = await createApp(
    {
      port: 0,
      dataDir,
      inMemoryDatabase: !databaseUrl,
      databaseUrl,
      jwtSecret: 'bench-secret-bench-secret-bench-secret-0123',
      publicUrl: 'http://localhost',
      demoData: false,
      serveApps: false,
      runJobs: false,
    },
    { logger: ['error'] },
  );
  await app.listen(0, '127.0.0.1');
  const db = app.get(DB);
  const password = 'bench-password-1';
  const [author] = await db
    .insert(usersTable)
    .values({
      firstName: 'Bench',
      lastName: 'Author',
      email: `bench.author.${process.pid}@example.org`,
      alternateEmail: `bench.alt.${process.pid}@example.org`,
      organization: 'Bench',
      country: 'Portugal',
      phone: '0',
      passwordHash: await hashPassword(password),
    })
    .returning();
  const [track] = await db
    .insert(tracksTable)
    .values({
      name: `Bench track ${process.pid}`,
      position: 0,
      canSubmitPaper: true,
      canEditPaper: true,
      maxFilesLimit: 3,
    })
    .returning();
  const paperIds = [];
  for (let i = 0; i < count; i++) {
    const [paper] = await db
      .insert(papersTable)
      .values({
        title: `Upload bench paper ${i}`,
        abstractText: 'An abstract long enough for the submission rules of the conference system.',
        trackId: track.id,
        primaryAuthorId: author.id,
      })
      .returning();
    await db.insert(paperAuthorsTable).values({ paperId: paper.id, userId: author.id, position: 0 });
    paperIds.push(paper.id);
  }
  const port = app.getHttpServer().address().port;
  const { token: accessToken } = await signIn(`http://127.0.0.1:${port}`, author.email, password);
  process.stdout.write(JSON.stringify({ port, token: accessToken, paperIds, dataDir }) + '\n');
  process.on('SIGTERM', () => {
    void app.close().then(() => process.exit(0));
  });
}
