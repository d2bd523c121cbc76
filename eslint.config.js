import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import dataBoundaries, { tableNamesOf } from './scripts/eslint/data-boundaries.js';

// The API modules, one folder each under apps/api/src/modules (read here so a new module is covered).
const API_MODULES = readdirSync(new URL('./apps/api/src/modules/', import.meta.url), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);

/**
 * A module owns its tables: no file of module `m` imports another module's `*.repository` or `*.table`
 * (SQL against them, or writing through them) — it asks that module's exported service instead, and takes
 * row types from it. Only `*.table.ts` files may import other modules' tables, for foreign-key references.
 */
const moduleBoundaries = API_MODULES.map((m) => ({
  files: [`apps/api/src/modules/${m}/**/*.ts`],
  ignores: ['**/*.table.ts'],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          {
            regex: `^(\\.\\./)+(?!(modules/)?${m}/)(modules/)?[\\w-]+/(.+/)?[\\w.-]+\\.(repository|table)(\\.js)?$`,
            message: `A module owns its tables: call that module's exported service (module '${m}' may not import another module's repository or table).`,
          },
        ],
      },
    ],
  },
}));

// Table files may import other modules' tables (foreign-key references), never their repositories.
moduleBoundaries.push(
  ...API_MODULES.map((m) => ({
    files: [`apps/api/src/modules/${m}/**/*.table.ts`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: `^(\\.\\./)+(?!(modules/)?${m}/)(modules/)?[\\w-]+/(.+/)?[\\w.-]+\\.repository(\\.js)?$`,
              message: `A table file references other tables only (module '${m}' may not import another module's repository).`,
            },
          ],
        },
      ],
    },
  })),
);

// Outside the modules the same holds, except the schema index (apps/api/src/database), which lists every
// table for migrations, and the read side (apps/api/src/reads, see readSide), which reads the tables.
moduleBoundaries.push({
  files: ['apps/api/src/**/*.ts'],
  ignores: ['apps/api/src/modules/**', 'apps/api/src/database/**', 'apps/api/src/reads/**'],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          {
            regex: '(^|/)modules/[\\w-]+/(.+/)?[\\w.-]+\\.(repository|table)(\\.js)?$',
            message: "A module owns its tables: call the module's exported service.",
          },
        ],
      },
    ],
  },
});

// The chair console's resources, one folder each under apps/chair-web/src/resources (read here so a new one
// is covered). A resource uses another resource only through that resource's `api/` folder (its queries,
// keys and mutations); shared screens parts live in apps/chair-web/src/components.
const CHAIR_RESOURCES = readdirSync(new URL('./apps/chair-web/src/resources/', import.meta.url), {
  withFileTypes: true,
})
  .filter((d) => d.isDirectory())
  .map((d) => d.name);

const chairResourceBoundaries = CHAIR_RESOURCES.map((r) => ({
  files: [`apps/chair-web/src/resources/${r}/**/*.{ts,tsx}`],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          {
            regex: `^(\\.\\./)+(resources/)?(?!${r}/)(${CHAIR_RESOURCES.join('|')})/(?!api/)`,
            message: `A resource uses another resource only through its api/ folder (resource '${r}').`,
          },
        ],
      },
    ],
  },
}));

/**
 * Errors have stable codes, declared once: a module's error codes and their factories live in its
 * `<module>.errors.ts`; elsewhere an error is raised through those factories, never with an inline code.
 * Codes shared by several modules (e.g. 'request.*') stay in apps/api/src/common.
 */
const ERROR_HELPERS = '/^(badRequest|notFound|conflict|forbidden|unauthorized|tooManyRequests)$/';
const INLINE_CODE_MESSAGE =
  "Declare the error code once in this module's <module>.errors.ts and call that factory here.";
