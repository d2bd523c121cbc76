/**
 * Domain errors carry a stable code, the spec's message and an HTTP status; services throw these,
 * the one exception filter turns them into {statusCode, code, message, details}.
 */
export class DomainError extends Error {
  constructor(
    public readonly code: string,
    message: string,
    public readonly status: number,
    public readonly details?: unknown,
  ) {
    super(message);
  }
}

export const badRequest = (code: string, message: string, details?: unknown) =>
  new DomainError(code, message, 400, details);
export const unauthorized = (code: string, message: string) => new DomainError(code, message, 401);
export const forbidden = (code: string, message: string) => new DomainError(code, message, 403);
/** Used for both missing and forbidden objects, so the answer never tells them apart. */
export const notFound = (code: string, message: string) => new DomainError(code, message, 404);
export const conflict = (code: string, message: string, details?: unknown) =>
  new DomainError(code, message, 409, details);
export const tooManyRequests = (code: string, message: string) => new DomainError(code, message, 429);

/** The PostgreSQL error code (e.g. 23505 unique violation), also when drizzle wrapped the driver error. */
export function pgErrorCode(e: unknown): string | undefined {
  const err = e as { code?: unknown; cause?: { code?: unknown } } | null;
  const code = err?.code ?? err?.cause?.code;
  return typeof code === 'string' ? code : undefined;
}
