import { eq } from 'drizzle-orm';
import type { DatabaseHandle } from '../../database/database.js';
import { emptyTables, openWith } from '../../database/test-database.js';
import { AuthRepository } from './auth.repository.js';
import { loginAttemptsTable, passwordResetsTable, rateLimitCountersTable } from './auth.table.js';

describe('AuthRepository (PGlite)', () => {
  let handle: DatabaseHandle;
  let repo: AuthRepository;
  const now = new Date('2026-05-01T12:00:00Z');
  const later = (ms: number) => new Date(now.getTime() + ms);

  beforeAll(async () => ({ handle, repo } = await openWith((db) => new AuthRepository(db))));
  afterAll(() => handle.close());
  beforeEach(() => emptyTables(handle.db, loginAttemptsTable, passwordResetsTable, rateLimitCountersTable));

  it('records login attempts (kind login by default) and forgot-password requests', async () => {
    await repo.recordAttempt('a@x.org', '10.0.0.1', false);
    await repo.recordAttempt('a@x.org', '10.0.0.1', true, 'forgot');
    const rows = await handle.db.select().from(loginAttemptsTable).orderBy(loginAttemptsTable.id);
    expect(rows.map(({ kind, email, ip, success }) => ({ kind, email, ip, success }))).toEqual([
      { kind: 'login', email: 'a@x.org', ip: '10.0.0.1', success: false },
      { kind: 'forgot', email: 'a@x.org', ip: '10.0.0.1', success: true },
    ]);
  });

  it('hit counts each key in its window and starts again at 1 once the window has passed', async () => {
    const window = 60_000;
    expect(await repo.hit(['k:a', 'k:b'], window, now)).toEqual(
      new Map([
        ['k:a', 1],
        ['k:b', 1],
      ]),
    );
    expect(await repo.hit(['k:a'], window, later(1000))).toEqual(new Map([['k:a', 2]]));
    expect(await repo.hit(['k:a', 'k:b'], window, later(59_000))).toEqual(
      new Map([
        ['k:a', 3],
        ['k:b', 2],
      ]),
    );
    // the window started at `now`: at now + 60 s it is over
    expect(await repo.hit(['k:a'], window, later(60_000))).toEqual(new Map([['k:a', 1]]));
    const [a] = await handle.db
      .select()
      .from(rateLimitCountersTable)
      .where(eq(rateLimitCountersTable.key, 'k:a'));
    expect(a).toEqual({ key: 'k:a', windowStart: later(60_000), count: 1 });
  });

  it('concurrent hits on one key each see their own count', async () => {
    const counts = await Promise.all(Array.from({ length: 5 }, () => repo.hit(['k:c'], 60_000, now)));
    expect(counts.map((m) => m.get('k:c')).sort()).toEqual([1, 2, 3, 4, 5]);
  });

  it('giveBack takes one attempt off each key, never below 0, and ignores unknown keys', async () => {
    await repo.hit(['k:a', 'k:b'], 60_000, now);
    await repo.hit(['k:a'], 60_000, now);
    await repo.giveBack(['k:a', 'k:b', 'k:none']);
    await repo.giveBack(['k:b']);
    const rows = await handle.db.select().from(rateLimitCountersTable).orderBy(rateLimitCountersTable.key);
    expect(rows.map((r) => [r.key, r.count])).toEqual([
      ['k:a', 1],
      ['k:b', 0],
    ]);
  });

  it('consumeReset answers the user of a valid token once; used, expired and unknown tokens give undefined', async () => {
    await repo.createReset(7, 'h-valid', later(3600_000));
    await repo.createReset(7, 'h-expired', now);
    expect(await repo.consumeReset('h-expired', now)).toBeUndefined();
    expect(await repo.consumeReset('h-unknown', now)).toBeUndefined();
    expect(await repo.consumeReset('h-valid', now)).toBe(7);
    expect(await repo.consumeReset('h-valid', now)).toBeUndefined();
    const [row] = await handle.db
      .select()
      .from(passwordResetsTable)
      .where(eq(passwordResetsTable.tokenHash, 'h-valid'));
    expect(row!.usedAt).toEqual(now);
  });

  it('a token hash is unique', async () => {
    await repo.createReset(1, 'h-same', later(1000));
    await expect(repo.createReset(2, 'h-same', later(1000))).rejects.toThrow();
  });

  it('invalidateResets marks only the unused links of that user used, inside the caller transaction', async () => {
    await repo.createReset(1, 'h-1a', later(3600_000));
    await repo.createReset(1, 'h-1b', later(3600_000));
    await repo.createReset(2, 'h-2', later(3600_000));
    await repo.consumeReset('h-1a', later(-1000));
    await expect(
      handle.db.transaction(async (tx) => {
        await repo.invalidateResets(1, now, tx);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await repo.consumeReset('h-1b', now)).toBe(1); // the rollback left it valid
    await repo.createReset(1, 'h-1c', later(3600_000));
    await handle.db.transaction((tx) => repo.invalidateResets(1, now, tx));
    const rows = await handle.db.select().from(passwordResetsTable).orderBy(passwordResetsTable.id);
    expect(rows.map((r) => [r.tokenHash, r.usedAt])).toEqual([
      ['h-1a', later(-1000)],
      ['h-1b', now],
      ['h-2', null],
      ['h-1c', now],
    ]);
  });
});
