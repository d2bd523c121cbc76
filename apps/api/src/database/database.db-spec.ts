import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { DataDirInUseError, openDatabase } from './database.js';
import { statusesTable } from './schema.js';

describe('the embedded database', () => {
  it('applies the migrations with the default status and the conference row', async () => {
    const h = await openDatabase({ inMemory: true });
    const statuses = await h.db.select().from(statusesTable);
    expect(statuses.map((s) => [s.text, s.isDefault])).toEqual([['Awaiting Decision', true]]);
    const r = await h.db.execute(sql`select count(*)::int as n from conference`);
    expect((r as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(1);
    await h.close();
  });

  it('refuses a second opening of the same data directory with a clear message, and reopens after close', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sym-db-'));
    const first = await openDatabase({ dataDir: dir });
    // a live process (this one's parent) holds the lock
    writeFileSync(join(dir, 'symposium.lock'), String(process.ppid));
    await expect(openDatabase({ dataDir: dir })).rejects.toThrow(DataDirInUseError);
    await expect(openDatabase({ dataDir: dir })).rejects.toThrow(/already in use by process/);
    writeFileSync(join(dir, 'symposium.lock'), String(process.pid));
    await first.close();
    const again = await openDatabase({ dataDir: dir });
    await again.close();
  });

  it('takes over a stale lock left by a crashed process', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sym-db-'));
    writeFileSync(join(dir, 'symposium.lock'), '999999');
    const h = await openDatabase({ dataDir: dir });
    await h.close();
  });
});
