import { sql } from 'drizzle-orm';
import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { Binder, builtOnce, rowReader, shapeKey, StatementCache, toQuery } from './statements.js';

const things = pgTable('things', {
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
  at: timestamp('at', { withTimezone: true }),
});

describe('statements built once per shape', () => {
  const where = (b: Binder, id: number, name: string) =>
    sql`${things.id} = ${b.bind(id)} and ${things.name} = ${b.bind(name)}`;

  it('gives two pieces of SQL of one shape the same key whatever their values, and binds each one’s values', () => {
    const a = new Binder();
    const b = new Binder();
    expect(shapeKey(where(a, 1, 'x'))).toBe(shapeKey(where(b, 2, 'y')));
    expect(a.values).toEqual({ p0: 1, p1: 'x' });
    expect(b.values).toEqual({ p0: 2, p1: 'y' });
  });

  it('tells shapes apart by their text, their constants and where each placeholder goes', () => {
    const b = new Binder();
    const key = shapeKey(where(b, 1, 'x'));
    expect(shapeKey(sql`${things.id} = ${new Binder().bind(1)}`)).not.toBe(key);
    expect(shapeKey(sql`${things.id} = ${1}`)).not.toBe(shapeKey(sql`${things.id} = ${2}`));
    const [p0, p1] = [sql.placeholder('p0'), sql.placeholder('p1')];
    expect(shapeKey(sql`${things.id} = ${p0} and ${things.name} = ${p1}`)).not.toBe(
      shapeKey(sql`${things.id} = ${p1} and ${things.name} = ${p0}`),
    );
  });

  it('builds a shape’s statement once, keeps its placeholders, and lets the oldest go when full', () => {
    const cache = new StatementCache(2);
    let built = 0;
    const build = () => {
      built++;
      return sql`select ${things.name} from ${things} where ${things.id} = ${sql.placeholder('id')}`;
    };
    const q = cache.get('a', build);
    expect(cache.get('a', build)).toBe(q);
    expect(built).toBe(1);
    expect(q.sql).toBe('select "things"."name" from "things" where "things"."id" = $1');
    cache.get('b', build);
    cache.get('c', build);
    expect(cache.size).toBe(2);
    cache.get('a', build);
    expect(built).toBe(4);
    const once = builtOnce(build);
    expect(once()).toBe(once());
    expect(toQuery(build()).sql).toBe(q.sql);
  });

  it('reads a part of a row array as the query builder would, null for an outer join without a match', () => {
    const read = rowReader<{ id: number; name: string; at: Date | null }>(
      { id: things.id, name: things.name, at: things.at },
      1,
    );
    expect(read(['x', 7, 'seven', '2024-05-06 07:08:09.123456+00'])).toEqual({
      id: 7,
      name: 'seven',
      at: new Date('2024-05-06T07:08:09.123Z'),
    });
    expect(read(['x', 7, 'seven', null])).toEqual({ id: 7, name: 'seven', at: null });
    expect(read(['x', null, null, null])).toBeNull();
  });
});
