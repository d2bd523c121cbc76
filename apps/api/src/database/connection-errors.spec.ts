import { isDatabaseUnavailable } from './connection-errors.js';

const withCode = (code: string, message = 'x') => Object.assign(new Error(message), { code });

describe(isDatabaseUnavailable.name, () => {
  it('recognises a refused or lost connection and a server shutting down, also wrapped by drizzle', () => {
    for (const e of [
      withCode('ECONNREFUSED'),
      withCode('ECONNRESET'),
      withCode('57P01', 'terminating connection due to administrator command'),
      withCode('57P03', 'the database system is starting up'),
      withCode('08006'),
      new Error('Connection terminated unexpectedly'),
      new Error('timeout exceeded when trying to connect'),
      new Error('Failed query: select 1', { cause: withCode('ECONNREFUSED') }),
      new AggregateError([withCode('ECONNREFUSED'), withCode('ECONNREFUSED')]),
    ])
      expect([e.message, isDatabaseUnavailable(e)]).toEqual([e.message, true]);
  });

  it('leaves query errors and other bugs alone', () => {
    for (const e of [
      withCode('23505', 'duplicate key value'),
      withCode('42P01', 'relation does not exist'),
      new TypeError('x is undefined'),
      new Error('Failed query', { cause: withCode('22P02') }),
      null,
      'a string',
    ])
      expect(isDatabaseUnavailable(e)).toBe(false);
  });
});
