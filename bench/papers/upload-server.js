// The system under load for the upload benchmark, in its own process so its peak memory is its own:
// the built API on an in-memory database with a file store in a temporary directory, one author, one
// track open for submission and editing, and N papers. Prints one JSON line {port, token, paperIds, dataDir}
// and serves until killed.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApp } from '../../apps/api/dist/app.factory.js';
import { DB } from '../../apps/api/dist/database/database.js';
import { hashPassword } from '../../apps/api/dist/common/passwords.js';
import { usersTable } from '../../apps/api/dist/modules/users/users.table.js';
import { tracksTable } from '../../apps/api/dist/modules/tracks/tracks.table.js';
import { papersTable, paperAuthorsTable } from '../../apps/api/dist/modules/papers/papers.table.js';

const count = Number(process.argv[2] ?? 200);
const dataDir = mkdtempSync(join(tmpdir(), 'sym-bench-upload-'));
const app = await createApp(
  {
    port: 0,
    dataDir,
    inMemoryDatabase: true,
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
    email: 'bench.author@example.org',
    alternateEmail: 'bench.alt@example.org',
    organization: 'Bench',
    country: 'Portugal',
    phone: '0',
    passwordHash: await hashPassword(password),
  })
  .returning();
const [track] = await db
  .insert(tracksTable)
  .values({ name: 'Bench track', position: 0, canSubmitPaper: true, canEditPaper: true, maxFilesLimit: 3 })
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
const login = await fetch(`http://127.0.0.1:${port}/api/auth/login`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ email: author.email, password }),
});
const { accessToken } = await login.json();
process.stdout.write(JSON.stringify({ port, token: accessToken, paperIds, dataDir }) + '\n');
process.on('SIGTERM', () => {
  void app.close().then(() => process.exit(0));
});
