import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { createHash, timingSafeEqual } from 'node:crypto';
import type { MetricsService } from './metrics.service.js';

const digest = (value: string) => createHash('sha256').update(value).digest();

/** Whether the Authorization header carries `Bearer <token>`, compared in constant time. */
export function bearerMatches(header: string | undefined, token: string): boolean {
  const match = /^Bearer[ ]+(\S+)\s*$/i.exec(header ?? '');
  // digests of equal length: the comparison takes the same time whatever was sent
  return timingSafeEqual(digest(match?.[1] ?? ''), digest(token)) && match !== null;
}

/**
 * GET /metrics: the Prometheus text format for `Authorization: Bearer <METRICS_TOKEN>`; 401 without it or
 * with another token; 404 when METRICS_TOKEN is not set (metrics disabled).
 */
export function metricsEndpoint(metrics: MetricsService, token: string | undefined): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    res.setHeader('Cache-Control', 'no-store');
    if (!token) {
      res.status(404).json({
        statusCode: 404,
        code: 'request.not_found',
        message: 'Metrics are disabled: set METRICS_TOKEN to enable GET /metrics.',
      });
      return;
    }
    if (!bearerMatches(req.headers.authorization, token)) {
      res.setHeader('WWW-Authenticate', 'Bearer realm="metrics"');
      res.status(401).json({
        statusCode: 401,
        code: 'auth.unauthenticated',
        message: 'GET /metrics needs the header Authorization: Bearer <METRICS_TOKEN>.',
      });
      return;
    }
    metrics.scrape().then((text) => {
      res.setHeader('Content-Type', metrics.contentType);
      res.send(text);
    }, next);
  };
}
