import { sql, type Compilable, type Expression, type RawBuilder, type SelectQueryBuilder } from 'kysely';
import type { DB, Executor } from '../db/connection.ts';
import { reusableQuery } from '../db/reusable-query.ts';
import type { Database } from '../db/schema.ts';

/** What authenticating a token needs of its user: role, active flag and session version. */
export interface TokenUserRow {
  id: number;
  role: 'user' | 'admin';
  is_active: number;
  session_version: number;
}

const tokenUserById = reusableQuery(1, (db, id: number) =>
  db.selectFrom('users').select(['id', 'role', 'is_active', 'session_version']).where('id', '=', id),
);

/** What authenticating a token needs of its user: role, active flag and session version. */
export async function findTokenUser(db: DB, id: number): Promise<TokenUserRow | undefined> {
  return (await tokenUserById(db, id))[0];
}

/** A route's read of at most one row, with the token's user read in the same statement (`readWithSession`). */
export interface WithTokenUser<O> {
  /** the token's user (undefined when there is no such user) */
  tokenUser: TokenUserRow | undefined;
  /** the route's row (undefined when its read found none, or when there is no such user) */
  row: O | undefined;
}

const TOKEN_USER_PREFIX = 'token_user__';
const FOUND = 'read__found';
/** Which of a batch's reads a row answers (`withTokenUsers`), from 1. */
const INDEX = 'read__index';
const TOKEN_USER_COLUMNS = ['id', 'role', 'is_active', 'session_version'] as const;

/**
 * `read` (a select of at most one row, whose column names must not start with `token_user__`) and the lookup of
 * user `userId` as one statement: `select <user>, read.* from users left join (<read>) on true where users.id = ?`.
 * On PostgreSQL that is one round trip and one pool turn where a signed-in read took two. Its row goes through
 * `splitTokenUser`.
 */
export function withTokenUser(
  db: Executor,
  userId: number,
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any read's tables
  read: SelectQueryBuilder<Database, any, object>,
): Compilable<Record<string, unknown>> {
  const found = read.select(sql<number>`1`.as(FOUND)).as('read');
  return db
    .selectFrom('users as token_user')
    .leftJoin(found, (join) => join.onTrue())
    .select(TOKEN_USER_COLUMNS.map((column) => `token_user.${column} as ${TOKEN_USER_PREFIX}${column}`) as never)
    .selectAll('read' as never)
    .where('token_user.id', '=', userId) as unknown as Compilable<Record<string, unknown>>;
}

/**
 * `withTokenUser` for a batch of reads of one shape (PostgreSQL, `batchedRead`): read number i (from 1) is
 * `read(key)` for `keys[i - 1]`, with user `userIds[i - 1]`, given to `read` as a reference to the key. One
 * row per read, its number in `read__index` (`splitTokenUsers` puts them in order).
 */
export function withTokenUsers(
  keys: { values: unknown; type: 'int' | 'text' },
  userIds: unknown,
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any read's tables
  read: (key: Expression<any>) => SelectQueryBuilder<Database, any, object>,
): RawBuilder<Record<string, unknown>> {
  const found = read(sql.ref('req.key')).select(sql<number>`1`.as(FOUND));
  const userColumns = sql.join(
    TOKEN_USER_COLUMNS.map(
      (column) => sql`${sql.ref(`token_user.${column}`)} as ${sql.id(TOKEN_USER_PREFIX + column)}`,
    ),
  );
  return sql<Record<string, unknown>>`select req.i as ${sql.id(INDEX)}, ${userColumns}, read.*
    from unnest(${keys.values}::${sql.raw(keys.type)}[], ${userIds}::int[]) with ordinality as req(key, user_id, i)
    left join users as token_user on token_user.id = req.user_id
    left join lateral (${found}) as read on true`;
}

/** The rows of a `withTokenUsers` statement, split as `splitTokenUser` does, in the order of its reads. */
export function splitTokenUsers<O>(rows: Record<string, unknown>[], count: number): WithTokenUser<O>[] {
  const results = Array.from({ length: count }, (): WithTokenUser<O> => ({ tokenUser: undefined, row: undefined }));
  for (const result of rows) results[Number(result[INDEX]) - 1] = splitTokenUser<O>(result);
  return results;
}

/** The token's user and the route's row of a `withTokenUser` statement's row (undefined: no such user). */
export function splitTokenUser<O>(result: Record<string, unknown> | undefined): WithTokenUser<O> {
  if (!result || result[`${TOKEN_USER_PREFIX}id`] == null) return { tokenUser: undefined, row: undefined };
  const tokenUser: Record<string, unknown> = {};
  const row: Record<string, unknown> = {};
  for (const key in result) {
    if (key.startsWith(TOKEN_USER_PREFIX)) tokenUser[key.slice(TOKEN_USER_PREFIX.length)] = result[key];
    else if (key !== FOUND && key !== INDEX) row[key] = result[key];
  }
  return {
    tokenUser: tokenUser as unknown as TokenUserRow,
    row: result[FOUND] == null ? undefined : (row as O),
  };
}
