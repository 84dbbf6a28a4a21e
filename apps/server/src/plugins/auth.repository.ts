import { sql, type Compilable, type SelectQueryBuilder } from 'kysely';
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
    .select([
      `token_user.id as ${TOKEN_USER_PREFIX}id`,
      `token_user.role as ${TOKEN_USER_PREFIX}role`,
      `token_user.is_active as ${TOKEN_USER_PREFIX}is_active`,
      `token_user.session_version as ${TOKEN_USER_PREFIX}session_version`,
    ] as never)
    .selectAll('read' as never)
    .where('token_user.id', '=', userId) as unknown as Compilable<Record<string, unknown>>;
}

/** The token's user and the route's row of a `withTokenUser` statement's row (undefined: no such user). */
export function splitTokenUser<O>(result: Record<string, unknown> | undefined): WithTokenUser<O> {
  if (!result) return { tokenUser: undefined, row: undefined };
  const tokenUser: Record<string, unknown> = {};
  const row: Record<string, unknown> = {};
  for (const key in result) {
    if (key.startsWith(TOKEN_USER_PREFIX)) tokenUser[key.slice(TOKEN_USER_PREFIX.length)] = result[key];
    else if (key !== FOUND) row[key] = result[key];
  }
  return {
    tokenUser: tokenUser as unknown as TokenUserRow,
    row: result[FOUND] == null ? undefined : (row as O),
  };
}
