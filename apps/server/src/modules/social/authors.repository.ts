import { sql } from 'kysely';
import type { DB, Executor } from '../../db/connection.ts';

export interface AuthorRow {
  id: number;
  username: string;
  date_joined: string;
  nickname: string | null;
  bio: string | null;
  avatar_key: string | null;
  followers_count: number | null;
  following_count: number | null;
}

const authorQuery = (db: Executor) =>
  db
    .selectFrom('users')
    .leftJoin('profiles', 'profiles.user_id', 'users.id')
    .leftJoin('author_counters', 'author_counters.user_id', 'users.id')
    .select([
      'users.id',
      'users.username',
      'users.date_joined',
      'profiles.nickname',
      'profiles.bio',
      'profiles.avatar_key',
      'author_counters.followers_count',
      'author_counters.following_count',
    ])
    .where('users.is_active', '=', 1);

/** An active user by username (any case). */
export async function findAuthorByName(db: Executor, username: string): Promise<AuthorRow | undefined> {
  return authorQuery(db).where('users.username_lower', '=', username.toLowerCase()).executeTakeFirst();
}

export async function findAuthorsById(db: Executor, ids: number[]): Promise<AuthorRow[]> {
  if (ids.length === 0) return [];
  return authorQuery(db).where('users.id', 'in', ids).execute();
}

/** Which of `followeeIds` the follower follows. */
export async function followedAmong(db: Executor, followerId: number, followeeIds: number[]): Promise<Set<number>> {
  if (followeeIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('author_follows')
    .select('followee_id')
    .where('follower_id', '=', followerId)
    .where('followee_id', 'in', followeeIds)
    .execute();
  return new Set(rows.map((r) => r.followee_id));
}

/** Records a follow; false when it existed already. */
export async function insertFollow(trx: Executor, followerId: number, followeeId: number, now: string) {
  const rows = await trx
    .insertInto('author_follows')
    .values({ follower_id: followerId, followee_id: followeeId, created_at: now })
    .onConflict((oc) => oc.columns(['follower_id', 'followee_id']).doNothing())
    .returning('follower_id')
    .execute();
  return rows.length > 0;
}

/** Removes a follow; false when there was none. */
export async function deleteFollow(trx: Executor, followerId: number, followeeId: number) {
  const rows = await trx
    .deleteFrom('author_follows')
    .where('follower_id', '=', followerId)
    .where('followee_id', '=', followeeId)
    .returning('follower_id')
    .execute();
  return rows.length > 0;
}

/**
 * Adds `delta` to a user's followers or following count, in place (no read-modify-write, so
 * concurrent follows never lose an update). Callers change two users' rows in id order, so that two
 * transactions never wait for each other's rows crosswise on PostgreSQL.
 */
export async function addToCounter(
  trx: Executor,
  userId: number,
  column: 'followers_count' | 'following_count',
  delta: number,
): Promise<void> {
  const other = column === 'followers_count' ? 'following_count' : 'followers_count';
  await trx
    .insertInto('author_counters')
    .values({ user_id: userId, [column]: Math.max(0, delta), [other]: 0 })
    .onConflict((oc) =>
      oc.column('user_id').doUpdateSet({
        [column]: sql<number>`case when author_counters.${sql.ref(column)} + ${delta} < 0 then 0 else author_counters.${sql.ref(column)} + ${delta} end`,
      }),
    )
    .execute();
}

export async function followersCount(db: Executor, userId: number): Promise<number> {
  const row = await db
    .selectFrom('author_counters')
    .select('followers_count')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row?.followers_count ?? 0;
}

/** One page of the authors a user follows, most recently followed first. */
export async function listFollowing(db: DB, followerId: number, page: { offset: number; limit: number }) {
  const [count, rows] = await Promise.all([
    db
      .selectFrom('author_follows')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('follower_id', '=', followerId)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('author_follows')
      .select('followee_id')
      .where('follower_id', '=', followerId)
      .orderBy('created_at', 'desc')
      .orderBy('followee_id', 'desc')
      .offset(page.offset)
      .limit(page.limit)
      .execute(),
  ]);
  return { count: Number(count.count), ids: rows.map((r) => r.followee_id) };
}

/** The follows a user has and receives (for the removal of an account). */
export async function followsOf(trx: Executor, userId: number) {
  const [following, followers] = await Promise.all([
    trx.selectFrom('author_follows').select('followee_id').where('follower_id', '=', userId).execute(),
    trx.selectFrom('author_follows').select('follower_id').where('followee_id', '=', userId).execute(),
  ]);
  return { following: following.map((r) => r.followee_id), followers: followers.map((r) => r.follower_id) };
}

export async function deleteFollowsOf(trx: Executor, userId: number): Promise<void> {
  await trx
    .deleteFrom('author_follows')
    .where((eb) => eb.or([eb('follower_id', '=', userId), eb('followee_id', '=', userId)]))
    .execute();
  await trx.deleteFrom('author_counters').where('user_id', '=', userId).execute();
}

/** Everyone `followerId` follows. */
export async function followeeIds(db: Executor, followerId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('author_follows')
    .select('followee_id')
    .where('follower_id', '=', followerId)
    .execute();
  return rows.map((r) => r.followee_id);
}
