import { sql } from 'kysely';
import type { DB, Executor } from '../../db/connection.ts';
import type { NotificationsTable } from '../../db/tables/notifications.ts';

/** All SQL of the notifications module. */

export type NotificationRow = Omit<NotificationsTable, 'id' | 'read'> & { id: number; read: number };
export type NewNotification = Omit<NotificationsTable, 'id' | 'read' | 'detail' | 'target_node'> & {
  detail?: string | null;
  target_node?: string | null;
};

const COLUMNS = [
  'id',
  'recipient_id',
  'kind',
  'actor_id',
  'target_kind',
  'target_id',
  'target_uuid',
  'target_title',
  'target_node',
  'detail',
  'read',
  'created_at',
] as const;

/** Rows per INSERT: 10 columns each stay far below either database's limit on bound parameters. */
const INSERT_BATCH = 500;

/** Inserts the rows (in batches) and answers their ids with their recipients, in the order given. */
export async function insertNotifications(
  db: Executor,
  rows: NewNotification[],
): Promise<Array<{ id: number; recipient_id: number }>> {
  const written: Array<{ id: number; recipient_id: number }> = [];
  for (let i = 0; i < rows.length; i += INSERT_BATCH) {
    const batch = rows.slice(i, i + INSERT_BATCH);
    written.push(...(await db.insertInto('notifications').values(batch).returning(['id', 'recipient_id']).execute()));
  }
  return written;
}

/**
 * Which of `recipientIds` were told of `kind` about the target since `since` (notifications that
 * may come often — a follow, a template's revision — are written at most once a day).
 */
export async function recipientsToldSince(
  db: DB,
  recipientIds: number[],
  about: { kind: string; targetKind: string; targetId: number },
  since: string,
): Promise<Set<number>> {
  const told = new Set<number>();
  for (let i = 0; i < recipientIds.length; i += INSERT_BATCH) {
    const rows = await db
      .selectFrom('notifications')
      .select('recipient_id')
      .where('recipient_id', 'in', recipientIds.slice(i, i + INSERT_BATCH))
      .where('kind', '=', about.kind)
      .where('target_kind', '=', about.targetKind)
      .where('target_id', '=', about.targetId)
      .where('created_at', '>=', since)
      .execute();
    for (const row of rows) told.add(row.recipient_id);
  }
  return told;
}

/** One page of a recipient's notifications, newest first. */
export async function listNotifications(
  db: DB,
  recipientId: number,
  options: { unreadOnly: boolean; limit: number; offset: number },
): Promise<NotificationRow[]> {
  let query = db.selectFrom('notifications').select(COLUMNS).where('recipient_id', '=', recipientId);
  if (options.unreadOnly) query = query.where('read', '=', 0);
  return query.orderBy('id', 'desc').limit(options.limit).offset(options.offset).execute();
}

/** How many notifications a recipient has (only the unread ones with `unreadOnly`). */
export async function countNotifications(db: DB, recipientId: number, unreadOnly: boolean): Promise<number> {
  let query = db
    .selectFrom('notifications')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('recipient_id', '=', recipientId);
  if (unreadOnly) query = query.where('read', '=', 0);
  return Number((await query.executeTakeFirstOrThrow()).n);
}

/** The notifications among `ids` (of any recipients), oldest first. */
export async function findNotificationsByIds(db: DB, ids: number[]): Promise<NotificationRow[]> {
  if (ids.length === 0) return [];
  return db.selectFrom('notifications').select(COLUMNS).where('id', 'in', ids).orderBy('id', 'asc').execute();
}

/** The newest `limit` of a recipient's notifications after `afterId`, oldest first. */
export async function findNotificationsAfter(
  db: DB,
  recipientId: number,
  afterId: number,
  limit: number,
): Promise<NotificationRow[]> {
  const rows = await db
    .selectFrom('notifications')
    .select(COLUMNS)
    .where('recipient_id', '=', recipientId)
    .where('id', '>', afterId)
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return rows.reverse();
}

/** The id of a recipient's newest notification, or 0. */
export async function latestNotificationId(db: DB, recipientId: number): Promise<number> {
  const row = await db
    .selectFrom('notifications')
    .select('id')
    .where('recipient_id', '=', recipientId)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.id ?? 0;
}

/** Marks a recipient's unread notifications read: those among `ids`, or all of them. */
export async function markRead(db: DB, recipientId: number, ids: number[] | undefined): Promise<void> {
  if (ids && ids.length === 0) return;
  let query = db
    .updateTable('notifications')
    .set({ read: 1 })
    .where('recipient_id', '=', recipientId)
    .where('read', '=', 0);
  if (ids) query = query.where('id', 'in', ids);
  await query.execute();
}

/** The stored locale of each user that has a profile. */
export async function localesOf(db: DB, userIds: number[]): Promise<Map<number, string>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('profiles')
    .select(['user_id', 'locale'])
    .where('user_id', 'in', [...new Set(userIds)])
    .execute();
  return new Map(rows.map((r) => [r.user_id, r.locale]));
}

