import { Logger, type INestApplication } from '@nestjs/common';
import type { Server } from 'node:http';
import type { NextFunction, Request, Response } from 'express';
import { createApp } from './app.factory.js';
import { AppLogger } from './common/app-logger.js';
import { ConfigError, loadConfig } from './config/config.js';
import { DataDirInUseError, databaseOptionsOf, openDatabase } from './database/database.js';
import { StartupService } from './modules/demo/startup.service.js';

async function main(): Promise<void> {
  const config = loadConfig();
  const handle = await openDatabase(databaseOptionsOf(config));
  const drain = new Drain(config.shutdownDrainMs ?? 10_000);
  const app = await createApp(config, {
    handle,
    logger: new AppLogger(config.logLevel, { format: config.logFormat }),
    first: [drain.middleware],
  });
  const report = await app.get(StartupService).prepare(handle.kind === 'pglite' && config.demoData);
  await app.listen(config.port);
  const logger = new Logger('Symposium');
  for (const signal of ['SIGTERM', 'SIGINT'] as const)
    process.once(signal, () => void drain.stop(app, signal, logger));
  logger.log(
    `Serving on ${config.publicUrl} (database: ${handle.kind === 'pglite' ? `embedded, ${config.dataDir}` : 'PostgreSQL'})`,
  );
  logger.log(
    `Author app: ${config.publicUrl}/   Chair console: ${config.publicUrl}/chair/   API docs: ${config.publicUrl}/api/docs`,
  );
  for (const line of report) logger.log(line);
}

/**
 * Graceful stop: take no new requests (a request that arrives now is read and answered 503), let the
 * requests in flight finish (at most SHUTDOWN_DRAIN_MS), close the listener and the connections, then close the
 * app (the outbox dispatcher, the scheduler, the browser and the database stop in its shutdown hooks) and
 * exit 0.
 */
class Drain {
  /** drainMs: how long in-flight requests may take to finish after SIGTERM before their connections are cut. */
  constructor(private readonly drainMs: number) {}

  private stopping = false;
  private inFlight = 0;

  readonly middleware = (req: Request, res: Response, next: NextFunction): void => {
    // Every request counts until its answer is sent, including one refused with 503 while its body is still
    // arriving: cutting connections before that answer is out would reset the client.
    this.inFlight++;
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      this.inFlight--;
    };
    res.on('finish', finish);
    res.on('close', finish);
    if (this.stopping) {
      // Read the body first: answering while the client still sends it would reset its connection.
      const answer = () => {
        res.setHeader('Connection', 'close');
        res.status(503).json({
          statusCode: 503,
          code: 'server.shutting_down',
          message: 'The server is restarting. Please try again in a moment.',
        });
      };
      if (req.complete) answer();
      else {
        req.once('end', answer);
        req.resume();
      }
      return;
    }
    next();
  };

  async stop(app: INestApplication, signal: string, logger: Logger): Promise<void> {
    if (this.stopping) return;
    this.stopping = true;
    const t0 = Date.now();
    logger.log(`${signal}: no new requests; finishing ${this.inFlight} request(s) in flight`);
    const server = app.getHttpServer() as Server;
    // The listener stays open while requests finish: connections the kernel already accepted but the
    // process had not picked up yet get a 503 instead of a reset.
    const drained = () => this.inFlight === 0 || Date.now() - t0 >= this.drainMs;
    while (!drained()) await new Promise((r) => setTimeout(r, 50));
    // Nothing is running now: stop listening and close the idle keep-alive connections. A connection still
    // sending a request keeps going: that request is answered 503 with Connection: close, which ends it.
    // Only what is left at the drain deadline is cut.
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    server.closeIdleConnections();
    const deadline = setTimeout(
      () => {
        if (this.inFlight > 0)
          logger.warn(
            `${this.inFlight} request(s) still running after ${this.drainMs} ms: closing their connections`,
          );
        server.closeAllConnections();
      },
      Math.max(0, this.drainMs - (Date.now() - t0)),
    );
    await closed;
    clearTimeout(deadline);
    await app.close();
    logger.log(`Stopped in ${Date.now() - t0} ms`);
    process.exit(0);
  }
}

main().catch((e: unknown) => {
  if (e instanceof ConfigError || e instanceof DataDirInUseError) {
    console.error(e.message);
  } else {
    console.error(e);
  }
  process.exit(1);
});
