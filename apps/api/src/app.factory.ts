import 'reflect-metadata';
import type { INestApplication, LogLevel } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import cookieParser from 'cookie-parser';
import express, { type NextFunction, type Request, type RequestHandler, type Response } from 'express';
import helmet from 'helmet';
import { existsSync, statSync } from 'node:fs';
import { dirname, extname, join, posix, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { AppModule } from './app.module.js';
import { AppLogger, logRequests } from './common/app-logger.js';
import { requestContext, trackRequests } from './common/request-context.js';
import { AllExceptionsFilter } from './common/exception.filter.js';
import { jsonWithoutETagForWrites } from './common/json-answers.js';
import { JSON_BODY_LIMIT, refuseNonObjectBody, refuseNul, verifyJsonDepth } from './common/request-limits.js';
import { createValidationPipe } from './common/validation.js';
import type { AppConfig } from './config/config.js';
import { databaseOptionsOf, openDatabase, type DatabaseHandle } from './database/database.js';
import { metricsEndpoint } from './modules/metrics/metrics.endpoint.js';
import { MetricsService } from './modules/metrics/metrics.service.js';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
/** The built front ends; AUTHOR_APP_DIR / CHAIR_APP_DIR point elsewhere (a build in a temporary directory). */
export const AUTHOR_APP_DIR = process.env.AUTHOR_APP_DIR || join(ROOT, 'apps/author-web/dist');
export const CHAIR_APP_DIR = process.env.CHAIR_APP_DIR || join(ROOT, 'apps/chair-web/dist');

export interface CreateAppOptions {
  handle?: DatabaseHandle;
  /**
   * The process logger (main.ts: LOG_LEVEL and LOG_FORMAT; a test: its own destination), or the levels of
   * one writing JSON lines to standard output (default error, warn, log); false: nothing logged.
   */
  logger?: false | LogLevel[] | AppLogger;
  /** Middleware that runs before everything else (main.ts: refusing requests while shutting down). */
  first?: RequestHandler[];
}

/** Builds the whole application (used by main.ts and by the API and browser tests). */
export async function createApp(config: AppConfig, opts: CreateAppOptions = {}): Promise<INestApplication> {
  const handle = opts.handle ?? (await openDatabase(databaseOptionsOf(config)));
  const logger =
    opts.logger instanceof AppLogger
      ? opts.logger
      : AppLogger.forLevels(opts.logger ?? ['error', 'warn', 'log'], { format: config.logFormat });
  const app = await NestFactory.create<NestExpressApplication>(AppModule.create(config, handle), {
    logger,
    bodyParser: false,
  });
  // X-Forwarded-For is believed only from the configured proxies (none by default: req.ip is the peer).
  app.set('trust proxy', config.trustedProxies?.length ? config.trustedProxies : false);
  // Before everything: the request id, the request's log line and its metrics (a 503 while stopping too).
  const metrics = app.get(MetricsService);
  app.use(trackRequests([metrics, logRequests(logger.pino)]));
  // The request context (AsyncLocalStorage) watches every async operation of the process while enabled; end
  // that with the app (a test process builds hundreds of apps: each module instance would stay enabled).
  const close = app.close.bind(app);
  app.close = async () => {
    try {
      await close();
    } finally {
      requestContext.disable();
    }
  };
  for (const handler of opts.first ?? []) app.use(handler);
  app.use(jsonWithoutETagForWrites);
  app.use(express.json({ limit: JSON_BODY_LIMIT, verify: verifyJsonDepth }));
  app.use(express.urlencoded({ limit: JSON_BODY_LIMIT, extended: false }));
  app.use(refuseNul);
  app.use(refuseNonObjectBody);
  app.use(
    helmet({
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'blob:'],
          fontSrc: ["'self'", 'data:'],
          scriptSrc: ["'self'"],
          objectSrc: ["'none'"],
          frameAncestors: ["'self'"],
        },
      },
    }),
  );
  app.use(cookieParser());
  // Prometheus's conventional path, outside /api (and before the front ends, which answer every other path).
  (app.getHttpAdapter().getInstance() as express.Express).get(
    '/metrics',
    metricsEndpoint(metrics, config.metricsToken),
  );
  app.setGlobalPrefix('api');
  app.useGlobalPipes(createValidationPipe());
  app.useGlobalFilters(new AllExceptionsFilter());

  // The OpenAPI document is built on the first request for it (/api/docs, /api/docs-json), not at start: it
  // walks every controller and DTO, about a third of a second of CPU that every process start (each API test
  // file, each instance behind the load balancer) paid for a page few open.
  SwaggerModule.setup('api/docs', app, () =>
    SwaggerModule.createDocument(
      app,
      new DocumentBuilder()
        .setTitle('Symposium API')
        .setDescription('Conference paper submission, review and programme system')
        .addBearerAuth()
        .build(),
    ),
  );

  if (config.serveApps) serveFrontEnds(app);
  await app.init();
  return app;
}

