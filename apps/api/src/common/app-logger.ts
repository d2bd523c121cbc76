import type { LoggerService, LogLevel } from '@nestjs/common';
import pino, { type DestinationStream, type Level, type Logger as Pino } from 'pino';
import { LOG_LEVELS, type LogFormat, type LogLevelName } from '../config/config.js';
import { requestContext, type RequestObserver } from './request-context.js';

/** Nest's start-up chatter: a line per module and per route (~280 lines), useful only when debugging. */
const CHATTY_CONTEXTS = new Set([
  'InstanceLoader',
  'RoutesResolver',
  'RouterExplorer',
  'NestFactory',
  'NestApplication',
]);

/** LOG_LEVEL → pino's level: `log` is pino's info; `debug` shows Nest's verbose lines too (pino's trace). */
const PINO_LEVEL: Record<LogLevelName, Level> = { error: 'error', warn: 'warn', log: 'info', debug: 'trace' };

/** Nest's method → pino's level. */
const NEST_TO_PINO: Record<LogLevel, Level> = {
  fatal: 'fatal',
  error: 'error',
  warn: 'warn',
  log: 'info',
  debug: 'debug',
  verbose: 'trace',
};

/**
 * Never in a log line: whatever a caller passes under these names is replaced (pino's redact). Bodies,
 * headers and cookies are never logged in the first place; this is the second line of defence.
 */
export const REDACTED_PATHS = [
  'password',
  'newPassword',
  'currentPassword',
  'token',
  'accessToken',
  'refreshToken',
  'authorization',
  'cookie',
  'cookies',
  'headers',
  'body',
  'secret',
]
  .flatMap((key) => [key, `*.${key}`])
  .concat(['params[*].password', 'params[*].token', 'params[*].authorization', 'params[*].headers']);

/** Where log lines go: anything with write(line). */
export type LogDestination = { write(line: string): unknown };

export interface LogOptions {
  /** LOG_LEVEL (default log), or silent. */
  level?: LogLevelName | 'silent';
  /** json, pretty, or auto (pretty when standard output is a terminal). Default auto. */
  format?: LogFormat;
  /** Default: standard output. */
  destination?: LogDestination;
}

/**
 * The process's pino logger: one JSON object per line (time, level, pid, hostname, msg, and the fields of
 * the entry), the id of the request being served (`reqId`) and the signed-in user (`userId`) on every line
 * written while serving it; or, formatted `pretty`, one readable line per entry.
 */
export function createLog(opts: LogOptions = {}): Pino {
  const out = opts.destination ?? { write: (line: string) => process.stdout.write(line) };
  const format = opts.format ?? 'auto';
  const pretty = format === 'pretty' || (format === 'auto' && !opts.destination && process.stdout.isTTY);
  const destination: DestinationStream = pretty ? prettyLines(out, process.stdout.isTTY === true) : out;
  return pino(
    {
      level: opts.level === 'silent' ? 'silent' : PINO_LEVEL[opts.level ?? 'log'],
      messageKey: 'msg',
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
      serializers: { err: pino.stdSerializers.err },
      mixin: () => {
        const req = requestContext.getStore()?.req;
        if (!req) return {};
        return req.user ? { reqId: req.id, userId: req.user.id } : { reqId: req.id };
      },
    },
    destination,
  );
}

/**
 * The logger Nest and every `new Logger(context)` write through: levels up to LOG_LEVEL as JSON lines (or
 * pretty ones on a terminal) with the context, and Nest's module and route-mapping lines demoted to debug,
 * so that `npm start` ends with the addresses and sign-ins instead of scrolling them away.
 */
export class AppLogger implements LoggerService {
  readonly pino: Pino;

  constructor(level: LogLevelName | 'silent' = 'log', opts: Omit<LogOptions, 'level'> = {}) {
    this.pino = createLog({ ...opts, level });
  }

  /** Nest's `logger` option as a level: the most verbose level listed; false: silent. */
  static forLevels(levels: false | LogLevel[] | undefined, opts: Omit<LogOptions, 'level'> = {}): AppLogger {
    if (levels === false) return new AppLogger('silent', opts);
    if (!levels) return new AppLogger('log', opts);
    const names = LOG_LEVELS.filter(
      (l) => levels.includes(l) || (l === 'debug' && levels.includes('verbose')),
    );
    return new AppLogger(names[names.length - 1] ?? 'silent', opts);
  }

  log(message: unknown, ...params: unknown[]): void {
    const { context, rest } = split(params);
    if (context && CHATTY_CONTEXTS.has(context)) this.write('debug', message, context, rest);
    else this.write('log', message, context, rest);
  }

  error(message: unknown, ...params: unknown[]): void {
    const { context, rest } = split(params);
    // Nest passes (message, stack?, context): a stack (or undefined) comes first.
    const [first, ...others] = rest;
    const stack = typeof first === 'string' ? first : undefined;
    this.write('error', message, context, first === undefined || stack ? others : rest, stack);
  }

