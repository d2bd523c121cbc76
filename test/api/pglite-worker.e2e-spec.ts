/**
 * The embedded database (PGlite) runs in a worker thread: a long query leaves the event loop free (HTTP requests
 * are answered meanwhile), and the worker answers exactly what PGlite on the main thread answers — bytea, dates,
 * JSON, bigint, arrays, NULL, errors with their PostgreSQL fields, transactions (commit, rollback, savepoints,
 * concurrent transactions serialised). The first test runs on the suite's database (PGlite or PostgreSQL); the
 * others compare the worker with PGlite on the main thread.
 */
import { sql } from 'drizzle-orm';
import { pgErrorCode } from '../../apps/api/src/common/errors.js';
import { openDatabase, type DatabaseHandle, type Db } from '../../apps/api/src/database/database.js';
import { statusesTable } from '../../apps/api/src/database/schema.js';
import { createTestApp, type TestApp } from '../support/app.js';

/** A query that keeps the database busy for a while (far longer than one HTTP round trip). */
const LONG_QUERY = sql`select count(*)::int as n from generate_series(1, 3000000) g where g % 7 = 3`;

describe('a long query on the embedded database', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  }, 300_000);
  afterAll(async () => {
    await t?.close();
  });

  it('leaves the event loop free: a timer and an HTTP request complete while it runs', async () => {
    const order: string[] = [];
    const long = t.db.execute(LONG_QUERY).then((r) => {
      order.push('query');
      return r;
    });
    await new Promise((resolve) => setTimeout(resolve, 0));
    order.push('timer');
    const res = await t.http().get('/api/author/users');
    order.push(`http ${res.status}`);
    const result = (await long) as unknown as { rows: { n: number }[] };
    expect(result.rows[0]!.n).toBe(428572);
    expect(order).toEqual(['timer', 'http 401', 'query']);
  });
});

const ROUND_TRIP = sql`select
  '\\x00ff10'::bytea as b, ''::bytea as empty_b,
  '2024-02-29 13:14:15.123456+00'::timestamptz as tstz, '2024-02-29 13:14:15'::timestamp as ts,
  '2024-02-29'::date as d, '1 day 02:03:04'::interval as iv, '13:14:15'::time as t,
  '{"a": [1, 2.5, null], "b": "é"}'::jsonb as jb, '[1, "x"]'::json as j,
  9007199254740993::bigint as big, 42::int as i, 1.50::numeric(5, 2) as num, 0.25::float8 as f, true as ok,
  array[1, null, 3]::int[] as ia, array['a', null, 'c,d']::text[] as ta, array['2024-01-01']::date[] as da,
  array['2024-01-01 10:00:00+00']::timestamptz[] as tsa, array[1.5]::numeric[] as na,
  null::text as nt, null::bytea as nb, null::timestamptz as nts, 'it''s'::text as s,
  '6f1ed002-ab5d-42de-ae4c-1fb0b7ac4b0a'::uuid as u`;