/** Hashed build output: its name changes with its content, so a browser keeps it for a year unasked. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** index.html (and every client-side route): kept, but revalidated (ETag / Last-Modified) before each use. */
const REVALIDATE = 'no-cache';
/** Files with pre-compressed variants beside them (scripts/compress-assets.js, run by the vite builds). */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|map|xml|webmanifest)$/;
const ENCODINGS = [
  { name: 'br', ext: '.br' },
  { name: 'gzip', ext: '.gz' },
] as const;

/** The encodings Accept-Encoding allows (q > 0), by name; `*` stands for any not named. */
function acceptedEncodings(header: string | undefined): Set<string> {
  const named = new Map<string, number>();
  for (const part of (header ?? '').split(',')) {
    const [token, ...params] = part.trim().toLowerCase().split(';');
    if (!token) continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const value = q ? Number(q.slice(2)) : 1;
    named.set(token, Number.isFinite(value) ? value : 0);
  }
  const star = named.get('*') ?? 0;
  return new Set(ENCODINGS.map((e) => e.name).filter((n) => (named.get(n) ?? star) > 0));
}

function isFile(path: string): boolean {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

/**
 * One built front end: hashed assets under /assets (immutable for a year; a missing one is a 404, never
 * index.html), other files of the build, and index.html for every other path (the client-side routes),
 * revalidated. A file's .br or .gz variant is sent instead when the request accepts it (Vary: Accept-Encoding).
 */
function frontEnd(dir: string): RequestHandler {
  const root = resolve(dir);
  const index = join(root, 'index.html');
  const send = (req: Request, res: Response, next: NextFunction, file: string, cacheControl: string) => {
    let body = file;
    if (COMPRESSIBLE.test(file)) {
      res.vary('Accept-Encoding');
      const accepted = acceptedEncodings(req.headers['accept-encoding']);
      const variant = ENCODINGS.find((e) => accepted.has(e.name) && isFile(file + e.ext));
      if (variant) {
        body = file + variant.ext;
        res.setHeader('Content-Encoding', variant.name);
      }
    }
    res.type(extname(file));
    res.setHeader('Cache-Control', cacheControl);
    // send: Content-Length, ETag and Last-Modified of the bytes sent, 304 when fresh, no body for HEAD
    res.sendFile(body, { cacheControl: false, dotfiles: 'allow' }, (error?: Error) => {
      if (!error || res.headersSent) return;
      res.removeHeader('Content-Encoding');
      next(error);
    });
  };
  return (req: Request, res: Response, next: NextFunction) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || /^\/api(\/|$)/.test(req.path)) return next();
    if (!existsSync(index)) return next();
    let path: string;
    try {
      path = decodeURIComponent(req.path);
    } catch {
      res.status(400).json({ statusCode: 400, message: 'Malformed URL path' });
      return;
    }
    // Never a dotfile, a path outside the build or a NUL; such paths are client-side routes like any other.
    const rel = posix.normalize('/' + path);
    const file = resolve(root, '.' + rel);
    const inside = file.startsWith(root + sep) && !rel.includes('\0') && !/\/\./.test(rel);
    if (/^\/assets\//.test(rel)) {
      if (inside && isFile(file)) return send(req, res, next, file, IMMUTABLE);
      res.status(404).type('text/plain').setHeader('Cache-Control', REVALIDATE).send('Not found');
      return;
    }
    if (inside && file !== index && isFile(file) && !/\.(br|gz)$/.test(file))
      return send(req, res, next, file, REVALIDATE);
    send(req, res, next, index, REVALIDATE);
  };
}

/** Author app at /, chair console at /chair/, each with its index.html for client-side routes. */
function serveFrontEnds(app: NestExpressApplication): void {
  const chair = frontEnd(CHAIR_APP_DIR);
  const author = frontEnd(AUTHOR_APP_DIR);
  app.use('/chair', chair);
  app.use((req: Request, res: Response, next: NextFunction) =>
    /^\/(api|chair)(\/|$)/.test(req.path) ? next() : author(req, res, next),
  );
}