  warn(message: unknown, ...params: unknown[]): void {
    const { context, rest } = split(params);
    this.write('warn', message, context, rest);
  }

  debug(message: unknown, ...params: unknown[]): void {
    const { context, rest } = split(params);
    this.write('debug', message, context, rest);
  }

  verbose(message: unknown, ...params: unknown[]): void {
    const { context, rest } = split(params);
    this.write('verbose', message, context, rest);
  }

  fatal(message: unknown, ...params: unknown[]): void {
    const { context, rest } = split(params);
    this.write('fatal', message, context, rest);
  }

  setLogLevels(levels: LogLevel[]): void {
    this.pino.level = AppLogger.forLevels(levels).pino.level;
  }

  private write(level: LogLevel, message: unknown, context?: string, params: unknown[] = [], stack?: string) {
    const target = NEST_TO_PINO[level];
    if (!this.pino.isLevelEnabled(target)) return;
    const fields: Record<string, unknown> = {};
    if (context) fields.context = context;
    if (stack) fields.stack = stack;
    if (params.length) fields.params = params;
    if (message instanceof Error) this.pino[target]({ ...fields, err: message }, message.message);
    else if (message !== null && typeof message === 'object')
      this.pino[target]({ ...(message as Record<string, unknown>), ...fields });
    else this.pino[target](fields, String(message));
  }
}

/** Routes polled by machines (load balancer checks, Prometheus): their lines are debug, not info. */
const POLLED_ROUTES = new Set(['/api/health', '/metrics']);

/**
 * One line per request when it ends: method, route template, status (0: the client left first), duration,
 * request id and user. info; debug for health checks and scrapes; warn for 5xx. Never the URL, a header, a
 * cookie or a body.
 */
export function logRequests(log: Pino): RequestObserver {
  return {
    started: () => undefined,
    ended: (req, e) => {
      const level = e.status >= 500 ? 'warn' : POLLED_ROUTES.has(e.route) ? 'debug' : 'info';
      if (!log.isLevelEnabled(level)) return;
      const ms = Math.round(e.seconds * 10_000) / 10;
      const fields = {
        context: 'HTTP',
        method: e.method,
        route: e.route,
        status: e.status,
        ms,
        ...(e.impersonatorId !== undefined ? { impersonatorId: e.impersonatorId } : {}),
      };
      // inside the request's own context: its id and user, whichever request's event this runs in
      requestContext.run({ req }, () =>
        log[level](fields, `${e.method} ${e.route} ${e.status || 'aborted'} ${ms} ms`),
      );
    },
  };
}

/** Nest puts the context last (a string); what is before it is the caller's. */
function split(params: unknown[]): { context?: string; rest: unknown[] } {
  const last = params[params.length - 1];
  if (typeof last === 'string') return { context: last, rest: params.slice(0, -1) };
  return { rest: params };
}

const LEVEL_COLOURS: Record<string, string> = {
  fatal: '\x1b[35m',
  error: '\x1b[31m',
  warn: '\x1b[33m',
  info: '\x1b[32m',
  debug: '\x1b[36m',
  trace: '\x1b[90m',
};
/** Fields every pretty line shows in its own place, or leaves out. */
const PLACED = new Set(['time', 'level', 'msg', 'context', 'pid', 'hostname', 'stack', 'err']);
/** …and those a request line's message already tells. */
const PLACED_HTTP = new Set([...PLACED, 'method', 'route', 'status', 'ms']);

/**
 * The JSON lines made readable, one line per entry: `13:04:05.123 INFO  [Context] message key=value …`
 * (a stack follows on its own lines), the level in colour on a terminal.
 */
export function prettyLines(out: LogDestination, colour: boolean): DestinationStream {
  return {
    write(line: string) {
      let entry: Record<string, unknown>;
      try {
        entry = JSON.parse(line) as Record<string, unknown>;
      } catch {
        out.write(line);
        return;
      }
      const level = String(entry.level ?? '');
      const time = typeof entry.time === 'string' ? entry.time.slice(11, 23) : '';
      const label = level.toUpperCase().padEnd(5);
      const parts = [time, colour ? `${LEVEL_COLOURS[level] ?? ''}${label}\x1b[0m` : label];
      if (entry.context) parts.push(`[${String(entry.context)}]`);
      if (entry.msg !== undefined) parts.push(String(entry.msg));
      const placed = entry.context === 'HTTP' ? PLACED_HTTP : PLACED;
      for (const [key, value] of Object.entries(entry))
        if (!placed.has(key))
          parts.push(`${key}=${typeof value === 'string' ? value : JSON.stringify(value)}`);
      const err = entry.err as { stack?: string } | undefined;
      const stack = typeof entry.stack === 'string' ? entry.stack : err?.stack;
      out.write(parts.join(' ') + (stack ? `\n${stack}` : '') + '\n');
    },
  };
}