describe('PGlite in a worker answers as PGlite on the main thread', () => {
  let worker: DatabaseHandle;
  let main: DatabaseHandle;
  beforeAll(async () => {
    worker = await openDatabase({ inMemory: true, pgliteThread: 'worker' });
    main = await openDatabase({ inMemory: true, pgliteThread: 'main' });
  }, 300_000);
  afterAll(async () => {
    await worker?.close();
    await main?.close();
  });

  const both = async <T>(run: (db: Db) => Promise<T>) => [await run(worker.db), await run(main.db)] as const;

  it('round-trips bytea, dates, JSON, bigint, arrays and NULL exactly (raw rows and Drizzle selects)', async () => {
    const [w, m] = await both((db) => db.execute(ROUND_TRIP));
    const rows = (r: unknown) => (r as { rows: Record<string, unknown>[] }).rows;
    expect(rows(w)).toEqual(rows(m));
    const row = rows(w)[0]!;
    expect(row.b).toBeInstanceOf(Uint8Array);
    expect([...(row.b as Uint8Array)]).toEqual([0, 255, 16]);
    expect(typeof row.tstz).toBe('string'); // drizzle's parsers keep dates as text
    expect(row.big).toBe(9007199254740993n);
    expect(row.ia).toEqual([1, null, 3]);
    expect(row.nt).toBeNull();

    const select = (db: Db) =>
      db
        .select({
          id: statusesTable.id,
          text: statusesTable.text,
          b: sql<Uint8Array>`'\\x0102'::bytea`,
          at: sql<string>`'2024-02-29 13:14:15+00'::timestamptz`,
          j: sql<unknown>`'{"k": [1]}'::jsonb`,
          n: sql<null>`null`,
        })
        .from(statusesTable);
    const [ws, ms] = await both(select);
    expect(ws).toEqual(ms);
    expect(ws[0]!.text).toBe('Awaiting Decision');
    expect(ws[0]!.j).toEqual({ k: [1] });
  });

  it('sends parameters of every kind: Buffer, Uint8Array, Date, bigint, JSON text, NULL', async () => {
    const params = (db: Db) =>
      db.execute(sql`select ${Buffer.from([1, 2, 3])}::bytea as buf, ${new Uint8Array([9])}::bytea as u8,
        ${new Date('2024-05-06T07:08:09.010Z')}::timestamptz as at, ${12345678901234n}::bigint as big,
        ${JSON.stringify({ a: 'é' })}::jsonb as j, ${null}::text as n`);
    const [w, m] = (await both(params)) as unknown as { rows: Record<string, unknown>[] }[];
    expect(w!.rows).toEqual(m.rows);
    expect(w!.rows[0]).toMatchObject({ big: 12345678901234, j: { a: 'é' }, n: null });
    expect([...(w!.rows[0]!.buf as Uint8Array)]).toEqual([1, 2, 3]);
  });

  it('keeps the PostgreSQL fields of an error (code, constraint, detail), which services map to 409', async () => {
    const attempt = async (db: Db) => {
      await db.execute(sql`create table if not exists uniq_t (a int primary key)`);
      await db.execute(sql`insert into uniq_t values (1) on conflict do nothing`);
      return db.execute(sql`insert into uniq_t values (1)`).then(
        () => undefined,
        (e: unknown) => e,
      );
    };
    const [w, m] = await both(attempt);
    expect(pgErrorCode(w)).toBe('23505');
    const fields = (e: unknown) => {
      const cause = (e as { cause?: Record<string, unknown> }).cause ?? (e as Record<string, unknown>);
      const { code, constraint, detail, table, schema, severity, message } = cause;
      return { code, constraint, detail, table, schema, severity, message };
    };
    expect(fields(w)).toEqual(fields(m));
    expect(fields(w)).toMatchObject({ constraint: 'uniq_t_pkey', detail: 'Key (a)=(1) already exists.' });
    expect((w as Error).message).toBe((m as Error).message);
    // a syntax error too
    const [ws, ms] = await both((db) => db.execute(sql`selec 1`).catch((e: unknown) => e));
    expect(fields(ws)).toEqual(fields(ms));
    expect(pgErrorCode(ws)).toBe('42601');
  });

  it('commits, rolls back on a thrown error, and rolls back a savepoint whose callback threw', async () => {
    const db = worker.db;
    await db.execute(sql`create table tx_t (v int)`);
    await db.transaction(async (tx) => {
      await tx.execute(sql`insert into tx_t values (1)`);
    });
    await expect(
      db.transaction(async (tx) => {
        await tx.execute(sql`insert into tx_t values (2)`);
        throw new Error('abandoned');
      }),
    ).rejects.toThrow('abandoned');
    const kept = await db.transaction(async (tx) => {
      await tx.execute(sql`insert into tx_t values (3)`);
      await tx
        .transaction(async (inner) => {
          await inner.execute(sql`insert into tx_t values (4)`);
          throw new Error('inner');
        })
        .catch(() => undefined);
      const r = await tx.execute(sql`select coalesce(sum(v), 0)::int as s from tx_t`);
      return (r as unknown as { rows: { s: number }[] }).rows[0]!.s;
    });
    expect(kept).toBe(4);
    // a failed statement inside the transaction: the error reaches the caller and nothing is kept
    await expect(
      db.transaction(async (tx) => {
        await tx.execute(sql`insert into tx_t values (5)`);
        await tx.execute(sql`insert into tx_t values ('five')`);
      }),
    ).rejects.toMatchObject({ cause: { code: '22P02' } });
    const all = await db.execute(sql`select array_agg(v order by v) as vs from tx_t`);
    expect((all as unknown as { rows: { vs: number[] }[] }).rows[0]!.vs).toEqual([1, 3]);
  });

  it('serialises concurrent transactions and keeps other queries out until each ends', async () => {
    const db = worker.db;
    await db.execute(sql`create table counter_t (n int)`);
    await db.execute(sql`insert into counter_t values (0)`);
    const bump = () =>
      db.transaction(async (tx) => {
        const r = await tx.execute(sql`select n from counter_t`);
        const n = (r as unknown as { rows: { n: number }[] }).rows[0]!.n;
        await new Promise((resolve) => setImmediate(resolve)); // let the others try to interleave
        await tx.execute(sql`update counter_t set n = ${n + 1}`);
      });
    const order: string[] = [];
    let release!: () => void;
    let started!: () => void;
    const inside = new Promise<void>((resolve) => (started = resolve));
    const held = db.transaction(async (tx) => {
      await tx.execute(sql`update counter_t set n = n + 100`);
      started();
      await new Promise<void>((resolve) => (release = resolve));
      order.push('transaction ends');
    });
    await inside;
    const outside = db.execute(sql`select n from counter_t`).then((r) => {
      order.push('outside query');
      return (r as unknown as { rows: { n: number }[] }).rows[0]!.n;
    });
    const bumps = Promise.all(Array.from({ length: 10 }, bump));
    await new Promise((resolve) => setTimeout(resolve, 0));
    release();
    await held;
    expect(await outside).toBeGreaterThanOrEqual(100);
    await bumps;
    expect(order).toEqual(['transaction ends', 'outside query']);
    const r = await db.execute(sql`select n from counter_t`);
    expect((r as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(110);
  });

  it('closes: the worker stops and later queries fail with a clear error', async () => {
    const h = await openDatabase({ inMemory: true, pgliteThread: 'worker' });
    await h.db.execute(sql`select 1`);
    await h.close();
    await expect(h.db.execute(sql`select 1`)).rejects.toMatchObject({
      cause: { message: expect.stringMatching(/embedded database/) },
    });
  });
});
