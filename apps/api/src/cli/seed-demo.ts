/**
 * npm run seed:demo — loads the demo conference into an empty database (PostgreSQL via DATABASE_URL, or
 * the embedded one in DATA_DIR) and prints the sign-in addresses and generated passwords.
 */
import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { AppModule } from '../app.module.js';
import { ConfigError, loadConfig } from '../config/config.js';
import { DataDirInUseError, databaseOptionsOf, openDatabase } from '../database/database.js';
import { DemoSeeder } from '../modules/demo/demo-seeder.service.js';

async function main(): Promise<number> {
  const config = { ...loadConfig(), serveApps: false, runJobs: false };
  const handle = await openDatabase(databaseOptionsOf(config));
  const app = await NestFactory.createApplicationContext(AppModule.create(config, handle), {
    logger: ['error', 'warn'],
  });
  try {
    const lines = await app.get(DemoSeeder).seed();
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
