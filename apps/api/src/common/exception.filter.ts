import { ArgumentsHost, Catch, ExceptionFilter, HttpException, HttpStatus, Logger } from '@nestjs/common';
import type { Response } from 'express';
import { DATABASE_UNAVAILABLE, isDatabaseUnavailable } from '../database/connection-errors.js';
import { DomainError } from './errors.js';

interface ErrorBody {
  statusCode: number;
  code: string;
  message: string;
  details?: unknown;
}

const CODE_BY_STATUS: Record<number, string> = {
  400: 'request.invalid',
  401: 'auth.unauthenticated',
  403: 'auth.forbidden',
  404: 'request.not_found',
  405: 'request.method_not_allowed',
  409: 'request.conflict',
  413: 'request.too_large',
  415: 'request.unsupported_media_type',
  429: 'request.rate_limited',
};

/** The one exception filter: every error leaves as {statusCode, code, message, details?}. */
@Catch()
export class AllExceptionsFilter implements ExceptionFilter {
  private readonly logger = new Logger('Errors');

  catch(exception: unknown, host: ArgumentsHost): void {
    const res = host.switchToHttp().getResponse<Response>();
    if (isDatabaseUnavailable(exception)) {
      // The database restarts or fails over: a known, passing condition, answered like /api/health.
      this.logger.warn(
        `503 ${DATABASE_UNAVAILABLE.code}: ${String((exception as Error)?.message ?? exception)}`,
      );
      if (res.headersSent) return;
      res.setHeader('Retry-After', String(DATABASE_UNAVAILABLE.retryAfter));
      res.status(503).json({
        statusCode: 503,
        code: DATABASE_UNAVAILABLE.code,
        message: DATABASE_UNAVAILABLE.message,
      } satisfies ErrorBody);
      return;
    }
    const body = this.toBody(exception);
    // An unexpected 5xx is a bug: its stack is logged. A DomainError 5xx is a known condition answered on
    // purpose (e.g. 503 documents.unavailable): one line, no stack.
    if (exception instanceof DomainError && body.statusCode >= 500)
      this.logger.warn(`${body.statusCode} ${body.code}: ${body.message}`);
    else if (body.statusCode >= 500)
      this.logger.error(exception instanceof Error ? exception.stack : String(exception));
    if (res.headersSent) return;
    res.status(body.statusCode).json(body);
  }

  private toBody(exception: unknown): ErrorBody {
    if (exception instanceof DomainError) {
      return {
        statusCode: exception.status,
        code: exception.code,
        message: exception.message,
        details: exception.details,
      };
    }
    if (exception instanceof HttpException) {
      const status = exception.getStatus();
      const response = exception.getResponse();
      if (typeof response === 'object' && response !== null && 'code' in response && 'message' in response) {
        const r = response as ErrorBody;
        return { statusCode: status, code: r.code, message: r.message, details: r.details };
      }
      let message = exception.message;
      if (typeof response === 'object' && response !== null && 'message' in response) {
        const m = (response as { message: unknown }).message;
        message = Array.isArray(m) ? String(m[0]) : String(m);
      }
      return { statusCode: status, code: CODE_BY_STATUS[status] ?? 'request.error', message };
    }
    const err = exception as { type?: string; status?: number; code?: string; message?: string } | null;
    // body-parser / multer errors
    if (err && typeof err.status === 'number' && err.status >= 400 && err.status < 500) {
      return {
        statusCode: err.status,
        code: CODE_BY_STATUS[err.status] ?? 'request.error',
        message: err.message ?? 'Bad request',
      };
    }
    if (err && err.code === 'LIMIT_FILE_SIZE') {
      return { statusCode: 413, code: 'request.too_large', message: err.message ?? 'File too large' };
    }
    return {
      statusCode: HttpStatus.INTERNAL_SERVER_ERROR,
      code: 'internal',
      message: 'Internal server error',
    };
  }
}
