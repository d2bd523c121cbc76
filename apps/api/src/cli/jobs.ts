/**
 * npm run jobs -- COMMAND: the operators' tool for the scheduled reminders, on PostgreSQL (DATABASE_URL) or
 * the embedded database (DATA_DIR). Run `npm run jobs -- help` for the commands. While the server holds the
 * embedded database, the command runs in the server (asked through the socket JobsControlSocket listens on).
 */
import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { connect } from 'node:net';
import { AppModule } from '../app.module.js';
import { ConfigError, loadConfig } from '../config/config.js';
import { DataDirInUseError, databaseOptionsOf, openDatabase } from '../database/database.js';
import {
  JOBS_USAGE,
  JobsUsageError,
  parseJobsArgs,
  runJobsCommand,
  type JobsOutcome,
} from '../modules/jobs/jobs-commands.js';
import { jobsSocketPath } from '../modules/jobs/jobs-control.socket.js';
import { RemindersService } from '../modules/jobs/reminders.service.js';

/** The outcome from the server listening on `path`, or null when no server answers there. */
function askServer(path: string, argv: string[]): Promise<JobsOutcome | null> {
  return new Promise((resolve, reject) => {
    let text = '';
    const socket = connect(path);
    socket.setEncoding('utf8');
    socket.setTimeout(120_000, () =>
      socket.destroy(new Error('The server did not answer within 2 minutes.')),
    );
    socket.on('connect', () => socket.write(`${JSON.stringify({ argv })}\n`));
    socket.on('data', (chunk: string) => (text += chunk));
    socket.on('error', (e: NodeJS.ErrnoException) =>
      ['ENOENT', 'ECONNREFUSED', 'ENOTSOCK'].includes(e.code ?? '') ? resolve(null) : reject(e),
    );
    socket.on('end', () => {
      try {
        resolve(JSON.parse(text) as JobsOutcome);
      } catch {
        reject(new Error('The server answered something else than a command outcome.'));
      }
    });
  });
}

async function main(argv: string[]): Promise<JobsOutcome> {
  // usage mistakes are told before any database is opened
  if (!parseJobsArgs(argv)) return { code: argv.length ? 0 : 1, out: JOBS_USAGE, err: '' };

  // The tool signs no tokens: on PostgreSQL it does not need the servers' JWT_SECRET.
  const env = { ...process.env };
  if (env.DATABASE_URL && !env.JWT_SECRET) env.JWT_SECRET = 'jobs-cli-signs-no-tokens-'.padEnd(40, '-');
  const config = { ...loadConfig(env), serveApps: false, runJobs: false };
  let handle;
  try {
    handle = await openDatabase(databaseOptionsOf(config));
  } catch (e) {
    if (!(e instanceof DataDirInUseError) || config.databaseUrl) throw e;
    // the server holds the embedded database: it runs the command for us
    const outcome = await askServer(jobsSocketPath(config.dataDir), argv);
    if (outcome) return outcome;
    throw new DataDirInUseError(
      `${e.message}\nThat process does not take commands (a server older than this tool, or not a server): ` +
        'stop it and run this again, or use the chair console (E-mail → Reminders), which lists, previews, ' +
        'runs, pauses and resumes the same rules.',
    );
  }
  const app = await NestFactory.createApplicationContext(AppModule.create(config, handle), {
    logger: ['error', 'warn'],
  });
  try {
    return await runJobsCommand(app.get(RemindersService), argv);
  } finally {
    await app.close();
  }
}

main(process.argv.slice(2)).then(
  ({ code, out, err }) => {
    if (out) console.log(out);
    if (err) console.error(err);
    process.exit(code);
  },
  (e: unknown) => {
    if (e instanceof JobsUsageError) console.error(`${e.message}\n\n${JOBS_USAGE}`);
    else if (e instanceof ConfigError || e instanceof DataDirInUseError) console.error(e.message);
    else console.error(e);
    process.exit(1);
  },
);
