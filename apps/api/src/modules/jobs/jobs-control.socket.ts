import { Inject, Injectable, Logger, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { chmodSync, rmSync } from 'node:fs';
import { createServer, type Server, type Socket } from 'node:net';
import { join } from 'node:path';
import { APP_CONFIG, type AppConfig } from '../../config/config.js';
import { runJobsCommand, type JobsOutcome } from './jobs-commands.js';
import { RemindersService } from './reminders.service.js';

/** The socket in DATA_DIR through which `npm run jobs` asks the server that holds the embedded database. */
export const jobsSocketPath = (dataDir: string) => join(dataDir, 'symposium-jobs.sock');

/** A request is one JSON line: `{"argv": ["dry-run", "3"]}`; the answer one JSON line: a JobsOutcome. */
const MAX_REQUEST = 64 * 1024;

/**
 * The embedded database (PGlite in DATA_DIR) can be opened by one process only, so while the server runs,
 * `npm run jobs` cannot open it. The server (config.runJobs, on the embedded database) therefore listens on a
 * Unix socket in DATA_DIR, readable and writable by its own user only (the same people who can read the
 * database files), and runs the tool's commands for it: the same parsing, the same RemindersService, the
 * same output. PostgreSQL needs none of this (the tool opens the database beside the servers).
 */
@Injectable()
export class JobsControlSocket implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('JobsControlSocket');
  private server: Server | null = null;
  private path: string | null = null;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly reminders: RemindersService,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (!this.config.runJobs || this.config.databaseUrl || this.config.inMemoryDatabase) return;
    const path = jobsSocketPath(this.config.dataDir);
    // this process holds DATA_DIR's lock: a socket file left there is a crashed server's
    rmSync(path, { force: true });
    const server = createServer((socket) => this.serve(socket));
    try {
      await new Promise<void>((ok, fail) => {
        server.once('error', fail);
        server.listen(path, () => ok());
      });
      chmodSync(path, 0o600);
    } catch (e) {
      this.logger.warn(`npm run jobs cannot reach this server (${path}): ${(e as Error).message}`);
      server.close();
      return;
    }
    this.server = server;
    this.path = path;
  }

  async onModuleDestroy(): Promise<void> {
    const server = this.server;
    this.server = null;
    if (server) await new Promise<void>((ok) => server.close(() => ok()));
    if (this.path) rmSync(this.path, { force: true });
  }

  private serve(socket: Socket): void {
    let text = '';
    socket.setEncoding('utf8');
    socket.on('error', () => socket.destroy());
    socket.on('data', (chunk: string) => {
      text += chunk;
      if (text.length > MAX_REQUEST)
        return this.answer(socket, { code: 1, out: '', err: 'Request too long.' });
      const end = text.indexOf('\n');
      if (end < 0) return;
      socket.removeAllListeners('data');
      void this.run(text.slice(0, end)).then((outcome) => this.answer(socket, outcome));
    });
  }

  private async run(line: string): Promise<JobsOutcome> {
    let argv: unknown;
    try {
      argv = (JSON.parse(line) as { argv?: unknown }).argv;
    } catch {
      argv = undefined;
    }
    if (!Array.isArray(argv) || !argv.every((a) => typeof a === 'string'))
      return { code: 1, out: '', err: 'Bad request: expected {"argv": [strings]}.' };
    try {
      return await runJobsCommand(this.reminders, argv as string[]);
    } catch (e) {
      this.logger.error(`npm run jobs ${argv.join(' ')} failed: ${(e as Error).stack ?? String(e)}`);
      return { code: 1, out: '', err: `The server could not run the command: ${(e as Error).message}` };
    }
  }

  private answer(socket: Socket, outcome: JobsOutcome): void {
    if (socket.destroyed) return;
    socket.end(`${JSON.stringify(outcome)}\n`);
  }
}