/** Name, nickname and avatar of each actor; gone accounts are absent. */
export async function actorsOf(
  db: DB,
  userIds: number[],
): Promise<Map<number, { id: number; username: string; nickname: string | null; avatar_key: string | null }>> {
  const unique = [...new Set(userIds)];
  if (unique.length === 0) return new Map();
  const rows = await db
    .selectFrom('users')
    .leftJoin('profiles', 'profiles.user_id', 'users.id')
    .select(['users.id', 'users.username', 'profiles.nickname', 'profiles.avatar_key'])
    .where('users.id', 'in', unique)
    .execute();
  return new Map(rows.map((r) => [r.id, r]));
}

/** What a notification about a template shows of it (null when the template is gone). */
export async function findShareTarget(
  db: DB,
  shareId: number,
): Promise<{ id: number; uuid: string; title: string; author_id: number; hidden: number } | undefined> {
  return db
    .selectFrom('shares')
    .select(['id', 'uuid', 'title', 'author_id', 'hidden'])
    .where('id', '=', shareId)
    .executeTakeFirst();
}

/** A user as a notification's target (a new follower), or undefined when the account is gone. */
export async function findUserTarget(db: DB, userId: number): Promise<{ id: number; username: string } | undefined> {
  return db.selectFrom('users').select(['id', 'username']).where('id', '=', userId).executeTakeFirst();
}

/** Every active admin (they hear of new reports). */
export async function findActiveAdmins(db: DB): Promise<number[]> {
  const rows = await db
    .selectFrom('users')
    .select('id')
    .where('role', '=', 'admin')
    .where('is_active', '=', 1)
    .orderBy('id')
    .execute();
  return rows.map((r) => r.id);
}

/** The template a review or comment is on, or undefined when it is gone. */
export async function findShareIdOf(db: DB, kind: 'review' | 'comment', id: number): Promise<number | undefined> {
  const row =
    kind === 'review'
      ? await db.selectFrom('share_ratings').select('share_id').where('id', '=', id).executeTakeFirst()
      : await db.selectFrom('share_comments').select('share_id').where('id', '=', id).executeTakeFirst();
  return row?.share_id;
}

/** The session version of each of these users whose account is active. */
export async function activeSessions(db: DB, userIds: number[]): Promise<Map<number, number>> {
  const unique = [...new Set(userIds)];
  if (unique.length === 0) return new Map();
  const rows = await db
    .selectFrom('users')
    .select(['id', 'session_version'])
    .where('id', 'in', unique)
    .where('is_active', '=', 1)
    .execute();
  return new Map(rows.map((r) => [r.id, r.session_version]));
}

/**
 * Who hears of a template's new revision: the owners of trees forked from it (each once, with their
 * newest such tree) and the users learning the template itself. Read from the trees' and learning's
 * tables by the template's id, as every handler here reads what it reports.
 */
export async function findTemplateFollowers(
  db: DB,
  shareId: number,
): Promise<{
  forks: Array<{ owner_id: number; id: number; uuid: string; title: string }>;
  learners: number[];
}> {
  const [forks, learners] = await Promise.all([
    db
      .selectFrom('trees')
      .select(['owner_id', 'id', 'uuid', 'title'])
      .where('upstream_share_id', '=', shareId)
      .orderBy('id', 'desc')
      .execute(),
    db
      .selectFrom('learning_subjects')
      .select('user_id')
      .where('subject_kind', '=', 'share')
      .where('subject_id', '=', shareId)
      .execute(),
  ]);
  const seen = new Set<number>();
  return {
    forks: forks.filter((tree) => !seen.has(tree.owner_id) && seen.add(tree.owner_id)),
    learners: learners.map((row) => row.user_id),
  };
}

/** PostgreSQL only: one `pg_notify` of each payload on `channel`, in one statement (delivered at commit). */
export async function notifyChannel(db: Executor, channel: string, payloads: readonly string[]): Promise<void> {
  await sql`select pg_notify(${channel}, p) from unnest(${[...payloads]}::text[]) as p`.execute(db);
}

/** Each active user's bound e-mail address (the account's, else their primary address row), for users who have one. */
export async function emailAddressesOf(db: DB, userIds: number[]): Promise<Map<number, string>> {
  const unique = [...new Set(userIds)];
  if (unique.length === 0) return new Map();
  const users = await db
    .selectFrom('users')
    .select(['id', 'email'])
    .where('id', 'in', unique)
    .where('is_active', '=', 1)
    .execute();
  const found = new Map<number, string>();
  for (const user of users) if (user.email) found.set(user.id, user.email);
  const rest = users.filter((u) => !u.email).map((u) => u.id);
  if (rest.length === 0) return found;
  const rows = await db
    .selectFrom('email_addresses')
    .select(['user_id', 'email', 'is_primary'])
    .where('user_id', 'in', rest)
    .orderBy('is_primary', 'desc')
    .orderBy('id', 'asc')
    .execute();
  for (const row of rows) if (!found.has(row.user_id)) found.set(row.user_id, row.email);
  return found;
}
