/**
 * npm run seed:demo [-- --papers N] [-- --seed S] — loads the demo conference into an empty database
 * (PostgreSQL via DATABASE_URL, or the embedded one in DATA_DIR) and prints what it loaded, the sign-in
 * addresses and the generated passwords. The same seed and size give the same conference.
 */
import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { AppModule } from '../app.module.js';
import { ConfigError, loadConfig } from '../config/config.js';
import { DataDirInUseError, databaseOptionsOf, openDatabase } from '../database/database.js';
import { DemoSeeder } from '../modules/demo/demo-seeder.service.js';
import { parseSeedArgs, SEED_USAGE, UsageError } from './seed-demo-args.js';

async function main(): Promise<number> {
  let args;
  try {
    args = parseSeedArgs(process.argv.slice(2));
  } catch (e) {
    if (!(e instanceof UsageError)) throw e;
    if (e.message) console.error(e.message);
    console.error(SEED_USAGE);
    return e.message ? 2 : 0;
  }
  const config = { ...loadConfig(), serveApps: false, runJobs: false };
  const handle = await openDatabase(databaseOptionsOf(config));
  const app = await NestFactory.createApplicationContext(AppModule.create(config, handle), {
    // LOG_LEVEL=debug also shows how long each part of the demo took
    logger: config.logLevel === 'debug' ? ['error', 'warn', 'log', 'debug'] : ['error', 'warn'],
  });
  try {
    const lines = await app.get(DemoSeeder).seed(args);
    if (!lines) {
      console.error(
        'This database already has users, so the demo conference was not loaded ' +
          '(it is only loaded into an empty database; nothing was changed).',
      );
      return 1;
    }
    for (const line of lines) console.log(line);
    return 0;
  } finally {
    await app.close();
  }
}

main().then(
  (code) => process.exit(code),
  (e: unknown) => {
    console.error(e instanceof ConfigError || e instanceof DataDirInUseError ? e.message : e);
    process.exit(1);
  },
);
