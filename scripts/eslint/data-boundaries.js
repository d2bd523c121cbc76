/**
 * Local ESLint rules of the data boundaries (issue 22 item 2, see eslint.config.js): which tables a file's
 * SQL text names, that the read side never writes and imports only tables, and that services hold no SQL.
 * A plugin rather than no-restricted-syntax / no-restricted-imports entries, so that these checks do not
 * replace (flat config keeps the last setting of a rule) the module boundaries and error-code selectors
 * configured for the same files.
 */
import { readdirSync, readFileSync } from 'node:fs';

/** The SQL names of the tables declared by a module folder's `*.table.ts` files (`pgTable('name'`). */
export function tableNamesOf(folder) {
  return readdirSync(folder)
    .filter((f) => f.endsWith('.table.ts'))
    .flatMap((f) => [...readFileSync(new URL(f, folder), 'utf8').matchAll(/pgTable\(\s*['"]([\w]+)['"]/g)])
    .map((m) => m[1]);
}

const isSqlTag = (tag) =>
  (tag.type === 'Identifier' && tag.name === 'sql') ||
  (tag.type === 'MemberExpression' && tag.object.type === 'Identifier' && tag.object.name === 'sql');

/** A value import (not `import type`, not only `type` specifiers). */
const importsValues = (node) =>
  node.importKind !== 'type' &&
  (node.specifiers.length === 0 || node.specifiers.some((s) => s.importKind !== 'type'));

const sqlNamesOwnTables = {
  meta: {
    type: 'problem',
    schema: [
      {
        type: 'object',
        properties: { tables: { type: 'array', items: { type: 'string' } }, message: { type: 'string' } },
        additionalProperties: false,
      },
    ],
  },
  create(context) {
    const { tables = [], message = 'names a table it does not own' } = context.options[0] ?? {};
    if (!tables.length) return {};
    const names = new RegExp(`\\b(${tables.join('|')})\\b`);
    const check = (node, text) => {
      const found = names.exec(text);
      if (found) context.report({ node, message: `SQL text '${found[1]}': ${message}` });
    };
    return {
      TaggedTemplateExpression(node) {
        if (!isSqlTag(node.tag)) return;
        for (const q of node.quasi.quasis) check(q, q.value.cooked ?? q.value.raw);
      },
      // sql.raw('…') and sql.identifier('…') with a literal
      CallExpression(node) {
        if (!isSqlTag(node.callee) || node.callee.type !== 'MemberExpression') return;
        const [arg] = node.arguments;
        if (arg?.type === 'Literal' && typeof arg.value === 'string') check(arg, arg.value);
      },
    };
  },
};

const readsNeverWrite = {
  meta: { type: 'problem', schema: [] },
  create(context) {
    return {
      MemberExpression(node) {
        if (node.computed || node.property.type !== 'Identifier') return;
        if (['insert', 'update', 'delete', 'execute'].includes(node.property.name))
          context.report({
            node: node.property,
            message: `The read side never writes nor runs raw SQL (.${node.property.name}): use the query builder with typed columns.`,
          });
      },
    };
  },
};

/** reads/ imports only database/, common/, other reads and `*.table` files (types from anywhere but services and repositories). */
const readsImports = {
  meta: { type: 'problem', schema: [] },
  create(context) {
    return {
      ImportDeclaration(node) {
        const from = node.source.value;
        if (!from.startsWith('.')) return;
        if (/\.(service|repository)(\.js)?$/.test(from))
          return context.report({ node, message: 'A read never imports a service or repository.' });
        const allowed =
          /^\.\.\/(database|common)\//.test(from) || /^\.\//.test(from) || /\.table(\.js)?$/.test(from);
        if (!allowed && importsValues(node))
          context.report({
            node,
            message: 'A read imports values only from database/, common/, reads/ and `*.table` files.',
          });
      },
    };
  },
};

const noSqlInServices = {
  meta: { type: 'problem', schema: [] },
  create(context) {
    return {
      ImportDeclaration(node) {
        const from = node.source.value;
        if (!importsValues(node)) return;
        if (from === 'drizzle-orm' || from.startsWith('drizzle-orm/'))
          context.report({
            node,
            message: "A service holds no SQL: move the query into the module's repository.",
          });
        else if (/\.table(\.js)?$/.test(from))
          context.report({ node, message: 'A service holds no SQL: it imports no table (types only).' });
      },
    };
  },
};

const noSchemaImport = {
  meta: { type: 'problem', schema: [] },
  create(context) {
    return {
      ImportDeclaration(node) {
        if (/(^|\/)database\/schema(\.js)?$/.test(node.source.value))
          context.report({
            node,
            message: 'A module imports its own tables (its `*.table.ts`), never the schema of every module.',
          });
      },
    };
  },
};

export default {
  meta: { name: 'data-boundaries' },
  rules: {
    'sql-names-own-tables': sqlNamesOwnTables,
    'reads-never-write': readsNeverWrite,
    'reads-imports': readsImports,
    'no-sql-in-services': noSqlInServices,
    'no-schema-import': noSchemaImport,
  },
};
