/**
 * A process killed between writing a file and committing its row leaves a complete file that no row
 * references. The sweep (at start-up and hourly) removes such files once they are an hour old, and never a
 * file a paper records or one written in the last hour. On S3 (FILE_STORE=s3) the same sweep lists the bucket.
 */
import { eq } from 'drizzle-orm';
import { existsSync, utimesSync } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { FileStore } from '../../apps/api/src/modules/files/file-store.js';
import { OrphanFilesSweeper } from '../../apps/api/src/modules/files/orphan-files.sweeper.js';
import { paperFilesTable } from '../../apps/api/src/modules/papers/papers.table.js';
import { onS3 } from '../support/file-stores.js';
import { pdf, setupPapers, submission, type PapersEnv } from './papers-author.helpers.js';

describe('sweeping stored files no row references', () => {
  let env: PapersEnv;
  beforeAll(async () => {
    env = await setupPapers();
  });
  afterAll(async () => {
    await env.close();
  });

  const pathOf = (key: string) => join(env.dataDir, 'files', 'objects', key.slice(0, 2), key);
  const age = (key: string, hours: number) => {
    const t = new Date(Date.now() - hours * 60 * 60 * 1000);
    utimesSync(pathOf(key), t, t);
  };

  it('removes unreferenced files older than an hour and keeps the rest', async () => {
    const author = await env.t.user();
    const track = await env.track();
    const res = await env.t
      .call('post', '/api/author/papers', author.auth)
      .field('paper', JSON.stringify(submission(track, [author.id])))
      .attach('files', pdf('kept'), 'paper.pdf');
    expect(res.status).toBe(201);
    const [recorded] = await env.t.db
      .select()
      .from(paperFilesTable)
      .where(eq(paperFilesTable.paperId, res.body._id as number));
    const store = env.t.app.get(FileStore);
    const orphanOld = await store.writeStream(Readable.from(pdf('crash')), { maxBytes: 1_000_000 });
    const orphanFresh = await store.writeStream(Readable.from(pdf('in flight')), { maxBytes: 1_000_000 });
    if (onS3()) {
      // S3 cannot back-date an object: every object counts as old, the row decides alone
      expect(await env.t.app.get(OrphanFilesSweeper).sweep(0)).toBe(2);
      expect(await store.exists(orphanOld.key)).toBe(false);
      expect(await store.exists(orphanFresh.key)).toBe(false);
      expect(await store.exists(recorded!.key)).toBe(true);
      expect((await env.storedBytes(recorded!.key)).equals(pdf('kept'))).toBe(true);
      return;
    }
    age(recorded!.key, 3);
    age(orphanOld.key, 2);

    const removed = await env.t.app.get(OrphanFilesSweeper).sweep();

    expect(removed).toBe(1);
    expect(existsSync(pathOf(orphanOld.key))).toBe(false);
    expect(existsSync(pathOf(recorded!.key))).toBe(true);
    expect(existsSync(pathOf(orphanFresh.key))).toBe(true);
    expect(await store.exists(recorded!.key)).toBe(true);
  });
});
