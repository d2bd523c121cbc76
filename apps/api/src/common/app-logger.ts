import { ConsoleLogger, type LogLevel } from '@nestjs/common';
import { LOG_LEVELS, type LogLevelName } from '../config/config.js';

/** Nest's start-up chatter: a line per module and per route (~280 lines), useful only when debugging. */
const CHATTY_CONTEXTS = new Set([
  'InstanceLoader',
  'RoutesResolver',
  'RouterExplorer',
  'NestFactory',
  'NestApplication',
]);

/**
 * The process logger: levels up to LOG_LEVEL, and Nest's module and route-mapping lines demoted to
 * debug, so that `npm start` ends with the addresses and sign-ins instead of scrolling them away.
 */
export class AppLogger extends ConsoleLogger {
  private readonly debugOn: boolean;

  constructor(level: LogLevelName = 'log') {
    const levels = LOG_LEVELS.slice(0, LOG_LEVELS.indexOf(level) + 1) as LogLevel[];
    if (level === 'debug') levels.push('verbose');
    super('Symposium', { logLevels: levels });
    this.debugOn = level === 'debug';
  }

  override log(message: unknown, context?: string): void {
    if (context && CHATTY_CONTEXTS.has(context)) {
      if (this.debugOn) super.debug(message, context);
      return;
    }
    super.log(message, context);
  }
}
