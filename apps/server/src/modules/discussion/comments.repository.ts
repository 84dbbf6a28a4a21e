import type { Selectable, Transaction } from 'kysely';
import type { DB, Dialect } from '../../db/connection.ts';
import type { Database } from '../../db/schema.ts';
import type { ShareCommentsTable } from '../../db/tables/comments.ts';
import type { HiddenScope } from '../shares/index.ts';

type Executor = DB | Transaction<Database>;
export type CommentRow = Selectable<ShareCommentsTable>;
export interface Page {
  offset: number;
  limit: number;
}

/**
 * The comments a viewer may read. Every list and count starts here: comments hidden by a moderator
 * are left out, except for their author (`scope`: their id) and admins (`'all'`).
 */
const listed = (db: Executor, scope?: HiddenScope) =>
  db
    .selectFrom('share_comments')
    .$if(scope !== 'all', (q) =>
      q.where((eb) =>
        typeof scope === 'number'
          ? eb.or([eb('share_comments.hidden', '=', 0), eb('share_comments.author_id', '=', scope)])
          : eb('share_comments.hidden', '=', 0),
      ),
    );

export async function findComment(db: Executor, id: number, scope?: HiddenScope): Promise<CommentRow | undefined> {
  return listed(db, scope).selectAll().where('id', '=', id).executeTakeFirst();
}

/** Reads a comment with its row locked until the transaction ends (SQLite serialises writers anyway). */
export async function lockComment(trx: Transaction<Database>, dialect: Dialect, id: number) {
  return trx
    .selectFrom('share_comments')
    .selectAll()
    .where('id', '=', id)
    .$if(dialect === 'postgres', (q) => q.forUpdate())
    .executeTakeFirst();
}

export async function insertComment(
  trx: Executor,
  values: Pick<CommentRow, 'share_id' | 'node_id' | 'parent_id' | 'author_id' | 'body' | 'created_at'>,
): Promise<number> {
  const row = await trx
    .insertInto('share_comments')
    .values({ ...values, edited_at: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Adds `delta` to a thread's reply count, in the database (exact under concurrent replies); the new count. */
export async function addToRepliesCount(trx: Executor, headId: number, delta: number): Promise<number> {
  const row = await trx
    .updateTable('share_comments')
    .set((eb) => ({ replies_count: eb('replies_count', '+', delta) }))
    .where('id', '=', headId)
    .returning('replies_count')
    .executeTakeFirstOrThrow();
  return row.replies_count;
}

export async function updateBody(trx: Executor, id: number, body: string, editedAt: string): Promise<void> {
  await trx.updateTable('share_comments').set({ body, edited_at: editedAt }).where('id', '=', id).execute();
}

/** Keeps a top-level comment for its replies: empty, without author. */
export async function markDeleted(trx: Executor, id: number): Promise<void> {
  await trx.updateTable('share_comments').set({ deleted: 1, body: '', author_id: null }).where('id', '=', id).execute();
}

export async function removeComment(trx: Executor, id: number): Promise<void> {
  await trx.deleteFrom('share_comments').where('id', '=', id).execute();
}

/** One page of a template's threads (or of one node's), newest first, with their number. */
export async function listThreads(
  db: DB,
  shareId: number,
  nodeId: string | undefined,
  page: Page,
  scope?: HiddenScope,
): Promise<{ count: number; rows: CommentRow[] }> {
  const threads = listed(db, scope)
    .where('share_id', '=', shareId)
    .$if(nodeId !== undefined, (q) => q.where('node_id', '=', nodeId!))
    .where('parent_id', 'is', null);
  const [counted, rows] = await Promise.all([
    threads.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow(),
    threads
      .selectAll()
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .offset(page.offset)
      .limit(page.limit)
      .execute(),
  ]);
  return { count: Number(counted.count), rows };
}

/** One page of a thread's replies, oldest first, with their number. */
export async function listReplies(
  db: DB,
  headId: number,
  page: Page,
  scope?: HiddenScope,
): Promise<{ count: number; rows: CommentRow[] }> {
  const replies = listed(db, scope).where('parent_id', '=', headId);
  const [counted, rows] = await Promise.all([
    replies.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow(),
    replies
      .selectAll()
      .orderBy('created_at', 'asc')
      .orderBy('id', 'asc')
      .offset(page.offset)
      .limit(page.limit)
      .execute(),
  ]);
  return { count: Number(counted.count), rows };
}

/** Comments per node of a template (replies included; deleted ones, hidden ones and replies in hidden threads not). */
export async function countByNode(db: DB, shareId: number): Promise<Array<{ node_id: string; count: number }>> {
  const rows = await listed(db)
    .select(['node_id', (eb) => eb.fn.countAll<number>().as('count')])
    .where('share_id', '=', shareId)
    .where('node_id', 'is not', null)
    .where('deleted', '=', 0)
    .where((eb) =>
      eb.or([
        eb('parent_id', 'is', null),
        eb(
          'parent_id',
          'not in',
          eb.selectFrom('share_comments as heads').select('heads.id').where('heads.hidden', '=', 1),
        ),
      ]),
    )
    .groupBy('node_id')
    .execute();
  return rows.map((r) => ({ node_id: r.node_id!, count: Number(r.count) }));
}

/** A user's comments, replies first (so that their threads are settled before their own heads). */
export async function commentsOfAuthor(
  trx: Executor,
  userId: number,
): Promise<Array<Pick<CommentRow, 'id' | 'parent_id'>>> {
  const rows = await trx
    .selectFrom('share_comments')
    .select(['id', 'parent_id'])
    .where('author_id', '=', userId)
    .execute();
  return [...rows.filter((r) => r.parent_id !== null), ...rows.filter((r) => r.parent_id === null)];
}

/** Sets a comment's moderation flag. */
export async function setHidden(trx: Executor, id: number, hidden: boolean): Promise<void> {
  await trx
    .updateTable('share_comments')
    .set({ hidden: hidden ? 1 : 0 })
    .where('id', '=', id)
    .execute();
}

/** The comments among `ids` that are not deleted (hidden ones too), in one query: what moderation shows of them. */
export async function findCommentsByIds(db: Executor, ids: number[]): Promise<CommentRow[]> {
  if (ids.length === 0) return [];
  return db.selectFrom('share_comments').selectAll().where('id', 'in', ids).where('deleted', '=', 0).execute();
}
