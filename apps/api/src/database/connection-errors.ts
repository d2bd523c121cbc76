/**
 * Errors that say the database cannot be reached right now (a restart, a failover, a terminated backend, a
 * full server), as opposed to a bad query: the API answers them 503 with Retry-After, like /api/health,
 * and the client tries again. Drizzle wraps the driver's error, so the `cause` chain is followed.
 */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/** SQLSTATEs of a server going away or refusing connections: admin/crash shutdown, cannot connect now, too many. */
const UNAVAILABLE_SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300']);

/** node-postgres's own messages for a connection lost or never made. */
const DRIVER_MESSAGES = [
  /^Connection terminated/,
  /^timeout exceeded when trying to connect/,
  /^Client has encountered a connection error and is not queryable/,
  /^Connection ended unexpectedly/,
];

export const DATABASE_UNAVAILABLE = {
  code: 'database.unavailable',
  message: 'The database is unavailable for a moment. Please try again.',
  /** Seconds a client should wait before trying again. */
  retryAfter: 5,
} as const;

export function isDatabaseUnavailable(error: unknown): boolean {
  let e: unknown = error;
  for (let depth = 0; e && typeof e === 'object' && depth < 6; depth++) {
    const { code, message, cause, errors } = e as {
      code?: unknown;
      message?: unknown;
      cause?: unknown;
      errors?: unknown;
    };
    if (typeof code === 'string') {
      if (NETWORK_CODES.has(code) || UNAVAILABLE_SQLSTATES.has(code) || /^08[0-9A-Z]{3}$/.test(code))
        return true;
    }
    if (typeof message === 'string' && DRIVER_MESSAGES.some((m) => m.test(message))) return true;
    // An AggregateError (connecting to every address of a host failed) holds the network errors.
    if (Array.isArray(errors) && errors.some((x) => isDatabaseUnavailable(x))) return true;
    e = cause;
  }
  return false;
}
