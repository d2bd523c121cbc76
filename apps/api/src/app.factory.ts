import 'reflect-metadata';
import type { INestApplication, LoggerService } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import cookieParser from 'cookie-parser';
import express, { type NextFunction, type Request, type RequestHandler, type Response } from 'express';
import helmet from 'helmet';
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { AppModule } from './app.module.js';
import { AllExceptionsFilter } from './common/exception.filter.js';
import { JSON_BODY_LIMIT, refuseNul, verifyJsonDepth } from './common/request-limits.js';
import { createValidationPipe } from './common/validation.js';
import type { AppConfig } from './config/config.js';
import { openDatabase, type DatabaseHandle } from './database/database.js';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
/** The built front ends; AUTHOR_APP_DIR / CHAIR_APP_DIR point elsewhere (a build in a temporary directory). */
export const AUTHOR_APP_DIR = process.env.AUTHOR_APP_DIR || join(ROOT, 'apps/author-web/dist');
export const CHAIR_APP_DIR = process.env.CHAIR_APP_DIR || join(ROOT, 'apps/chair-web/dist');

export interface CreateAppOptions {
  handle?: DatabaseHandle;
  logger?: false | ('error' | 'warn' | 'log')[] | LoggerService;
  /** Middleware that runs before everything else (main.ts: refusing requests while shutting down). */
  first?: RequestHandler[];
}

/** Builds the whole application (used by main.ts and by the API and browser tests). */
export async function createApp(config: AppConfig, opts: CreateAppOptions = {}): Promise<INestApplication> {
  const handle =
    opts.handle ??
    (await openDatabase({
      databaseUrl: config.databaseUrl,
      dataDir: config.dataDir,
      inMemory: config.inMemoryDatabase,
    }));
  const app = await NestFactory.create<NestExpressApplication>(AppModule.create(config, handle), {
    logger: opts.logger ?? ['error', 'warn', 'log'],
    bodyParser: false,
  });
  app.set('trust proxy', 'loopback');
  for (const handler of opts.first ?? []) app.use(handler);
  app.use(express.json({ limit: JSON_BODY_LIMIT, verify: verifyJsonDepth }));
  app.use(express.urlencoded({ limit: JSON_BODY_LIMIT, extended: false }));
  app.use(refuseNul);
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
  app.setGlobalPrefix('api');
  app.useGlobalPipes(createValidationPipe());
  app.useGlobalFilters(new AllExceptionsFilter());

  const doc = SwaggerModule.createDocument(
    app,
    new DocumentBuilder()
      .setTitle('Symposium API')
      .setDescription('Conference paper submission, review and programme system')
      .addBearerAuth()
      .build(),
  );
  SwaggerModule.setup('api/docs', app, doc);

  if (config.serveApps) serveFrontEnds(app);
  await app.init();
  return app;
}

/** Author app at /, chair console at /chair/, each with its index.html for client-side routes. */
function serveFrontEnds(app: NestExpressApplication): void {
  const spa = (dir: string) => {
    const index = join(dir, 'index.html');
    return (req: Request, res: Response, next: NextFunction) => {
      if ((req.method !== 'GET' && req.method !== 'HEAD') || req.path.startsWith('/api')) return next();
      if (!existsSync(index)) return next();
      res.sendFile(index);
    };
  };
  app.use('/chair', express.static(CHAIR_APP_DIR, { index: false, maxAge: '1h' }), spa(CHAIR_APP_DIR));
  app.use((req: Request, res: Response, next: NextFunction) =>
    req.path.startsWith('/api') || req.path.startsWith('/chair')
      ? next()
      : express.static(AUTHOR_APP_DIR, { index: false })(req, res, next),
  );
  app.use((req: Request, res: Response, next: NextFunction) =>
    req.path.startsWith('/chair') ? next() : spa(AUTHOR_APP_DIR)(req, res, next),
  );
}
