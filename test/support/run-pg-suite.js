#!/usr/bin/env node
// Runs the API suite a second time against a real PostgreSQL server (npm run test:api:pg).
// TEST_DATABASE_URL set: run it there (test/support/app.ts creates and drops a database per file).
// CI set without TEST_DATABASE_URL: fail — in CI the PostgreSQL pass must run, never be skipped.
// Neither: say that the pass was skipped and succeed (a developer machine without PostgreSQL).
import { spawnSync } from 'node:child_process';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const url = process.env.TEST_DATABASE_URL;
const ci =
  process.env.CI !== undefined &&
  process.env.CI !== '' &&
  process.env.CI !== 'false' &&
  process.env.CI !== '0';

if (!url) {
  if (ci) {
    console.error(
      'test:api:pg FAILED: CI is set but TEST_DATABASE_URL is not. In CI the API suite must also run on ' +
        'PostgreSQL: set TEST_DATABASE_URL=postgres://user@host:port/db (a database the user may CREATE DATABASE ' +
        'from), or run .ci/run, which provides one.',
    );
    process.exit(1);
  }
  console.log(
    'test:api:pg: PostgreSQL pass SKIPPED (TEST_DATABASE_URL is not set). ' +
      'Set TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test to run the API suite on PostgreSQL.',
  );
  process.exit(0);
}

if (!/^postgres(ql)?:\/\//.test(url)) {
  console.error(
    `test:api:pg FAILED: TEST_DATABASE_URL must start with postgres:// or postgresql://, got "${url}"`,
  );
  process.exit(1);
}

const shown = (() => {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return url;
  }
})();
console.log(`test:api:pg: running the API suite on PostgreSQL at ${shown}`);
const jest = join(root, 'node_modules/jest/bin/jest.js');
const run = spawnSync(
  process.execPath,
  [
    '--experimental-vm-modules',
    jest,
    '--selectProjects',
    'api',
    // Extra arguments (test paths, -t …) go after '--' so --selectProjects does not swallow them.
    ...(process.argv.length > 2 ? ['--', ...process.argv.slice(2)] : []),
  ],
  { cwd: root, stdio: 'inherit', env: process.env },
);
if (run.error) {
  console.error(`test:api:pg FAILED: could not start jest: ${run.error.message}`);
  process.exit(1);
}
process.exit(run.status ?? 1);
