import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import type { AuthUser } from './auth-user.js';

/** A request as the logs and metrics see it: its id, and its user once the guard has signed it in. */
export type TrackedRequest = Request & { id: string; user?: AuthUser };

/** The request being served, for every log line written while serving it (createLog's mixin). */
export const requestContext = new AsyncLocalStorage<{ req: TrackedRequest }>();

export const REQUEST_ID_HEADER = 'X-Request-Id';
/** A request id a client or proxy may choose: a short token that cannot forge log lines or fields. */
const SANE_REQUEST_ID = /^[A-Za-z0-9._-]{1,128}$/;

/** The incoming X-Request-Id when it is a sane token, else a new UUID. */
export function requestIdOf(header: string | string[] | undefined): string {
  const value = Array.isArray(header) ? header[0] : header;
  return value !== undefined && SANE_REQUEST_ID.test(value) ? value : randomUUID();
}

/**
 * The route template a request matched, e.g. `/api/author/papers/:paperId` — never the URL, whose ids and
 * query strings (reset tokens, search terms) must stay out of logs and metric labels. Requests answered
 * before reaching a route: `(unmatched)` under /api and /metrics (404s, malformed bodies, refusals while
 * shutting down), `(static)` elsewhere (the front ends' files).
 */
export function routeTemplateOf(req: Request): string {
  const path = (req.route as { path?: unknown } | undefined)?.path;
  // '*path': Nest's not-found handler under /api (a 404 for a path no route has)
  if (typeof path === 'string' && path !== '*path') return `${req.baseUrl ?? ''}${path}`;
  return /^\/(api|metrics)([/?]|$)/.test(req.originalUrl ?? req.url) ? '(unmatched)' : '(static)';
}

/** One request, once it has ended (answered, or the client left first). */
export interface EndedRequest {
  id: string;
  method: string;
  route: string;
  /** The status sent, or 0 when the client left before the answer was complete. */
  status: number;
  seconds: number;
  userId?: number;
  impersonatorId?: number;
}

export interface RequestObserver {
  started(req: TrackedRequest): void;
  ended(req: TrackedRequest, ended: EndedRequest): void;
}

/**
 * The first middleware: gives the request its id (X-Request-Id, sent back in the answer), tells the
 * observers (logs, metrics) when it starts and ends, and serves the rest of it inside requestContext so that
 * every log line of the request carries its id.
 */
export function trackRequests(observers: RequestObserver[]): RequestHandler {
  return (request: Request, res: Response, next: NextFunction) => {
    const req = request as TrackedRequest;
    req.id = requestIdOf(req.headers['x-request-id']);
    res.setHeader(REQUEST_ID_HEADER, req.id);
    const t0 = process.hrtime.bigint();
    for (const o of observers) o.started(req);
    let done = false;
    const end = () => {
      if (done) return;
      done = true;
      const ended: EndedRequest = {
        id: req.id,
        method: req.method,
        route: routeTemplateOf(req),
        status: res.writableFinished ? res.statusCode : 0,
        seconds: Number(process.hrtime.bigint() - t0) / 1e9,
        userId: req.user?.id,
        impersonatorId: req.user?.impersonatorId,
      };
      for (const o of observers) o.ended(req, ended);
    };
    res.once('finish', end);
    res.once('close', end);
    requestContext.run({ req }, next);
  };
}
