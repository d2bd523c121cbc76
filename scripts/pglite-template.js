#!/usr/bin/env node
// Makes the migrated embedded-database template the test suites start their in-memory databases from
// (apps/api/src/database/pglite-template.ts), from the built API (npm run build first), before jest starts
// its workers: `npm test` runs it after the build, so no test file pays for it and no two workers make it at
// once. Without it a test file makes the template itself the first time. Prints the template's path.
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
/** The directory jest.config.js gives the tests (the same expression). */
process.env.SYMPOSIUM_PGLITE_TEMPLATES ??= join(tmpdir(), 'symposium-pglite-templates');
const dist = join(root, 'apps/api/dist/database');
if (!existsSync(join(dist, 'database.js'))) {
  console.error('pglite-template: apps/api/dist is missing: run npm run build first');
  process.exit(1);
}
const { openDatabase, MIGRATIONS_FOLDER } = await import(join(dist, 'database.js'));
const { pgliteTemplatePath } = await import(join(dist, 'pglite-template.js'));
const t0 = performance.now();
const handle = await openDatabase({ inMemory: true, pgliteThread: 'main' });
await handle.close();
const path = pgliteTemplatePath(process.env.SYMPOSIUM_PGLITE_TEMPLATES, MIGRATIONS_FOLDER);
if (!existsSync(path)) {
  console.error(`pglite-template: ${path} was not written`);
  process.exit(1);
}
console.log(`pglite-template: ${path} (${Math.round(performance.now() - t0)} ms)`);
