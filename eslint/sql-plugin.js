// `arbor/sql-in-repositories`: in the server, SQL is written only in repositories (ARCHITECTURE.md: "repository
// (all SQL)"). A Kysely statement — `.selectFrom(`, `.insertInto(`, `.updateTable(`, `.deleteFrom(`,
// `.replaceInto(`, `.mergeInto(`, a `.with(` on a db/trx — or Kysely's `sql` tag (`sql\`…\``, `sql<T>\`…\``,
// `sql.raw(…)`, …) is refused in any other file.
//
// Where SQL may be written:
// - `*.repository.ts`: every module's (and lib's) statements;
// - `apps/server/src/db/**`: the database layer itself — the migrations (frozen, written with the schema
//   builder), the migrator, the per-dialect connection and its helpers. It is infrastructure under every
//   repository, never feature code;
// - tests and test helpers (`*.test.ts`, `*.testing.ts`, `testing/`): they arrange and inspect rows directly.
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const relative = (file) => path.relative(root, file).split(path.sep).join('/');

const SERVER_SOURCE = /^apps\/server\/src\//;
const MAY_WRITE_SQL = [/\.repository\.ts$/, /^apps\/server\/src\/db\//, /\.(test|testing)\.ts$/, /\/testing(\/|\.ts$)/];

const STATEMENTS = new Set(['selectFrom', 'insertInto', 'updateTable', 'deleteFrom', 'replaceInto', 'mergeInto']);
/** `.with(` is also an array and a map method: it counts only on something named like a database or transaction. */
const DATABASE_NAME = /^(db|trx|tx|transaction|executor|kysely|connection)$/i;

/** The last name of `db`, `deps.db`, `this.db`, else null. */
function receiverName(node) {
  if (node.type === 'Identifier') return node.name;
  if (node.type === 'MemberExpression' && !node.computed && node.property.type === 'Identifier')
    return node.property.name;
  return null;
}

const isSqlTag = (node) => node.type === 'Identifier' && node.name === 'sql';

const sqlInRepositories = {
  meta: {
    type: 'problem',
    docs: { description: 'SQL only in repositories (and the db/ layer, tests)' },
    messages: {
      statement: 'SQL belongs in a *.repository.ts: move this `.{{method}}(` statement into one and call it.',
      tag: 'SQL belongs in a *.repository.ts: move this `sql` expression into one and call it.',
    },
    schema: [],
  },
  create(context) {
    const file = relative(context.physicalFilename);
    if (!SERVER_SOURCE.test(file) || MAY_WRITE_SQL.some((allowed) => allowed.test(file))) return {};
    return {
      CallExpression(node) {
        const callee = node.callee;
        if (callee.type !== 'MemberExpression' || callee.computed || callee.property.type !== 'Identifier') return;
        const method = callee.property.name;
        if (isSqlTag(callee.object)) {
          context.report({ node, messageId: 'tag' });
          return;
        }
        const counts =
          STATEMENTS.has(method) || (method === 'with' && DATABASE_NAME.test(receiverName(callee.object) ?? ''));
        if (counts) context.report({ node: callee.property, messageId: 'statement', data: { method } });
      },
      TaggedTemplateExpression(node) {
        if (isSqlTag(node.tag)) context.report({ node, messageId: 'tag' });
      },
    };
  },
};

export default {
  meta: { name: 'arbor-sql' },
  rules: { 'sql-in-repositories': sqlInRepositories },
};
