// Jest projects: unit (pure + services), db (PGlite), api (HTTP over the whole app), browser (Chromium),
// journey, cluster (API processes behind haproxy).
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';

// In-memory embedded databases start from a migrated template instead of initdb + every migration (about
// 1.5 s of CPU instead of 4.5 s each; apps/api/src/database/pglite-template.ts). Set here, so every worker
// inherits it.
process.env.SYMPOSIUM_PGLITE_TEMPLATES ??= join(tmpdir(), 'symposium-pglite-templates');
const swc = [
  '@swc/jest',
  {
    jsc: {
      target: 'es2022',
      parser: { syntax: 'typescript', decorators: true, tsx: true },
      transform: { legacyDecorator: true, decoratorMetadata: true, react: { runtime: 'automatic' } },
      keepClassNames: true,
      // `import list from 'x.json' with { type: 'json' }` keeps its attribute (Node requires it).
      experimental: { keepImportAttributes: true },
    },
    module: { type: 'es6' },
    sourceMaps: true,
  },
];
const common = {
  extensionsToTreatAsEsm: ['.ts', '.tsx'],
  transform: { '^.+\\.(t|j)sx?$': swc },
  transformIgnorePatterns: ['/node_modules/'],
  moduleNameMapper: {
    '^@symposium/domain$': '<rootDir>/libs/domain/src/index.ts',
    '^@symposium/domain/assignment/worker$': '<rootDir>/libs/domain/src/assignment/worker.ts',
    '^@symposium/domain/programme/builder-worker$': '<rootDir>/libs/domain/src/programme/builder-worker.ts',
    '^(\\.{1,2}/.*)\\.js$': '$1',
  },
  testEnvironment: 'node',
  rootDir: '.',
};
export default {
  projects: [
    { ...common, displayName: 'unit', testMatch: ['<rootDir>/{libs,apps}/**/*.spec.ts'] },
    { ...common, displayName: 'db', testMatch: ['<rootDir>/apps/**/*.db-spec.ts'] },
    { ...common, displayName: 'api', testMatch: ['<rootDir>/test/api/**/*.e2e-spec.ts'] },
    { ...common, displayName: 'browser', testMatch: ['<rootDir>/test/browser/**/*.browser-spec.ts'] },
    { ...common, displayName: 'journey', testMatch: ['<rootDir>/test/journey/**/*.journey-spec.ts'] },
    // Several built API processes behind haproxy on PostgreSQL (npm run test:cluster; npm run build first).
    { ...common, displayName: 'cluster', testMatch: ['<rootDir>/test/cluster/**/*.cluster-spec.ts'] },
  ],
  testTimeout: 60000,
  // Two workers at least: jest's default on a 2-core machine is one, which runs a pass in band in one process
  // that grew to 3–4 GB over the API suite and slowed every later file (API pass on PGlite: about 19 minutes in
  // band, 11 with two workers). Each test file has its own database and files, so files run side by side; a
  // worker above 1.5 GB is replaced between files. The browser, journey and cluster passes run --runInBand
  // (package.json): Chromium and the API servers they start need the cores.
  maxWorkers: Math.max(2, availableParallelism() - 1),
  workerIdleMemoryLimit: '1536MB',
};
