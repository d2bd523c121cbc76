import { AppLogger, prettyLines } from './app-logger.js';

function capture(level: ConstructorParameters<typeof AppLogger>[0], format: 'json' | 'pretty' = 'json') {
  const lines: string[] = [];
  const logger = new AppLogger(level, { destination: { write: (l) => lines.push(l) }, format });
  const entries = () => lines.map((l) => JSON.parse(l) as Record<string, unknown>);
  return { logger, lines, entries };
}

describe('AppLogger', () => {
  it('writes JSON lines with the level, the time and the context Nest passes last', () => {
    const { logger, entries } = capture('log');
    logger.log('ready', 'Symposium');
    logger.warn('careful', 'Outbox');
    expect(entries()).toEqual([
      expect.objectContaining({
        level: 'info',
        msg: 'ready',
        context: 'Symposium',
        time: expect.any(String),
      }),
      expect.objectContaining({ level: 'warn', msg: 'careful', context: 'Outbox', pid: process.pid }),
    ]);
  });

  it('keeps LOG_LEVEL: warn hides log and debug lines; debug shows Nest’s verbose ones', () => {
    const warn = capture('warn');
    warn.logger.log('hidden', 'A');
    warn.logger.debug('hidden', 'A');
    warn.logger.error('shown', undefined, 'A');
    expect(warn.entries().map((e) => e.msg)).toEqual(['shown']);
    const debug = capture('debug');
    debug.logger.verbose('detail', 'A');
    debug.logger.debug('more', 'A');
    expect(debug.entries().map((e) => [e.level, e.msg])).toEqual([
      ['trace', 'detail'],
      ['debug', 'more'],
    ]);
    const silent = capture('silent');
    silent.logger.error('nothing', undefined, 'A');
    expect(silent.lines).toEqual([]);
  });

  it('demotes Nest’s start-up chatter to debug', () => {
    const { logger, entries } = capture('log');
    logger.log('Mapped {/api/x, GET} route', 'RouterExplorer');
    logger.log('kept', 'Symposium');
    expect(entries().map((e) => e.msg)).toEqual(['kept']);
  });

  it('takes the stack Nest passes to error, and an Error as err', () => {
    const { logger, entries } = capture('log');
    logger.error('failed', 'Error: failed\n    at x (y.js:1:1)', 'Errors');
    logger.error(new Error('thrown'), undefined, 'Errors');
    const [first, second] = entries();
    expect(first).toMatchObject({
      level: 'error',
      msg: 'failed',
      context: 'Errors',
      stack: expect.any(String),
    });
    expect(second).toMatchObject({ msg: 'thrown', err: { message: 'thrown', stack: expect.any(String) } });
  });

  it('redacts secrets passed in an object', () => {
    const { logger, lines } = capture('log');
    logger.log({ msg: 'login', password: 'pw-secret-1', user: { token: 'tok-secret-2' } }, 'Auth');
    logger.log('extra', { headers: { authorization: 'Bearer tok-secret-3' } }, 'Auth');
    const all = lines.join('');
    expect(all).toContain('[redacted]');
    for (const secret of ['pw-secret-1', 'tok-secret-2', 'tok-secret-3']) expect(all).not.toContain(secret);
  });

  it('sets its level from Nest’s list of levels', () => {
    expect(AppLogger.forLevels(['error']).pino.level).toBe('error');
    expect(AppLogger.forLevels(['error', 'warn', 'log']).pino.level).toBe('info');
    expect(AppLogger.forLevels(['error', 'verbose']).pino.level).toBe('trace');
    expect(AppLogger.forLevels(false).pino.level).toBe('silent');
  });
});

describe('prettyLines', () => {
  it('makes each entry one readable line (a stack follows on its own lines)', () => {
    const out: string[] = [];
    const pretty = prettyLines({ write: (l) => out.push(l) }, false);
    pretty.write(
      JSON.stringify({
        level: 'info',
        time: '2026-11-27T13:04:05.123Z',
        pid: 1,
        hostname: 'h',
        context: 'HTTP',
        reqId: 'r1',
        status: 200,
        userId: 7,
        msg: 'GET /api/x 200 3 ms',
      }) + '\n',
    );
    expect(out).toEqual(['13:04:05.123 INFO  [HTTP] GET /api/x 200 3 ms reqId=r1 userId=7\n']);
    pretty.write(
      JSON.stringify({ level: 'error', time: '2026-11-27T13:04:05.123Z', msg: 'x', stack: 'E\n  at y' }),
    );
    expect(out[1]).toBe('13:04:05.123 ERROR x\nE\n  at y\n');
  });

  it('passes a line that is not JSON through', () => {
    const out: string[] = [];
    prettyLines({ write: (l) => out.push(l) }, false).write('plain\n');
    expect(out).toEqual(['plain\n']);
  });
});