const errorCodes = {
  files: ['apps/api/src/**/*.ts'],
  ignores: ['**/*.errors.ts', 'apps/api/src/common/**'],
  rules: {
    'no-restricted-syntax': [
      'error',
      {
        selector: `CallExpression[callee.name=${ERROR_HELPERS}][arguments.0.type=/^(Literal|TemplateLiteral)$/]`,
        message: INLINE_CODE_MESSAGE,
      },
      {
        selector: "NewExpression[callee.name='DomainError'][arguments.0.type=/^(Literal|TemplateLiteral)$/]",
        message: INLINE_CODE_MESSAGE,
      },
    ],
  },
};

/**
 * The declared read side (issue 22 item 2). Queries reading several modules' tables for one view live in
 * apps/api/src/reads, with Drizzle's typed columns. Here, per module (its table names read from the
 * `pgTable('name'` calls of its `*.table.ts` files, so a new table is covered): no file imports
 * database/schema, and no `sql` text names another module's table; a read never writes (no .insert,
 * .update, .delete, .execute), names no table in `sql` text and imports only database/, common/ and
 * `*.table` files; a service holds no SQL (no value import of drizzle-orm nor of a table).
 */
const TABLES_BY_MODULE = Object.fromEntries(
  API_MODULES.map((m) => [m, tableNamesOf(new URL(`./apps/api/src/modules/${m}/`, import.meta.url))]),
);
const readSide = [
  { files: ['apps/api/src/**/*.ts'], plugins: { data: dataBoundaries } },
  ...API_MODULES.map((m) => ({
    files: [`apps/api/src/modules/${m}/**/*.ts`],
    rules: {
      'data/no-schema-import': 'error',
      'data/sql-names-own-tables': [
        'error',
        {
          tables: API_MODULES.filter((o) => o !== m).flatMap((o) => TABLES_BY_MODULE[o]),
          message: `module '${m}' names another module's table in SQL: use a read of apps/api/src/reads or that module's service.`,
        },
      ],
    },
  })),
  // a read never writes (its db-spec seeds the rows it reads)
  {
    files: ['apps/api/src/reads/**/*.ts'],
    ignores: ['**/*.db-spec.ts'],
    rules: { 'data/reads-never-write': 'error' },
  },
  {
    files: ['apps/api/src/reads/**/*.ts'],
    rules: {
      'data/reads-imports': 'error',
      'data/sql-names-own-tables': [
        'error',
        {
          tables: Object.values(TABLES_BY_MODULE).flat(),
          message: 'a read names tables and columns through the typed table objects (${table.column}).',
        },
      ],
    },
  },
  {
    files: ['apps/api/src/**/*.service.ts'],
    rules: { 'data/no-sql-in-services': 'error' },
  },
];

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**', 'apps/api/drizzle/**', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: {
      parserOptions: {
        projectService: {
          allowDefaultProject: [
            '*.js',
            'bench/*.js',
            'scripts/lib/*.d.ts',
            'apps/api/drizzle.config.ts',
            'vite.apps.ts',
          ],
        },
        tsconfigRootDir: import.meta.dirname,
      },
      globals: { ...globals.node },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'off',
    },
  },
  {
    files: ['apps/author-web/**/*.tsx', 'apps/chair-web/**/*.tsx', 'libs/ui/**/*.tsx'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  { files: ['**/*.js', '**/*.cjs'], languageOptions: { globals: { ...globals.node } } },
  {
    files: ['apps/api/src/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      // the graph is followed through TypeScript sources (by default import-x only parses .js files)
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      // `.js` specifiers resolve to the `.ts` sources (NodeNext-style imports), so the graph is the real one
      'import-x/resolver-next': [
        createNodeResolver({
          extensions: ['.ts', '.tsx', '.js', '.json', '.node'],
          extensionAlias: { '.js': ['.ts', '.tsx', '.js'] },
        }),
      ],
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  ...moduleBoundaries,
  errorCodes,
  ...readSide,
  ...chairResourceBoundaries,
);
