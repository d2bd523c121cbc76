import { Logger } from '@nestjs/common';
import { createApp } from './app.factory.js';
import { ConfigError, loadConfig } from './config/config.js';
import { DataDirInUseError, openDatabase } from './database/database.js';
import { StartupService } from './modules/demo/startup.service.js';

async function main(): Promise<void> {
  const config = loadConfig();
  const handle = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  const app = await createApp(config, { handle });
  const report = await app.get(StartupService).prepare(handle.kind === 'pglite' && config.demoData);
  await app.listen(config.port);
  const logger = new Logger('Symposium');
  logger.log(
    `Serving on ${config.publicUrl} (database: ${handle.kind === 'pglite' ? `embedded, ${config.dataDir}` : 'PostgreSQL'})`,
  );
  logger.log(
    `Author app: ${config.publicUrl}/   Chair console: ${config.publicUrl}/chair/   API docs: ${config.publicUrl}/api/docs`,
  );
  for (const line of report) logger.log(line);
}

main().catch((e: unknown) => {
  if (e instanceof ConfigError || e instanceof DataDirInUseError) {
    console.error(e.message);
  } else {
    console.error(e);
  }
  process.exit(1);
});
